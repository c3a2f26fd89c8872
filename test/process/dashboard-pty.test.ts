// The built dashboard in a real pseudo-terminal at 80x24, read back through a terminal emulator:
// what a person at a real terminal sees, keys and all.

import pty from '@lydell/node-pty';
import {mkdtempSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import xterm from '@xterm/headless';
import {afterAll, afterEach, describe, expect, test} from 'vitest';
import {run} from '../../source/commands/run.js';
import {screenText, type Terminal, writeInto} from '../export/terminal.js';
import {runPrint} from '../../source/commands/print.js';
import {callCli, cliPath, temporaryDirectory} from '../run-cli.js';
import {childrenOf, dashboardEnv, expectTerminalRestored, type HangupShell, hangupShell, settledScreen, until} from './pty.js';

const keys = {space: ' ', left: '\u001B[D', escape: '\u001B'};
const directory = temporaryDirectory('dlock-dashboard-pty-');

interface Session {
	readonly screen: () => string;
	readonly press: (key: string, until: (screen: string) => boolean) => Promise<string>;
	readonly write: (data: string) => void;
	readonly resize: (cols: number, rows: number, until: (screen: string) => boolean) => Promise<string>;
	/** Resizes the pty and the terminal, and waits for nothing. */
	readonly resizeNow: (cols: number, rows: number) => void;
	/** Ends the program if it still runs. */
	readonly kill: () => void;
	/** Closes the pty itself, as a window closing does. */
	readonly close: () => void;
	/** The program's process id. */
	readonly pid: () => number;
	readonly output: () => string;
	readonly exited: Promise<number>;
	readonly running: () => boolean;
	readonly terminal: Terminal;
}

let child: pty.IPty | null = null;
afterEach(() => {
	child?.kill();
	child = null;
});

/** The dashboard in a pty; `shell` makes the shell script that runs it (`program`) in the same terminal. */
function open(args: string[], cols: number, rows: number, extraEnv: NodeJS.ProcessEnv = {}, shell?: (program: string) => string): Session {
	const env = dashboardEnv(extraEnv);
	const terminal = new xterm.Terminal({cols, rows, allowProposedApi: true});
	let output = '';
	const [file, argv] = shell ? ['/bin/sh', ['-c', shell('"$0" "$@"'), process.execPath, cliPath, ...args]] : [process.execPath, [cliPath, ...args]];
	const terminalProcess = pty.spawn(file, argv, {name: env.TERM ?? 'xterm-256color', cols, rows, env});
	child = terminalProcess;
	terminalProcess.onData(data => {
		output += data;
		writeInto(terminal, data);
	});
	let running = true;
	// The pty can report the exit before its last bytes are read: resolve once output has gone quiet.
	const exited = new Promise<number>(resolve =>
		terminalProcess.onExit(({exitCode}) => {
			running = false;
			const drain = (seen: number) => setTimeout(() => (output.length === seen ? resolve(exitCode) : drain(output.length)), 50);
			drain(output.length);
		}),
	);
	const screen = () => screenText(terminal).join('\n');
	// Waits for what a person would wait for: the screen to show the change (a hung app fails the test by its timeout).
	// A frame can arrive in several chunks: a screen counts once its last row (the key bar, or the : line) is there.
	const settle = (until: (text: string) => boolean) =>
		settledScreen(
			screen,
			() => output,
			text => until(text) && /q (quit|終了)|too small|^:/m.test(text),
		);
	const resizeNow = (newCols: number, newRows: number) => {
		terminalProcess.resize(newCols, newRows);
		terminal.resize(newCols, newRows);
	};
	return {
		screen,
		terminal,
		resizeNow,
		kill: () => {
			if (running) terminalProcess.kill();
		},
		close: () => (terminalProcess as unknown as {destroy(): void}).destroy(),
		pid: () => (shell ? childrenOf(terminalProcess.pid)[0]! : terminalProcess.pid),
		output: () => output,
		exited,
		running: () => running,
		press: async (key, until) => {
			terminalProcess.write(key);
			return settle(until);
		},
		write: data => terminalProcess.write(data),
		resize: async (newCols, newRows, until) => {
			resizeNow(newCols, newRows);
			return settle(until);
		},
	};
}

/**
 * A shell for `open` that records the terminal settings (`stty -g`) before and after the program,
 * and its exit status; `then` runs after that.
 */
function recordingShell(then = ''): {readonly shell: (program: string) => string; readonly finished: () => {status: string; before: string; after: string}} {
	const records = mkdtempSync(path.join(directory, 'shell-'));
	const record = (name: string) => path.join(records, name);
	return {
		shell: program => `stty -g > '${record('before')}'; ${program}; echo $? > '${record('status')}'; stty -g > '${record('after')}'${then}`,
		finished: () => {
			const [status, before, after] = ['status', 'before', 'after'].map(name => readFileSync(record(name), 'utf8').trim());
			return {status: status!, before: before!, after: after!};
		},
	};
}

/**
 * print's pages of a scenario with the key bar, which the live dashboard has (print draws none unless
 * asked; test/commands/print.test.ts holds print to its golden files): for a step, under a rule
 * naming it, the 23 rows the dashboard draws at 80x24.
 */
function printedPages(scenario: string): (step: number) => string[] {
	let pages = '';
	runPrint(
		scenario,
		{keys: true},
		text => {
			pages += text;
		},
		() => {},
	);
	const lines = pages.trimEnd().split('\n');
	return step => lines.slice((step - 1) * 24 + 1, step * 24).map(line => line.trimEnd());
}

// Each dashboard's output is looked at for colour: coloured by default, none with NO_COLOR or
// --no-color, which keep bold and inverse.
// Foreground or background colour codes (bold and inverse are emphasis, not colour).
const colour = /\u001B\[[0-9;]*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;
// Bold or inverse, alone or among other attributes.
const emphasis = /\u001B\[(?:[0-9;]*;)?(?:1|7)(?:;[0-9;]*)?m/;

/** The dashboard's 23 rows on an 80x24 screen. */
const dashboardRowsOf = (screen: string) =>
	screen
		.split('\n')
		.slice(0, 23)
		.map(line => line.trimEnd());

describe('gc-pause at 80x24, one dashboard for every test', () => {
	// The tests read the screens of one dashboard: starting it once costs less than the screens do.
	// Each test brings it to the step it starts from, and one is started again after a test ended it,
	// so that any test can run first, alone or after any other.
	const page = printedPages('gc-pause');
	let shared: {readonly app: Session; readonly hangup: HangupShell} | null = null;
	/** The shared dashboard on `step` of the script, nothing done by hand, nothing over it. */
	const dashboardAt = async (step: number) => {
		if (shared === null || !shared.app.running()) {
			// The terminal goes away under it at the end: one of the exit paths of test/process/exit-paths.test.ts.
			const hangup = hangupShell(directory);
			// Colour as a terminal gets it by default: neither forced nor turned off.
			shared = {app: open([], 80, 24, {FORCE_COLOR: undefined, NO_COLOR: undefined, TMPDIR: hangup.directory}, hangup.script), hangup};
			child = null;
			await shared.app.press('', screen => screen.includes('step 1 of 7'));
		}
		const {app} = shared;
		if (app.screen().includes('GC pause / end it now') || /^:/m.test(app.screen()))
			await app.press(keys.escape, screen => !screen.includes('GC pause / end it now') && !/^:/m.test(screen));
		if (app.screen().includes('OFF SCRIPT')) await app.press('S', screen => !screen.includes('OFF SCRIPT'));
		await app.press('\u001B[H', screen => screen.includes('step 1 of 7') && !screen.includes('OFF SCRIPT'));
		for (let next = 2; next <= step; next += 1) await app.press(keys.space, screen => screen.includes(`step ${next} of 7`));
		return shared;
	};
	afterAll(() => shared?.app.kill());

	test('seven steps, each frame on the live screen the one print draws for that step, row for row', async () => {
		const {app} = await dashboardAt(1);
		expect(dashboardRowsOf(await app.press('', screen => screen.includes('step 1 of 7')))).toEqual(page(1));
		expect(app.screen()).toContain('Resource row-42');
		for (let step = 2; step <= 7; step += 1)
			expect(dashboardRowsOf(await app.press(keys.space, screen => screen.includes(`step ${step} of 7`)))).toEqual(page(step));
		const final = app.screen();
		expect(final).toContain('✗ 1 rejected');
		expect(final).toMatch(/max token 2/);
		expect(final).toContain('A and B both believe they hold the lock; the lock service says B (token 2)');
		// One row kept free, nothing past the width.
		expect(final.split('\n')[23]).toBe('');
		expect(Math.max(...final.split('\n').map(line => line.length))).toBeLessThanOrEqual(80);
	});

	test('back to the start, each frame as print draws it', async () => {
		const {app} = await dashboardAt(7);
		expect(await app.press(keys.left, screen => screen.includes('step 6 of 7'))).toContain('✗ 0 rejected');
		expect(dashboardRowsOf(app.screen())).toEqual(page(6));
		for (let step = 5; step >= 1; step -= 1)
			expect(dashboardRowsOf(await app.press(keys.left, screen => screen.includes(`step ${step} of 7`)))).toEqual(page(step));
	});

	test('b blanks the screen black, F5 and Shift-F5 leave it so, and the next key only brings the step back', async () => {
		const {app} = await dashboardAt(3);
		const before = app.output().length;
		// A blank screen has no key bar to wait for.
		app.write('b');
		await settledScreen(app.screen, app.output, text => text.trim() === '');
		// Black to the edge: each row painted on a black background.
		expect(app.output().slice(before)).toMatch(/\u001B\[40m {80}/);
		app.write('\u001B[15~\u001B[15;2~');
		await new Promise(resolve => setTimeout(resolve, 300));
		expect(app.screen().trim()).toBe('');
		expect(dashboardRowsOf(await app.press(keys.space, screen => screen.includes('step 3 of 7')))).toEqual(page(3));
	});

	test('help, and Escape back to the step', async () => {
		const {app} = await dashboardAt(2);
		const help = await app.press('?', screen => screen.includes('Keys'));
		expect(help).toContain('GC pause / end it now');
		expect(help).not.toContain('Lock service');
		expect(dashboardRowsOf(await app.press(keys.escape, screen => screen.includes('Lock service') && screen.includes('step 2 of 7')))).toEqual(page(2));
	});

	test('resized larger, too small, and back', async () => {
		const {app} = await dashboardAt(2);
		const wide = await app.resize(
			120,
			40,
			screen => screen.split('\n').some(line => line.startsWith('── Clients') && line.length === 120) && screen.includes('step 2 of 7'),
		);
		expect(wide.split('\n')).toHaveLength(40);
		await app.resize(50, 20, screen => screen.includes('terminal too small (need 68x23)'));
		expect(dashboardRowsOf(await app.resize(80, 24, screen => screen.includes('step 2 of 7')))).toEqual(page(2));
	});

	test('after a storm of resizes the screen is the frame print draws, with no stale row above it', async () => {
		const {app} = await dashboardAt(2);
		// Sizes changing faster than frames are drawn, too small among them, as a window dragged by its corner.
		for (const [cols, rows] of [
			[120, 40],
			[60, 15],
			[200, 60],
			[81, 25],
			[70, 30],
			[100, 24],
			[68, 23],
			[150, 45],
			[79, 24],
			[90, 33],
		] as const) {
			app.resizeNow(cols, rows);
			await new Promise(resolve => setTimeout(resolve, 5));
		}
		const shown = (screen: string) => screen.includes('step 2 of 7') && screen.split('\n').length === 24;
		const settled = await app.resize(80, 24, shown);
		await new Promise(resolve => setTimeout(resolve, 200));
		// A resize of the storm that comes through late clears the screen and draws it again: on a busy
		// machine the frame may still be on its way, so the screen is read once it has settled again.
		expect(dashboardRowsOf(await app.press('', shown))).toEqual(page(2));
		expect(settled).toContain('step 2 of 7');
	});

	describe('a paste (bracketed by the terminal)', () => {
		const paste = (text: string) => `\u001B[200~${text}\u001B[201~`;
		/** Back on the script's first step, nothing done by hand. */
		const backToTheStart = async () => {
			const {app} = await dashboardAt(1);
			expect(app.screen()).not.toContain('acquired the lock');
			return app;
		};

		test('at the : line runs one command per line; the part after the last line break stays on the line', async () => {
			const app = await backToTheStart();
			await app.press(':', screen => /^:/m.test(screen));
			const ran = await app.press(paste('acquire A\rwrite A late\rtick'), screen => screen.includes('"late" accepted'));
			expect(ran).toContain('A acquired the lock with token 1');
			expect(ran).toMatch(/^: ?tick/m);
			expect(await app.press('\r', screen => screen.includes('t=1 '))).not.toMatch(/^: ?tick/m);
		});

		test('a line that is not a command stops the paste there, with its error', async () => {
			const app = await backToTheStart();
			await app.press(':', screen => /^:/m.test(screen));
			const stopped = await app.press(paste('acquire A\raquire B\rwrite A\r'), screen => screen.includes('aquire B'));
			expect(stopped).toContain('A acquired the lock with token 1');
			expect(stopped).toContain("unknown command 'aquire'");
			expect(stopped).not.toContain("A's write");
			await app.press(keys.escape, screen => !/^:/m.test(screen));
		});

		test('outside the : line it is not taken for keys', async () => {
			const app = await backToTheStart();
			// Space would step, q would quit, a would acquire; a key typed after the paste still acts.
			app.write(paste(' q a'));
			const after = await app.press(' ', screen => screen.includes('step 2 of 7'));
			expect(after).not.toContain('OFF SCRIPT');
		});
	});

	test('the Enter that picks a scenario opens it on its first screen; Ctrl-C cancels a command line; the terminal going away ends it as a hangup does, with no crash report', async () => {
		const {app, hangup} = await dashboardAt(1);
		// The picker has no key bar to wait for: wait for the highlighted line to move.
		const highlighted = () =>
			app
				.screen()
				.split('\n')
				.find(line => line.includes('▸ '));
		app.write('o');
		// With changes by hand within reach of ← (an earlier test's, on this shared dashboard), o asks first.
		const asked = () => app.screen().includes('drops the changes by hand');
		await until(() => asked() || app.screen().includes('Open a scenario'), app.screen);
		if (asked()) app.write('y');
		await until(() => highlighted()?.includes('gc-pause ') === true, app.screen);
		// The default scenario's group, in name order after it.
		for (const name of ['check-then-pause', 'check-unfenced', 'crash ']) {
			app.write('\u001B[B');
			await until(() => highlighted()?.includes(name) === true, app.screen);
		}
		const crash = await app.press('\r', screen => screen.includes('Crash: the lease'));
		expect(crash).toContain('Story · start');
		// Keys that arrive together (a held arrow key, a clicker) each move it, and an Enter right after
		// them opens the line they reach: one write, the moment the picker is drawn.
		app.write('o');
		await until(() => highlighted()?.includes('crash ') === true, app.screen);
		const together = await app.press(`${'\u001B[A'.repeat(3)}\u001B[B\r`, screen => screen.includes('Check, then pause'));
		expect(together).toContain('Story · start');
		// Nor has the command line.
		app.write(':');
		await until(() => app.screen().includes(':_'), app.screen);
		app.write('tick 3');
		await until(() => app.screen().includes(':tick 3_'), app.screen);
		const cancelled = await app.press('\u0003', screen => !screen.includes(':tick 3'));
		expect(cancelled).toContain('Story · start');
		expect(cancelled.split('\n')[0]).toMatch(/t=0 *$/);
		// Coloured by default.
		expect(app.output()).toMatch(colour);
		// Ctrl-C at the top quits (the --no-keys dashboard below ends so); this one loses its terminal.
		const program = app.pid();
		app.close();
		expect(await hangup.ended(program)).toMatchObject({status: '129', crashReports: [], running: false});
	});
});

test('a five-node world (redlock-clock-jump): forward and back as print draws it, by hand, and resized; NO_COLOR: no colour, bold and inverse kept; SIGHUP ends it with the terminal restored', async () => {
	const page = printedPages('redlock-clock-jump');
	// In a shell that records the terminal settings before and after it: SIGHUP is one of the exit
	// paths of test/process/exit-paths.test.ts.
	const shell = recordingShell();
	const app = open(['redlock-clock-jump'], 80, 24, {FORCE_COLOR: undefined, NO_COLOR: '1'}, shell.shell);
	expect(dashboardRowsOf(await app.press('', screen => screen.includes('step 1 of 5')))).toEqual(page(1));
	for (let step = 2; step <= 5; step += 1)
		expect(dashboardRowsOf(await app.press(keys.space, screen => screen.includes(`step ${step} of 5`)))).toEqual(page(step));
	expect(dashboardRowsOf(await app.press(keys.left, screen => screen.includes('step 4 of 5')))).toEqual(page(4));
	expect(app.screen()).toMatch(/majority A 2 of 5 {2}B 3 of 5 ✓/);

	// By hand: the next node (L2) jumps, so A's key there expires; then A is cut from every node.
	await app.press('n', screen => screen.includes('step 4 of 5'));
	expect(await app.press('J', screen => screen.includes("A's key on L2 expired"))).toMatch(/clocks +L2 \+10 {2}L3 \+10/);
	expect(await app.press('x', screen => screen.includes('A is cut off from L1, L2, L3, L4 and L5'))).toMatch(/1 A .*cut from lock/);

	const wide = await app.resize(120, 40, screen => /^ L5 +up/m.test(screen));
	expect(wide).toMatch(/^▸L2 +up +clock \+10 +· /m);
	expect(wide).toMatch(/^ L3 +\[A─+≈\+10/m);
	await app.resize(80, 24, screen => screen.includes('OFF SCRIPT') && !/^ L5 +up/m.test(screen));
	process.kill(app.pid(), 'SIGHUP');
	await app.exited;
	child = null;
	const finished = shell.finished();
	expect(finished.status).toBe('129');
	expectTerminalRestored(app.output(), finished);
	expect(app.output()).toMatch(emphasis);
	expect(app.output()).not.toMatch(colour);
});

test('--no-keys: no key bar, its row goes to the story; the command line still shows while typed; Ctrl-C quits as cleanly as q: the terminal as the shell had it, back in cooked mode with echo; --no-color: no colour, bold and inverse kept', async () => {
	// Ctrl-C is one of the exit paths of test/process/exit-paths.test.ts.
	const shell = recordingShell('; echo "settings after:"; stty -a');
	const app = open(['--lang', 'ja', '--no-color', '--no-keys'], 80, 24, {FORCE_COLOR: undefined, NO_COLOR: undefined}, shell.shell);
	// There is no key bar to wait for.
	const showing = (shows: (screen: string) => boolean) => settledScreen(app.screen, app.output, shows);
	const screen = await showing(text => text.includes('ステップ 1/7'));
	expect(screen).not.toMatch(/q (quit|終了)/);
	expect(screen.split('\n')[23]).toBe('');
	child!.write(':');
	await showing(text => text.includes(':_'));
	child!.write(keys.escape);
	await showing(text => !text.includes(':_'));
	child!.write('\u0003');
	await app.exited;
	child = null;
	const output = app.output();
	const finished = shell.finished();
	expect(finished.status).toBe('0');
	expectTerminalRestored(output, finished);
	const settings = output.slice(output.indexOf('settings after:'));
	expect(settings).toMatch(/(^|\s)icanon(\s|$)/m);
	expect(settings).toMatch(/(^|\s)echo(\s|$)/m);
	expect(output).toMatch(emphasis);
	expect(output).not.toMatch(colour);
});

test('without a terminal it points at trace, print and record, exit 2', async () => {
	const result = await callCli([]);
	expect(result.status).toBe(2);
	expect(result.stderr).toMatch(/needs a terminal.*trace.*print.*record/);
	expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
});

test('TERM=dumb: the dashboard says it needs a capable terminal and points at print, exit 2', async () => {
	// What it prints, in this process: a terminal's streams, but TERM=dumb.
	let written = '';
	const terminal = () => {
		const stream = Object.assign(new PassThrough(), {isTTY: true, columns: 80, rows: 24});
		stream.on('data', data => (written += data));
		return stream as unknown as NodeJS.ReadStream & NodeJS.WriteStream;
	};
	const status = await run([], {stdin: terminal(), stdout: terminal(), stderr: terminal(), env: {...dashboardEnv(), TERM: 'dumb'}});
	expect(status).toBe(2);
	expect(written).toMatch(/needs a terminal that can move the cursor.*TERM=dumb.*dlock-tui print/);
	// Nothing was drawn: no cursor movement, no synchronized output, no colour.
	expect(written).not.toMatch(/\u001B\[(\?2026|\?25l|[0-9;]*m)/);
});

test('a bad flag value is named', async () => {
	const result = await callCli(['--theme', 'neon']);
	expect(result.status).toBe(2);
	expect(result.stderr).toContain("--theme: expected one of dark, light, contrast, got 'neon'");
});
