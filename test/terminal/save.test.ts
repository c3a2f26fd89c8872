// The built dashboard in a real pty: an improvised session saved with s passes `check` and traces
// to the world the dashboard showed; a save the disk cannot hold (prlimit, util-linux) leaves nothing.

import {execFileSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import pty from '@lydell/node-pty';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {callCli, cliPath, temporaryDirectory} from '../run-cli.js';
import {dashboardEnv, until} from './pty.js';

const directory = temporaryDirectory('dlock-save-pty-');

describe('one dashboard through both tests in order', () => {
	let child: pty.IPty;
	let output = '';
	let exited: Promise<number>;
	const shows = (text: string) => until(() => output.includes(text));
	beforeAll(async () => {
		child = pty.spawn(process.execPath, [cliPath, 'gc-pause'], {name: 'xterm-256color', cols: 80, rows: 24, cwd: directory, env: dashboardEnv()});
		child.onData(data => (output += data));
		exited = new Promise<number>(resolve => child.onExit(({exitCode}) => resolve(exitCode)));
		await shows('step 1 of 7');
	});
	afterAll(() => child.kill());

	test('Space, a GC pause by hand, s: the saved file passes check and ends where the dashboard was', async () => {
		child.write(' ');
		await shows('step 2 of 7');
		child.write('p');
		await shows('OFF SCRIPT');
		child.write('t');
		await shows('t=1');
		child.write('s');
		await shows(`saved as dlock-gc-pause-1.yaml in ${directory}`);

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
		// A file size limit of 0: a file can be created, but not one byte written in it (EFBIG), as on a full disk.
		execFileSync('prlimit', [`--pid=${child.pid}`, '--fsize=0']);
		// Wide enough for the whole notice.
		child.resize(120, 24);
		const mark = output.length;
		child.write('s');
		await until(() => output.slice(mark).includes('not saved'));
		child.write('q');
		expect(await exited).toBe(0);
		expect(output.slice(mark)).toContain(`not saved: cannot write in ${directory}: file too large`);
		expect(readdirSync(directory)).toEqual(['dlock-gc-pause-1.yaml']);
	});
});
