// Where the output goes wrong, as in a shell: a reader that stops early, a full disk, an output
// not open for writing (an -o file that cannot be written whole: test/cli/binary.test.ts). The
// built bin, through real pipes and devices: a closed pipe never turns a failed check into a pass, and a full disk is one line.
// A process is started once for each way the output fails (what only the bin shows: Node's own
// stdout on that pipe or device, the exit code); the other statuses for the same failure are
// run() in this process, writing to the same kind of pipe or device.

import {spawn, spawnSync} from 'node:child_process';
import {closeSync, openSync, writeFileSync, writeSync} from 'node:fs';
import {once} from 'node:events';
import path from 'node:path';
import {Writable} from 'node:stream';
import {describe, expect, test} from 'vitest';
import {callCli, cliPath, runCli, stackTrace, temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-output-');
const failing = path.join(directory, 'failing.yaml');
writeFileSync(failing, 'title: Wrong\nclients: [A, B]\nsteps:\n  - do: acquire A\n    expect: {holder: B}\n');
const broken = path.join(directory, 'broken.yaml');
writeFileSync(broken, 'title: Broken\nclients: [A]\nsteps:\n  - do: aquire A\n');

/** `dlock-tui ...args | reader` under bash's pipefail, as CI runs it: the pipeline's status and stderr. */
function piped(args: readonly string[], reader: string) {
	const result = spawnSync('bash', ['-c', `set -o pipefail; "$@" | ${reader}`, 'bash', process.execPath, cliPath, ...args], {
		encoding: 'utf8',
		timeout: 60_000,
	});
	return {status: result.status, stderr: result.stderr};
}

/** `dlock-tui ...args > /dev/full` */
function toFullDisk(args: readonly string[]) {
	const full = openSync('/dev/full', 'w');
	try {
		return runCli(args, {stdio: ['ignore', full, 'pipe']});
	} finally {
		closeSync(full);
	}
}

/** A pipe whose reader has gone: the write end of `true`'s stdin, once `true` has ended. */
async function closedPipe(): Promise<NodeJS.WriteStream> {
	const reader = spawn('true', {stdio: ['pipe', 'ignore', 'ignore']});
	await once(reader, 'exit');
	return reader.stdin as unknown as NodeJS.WriteStream;
}

/**
 * `dlock-tui ...args > /dev/full`, run() in this process. Its stdout is what Node makes a process's
 * stdout on a file or a device (a SyncWriteStream, internal to Node): each write a writeSync.
 */
async function callToFullDisk(args: readonly string[]) {
	const full = openSync('/dev/full', 'w');
	try {
		const stdout = new Writable({
			write(chunk: Buffer, _encoding, done) {
				try {
					writeSync(full, chunk);
				} catch (error) {
					done(error as Error);
					return;
				}
				done();
			},
		});
		return await callCli(args, stdout as NodeJS.WriteStream);
	} finally {
		closeSync(full);
	}
}

describe('a reader that closes the pipe early', () => {
	test('never changes the status of a check: 1 for a failed one, 2 for a bad file, 0 for a pass; nothing said', async () => {
		// `true` reads nothing and is gone before the first line is written.
		expect(piped(['check', failing], 'true')).toEqual({status: 1, stderr: ''});
		for (const [args, status] of [
			[['check', 'gc-pause', broken, failing], 2],
			[['check', 'gc-pause', 'crash'], 0],
		] as const) {
			expect(await callCli(args, await closedPipe()), args.join(' ')).toEqual({status, stdout: '', stderr: ''});
		}
	});

	test('ends a trace without a word, exit 0', () => {
		expect(piped(['trace', 'gc-pause', '--json'], 'head -c 1 >/dev/null')).toEqual({status: 0, stderr: ''});
	});
});

describe('a full disk (> /dev/full)', () => {
	const line = 'dlock-tui: cannot write to standard output: no space left on device\n';

	test('is one line and exit 1, not a crash report; a failed check keeps its own status', async () => {
		const {status, stderr} = toFullDisk(['check', 'gc-pause']);
		expect([status, stderr]).toEqual([1, line]);
		for (const [args, status] of [
			[['trace', 'gc-pause'], 1],
			[['check', failing], 1],
			[['check', broken], 2],
		] as const) {
			const result = await callToFullDisk(args);
			expect([result.status, result.stderr], args.join(' ')).toEqual([status, line]);
		}
	});

	test('an output not open for writing is said the same way', () => {
		const readOnly = path.join(directory, 'read-only.txt');
		writeFileSync(readOnly, '');
		const stdout = openSync(readOnly, 'r');
		const {status, stderr} = runCli(['trace', 'gc-pause'], {stdio: ['ignore', stdout, 'pipe']});
		closeSync(stdout);
		expect(stderr).not.toMatch(stackTrace);
		expect([status, stderr]).toEqual([1, 'dlock-tui: cannot write to standard output: not open for writing\n']);
	});
});
