// `dlock-tui [scenario]`: the interactive dashboard. It needs a terminal to read keys from; without
// one it says which commands work headless. Ink draws the frames and owns raw mode; what a terminal
// program owes its terminal besides (bracketed paste, stopping on Ctrl-Z) is done here.

import chalk from 'chalk';
import {render, useInput, useStdout} from 'ink';
import {useEffect, useLayoutEffect} from 'react';
import {saveSession} from '../export/save.js';
import {loadScenario} from '../scenario/files.js';
import type {Session} from '../session/session.js';
import {App} from '../ui/App.js';
import {CrashBoundary} from '../ui/CrashBoundary.js';
import {makeLook} from '../ui/look.js';
import {onCrashTeardown} from './crash.js';
import {inkOptions} from './ink-options.js';
import {endForHangup, endWhenTerminalGoes} from './hangup.js';
import {UsageError} from './errors.js';
import {lookOptions, secondsOption} from './options.js';
import {dashboardTerminalProblem} from './terminal.js';
import type {CommandLineIo} from './command-line-io.js';

export interface DashboardFlags {
	readonly lang?: string;
	readonly theme?: string;
	readonly ascii?: boolean;
	readonly color?: boolean;
	readonly autoplay?: string;
	/** --no-keys: no key bar. */
	readonly keyBar?: boolean;
}

/** NO_COLOR (https://no-color.org) counts when set to anything but the empty string. */
const colorAllowed = (flag: boolean | undefined, env: NodeJS.ProcessEnv): boolean => flag !== false && !env.NO_COLOR;

export async function runDashboard(argument: string, flags: DashboardFlags, io: CommandLineIo): Promise<void> {
	const look = makeLook({...lookOptions(flags), color: colorAllowed(flags.color, io.env)});
	const autoplay = flags.autoplay === undefined ? null : secondsOption('--autoplay', flags.autoplay, 0, {min: 0.1, max: 3600});
	const scenario = loadScenario(argument);
	const terminalProblem = dashboardTerminalProblem(io);
	if (terminalProblem === 'no-terminal') {
		throw new UsageError('the dashboard needs a terminal to read keys from; without one use `dlock-tui trace`, `dlock-tui print` or `dlock-tui record`');
	}
	if (terminalProblem === 'dumb') {
		throw new UsageError('the dashboard needs a terminal that can move the cursor, and TERM=dumb cannot; `dlock-tui print` shows every step as plain text');
	}
	// chalk reads --no-color from process.argv itself and then writes no escape code at all, bold and
	// inverse included; the look has taken the colours away already, and its emphasis must stay, as with NO_COLOR.
	if (flags.color === false && chalk.level === 0) chalk.level = 1;
	const jobs = new JobControl(io);
	// The save key writes in the directory the dashboard was started from.
	const save = (session: Session) => saveSession(session, process.cwd());
	let crash: {readonly error: unknown} | null = null;
	const app = render(
		<CrashBoundary
			onCrash={error => {
				crash = {error};
				// Unmounting from inside React's commit would cut it short: let it finish first.
				setImmediate(() => app.unmount());
			}}
		>
			<App scenario={scenario} look={look} autoplay={autoplay} save={save} keyBar={flags.keyBar ?? true} />
			<TerminalModes jobs={jobs} />
		</CrashBoundary>,
		inkOptions(io),
	);
	// A crash anywhere else (a timer, a stream) gives the terminal back before it is reported.
	const forgetTeardown = onCrashTeardown(() => app.unmount());
	// The terminal went away and no SIGHUP came: end instead of running for nobody.
	const terminalGone = () => endForHangup();
	io.stdin.once('end', terminalGone);
	// Started after the first frame is drawn, which it would only slow down.
	const stopWatching = endWhenTerminalGoes((io.stdin as NodeJS.ReadStream & {fd: number}).fd);
	process.on('SIGTSTP', jobs.suspend);
	process.on('SIGCONT', jobs.resume);
	try {
		await app.waitUntilExit();
	} finally {
		forgetTeardown();
		io.stdin.off('end', terminalGone);
		stopWatching();
		process.off('SIGTSTP', jobs.suspend);
		process.off('SIGCONT', jobs.resume);
	}
	if (crash) throw (crash as {readonly error: unknown}).error;
}

const showCursor = '\u001B[?25h';
const hideCursor = '\u001B[?25l';
/** A paste arrives between two markers, so the app can tell it from typed keys (appState.ts). */
const bracketedPasteOn = '\u001B[?2004h';
const bracketedPasteOff = '\u001B[?2004l';
const clearScreen = '\u001B[2J\u001B[H';

/**
 * Stopping as terminal programs do, on Ctrl-Z (raw mode delivers it as a key, not a signal) or
 * SIGTSTP: the terminal is given back (cursor shown, raw mode and bracketed paste off) before the
 * process stops itself; on SIGCONT raw mode comes back and the screen is drawn again in full, since
 * the shell wrote over it meanwhile.
 */
class JobControl {
	private readonly continued = new Set<() => void>();

	constructor(private readonly io: CommandLineIo) {}

	readonly suspend = (): void => {
		this.io.stdout.write(showCursor + bracketedPasteOff);
		this.io.stdin.setRawMode(false);
		process.kill(process.pid, 'SIGSTOP');
	};

	readonly resume = (): void => {
		this.io.stdin.setRawMode(true);
		for (const listener of this.continued) listener();
	};

	onContinue(listener: () => void): () => void {
		this.continued.add(listener);
		return () => this.continued.delete(listener);
	}
}

/** Draws nothing: turns bracketed paste on while the dashboard is shown, and does the job control. */
function TerminalModes({jobs}: {readonly jobs: JobControl}) {
	const {stdout, write} = useStdout();
	// A layout effect's cleanup runs inside the unmount itself, so every way out turns paste off:
	// q, Ctrl-C, a crash, and the signals after which Ink unmounts before the process ends.
	useLayoutEffect(() => {
		stdout.write(bracketedPasteOn);
		return () => {
			stdout.write(bracketedPasteOff);
		};
	}, [stdout]);
	// Ink's write clears its frame, writes this, and draws the last frame again: with the screen cleared first, in full.
	useEffect(() => jobs.onContinue(() => write(hideCursor + bracketedPasteOn + clearScreen)), [jobs, write]);
	useInput((input, key) => {
		if (key.ctrl && input === 'z') jobs.suspend();
	});
	return null;
}
