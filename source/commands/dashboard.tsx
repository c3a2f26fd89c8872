// `dlock-tui [scenario]`: the interactive dashboard. It needs a terminal to read keys from; without
// one it says which commands work headless.

import chalk from 'chalk';
import {render} from 'ink';
import {saveSession} from '../export/save.js';
import {loadScenario} from '../scenario/files.js';
import type {Session} from '../session/session.js';
import {App} from '../ui/App.js';
import {CrashBoundary} from '../ui/CrashBoundary.js';
import {makeLook} from '../ui/look.js';
import {onCrashTeardown} from './crash.js';
import {endForHangup} from './hangup.js';
import {UsageError} from './errors.js';
import {lookOptions, secondsOption} from './options.js';
import type {CommandLineIo} from './run.js';

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
	if (!io.stdin.isTTY || !io.stdout.isTTY) {
		throw new UsageError('the dashboard needs a terminal to read keys from; without one use `dlock-tui trace`, `dlock-tui print` or `dlock-tui record`');
	}
	// chalk reads --no-color from process.argv itself and then writes no escape code at all, bold and
	// inverse included; the look has taken the colours away already, and its emphasis must stay, as with NO_COLOR.
	if (flags.color === false && chalk.level === 0) chalk.level = 1;
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
		</CrashBoundary>,
		{
			stdin: io.stdin,
			stdout: io.stdout,
			stderr: io.stderr,
			exitOnCtrlC: false,
			// Only the rows that changed are written (Ink's incremental writer, patched to put them in the right row: patches/).
			incrementalRendering: true,
			patchConsole: false,
		},
	);
	// A crash anywhere else (a timer, a stream) gives the terminal back before it is reported.
	const forgetTeardown = onCrashTeardown(() => app.unmount());
	// The terminal went away and no SIGHUP came: end instead of running for nobody.
	const terminalGone = () => endForHangup();
	io.stdin.once('end', terminalGone);
	try {
		await app.waitUntilExit();
	} finally {
		forgetTeardown();
		io.stdin.off('end', terminalGone);
	}
	if (crash) throw (crash as {readonly error: unknown}).error;
}
