// The dashboard as a job of a shell, in a real pty read through a terminal emulator: Ctrl-Z and
// SIGTSTP stop it with the terminal given back, SIGCONT draws it again in full, and SIGUSR1 (which
// would open Node's debugger and print over the screen) changes nothing.

import {execFileSync} from 'node:child_process';
import {readFileSync, readlinkSync} from 'node:fs';
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {screenText, type Terminal, writeInto} from '../export/terminal.js';
import {cliPath} from '../run-cli.js';
import {dashboardEnv, until} from './pty.js';

let child: pty.IPty | null = null;

interface Dashboard {
	readonly terminal: Terminal;
	readonly output: () => string;
	readonly exited: Promise<number>;
	readonly screen: () => Promise<string>;
	readonly state: () => string | undefined;
	readonly settings: () => string;
	readonly showing: (text: string) => Promise<string>;
	readonly pid: number;
}

function open(): Dashboard {
	const terminal = new xterm.Terminal({cols: 80, rows: 24, allowProposedApi: true});
	let output = '';
	let written = Promise.resolve();
	child = pty.spawn(process.execPath, [cliPath, 'gc-pause'], {name: 'xterm-256color', cols: 80, rows: 24, env: dashboardEnv()});
	const pid = child.pid;
	child.onData(data => {
		output += data;
		written = written.then(() => writeInto(terminal, data));
	});
	const exited = new Promise<number>(resolve => child!.onExit(({exitCode}) => resolve(exitCode)));
	const screen = async () => {
		await written;
		return screenText(terminal).join('\n');
	};
	/** The process state as the shell's job control sees it: R running, S sleeping, T stopped. */
	const state = () => {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
	};
	/** The pty's settings, read by stty from outside, as the shell finds them. */
	const settings = () => execFileSync('stty', ['-a', '-F', readlinkSync(`/proc/${pid}/fd/0`)], {encoding: 'utf8'});
	// Only the rows that change are written, so the key bar may be there before the rest of the
	// frame: a screen counts only once no more output has come for a moment.
	const showing = async (text: string) => {
		for (let seen = -1; ; ) {
			const now = await screen();
			if (now.includes(text) && /q quit/.test(now) && output.length === seen) return now;
			seen = output.length;
			await new Promise(resolve => setTimeout(resolve, 20));
		}
	};
	return {terminal, output: () => output, exited, screen, state, settings, showing, pid};
}

describe('one dashboard through every test in order', () => {
	// The tests act on one dashboard in turn, each from the step the one before left it on: starting it once costs more than a test does.
	let app: Dashboard;
	let step = 1;
	beforeAll(async () => {
		app = open();
		await app.showing('step 1 of 7');
	});
	afterAll(() => child?.kill());

	test.each([
		['Ctrl-Z', (_app: Dashboard): void => child!.write('\u001A')],
		[
			'SIGTSTP',
			(app: Dashboard): void => {
				process.kill(app.pid, 'SIGTSTP');
			},
		],
	] as const)('%s stops it with the terminal given back; SIGCONT draws it again in full', async (_name, stop) => {
		child!.write(' ');
		step += 1;
		const before = await app.showing(`step ${step} of 7`);
		const mark = app.output().length;
		stop(app);
		// The pty hands over what was written before the stop a moment after it.
		await until(() => app.state() === 'T' && app.output().slice(mark).includes('\u001B[?2004l'));
		const givenBack = app.output().slice(mark);
		expect(givenBack).toContain('\u001B[?25h');
		expect(givenBack).toContain('\u001B[?2004l');
		expect(app.settings()).toMatch(/(^|\s)icanon(\s|$)/m);
		expect(app.settings()).toMatch(/(^|\s)echo(\s|$)/m);

		// The shell writes over the screen while the job is stopped.
		await writeInto(app.terminal, '\r\n[1]+  Stopped                 dlock-tui gc-pause\r\n$ fg\r\ndlock-tui gc-pause\r\n');
		expect(await app.screen()).not.toBe(before);
		process.kill(app.pid, 'SIGCONT');
		await until(() => app.state() !== 'T');
		for (;;) {
			if ((await app.screen()) === before) break;
			await new Promise(resolve => setTimeout(resolve, 20));
		}
		expect(app.settings()).toMatch(/(^|\s)-icanon(\s|$)/m);
		// Raw mode again: one key acts at once.
		child!.write(' ');
		step += 1;
		await app.showing(`step ${step} of 7`);
	});

	test('SIGUSR1 neither opens a debugger nor writes over the screen', async () => {
		const mark = app.output().length;
		process.kill(app.pid, 'SIGUSR1');
		child!.write(' ');
		step += 1;
		await app.showing(`step ${step} of 7`);
		expect(app.output().slice(mark)).not.toMatch(/Debugger|inspector/);
	});

	test('q quits with the terminal given back', async () => {
		child!.write('q');
		expect(await app.exited).toBe(0);
		const output = app.output();
		expect(output).not.toMatch(/Debugger|inspector/);
		expect(output.lastIndexOf('\u001B[?2004l')).toBeGreaterThan(output.lastIndexOf('\u001B[?2004h'));
		expect(output.lastIndexOf('\u001B[?25h')).toBeGreaterThan(output.lastIndexOf('\u001B[?25l'));
	});
});
