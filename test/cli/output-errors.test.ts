// Where the output goes wrong, as in a shell: a reader that stops early, a full disk, an output
// not open for writing, an -o file that cannot be written whole. The built bin, through real pipes
// and devices: a closed pipe never turns a failed check into a pass, and a full disk is one line.

import {spawnSync} from 'node:child_process';
import {closeSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {cliPath, runCli, stackTrace, temporaryDirectory} from '../run-cli.js';

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

describe('a reader that closes the pipe early', () => {
	test('never changes the status of a check: 1 for a failed one, 2 for a bad file, 0 for a pass; nothing said', () => {
		// `true` reads nothing and is gone before the first line is written.
		expect(piped(['check', failing], 'true')).toEqual({status: 1, stderr: ''});
		expect(piped(['check', 'gc-pause', broken, failing], 'true')).toEqual({status: 2, stderr: ''});
		expect(piped(['check', 'gc-pause', 'crash'], 'true')).toEqual({status: 0, stderr: ''});
	});

	test('ends a trace without a word, exit 0', () => {
		expect(piped(['trace', 'gc-pause', '--json'], 'head -c 1 >/dev/null')).toEqual({status: 0, stderr: ''});
	});
});

describe('a full disk (> /dev/full)', () => {
	const line = 'dlock-tui: cannot write to standard output: no space left on device\n';

	test('is one line and exit 1, not a crash report; a failed check keeps its own status', () => {
		for (const args of [
			['check', 'gc-pause'],
			['trace', 'gc-pause'],
			['check', failing],
		]) {
			const {status, stderr} = toFullDisk(args);
			expect([status, stderr]).toEqual([1, line]);
		}
		const bad = toFullDisk(['check', broken]);
		expect([bad.status, bad.stderr]).toEqual([2, line]);
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

describe('-o on a disk that fills part way', () => {
	test('leaves the old file as it was and no partial file beside it', () => {
		const folder = path.join(directory, 'small-disk');
		const old = path.join(folder, 'old.cast');
		mkdirSync(folder);
		writeFileSync(old, 'the old recording\n');
		for (const command of ['record', 'print']) {
			// A file size limit of 4 KiB (ulimit -f counts KiB in bash): the write fails part way, with EFBIG.
			const result = spawnSync('bash', ['-c', 'ulimit -f 4; exec "$@"', 'bash', process.execPath, cliPath, command, 'gc-pause', '-o', 'old.cast'], {
				cwd: folder,
				encoding: 'utf8',
				timeout: 60_000,
			});
			expect(result.stderr).toBe(`dlock-tui: -o: cannot write 'old.cast': file too large (see dlock-tui --help)\n`);
			expect(result.status).toBe(2);
			expect(readFileSync(old, 'utf8')).toBe('the old recording\n');
			expect(readdirSync(folder)).toEqual(['old.cast']);
		}
	});
});
