// A Redis node of a live Redlock run: the `redis-server` binary from PATH, on the loopback address
// only, its data directory and log in the run's directory, able to crash and come back.

import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {createClient} from '@redis/client';
import {findOnPath, freePort, type GuardedServer, lastLines, startGuarded, untilAnswering, ServerStartFailure} from './guarded-server.js';
import type {RunDirectory} from './run-directory.js';

/** The Debian package with the Redis server in it (Redis 7.0 in bookworm). */
export const redisPackage = 'redis-server';

const startTimeoutMs = 10_000;

/** redis-server exited or did not answer in time; the message says why, from its log. */
export class RedisStartFailure extends ServerStartFailure {}

export interface LocalRedis {
	readonly name: string;
	readonly port: number;
	/** Whether it keeps its keys on disk (an append-only file written before each reply). */
	readonly persistent: boolean;
	/** The pid of the redis-server running now, or of the last one. */
	readonly pid: number;
	/**
	 * The redis-server of now: resolves once it answers PING; rejects with a RedisStartFailure when
	 * it exits first or takes over 10 s.
	 */
	readonly ready: Promise<void>;
	/** The redis-server of now: resolves when it has ended, asked to or not, with how it ended in words. */
	readonly ended: Promise<string>;
	/**
	 * `callback` hears of every end nobody asked for (by crash(), restart() or stop()) of a
	 * redis-server that had answered, this one's and those restart() starts, with how it ended.
	 */
	onUnplannedEnd(callback: (how: string) => void): void;
	/** SIGKILL of redis-server itself; resolves once it is gone. What it held in memory is lost. */
	crash(): Promise<void>;
	/**
	 * Stops the redis-server of now if it runs and starts a new one on the same port and data
	 * directory; resolves once it answers PING, rejects with a RedisStartFailure if it does not. A
	 * persistent node reads its append-only file back: a key with time left is there again, one
	 * whose time ran out while the node was down is gone.
	 */
	restart(): Promise<void>;
	/** Stops it (SIGTERM, then SIGKILL if it has not ended in 3 s) and waits until it has exited. */
	stop(): Promise<void>;
}

/** The redis-server executable on PATH, or null. */
export function findRedisServer(env: NodeJS.ProcessEnv): string | null {
	return findOnPath(env, 'redis-server');
}

/**
 * Does redis-server on `port` answer PING within a second; one still loading its data says
 * LOADING, which is no, and so is silence (another server holding the port, say).
 */
async function answersPing(port: number): Promise<boolean> {
	const client = createClient({socket: {port, host: '127.0.0.1', reconnectStrategy: false}});
	client.on('error', () => undefined);
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<string>(resolve => {
		timer = setTimeout(() => resolve('no answer'), 1000);
	});
	try {
		const ping = client.connect().then(() => client.ping());
		// The answer given up on is not heard: destroying the client rejects it.
		ping.catch(() => undefined);
		return (await Promise.race([ping, late])) === 'PONG';
	} catch {
		return false;
	} finally {
		clearTimeout(timer);
		client.destroy();
	}
}

/** "12345:M 02 Dec 2026 14:24:27.288 # " before each of redis-server's log lines. */
const logLinePrefix = /^\d+:[A-Z] \d+ \w+ \d+ [\d:.]+ [-.*#] /;

/** Why it did not start: its last log line, and the one before when the last only says it gives up ("…, aborting."). */
function whyNotStarted(log: string): string {
	const lines = lastLines(log, 2).map(line => line.replace(logLinePrefix, ''));
	if (lines.length === 0) return 'no output';
	if (lines.length === 2 && lines[1]!.endsWith('aborting.')) return lines.join('; ');
	return lines.at(-1)!;
}

interface Incarnation {
	readonly server: GuardedServer;
	readonly ready: Promise<void>;
	/** crash(), restart() or stop() ends it. */
	planned: boolean;
}

/** Starts redis-server and resolves as soon as it runs: the caller can do other work while it gets ready. */
export async function startRedis(
	binary: string,
	directory: RunDirectory,
	options: {readonly name: string; readonly persistent: boolean; readonly port?: number},
): Promise<LocalRedis> {
	const {name, persistent} = options;
	const port = options.port ?? (await freePort());
	const dataDirectory = path.join(directory.path, name);
	mkdirSync(dataDirectory, {recursive: true});
	const log = path.join(directory.path, `${name}.log`);
	const args = [
		// Protected mode turns away only clients from other hosts, which the loopback address has none of.
		...['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes'],
		...['--dir', dataDirectory, '--save', ''],
		...(persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
		...['--daemonize', 'no', '--logfile', ''],
		// Its command line keeps naming the run's directory, by which a later run knows it as one to end.
		...['--set-proc-title', 'no'],
	];
	const startFailure = () => new RedisStartFailure(`redis-server ${name} did not start: ${whyNotStarted(log)}`);
	const unplannedEndListeners: ((how: string) => void)[] = [];

	const launch = async (): Promise<Incarnation> => {
		const server = await startGuarded(binary, args, {directory, log, startFailure});
		let answered = false;
		const silent = () => new RedisStartFailure(`redis-server ${name} did not start: no answer to PING in ${startTimeoutMs / 1000} s`);
		const ready = untilAnswering(
			server,
			() => answersPing(port),
			startTimeoutMs,
			timedOut => (timedOut ? silent() : startFailure()),
		).then(() => {
			answered = true;
		});
		// Whoever waits for it hears of a failure; until then it must not count as unhandled.
		ready.catch(() => undefined);
		const incarnation: Incarnation = {server, ready, planned: false};
		void server.ended.then(how => {
			if (answered && !incarnation.planned) for (const listener of unplannedEndListeners) listener(how);
		});
		return incarnation;
	};
	let current = await launch();

	const stop = async () => {
		current.planned = true;
		await current.server.stop();
	};
	return {
		name,
		port,
		persistent,
		get pid() {
			return current.server.pid;
		},
		get ready() {
			return current.ready;
		},
		get ended() {
			return current.server.ended;
		},
		onUnplannedEnd: callback => {
			unplannedEndListeners.push(callback);
		},
		crash: async () => {
			current.planned = true;
			await current.server.kill();
		},
		restart: async () => {
			await stop();
			current = await launch();
			await current.ready;
		},
		stop,
	};
}
