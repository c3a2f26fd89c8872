// What the tests of the live Redlock infrastructure share: real redis-server processes (Debian's
// redis-server package; .ci/run installs it) in run directories under a temporary folder of the
// test file's own, clients of them, and a test module run in a process of its own.

import {type ChildProcess, spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {createClient} from '@redis/client';
import {build} from 'esbuild';
import {afterEach} from 'vitest';
import {findRedisServer, type LocalRedis, startRedis} from '../../source/live/redis-server.js';
import {createRunDirectory, type RunDirectory, removeStaleRuns} from '../../source/live/run-directory.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function redisBinary(): string {
	const binary = findRedisServer(process.env);
	if (binary === null) throw new Error('these tests need redis-server on PATH (apt-get install redis-server)');
	return binary;
}

/** What each test started, stopped and removed after it, passed or not. */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
export const afterTest = (cleanup: () => Promise<void> | void) => cleanups.push(cleanup);

/** `callback` with TMPDIR set to `folder`: the test files share their worker's environment. */
function withTmpdir<T>(folder: string, callback: () => T): T {
	const before = process.env.TMPDIR;
	process.env.TMPDIR = folder;
	try {
		return callback();
	} finally {
		if (before === undefined) delete process.env.TMPDIR;
		else process.env.TMPDIR = before;
	}
}

/** A run directory in `folder`, removed (its processes killed) after the test. */
export function runDirectory(folder: string): RunDirectory {
	const directory = withTmpdir(folder, createRunDirectory);
	afterTest(() => directory.removeNow());
	return directory;
}

/** A node that answers, stopped after the test. */
export async function startedNode(directory: RunDirectory, name: string, persistent: boolean): Promise<LocalRedis> {
	const node = await startRedis(redisBinary(), directory, {name, persistent});
	afterTest(() => node.stop());
	await node.ready;
	return node;
}

/** A connected client of 127.0.0.1:port, closed after the test. */
export async function connect(port: number) {
	const client = createClient({socket: {port, host: '127.0.0.1', reconnectStrategy: false}});
	// Its failures reach the commands; unheard, an 'error' event would end the test process.
	client.on('error', () => undefined);
	afterTest(() => client.destroy());
	await client.connect();
	return client;
}

export {isRunning, processesNaming} from './live-runs.js';

export const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Waits until `condition` holds, at most 20 s: a loaded machine can take that long to start a process. */
export async function until(condition: () => boolean, what: string): Promise<void> {
	const deadline = Date.now() + 20_000;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`waited 20 s for ${what}`);
		await wait(20);
	}
}

export interface ChildModule {
	readonly child: ChildProcess;
	/** Its output so far, stdout and stderr. */
	readonly output: () => string;
	readonly exited: Promise<number | null>;
}

/**
 * `code`, TypeScript that may import the source by paths from the repository's root, run by Node
 * in a process of its own with `tmpdir` as TMPDIR; killed after the test if it still runs, and
 * what it left in `tmpdir` removed as a dead run's.
 */
export async function runModule(code: string, tmpdir: string): Promise<ChildModule> {
	const bundle = await build({
		stdin: {contents: code, resolveDir: root, loader: 'ts'},
		bundle: true,
		platform: 'node',
		format: 'esm',
		packages: 'external',
		write: false,
	});
	const child = spawn(process.execPath, ['--input-type=module', '--eval', bundle.outputFiles[0]!.text], {
		cwd: root,
		env: {...process.env, TMPDIR: tmpdir},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout!.on('data', chunk => {
		output += chunk;
	});
	child.stderr!.on('data', chunk => {
		output += chunk;
	});
	const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
	afterTest(async () => {
		child.kill('SIGKILL');
		await exited;
		withTmpdir(tmpdir, removeStaleRuns);
	});
	return {child, output: () => output, exited};
}
