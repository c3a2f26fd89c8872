// A fresh, single-member etcd for one live run: the `etcd` binary from PATH, a data directory in
// the run's directory, free ports on the loopback address only.

import {type ChildProcess, spawn} from 'node:child_process';
import {accessSync, constants, readFileSync} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {isRunning, type RunDirectory} from './run-directory.js';

/** The Debian package with the etcd server in it (etcd 3.4 in bookworm). */
export const etcdPackage = 'etcd-server';

const startTimeoutMs = 15_000;

/** etcd exited or did not answer in time; the message has the last line it logged. */
export class EtcdStartFailure extends Error {}

export interface LocalEtcd {
	/** The client URL: http://127.0.0.1:port. */
	readonly url: string;
	readonly pid: number;
	/** Resolves once etcd answers; rejects with an EtcdStartFailure when it exits or takes too long. */
	readonly ready: Promise<void>;
	/** Stops etcd and waits until it has exited. */
	stop(): Promise<void>;
}

/** The etcd executable on PATH, or null. */
export function findEtcd(env: NodeJS.ProcessEnv): string | null {
	for (const directory of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
		const candidate = path.join(directory, 'etcd');
		try {
			accessSync(candidate, constants.X_OK);
			return candidate;
		} catch {
			// Not here.
		}
	}
	return null;
}

/** A port nobody listens on now; the OS picks it, so no two runs share one. */
function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const {port} = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** Does etcd answer its health check. */
function answers(url: string): Promise<boolean> {
	return new Promise(resolve => {
		const request = http.get(`${url}/health`, {timeout: 1000}, response => {
			let body = '';
			response.on('data', chunk => {
				body += chunk;
			});
			response.on('end', () => resolve(body.includes('"health":"true"')));
		});
		request.on('error', () => resolve(false));
		request.on('timeout', () => {
			request.destroy();
			resolve(false);
		});
	});
}

/**
 * etcd runs under a small shell that holds a pipe from this process: when this process ends in
 * any way, even SIGKILL, the pipe closes and the shell stops etcd. Node has no way to ask the
 * kernel for that (Linux's parent-death signal), so the pipe does it.
 */
const guard = `"$@" >"$DLOCK_ETCD_LOG" 2>&1 &
echo "$!"
read -r _
kill "$!" 2>/dev/null
wait "$!"`;

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
	// Its own process group: Ctrl-C at the terminal reaches this process, which stops etcd in order.
	const shell = spawn('/bin/sh', ['-c', guard, 'dlock-tui-etcd', binary, ...args], {
		detached: true,
		stdio: ['pipe', 'pipe', 'ignore'],
		env: {...process.env, DLOCK_ETCD_LOG: log},
	});
	directory.record(shell.pid!);
	const pid = await firstLine(shell);
	directory.record(pid);
	const exited = new Promise<void>(resolve => {
		if (shell.exitCode !== null) resolve();
		else shell.once('exit', () => resolve());
	});
	const stop = async () => {
		shell.stdin!.end();
		await exited;
	};
	const deadline = Date.now() + startTimeoutMs;
	const ready = (async () => {
		while (!(await answers(url))) {
			if (shell.exitCode !== null || hasEnded(pid) || Date.now() > deadline) {
				await stop();
				throw new EtcdStartFailure(`etcd did not start: ${lastLine(log) ?? 'no output'}`);
			}
			await new Promise(resolve => setTimeout(resolve, 50));
		}
	})();
	// Whoever waits for it hears of a failure; until then it must not count as unhandled.
	ready.catch(() => undefined);
	return {url, pid, ready, stop};
}

/**
 * etcd is the guard shell's child, and the shell reaps it only once told to stop: until then an
 * etcd that has exited is a zombie, which signal 0 still reaches. Its state in /proc tells; where
 * there is no /proc (not Linux), signal 0 is all there is, and the start deadline ends the wait.
 */
function hasEnded(pid: number): boolean {
	if (!isRunning(pid)) return true;
	try {
		return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.startsWith('Z');
	} catch {
		return false;
	}
}

function firstLine(child: ChildProcess): Promise<number> {
	return new Promise((resolve, reject) => {
		let text = '';
		child.stdout!.on('data', chunk => {
			text += chunk;
			if (text.includes('\n')) resolve(Number(text.split('\n')[0]));
		});
		child.once('error', reject);
		child.once('exit', () => reject(new EtcdStartFailure('etcd did not start')));
	});
}

function lastLine(file: string): string | null {
	try {
		const lines = readFileSync(file, 'utf8').trim().split('\n');
		return lines.at(-1)?.slice(0, 300) ?? null;
	} catch {
		return null;
	}
}
