// What the process-level tests of `dlock-tui live` share: a run with its own TMPDIR, the processes
// whose command line names that directory (its servers, their guards, its clients), and the
// dashboard in a pty. Every process a run starts names its directory, so a test can check that
// none outlives the run.

import {spawn} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import {screenText, writeInto} from '../export/terminal.js';
import {cliPath} from '../run-cli.js';
import {dashboardEnv, statFields} from './pty.js';

export interface LiveRun {
	readonly status: Promise<number | null>;
	readonly output: () => string;
	/** Every process seen so far whose command line names the run's directory. */
	readonly pids: Set<number>;
	readonly kill: (signal?: NodeJS.Signals) => void;
}

/**
 * The processes whose command line names a watched directory (a run's etcd, its guards and its
 * clients), each set filled by one scan of /proc every 250 ms for all the runs at once: each of
 * them lives for a second at least.
 */
const watchers = new Set<{readonly directory: string; readonly pids: Set<number>}>();
let scanning: NodeJS.Timeout | undefined;
export function scanProcesses(): void {
	for (const {pid, commandLine} of commandLines()) for (const {directory, pids} of watchers) if (commandLine.includes(directory)) pids.add(pid);
}

/** Every process's pid and command line, from /proc. */
function* commandLines(): Generator<{readonly pid: number; readonly commandLine: string}> {
	for (const name of readdirSync('/proc').filter(entry => /^\d+$/.test(entry))) {
		try {
			yield {pid: Number(name), commandLine: readFileSync(`/proc/${name}/cmdline`, 'utf8')};
		} catch {
			// Ended while being read.
		}
	}
}

/** The processes running now whose command line names `directory`. */
export function processesNaming(directory: string): number[] {
	return [...commandLines()].filter(({pid, commandLine}) => commandLine.includes(directory) && isRunning(pid)).map(({pid}) => pid);
}

/** Starts filling a set with the processes of `directory`; `stop` ends that. */
export function watchProcesses(directory: string): {readonly pids: Set<number>; readonly stop: () => void} {
	const watcher = {directory, pids: new Set<number>()};
	watchers.add(watcher);
	scanning ??= setInterval(scanProcesses, 250);
	return {
		pids: watcher.pids,
		stop: () => {
			watchers.delete(watcher);
			if (watchers.size === 0) {
				clearInterval(scanning);
				scanning = undefined;
			}
		},
	};
}

/** Whether a process runs; one that has ended but is not reaped yet (a zombie: its parent died, and init reaps it in its own time) does not. */
export function isRunning(pid: number): boolean {
	try {
		return statFields(pid)[0] !== 'Z';
	} catch {
		return false;
	}
}

/** `dlock-tui live ...args` with `tmp` as TMPDIR (or `env`'s TMPDIR, for one that is not a directory). */
export function startLive(args: readonly string[], tmp: string, env: NodeJS.ProcessEnv = {}): LiveRun {
	const child = spawn(process.execPath, [cliPath, 'live', ...args], {
		env: {...process.env, TMPDIR: tmp, NO_COLOR: '1', ...env},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout.on('data', chunk => {
		output += chunk;
	});
	child.stderr.on('data', chunk => {
		output += chunk;
	});
	const {pids, stop} = watchProcesses(tmp);
	const status = new Promise<number | null>(resolve =>
		child.once('exit', code => {
			stop();
			resolve(code);
		}),
	);
	return {status, output: () => output, pids, kill: (signal = 'SIGKILL') => child.kill(signal)};
}

/** The run's status, or a failure once `ms` have gone by: no run is waited for without end. */
export function endsWithin(run: LiveRun, ms: number): Promise<number | null> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`the run did not end in ${ms} ms; it said:\n${run.output()}`)), ms);
	});
	return Promise.race([run.status, late]).finally(() => clearTimeout(timer));
}

/** The run directories left in `tmp`. */
export const runDirectories = (tmp: string) => readdirSync(tmp).filter(name => name.startsWith('dlock-tui-live-'));

export interface LiveDashboard {
	readonly child: pty.IPty;
	readonly screen: () => string;
	/** Everything drawn so far. */
	readonly drawn: () => string;
	readonly exited: Promise<number>;
	/** Every process seen so far whose command line names the run's directory. */
	readonly pids: Set<number>;
}

/** `dlock-tui live ...args` on its dashboard, in a pty of `cols` x `rows` (100x32 unless told), with its own TMPDIR. */
export function openLiveDashboard(args: readonly string[], tmp: string, {cols, rows} = {cols: 100, rows: 32}): LiveDashboard {
	const terminal = new xterm.Terminal({cols, rows, allowProposedApi: true});
	let drawn = '';
	const child = pty.spawn(process.execPath, [cliPath, 'live', ...args], {cols, rows, env: dashboardEnv({TMPDIR: tmp})});
	child.onData(data => {
		drawn += data;
		writeInto(terminal, data);
	});
	const {pids, stop} = watchProcesses(tmp);
	const exited = new Promise<number>(resolve =>
		child.onExit(({exitCode}) => {
			stop();
			resolve(exitCode);
		}),
	);
	return {child, screen: () => screenText(terminal).join('\n'), drawn: () => drawn, exited, pids};
}

/** Ends whatever of the run is still running, so that a failing test leaves nothing behind either. */
export function killLeft(run: {readonly pids: Set<number>}): void {
	for (const pid of [...run.pids].filter(isRunning)) {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			// Gone meanwhile.
		}
	}
}
