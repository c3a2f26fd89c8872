// The terminal side of `dlock-tui live`: draws the live dashboard with Ink and redraws it after
// each step; q (or Ctrl-C, which raw mode delivers as a key) asks the run to end.

import {render} from 'ink';
import type {Scenario} from '../scenario/parse.js';
import {type Session, startSession} from '../session/session.js';
import {LiveApp, type LiveAppProps} from '../ui/LiveApp.js';
import {makeLook} from '../ui/look.js';
import type {CommandLineIo} from './command-line-io.js';
import {onCrashTeardown} from './crash.js';
import {inkOptions} from './ink-options.js';
import {lookOptions} from './options.js';

export interface LiveDashboardFlags {
	readonly lang?: string;
	readonly theme?: string;
	readonly ascii?: boolean;
	readonly color?: boolean;
}

export interface LiveDashboard {
	readonly session: Session;
	show(session: Session, status: string, servers?: LiveAppProps['servers']): void;
	/** Resolves when q is pressed. */
	readonly quit: Promise<void>;
	close(): void;
}

export function showLiveDashboard(scenario: Scenario, flags: LiveDashboardFlags, io: CommandLineIo): LiveDashboard {
	const look = makeLook({...lookOptions(flags), color: flags.color !== false && !io.env.NO_COLOR});
	let pressedQuit: () => void = () => undefined;
	const quit = new Promise<void>(resolve => {
		pressedQuit = resolve;
	});
	const session = startSession(scenario);
	const element = (shown: Session, status: string, servers: LiveAppProps['servers']) => (
		<LiveApp session={shown} look={look} status={status} servers={servers} onQuit={pressedQuit} />
	);
	// What the servers said last stays on screen while only the status row changes.
	let lastServers: LiveAppProps['servers'] = null;
	const app = render(element(session, 'starting servers…', null), inkOptions(io));
	const forgetTeardown = onCrashTeardown(() => app.unmount());
	return {
		session,
		show(shown, status, servers) {
			if (servers !== undefined) lastServers = servers;
			app.rerender(element(shown, status, lastServers));
		},
		quit,
		close() {
			forgetTeardown();
			app.unmount();
		},
	};
}
