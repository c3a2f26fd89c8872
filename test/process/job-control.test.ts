// The dashboard as a job of a shell, in a real pty read through a terminal emulator: Ctrl-Z and
// SIGTSTP stop it with the terminal given back, SIGCONT draws it again in full, SIGUSR1 (which
// would open Node's debugger and print over the screen) changes nothing, and SIGTERM, one of the
// exit paths of test/process/exit-paths.test.ts, ends it with the terminal as the shell had it.

import {execFileSync} from 'node:child_process';
import {readlinkSync} from 'node:fs';
import xterm from '@xterm/headless';
import {afterAll, describe, expect, test} from 'vitest';
import {screenText, type Terminal, writeInto} from '../export/terminal.js';
import {cliPath, temporaryDirectory} from '../run-cli.js';
import {expectTerminalRestored, openInShell, type ShellRun, settledScreen, statFields, until} from './pty.js';

const runs = temporaryDirectory('dlock-job-');

interface Dashboard {
	readonly run: ShellRun;
	readonly terminal: Terminal;
	readonly screen: () => string;
	readonly state: () => string | undefined;
	readonly settings: () => string;
	readonly showing: (text: string) => Promise<string>;
}

async function open(): Promise<Dashboard> {
	const terminal = new xterm.Terminal({cols: 80, rows: 24, allowProposedApi: true});
	const run = await openInShell(cliPath, ['gc-pause'], {runs, onData: data => writeInto(terminal, data)});
	const screen = () => screenText(terminal).join('\n');
	/** The process state as the shell's job control sees it: R running, S sleeping, T stopped. */
	const state = () => statFields(run.pid)[0];
	/** The pty's settings, read by stty from outside, as the shell finds them. */
	const settings = () => execFileSync('stty', ['-a', '-F', readlinkSync(`/proc/${run.pid}/fd/0`)], {encoding: 'utf8'});
	const showing = (text: string) => settledScreen(screen, run.output, now => now.includes(text) && /q quit/.test(now));
	return {run, terminal, screen, state, settings, showing};
}

describe('one dashboard for every test', () => {
	// Starting a dashboard costs more than a test does: the tests share one, each from step 1, and
	// one is started again after a test ended it, so that any test can run first, alone or after any other.
	let shared: Dashboard | null = null;
	/** The shared dashboard on step 1 of 7. */
	const atTheStart = async (): Promise<Dashboard> => {
		if (shared === null || !shared.run.running()) {
			shared = await open();
			// A key that reaches the pty before the dashboard reads keys is echoed by the terminal onto its free row.
			await shared.showing('step 1 of 7');
		}
		shared.run.press('\u001B[H');
		await shared.showing('step 1 of 7');
		return shared;
	};
	afterAll(() => shared?.run.kill());

	test.each([
		['Ctrl-Z', (app: Dashboard): void => app.run.press('\u001A')],
		['SIGTSTP', (app: Dashboard): void => app.run.signal('SIGTSTP')],
	] as const)('%s stops it with the terminal given back; SIGCONT draws it again in full', async (_name, stop) => {
		const app = await atTheStart();
		app.run.press(' ');
		const before = await app.showing('step 2 of 7');
		const mark = app.run.output().length;
		stop(app);
		// The pty hands over what was written before the stop a moment after it.
		await until(() => app.state() === 'T' && app.run.output().slice(mark).includes('\u001B[?2004l'));
		const givenBack = app.run.output().slice(mark);
		expect(givenBack).toContain('\u001B[?25h');
		expect(givenBack).toContain('\u001B[?2004l');
		expect(app.settings()).toMatch(/(^|\s)icanon(\s|$)/m);
		expect(app.settings()).toMatch(/(^|\s)echo(\s|$)/m);

		// The shell writes over the screen while the job is stopped.
		writeInto(app.terminal, '\r\n[1]+  Stopped                 dlock-tui gc-pause\r\n$ fg\r\ndlock-tui gc-pause\r\n');
		expect(app.screen()).not.toBe(before);
		app.run.signal('SIGCONT');
		await until(() => app.state() !== 'T');
		// On failure, the rows that differ from the screen before the stop, each as it was and as it is.
		const differences = () => {
			const was = before.split('\n');
			return app
				.screen()
				.split('\n')
				.flatMap((row, index) => (row === was[index] ? [] : [`row ${index + 1} was: ${was[index] ?? ''}`, `row ${index + 1} now: ${row}`]))
				.join('\n');
		};
		await until(() => app.screen() === before, differences);
		expect(app.settings()).toMatch(/(^|\s)-icanon(\s|$)/m);
		// Raw mode again: one key acts at once.
		app.run.press(' ');
		await app.showing('step 3 of 7');
	});

	test('SIGUSR1 neither opens a debugger nor writes over the screen', async () => {
		const app = await atTheStart();
		const mark = app.run.output().length;
		app.run.signal('SIGUSR1');
		app.run.press(' ');
		await app.showing('step 2 of 7');
		expect(app.run.output().slice(mark)).not.toMatch(/Debugger|inspector/);
	});

	test('SIGTERM ends it, exit 143, with the terminal as the shell had it', async () => {
		const app = await atTheStart();
		app.run.signal('SIGTERM');
		const finished = await app.run.finished;
		expect(finished.status).toBe('143');
		const output = app.run.output();
		expect(output).not.toMatch(/Debugger|inspector/);
		expectTerminalRestored(output, finished);
	});
});
