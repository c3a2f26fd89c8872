// A fresh, single-member etcd for one live run: the `etcd` binary from PATH, a data directory in
// the run's directory, free ports on the loopback address only.

import {type ChildProcess, spawn} from 'node:child_process';
import {accessSync, constants as fileConstants, readFileSync} from 'node:fs';
import {constants} from 'node:os';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import type {RunDirectory} from './run-directory.js';

/** The Debian package with the etcd server in it (etcd 3.4 in bookworm). */
export const etcdPackage = 'etcd-server';

const startTimeoutMs = 15_000;
/** How long etcd has to stop after SIGTERM before it is killed (one that ignores SIGTERM, say). */
const stopTimeoutMs = 3000;

/** etcd exited or did not answer in time; the message has the last line it logged. */
export class EtcdStartFailure extends Error {}

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
	for (const directory of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
		const candidate = path.join(directory, 'etcd');
		try {
			accessSync(candidate, fileConstants.X_OK);
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

/**
 * etcd runs under a small shell that holds a pipe from this process: when this process ends in
 * any way, even SIGKILL, the pipe closes and the shell stops etcd. Node has no way to ask the
 * kernel for that (Linux's parent-death signal), so the pipe does it. The shell waits for etcd
 * itself, so it exits the moment etcd does, however etcd ends, with etcd's status: that is how the
 * run hears of it.
 * (An asynchronous list reads /dev/null unless told otherwise, hence the pipe as descriptor 3.)
 */
const guard = `"$@" >"$DLOCK_ETCD_LOG" 2>&1 &
etcd=$!
echo "$etcd"
exec 3<&0
(read -r _ <&3; kill "$etcd") 2>/dev/null &
reader=$!
wait "$etcd"
status=$?
kill "$reader" 2>/dev/null
exit "$status"`;

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
	const pid = await firstLine(shell, log);
	directory.record(pid);
	let over = false;
	const ended = new Promise<string>(resolve => {
		shell.once('exit', (status, shellSignal) => {
			over = true;
			// The shell's status is etcd's: 128 and the signal's number when a signal ended it.
			const signal = shellSignal ?? Object.entries(constants.signals).find(([, number]) => number + 128 === status)?.[0];
			if (signal !== undefined) resolve(`killed by ${signal}`);
			else resolve(`exited with status ${status}${lastLine(log) === null ? '' : `; its last line: ${lastLine(log)}`}`);
		});
	});
	// The shell leads a process group of its own, etcd in it: the group is signalled while the shell lives.
	const signalGroup = (signal: NodeJS.Signals) => {
		try {
			if (!over) process.kill(-shell.pid!, signal);
		} catch {
			// It ended in the meantime.
		}
	};
	const stop = async () => {
		shell.stdin!.end();
		// A stopped etcd (SIGSTOP) takes the shell's SIGTERM only once continued.
		signalGroup('SIGCONT');
		const late = setTimeout(() => signalGroup('SIGKILL'), stopTimeoutMs);
		await ended;
		clearTimeout(late);
	};
	const deadline = Date.now() + startTimeoutMs;
	const ready = (async () => {
		while (!(await answers(url))) {
			if (over || Date.now() > deadline) {
				await stop();
				throw startFailure(log);
			}
			await new Promise(resolve => setTimeout(resolve, 50));
		}
	})();
	// Whoever waits for it hears of a failure; until then it must not count as unhandled.
	ready.catch(() => undefined);
	return {url, pid, ready, ended, stop};
}

const startFailure = (log: string) => new EtcdStartFailure(`etcd did not start: ${lastLine(log) ?? 'no output'}`);

/** etcd's pid, which the shell prints first; an etcd that fails at once can end the shell before its output is read. */
function firstLine(child: ChildProcess, log: string): Promise<number> {
	return new Promise((resolve, reject) => {
		let text = '';
		child.stdout!.on('data', chunk => {
			text += chunk;
			if (text.includes('\n')) resolve(Number(text.split('\n')[0]));
		});
		child.once('error', reject);
		child.once('exit', () => reject(startFailure(log)));
	});
}

function lastLine(file: string): string | null {
	try {
		const lines = readFileSync(file, 'utf8').trim().split('\n');
		// An empty log is no line.
		return lines.at(-1)?.slice(0, 300) || null;
	} catch {
		return null;
	}
}
