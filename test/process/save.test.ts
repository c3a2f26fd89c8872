// The built dashboard in a real pty: an improvised session saved with s passes `check` and traces
// to the world the dashboard showed; a save the disk cannot hold is said and leaves nothing. The
// dashboard is also an exit path of test/process/exit-paths.test.ts: it ends with q, and must give
// the terminal back as it found it.

import {execFileSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {callCli, cliPath, temporaryDirectory} from '../run-cli.js';
import {expectTerminalRestored, openInShell, type ShellRun, until} from './pty.js';

const directory = temporaryDirectory('dlock-save-pty-');
const runs = temporaryDirectory('dlock-save-runs-');
let shell: ShellRun | null = null;
afterEach(() => {
	shell?.kill();
	shell = null;
});

test('Space, a GC pause by hand, s: the saved file passes check and ends where the dashboard was; a save the disk cannot hold then says so and leaves no file behind; q restores the terminal', async () => {
	const run = await openInShell(cliPath, ['gc-pause'], {runs, cwd: directory, cols: 120});
	shell = run;
	const shows = (text: string) => until(() => run.output().includes(text), run.output);
	run.press(' ');
	await shows('step 2 of 7');
	run.press('p');
	await shows('OFF SCRIPT');
	run.press('t');
	await shows('t=1');
	run.press('s');
	await shows(`saved as dlock-gc-pause-1.yaml in ${directory}`);
	// A file size limit of 0 from now on: a file can be created, but not one byte written in it (EFBIG), as on a full disk.
	execFileSync('prlimit', ['--pid', String(run.pid), '--fsize=0']);
	run.press('s');
	await shows('not saved');
	run.press('q');
	const finished = await run.finished;
	expect(finished.status).toBe('0');
	expectTerminalRestored(run.output(), finished);
	expect(run.output()).toContain(`not saved: cannot write in ${directory}: file too large`);
	expect(readdirSync(directory)).toEqual(['dlock-gc-pause-1.yaml']);

	const file = path.join(directory, 'dlock-gc-pause-1.yaml');
	const check = await callCli(['check', file]);
	expect(check.stderr).toBe('');
	expect(check.status).toBe(0);
	const trace = await callCli(['trace', file, '--json']);
	const last = JSON.parse(trace.stdout.trimEnd().split('\n').at(-1)!) as {
		command: string;
		clock: number;
		clients: Record<string, {status: string; token: number | null}>;
	};
	expect(last).toMatchObject({command: 'tick', clock: 1, clients: {A: {status: 'paused', token: 1}, B: {status: 'running', token: null}}});
});
