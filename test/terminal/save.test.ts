// The built dashboard in a real pty: an improvised session saved with s passes `check` and traces
// to the world the dashboard showed.

import {mkdtempSync, readdirSync} from 'node:fs';
import path from 'node:path';
import pty from '@lydell/node-pty';
import {afterEach, expect, test} from 'vitest';
import {callCli, cliPath, temporaryDirectory} from '../run-cli.js';
import {dashboardEnv, until} from './pty.js';

const directory = temporaryDirectory('dlock-save-pty-');
let child: pty.IPty | null = null;
afterEach(() => {
	child?.kill();
	child = null;
});

test('Space, a GC pause by hand, s: the saved file passes check and ends where the dashboard was', async () => {
	let output = '';
	child = pty.spawn(process.execPath, [cliPath, 'gc-pause'], {name: 'xterm-256color', cols: 80, rows: 24, cwd: directory, env: dashboardEnv()});
	child.onData(data => (output += data));
	const exited = new Promise<number>(resolve => child!.onExit(({exitCode}) => resolve(exitCode)));
	const shows = (text: string) => until(() => output.includes(text));
	await shows('step 1 of 7');
	child.write(' ');
	await shows('step 2 of 7');
	child.write('p');
	await shows('OFF SCRIPT');
	child.write('t');
	await shows('t=1');
	child.write('s');
	await shows(`saved as dlock-gc-pause-1.yaml in ${directory}`);
	child.write('q');
	expect(await exited).toBe(0);
	child = null;

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

test('a save the disk cannot hold says so and leaves no file behind', async () => {
	const full = mkdtempSync(path.join(directory, 'full-'));
	let output = '';
	// A file size limit of 0: the file can be created, but not one byte written in it (EFBIG), as on a full disk.
	child = pty.spawn('/bin/sh', ['-c', 'ulimit -f 0; exec "$0" "$@"', process.execPath, cliPath, 'gc-pause'], {
		name: 'xterm-256color',
		cols: 120,
		rows: 24,
		cwd: full,
		env: dashboardEnv(),
	});
	child.onData(data => (output += data));
	const exited = new Promise<number>(resolve => child!.onExit(({exitCode}) => resolve(exitCode)));
	await until(() => output.includes('step 1 of 7'));
	child.write('s');
	await until(() => output.includes('not saved'));
	child.write('q');
	expect(await exited).toBe(0);
	child = null;
	expect(output).toContain(`not saved: cannot write in ${full}: file too large`);
	expect(readdirSync(full)).toEqual([]);
});
