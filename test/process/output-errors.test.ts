// Where the output goes wrong, as in a shell: a reader that stops early, a full disk, an output
// not open for writing (an -o file that cannot be written whole: test/process/binary.test.ts). Through
// real pipes and devices: a closed pipe never turns a failed check into a pass, and a full disk is
// one line. The built bin is started once on each kind of stdout Node makes (a pipe, a file or
// device), for what only it shows: Node's own stream, the bin's handling of it, the exit code.
// The other cases are run() in this process, writing to the same kind of pipe or device.

import {spawnSync} from 'node:child_process';
import {closeSync, openSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';
import {Writable} from 'node:stream';
import {describe, expect, test} from 'vitest';
import {callCli, callCliToClosedPipe, cliPath, runCli, stackTrace, temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-output-');
const failing = path.join(directory, 'failing.yaml');
writeFileSync(failing, 'title: Wrong\nclients: [A, B]\nsteps:\n  - do: acquire A\n    expect: {holder: B}\n');
const broken = path.join(directory, 'broken.yaml');
writeFileSync(broken, 'title: Broken\nclients: [A]\nsteps:\n  - do: aquire A\n');
// Its trace is more than a pipe holds (64 KiB) and what the reader takes before it leaves: the bin
// is still writing when the reader has gone (a built-in's trace would be in the pipe already).
const long = path.join(directory, 'long.yaml');
writeFileSync(long, `title: Long\nclients: [A]\nsteps:\n${'  - do: [acquire A, write A, release A]\n'.repeat(200)}`);

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

/**
 * `dlock-tui ...args > file`, run() in this process, the file opened with `flags`. Its stdout is
 * what Node makes a process's stdout on a file or a device (a SyncWriteStream, internal to Node):
 * each write a writeSync.
 */
async function callToFile(args: readonly string[], file: string, flags: string) {
	const descriptor = openSync(file, flags);
	try {
		const stdout = new Writable({
			write(chunk: Buffer, _encoding, done) {
				try {
					writeSync(descriptor, chunk);
				} catch (error) {
					done(error as Error);
					return;
				}
				done();
			},
		});
		return await callCli(args, stdout as NodeJS.WriteStream);
	} finally {
		closeSync(descriptor);
	}
}

describe('a reader that closes the pipe early', () => {
	test('never changes the status of a check: 1 for a failed one, 2 for a bad file, 0 for a pass; nothing said', async () => {
		for (const [args, status] of [
			[['check', failing], 1],
			[['check', 'gc-pause', broken, failing], 2],
			[['check', 'gc-pause', 'crash'], 0],
		] as const) {
			const result = await callCliToClosedPipe(args);
			expect([result.status, result.stderr], args.join(' ')).toEqual([status, '']);
		}
	});

	// The bin, with Node's own stdout on a pipe, the reader gone while it writes.
	test('ends a trace without a word, exit 0', () => {
		expect(piped(['trace', long, '--json'], 'head -c 1 >/dev/null')).toEqual({status: 0, stderr: ''});
	});
});

describe('a full disk (> /dev/full)', () => {
	const line = 'dlock-tui: cannot write to standard output: no space left on device\n';

	test('is one line and exit 1, not a crash report; a failed check keeps its own status', async () => {
		// The bin, with Node's own stdout on a device.
		const {status, stderr} = toFullDisk(['check', 'gc-pause']);
		expect(stderr).not.toMatch(stackTrace);
		expect([status, stderr]).toEqual([1, line]);
		for (const [args, status] of [
			[['trace', 'gc-pause'], 1],
			[['check', failing], 1],
			[['check', broken], 2],
		] as const) {
			const result = await callToFile(args, '/dev/full', 'w');
			expect([result.status, result.stderr], args.join(' ')).toEqual([status, line]);
		}
	});

	test('an output not open for writing is said the same way', async () => {
		const readOnly = path.join(directory, 'read-only.txt');
		writeFileSync(readOnly, '');
		const {status, stderr} = await callToFile(['trace', 'gc-pause'], readOnly, 'r');
		expect([status, stderr]).toEqual([1, 'dlock-tui: cannot write to standard output: not open for writing\n']);
	});
});
