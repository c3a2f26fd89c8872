// A server process of a live run (etcd, redis-server) under a guard shell that stops it when the
// run ends in any way, its pids recorded in the run's directory, its output in a log there.

import {type ChildProcess, spawn} from 'node:child_process';
import {accessSync, constants as fileConstants, readFileSync} from 'node:fs';
import {constants} from 'node:os';
import net from 'node:net';
import path from 'node:path';
import type {RunDirectory} from './run-directory.js';

/** How long a server has to stop after SIGTERM before it is killed (one that ignores SIGTERM, say). */
const stopTimeoutMs = 3000;

/** A server of the run exited or did not answer in time; the message has the last line it logged. */
export class ServerStartFailure extends Error {}

export interface GuardedServer {
	/** The server's own pid (not the guard shell's). */
	readonly pid: number;
	/** Resolves when the server has ended, stopped or not, with how it ended in words. */
	readonly ended: Promise<string>;
	/** Whether it has ended. */
	hasEnded(): boolean;
	/** Stops it (SIGTERM, then SIGKILL if it has not ended in 3 s) and waits until it has exited. */
	stop(): Promise<void>;
	/** SIGKILL of the server itself, as a crash would end it; waits until it has exited. */
	kill(): Promise<void>;
}

/** The executable `command` on PATH, or null. */
export function findOnPath(env: NodeJS.ProcessEnv, command: string): string | null {
	for (const directory of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
		const candidate = path.join(directory, command);
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
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const {port} = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** The last `count` lines of a log that have something on them, each at most 300 characters; none for a missing log. */
export function lastLines(file: string, count: number): string[] {
	try {
		return readFileSync(file, 'utf8')
			.split('\n')
			.filter(line => line.trim() !== '')
			.slice(-count)
			.map(line => line.trim().slice(0, 300));
	} catch {
		return [];
	}
}

/** The last line of a log that has something on it, at most 300 characters; null for a missing or empty log. */
export function lastLine(file: string): string | null {
	return lastLines(file, 1)[0] ?? null;
}

/**
 * The server runs under a small shell that holds a pipe from this process: when this process ends
 * in any way, even SIGKILL, the pipe closes and the shell stops the server. Node has no way to ask
 * the kernel for that (Linux's parent-death signal), so the pipe does it. The shell waits for the
 * server itself, so it exits the moment the server does, however it ends, with the server's
 * status: that is how the run hears of it. The log is appended to, so a server started again on
 * the same log keeps what the one before said.
 * (An asynchronous list reads /dev/null unless told otherwise, hence the pipe as descriptor 3.)
 */
const guard = `"$@" >>"$DLOCK_SERVER_LOG" 2>&1 &
server=$!
echo "$server"
exec 3<&0
(read -r _ <&3; kill "$server") 2>/dev/null &
reader=$!
wait "$server"
status=$?
kill "$reader" 2>/dev/null
exit "$status"`;

/**
 * Starts `binary args` under the guard, its output in `log`, and resolves as soon as it runs;
 * rejects with `startFailure()` when it ends before the guard has said its pid.
 */
export async function startGuarded(
	binary: string,
	args: readonly string[],
	options: {readonly directory: RunDirectory; readonly log: string; readonly startFailure: () => Error},
): Promise<GuardedServer> {
	// Its own process group: Ctrl-C at the terminal reaches this process, which stops the server in order.
	const shell = spawn('/bin/sh', ['-c', guard, `dlock-tui-${path.basename(binary)}`, binary, ...args], {
		detached: true,
		stdio: ['pipe', 'pipe', 'ignore'],
		env: {...process.env, DLOCK_SERVER_LOG: options.log},
	});
	let pid: number;
	try {
		options.directory.record(shell.pid!);
		pid = await firstLine(shell, options.startFailure);
		options.directory.record(pid);
	} catch (error) {
		// Not recorded, or ended already: nothing else would stop it.
		shell.stdin!.destroy();
		try {
			process.kill(-shell.pid!, 'SIGKILL');
		} catch {
			// It ended.
		}
		throw error;
	}
	let over = false;
	const ended = new Promise<string>(resolve => {
		shell.once('exit', (status, shellSignal) => {
			over = true;
			// Its pipe has done its work; left open, it would keep this process alive.
			shell.stdin!.destroy();
			// The shell's status is the server's: 128 and the signal's number when a signal ended it.
			const signal = shellSignal ?? Object.entries(constants.signals).find(([, number]) => number + 128 === status)?.[0];
			const last = lastLine(options.log);
			if (signal !== undefined) resolve(`killed by ${signal}`);
			else resolve(`exited with status ${status}${last === null ? '' : `; its last line: ${last}`}`);
		});
	});
	// The shell leads a process group of its own, the server in it: the group is signalled while the shell lives.
	const signalGroup = (signal: NodeJS.Signals) => {
		try {
			if (!over) process.kill(-shell.pid!, signal);
		} catch {
			// It ended in the meantime.
		}
	};
	const stop = async () => {
		if (!over) shell.stdin!.end();
		// A stopped server (SIGSTOP) takes the shell's SIGTERM only once continued.
		signalGroup('SIGCONT');
		const late = setTimeout(() => signalGroup('SIGKILL'), stopTimeoutMs);
		await ended;
		clearTimeout(late);
	};
	const kill = async () => {
		try {
			if (!over) process.kill(pid, 'SIGKILL');
		} catch {
			// It ended in the meantime.
		}
		await ended;
	};
	return {pid, ended, hasEnded: () => over, stop, kill};
}

/**
 * Resolves once `answers` says yes, asked every 50 ms; when the server ends first or takes longer
 * than `timeoutMs`, stops it and rejects with `startFailure(timedOut)`.
 */
export async function untilAnswering(
	server: GuardedServer,
	answers: () => Promise<boolean>,
	timeoutMs: number,
	startFailure: (timedOut: boolean) => Error,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await answers())) {
		if (server.hasEnded() || Date.now() > deadline) {
			// Said before the stop: what a server stopped for its silence logs last is its shutdown.
			const timedOut = !server.hasEnded();
			await server.stop();
			throw startFailure(timedOut);
		}
		await new Promise(resolve => setTimeout(resolve, 50));
	}
}

/** The server's pid, which the shell prints first; a server that fails at once can end the shell before its output is read. */
function firstLine(child: ChildProcess, startFailure: () => Error): Promise<number> {
	return new Promise((resolve, reject) => {
		let text = '';
		child.stdout!.on('data', chunk => {
			text += chunk;
			if (text.includes('\n')) resolve(Number(text.split('\n')[0]));
		});
		child.once('error', reject);
		child.once('exit', () => reject(startFailure()));
	});
}
