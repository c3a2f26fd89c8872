// A fresh, single-member etcd for one live run: the `etcd` binary from PATH, a data directory in
// the run's directory, free ports on the loopback address only.

import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import {findOnPath, freePort, lastLine, startGuarded, untilAnswering, ServerStartFailure} from './guarded-server.js';
import type {RunDirectory} from './run-directory.js';

/** The Debian package with the etcd server in it (etcd 3.4 in bookworm). */
export const etcdPackage = 'etcd-server';

const startTimeoutMs = 15_000;

/** etcd exited or did not answer in time; the message has the last line it logged. */
export class EtcdStartFailure extends ServerStartFailure {}

export interface LocalEtcd {
	/** The client URL: http://127.0.0.1:port. */
	readonly url: string;
	readonly pid: number;
	/** Resolves once etcd answers; rejects with an EtcdStartFailure when it exits or takes too long. */
	readonly ready: Promise<void>;
	/** Resolves when etcd has ended, stopped or not, with how it ended in words. */
	readonly ended: Promise<string>;
	/** Stops etcd (SIGTERM, then SIGKILL if it has not ended in 3 s) and waits until it has exited. */
	stop(): Promise<void>;
}

/** The etcd executable on PATH, or null. */
export function findEtcd(env: NodeJS.ProcessEnv): string | null {
	return findOnPath(env, 'etcd');
}

/**
 * Resolves once etcd at `url` says it is healthy (its /health, plain HTTP, which a request can be
 * given up on at once, where a gRPC call in progress keeps the process alive until it ends);
 * rejects with why not: the connection's error, what came back, or the signal's reason.
 */
export function etcdHealth(url: string, signal: AbortSignal): Promise<void> {
	const get = url.startsWith('https:') ? https.get : http.get;
	return new Promise((resolve, reject) => {
		const request = get(`${url}/health`, {signal}, response => {
			let body = '';
			response.setEncoding('utf8');
			response.on('data', chunk => {
				body += chunk;
			});
			response.on('error', reject);
			response.on('end', () => {
				if (body.includes('"health":"true"')) resolve();
				else reject(new Error(`its /health says HTTP ${response.statusCode}: ${body.trim().slice(0, 80) || 'nothing'}`));
			});
		});
		request.on('error', reject);
	});
}

/** Does etcd answer its health check within a second. */
function answers(url: string): Promise<boolean> {
	return etcdHealth(url, AbortSignal.timeout(1000)).then(
		() => true,
		() => false,
	);
}

/** Starts etcd and resolves as soon as it runs: the caller can do other work while it gets ready. */
export async function startEtcd(binary: string, directory: RunDirectory, name: string): Promise<LocalEtcd> {
	const [clientPort, peerPort] = [await freePort(), await freePort()];
	const url = `http://127.0.0.1:${clientPort}`;
	const peerUrl = `http://127.0.0.1:${peerPort}`;
	const log = path.join(directory.path, `${name}.log`);
	const args = [
		...['--name', name, '--data-dir', path.join(directory.path, name)],
		...['--listen-client-urls', url, '--advertise-client-urls', url],
		...['--listen-peer-urls', peerUrl, '--initial-advertise-peer-urls', peerUrl, '--initial-cluster', `${name}=${peerUrl}`],
		...['--logger', 'zap', '--log-outputs', 'stderr'],
	];
	const startFailure = () => new EtcdStartFailure(`etcd did not start: ${lastLine(log) ?? 'no output'}`);
	const server = await startGuarded(binary, args, {directory, log, startFailure});
	const ready = untilAnswering(server, () => answers(url), startTimeoutMs, startFailure);
	// Whoever waits for it hears of a failure; until then it must not count as unhandled.
	ready.catch(() => undefined);
	return {url, pid: server.pid, ready, ended: server.ended, stop: server.stop};
}
