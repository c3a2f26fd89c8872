// Runs the command line two ways: in this process through run() (fast; what most tests use), and
// as the built binary, dist/cli.js, as a user would (test/build-dist.mjs builds it before the tests).

import {type ExecFileOptions, execFile, spawn, spawnSync, type SpawnSyncOptions} from 'node:child_process';
import {once} from 'node:events';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {PassThrough, Writable} from 'node:stream';
import {fileURLToPath} from 'node:url';
import {promisify} from 'node:util';
import {afterAll} from 'vitest';
import {run} from '../source/commands/run.js';

export const cliPath = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export interface CliResult {
	readonly status: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** A stream that keeps what is written to it; it is no terminal. */
function collector(): {readonly stream: NodeJS.WriteStream; readonly text: () => string} {
	const chunks: Buffer[] = [];
	const stream = new Writable({
		write(chunk: Buffer, _encoding, done) {
			chunks.push(chunk);
			done();
		},
	});
	return {stream: stream as NodeJS.WriteStream, text: () => Buffer.concat(chunks).toString('utf8')};
}

/** `dlock-tui ...args` in this process, with no terminal; `stdout` replaces the collected one, `env` this process's environment. */
export async function callCli(args: readonly string[], stdout?: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
	const out = collector();
	const err = collector();
	const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
	const status = await run(args, {stdin, stdout: stdout ?? out.stream, stderr: err.stream, env});
	return {status, stdout: out.text(), stderr: err.text()};
}

/** How the tests run Node: with no colour, and a run that hangs fails its test instead of holding up the others. */
const nodeOptions = () => ({env: {...process.env, NO_COLOR: '1'}, maxBuffer: 1 << 30, timeout: 60_000});

/**
 * `dlock-tui ...args | reader` where the reader has closed its end of the pipe, run() in this
 * process: the reader is a shell that closes its stdin, then waits until the command is done (had
 * it ended, Node would have closed the pipe on this side too, and no write would reach it).
 */
export async function callCliToClosedPipe(args: readonly string[]): Promise<CliResult> {
	const reader = spawn('sh', ['-c', 'exec <&-; echo closed; exec sleep 60'], {stdio: ['pipe', 'pipe', 'ignore']});
	try {
		await once(reader.stdout, 'data');
		return await callCli(args, reader.stdin as unknown as NodeJS.WriteStream);
	} finally {
		reader.kill();
	}
}

/** Node running `args` (a script and its arguments). */
function runNode(args: readonly string[], options: SpawnSyncOptions): CliResult {
	const result = spawnSync(process.execPath, args, {encoding: 'utf8', ...nodeOptions(), ...options});
	return {status: result.status, stdout: String(result.stdout), stderr: String(result.stderr)};
}

/** `dlock-tui ...args` as a child process, the built binary. */
export function runCli(args: readonly string[], options: SpawnSyncOptions = {}, cli = cliPath): CliResult {
	return runNode([cli, ...args], options);
}

const binRunsScript = fileURLToPath(new URL('bin-runs.mjs', import.meta.url));

/**
 * Several runs of the built binary in one Node process (test/bin-runs.mjs), for runs that only
 * read and print: a process a run costs about 0.2 CPU-s just to start. A test of what only a
 * process shows (its exit, a signal, a closed pipe) starts one of its own with runCli.
 */
export function runCliInOneProcess(runs: readonly (readonly string[])[], options: SpawnSyncOptions = {}, cli = cliPath): CliResult[] {
	return binRuns(runs, (_node, script) => runNode(script, options), cli);
}

/** As runCliInOneProcess, with the process started by `start` from Node's path and test/bin-runs.mjs's arguments (under a shell's `ulimit`, say). */
export function binRuns(runs: readonly (readonly string[])[], start: (node: string, script: readonly string[]) => CliResult, cli = cliPath): CliResult[] {
	const result = start(process.execPath, [binRunsScript, cli, JSON.stringify(runs)]);
	if (result.status !== 0) throw new Error(`test/bin-runs.mjs ended with ${result.status}: ${result.stderr}`);
	return JSON.parse(result.stdout) as CliResult[];
}

/** runCliInOneProcess for a test that runs beside others waiting on processes: this process goes on meanwhile. */
export async function runCliInOneProcessAsync(runs: readonly (readonly string[])[], options: ExecFileOptions = {}, cli = cliPath): Promise<CliResult[]> {
	// Ending other than 0, it rejects with its stderr.
	const {stdout} = await promisify(execFile)(process.execPath, [binRunsScript, cli, JSON.stringify(runs)], {...nodeOptions(), ...options, encoding: 'utf8'});
	return JSON.parse(stdout) as CliResult[];
}

/** A fresh directory in the OS temp dir, removed when the test file is done (call it at the top level). */
export function temporaryDirectory(prefix: string): string {
	const directory = mkdtempSync(path.join(tmpdir(), prefix));
	afterAll(() => rmSync(directory, {recursive: true, force: true}));
	return directory;
}

/** No stack trace: no `    at ` frames, no source positions of the bundle. */
export const stackTrace = /^\s+at |cli\.js:\d+|\n\s*\^\n/m;
