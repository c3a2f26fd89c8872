// What the dashboard needs of the streams it runs on: a terminal to read keys from, that can move
// the cursor. The dashboard checks it before it starts, and `explore --open` before it searches.

import type {CommandLineIo} from './command-line-io.js';

export type TerminalProblem = 'no-terminal' | 'dumb';

export function dashboardTerminalProblem(io: CommandLineIo): TerminalProblem | null {
	if (!io.stdin.isTTY || !io.stdout.isTTY) return 'no-terminal';
	if (io.env.TERM === 'dumb') return 'dumb';
	return null;
}
