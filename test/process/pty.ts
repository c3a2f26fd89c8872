// What the tests that run the dashboard in a real pty share.

import {existsSync, mkdtempSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import pty from '@lydell/node-pty';
import {expect} from 'vitest';
import {printable} from '../../source/text/quote.js';

/** A pty's environment: a terminal type, and no CI (Ink would draw only the last frame). */
export function dashboardEnv(extra: NodeJS.ProcessEnv = {}): Record<string, string> {
	const env: NodeJS.ProcessEnv = {...process.env, TERM: 'xterm-256color', ...extra};
	delete env.CI;
	return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/**
 * How long a wait for the screen may take: well inside a test's timeout, so that a screen that
 * never comes fails with what was on it rather than with the timeout alone.
 */
const patienceMs = 20_000;

/** The failure of a wait: what it waited for, and the end of what there was, its control characters written out. */
function waitedTooLong(what: string, seen: string | undefined): Error {
	const shown = seen?.slice(-3000).split('\n').map(printable).join('\n');
	return new Error(`waited ${patienceMs / 1000} s for ${what}${shown === undefined ? '' : `; what there was:\n${shown}`}`);
}

/** Waits as a person would, until the condition holds; `seen` tells what was there if it never does. */
export async function until(condition: () => boolean, seen?: () => string): Promise<void> {
	const deadline = Date.now() + patienceMs;
	while (!condition()) {
		if (Date.now() > deadline) throw waitedTooLong(condition.toString(), seen?.());
		await wait(20);
	}
}

/**
 * The screen once `shows` holds for it and no output has come for a moment: only the rows that
 * change are written, so a frame's last row can be on screen before the rest of the frame.
 */
export async function settledScreen(screen: () => string, output: () => string, shows: (text: string) => boolean): Promise<string> {
	const deadline = Date.now() + patienceMs;
	for (let seen = -1; ; ) {
		const text = screen();
		if (shows(text) && output().length === seen) return text;
		if (Date.now() > deadline) throw waitedTooLong(shows.toString(), text);
		seen = output().length;
		await wait(20);
	}
}

/**
 * A process's fields in /proc/PID/stat after its command name, which may hold spaces and
 * parentheses: [0] its state, [1] its parent, [11] and [12] its user and system CPU ticks.
 */
export function statFields(pid: number | string): string[] {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The processes whose parent is `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
	return readdirSync('/proc')
		.filter(entry => /^\d+$/.test(entry))
		.filter(entry => {
			try {
				return statFields(entry)[1] === String(pid);
			} catch {
				return false;
			}
		})
		.map(Number);
}

export interface ShellRun {
	/** The program's process id. */
	readonly pid: number;
	readonly output: () => string;
	readonly press: (keys: string) => void;
	readonly signal: (name: NodeJS.Signals) => void;
	/** What the shell saw: the exit status and the terminal settings before and after. */
	readonly finished: Promise<{status: string; before: string; after: string}>;
	/** Ends the shell if it still runs. */
	readonly kill: () => void;
	/** Whether the shell still runs. */
	readonly running: () => boolean;
}

export interface ShellOptions {
	/** Where the files of the run go (the shell's records). */
	readonly runs: string;
	readonly cwd?: string;
	readonly cols?: number;
	/** Called with everything the terminal receives, as it comes. */
	readonly onData?: (data: string) => void;
}

/**
 * `node cli ...args` in a real pty, inside a shell that records `stty -g` before and after it and
 * its exit status; resolves once the first step is drawn.
 */
export async function openInShell(cli: string, args: readonly string[], options: ShellOptions): Promise<ShellRun> {
	const directory = mkdtempSync(path.join(options.runs, 'run-'));
	const file = (name: string) => path.join(directory, name);
	const script = `stty -g > '${file('before')}'; "$@"; echo $? > '${file('status')}'; stty -g > '${file('after')}'`;
	let output = '';
	const shell = pty.spawn('sh', ['-c', script, 'sh', process.execPath, cli, ...args], {
		name: 'xterm-256color',
		cols: options.cols ?? 80,
		rows: 24,
		cwd: options.cwd,
		env: dashboardEnv(),
	});
	let running = true;
	shell.onData(data => {
		output += data;
		options.onData?.(data);
	});
	const exited = new Promise<void>(resolve =>
		shell.onExit(() => {
			running = false;
			resolve();
		}),
	);
	await until(
		() => output.includes('step 1 of 7'),
		() => output,
	);
	const [node] = childrenOf(shell.pid);
	expect(node).toBeDefined();
	return {
		pid: node!,
		output: () => output,
		press: keys => shell.write(keys),
		signal: name => process.kill(node!, name),
		finished: exited.then(() => ({
			status: readFileSync(file('status'), 'utf8').trim(),
			before: readFileSync(file('before'), 'utf8').trim(),
			after: readFileSync(file('after'), 'utf8').trim(),
		})),
		kill: () => {
			if (running) shell.kill();
		},
		running: () => running,
	};
}

/** The terminal as the program found it: the same termios, the cursor shown, bracketed paste off, no synchronized update left open, no stack trace. */
export function expectTerminalRestored(output: string, finished: {before: string; after: string}): void {
	expect(finished.after).toBe(finished.before);
	expect(output.lastIndexOf('\u001B[?25h')).toBeGreaterThan(output.lastIndexOf('\u001B[?25l'));
	// Bracketed paste was on while the dashboard ran, and is off after it.
	expect(output).toContain('\u001B[?2004h');
	expect(output.lastIndexOf('\u001B[?2004l')).toBeGreaterThan(output.lastIndexOf('\u001B[?2004h'));
	const opened = output.split('\u001B[?2026h').length;
	const closed = output.split('\u001B[?2026l').length;
	expect(closed).toBe(opened);
	expect(output).not.toMatch(/^\s+at /m);
}

export interface HangupShell {
	/** The shell's own directory, also the program's TMPDIR: a crash report would go there. */
	readonly directory: string;
	/** The shell script that runs `program` (shell words), to be run in a pty with `directory` as TMPDIR. */
	readonly script: (program: string) => string;
	/** Called as the pty is closed: resolves once the program has ended, with how. */
	readonly ended: (program: number) => Promise<{msToEnd: number; status: string; crashReports: string[]; running: boolean}>;
}

/**
 * A shell for a program whose terminal goes away under it: the shell ignores SIGHUP and is the
 * session leader, so the program gets no signal when the pty closes; it learns that the terminal
 * is gone from reading and writing, as under nohup or a dropped connection. The shell records its
 * exit status.
 */
export function hangupShell(runs: string): HangupShell {
	const directory = mkdtempSync(path.join(runs, 'gone-'));
	const statusFile = path.join(directory, 'status');
	return {
		directory,
		script: program => `trap '' HUP; ${program}; echo $? > '${statusFile}'`,
		ended: async program => {
			const closed = Date.now();
			await until(() => existsSync(statusFile) && readFileSync(statusFile, 'utf8').endsWith('\n'));
			return {
				msToEnd: Date.now() - closed,
				status: readFileSync(statusFile, 'utf8').trim(),
				crashReports: readdirSync(directory).filter(name => name.startsWith('dlock-tui-crash')),
				// No orphan left running for nobody.
				running: existsSync(`/proc/${program}`),
			};
		},
	};
}
