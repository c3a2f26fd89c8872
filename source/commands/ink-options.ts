// How every dashboard, simulated or live, hands the terminal to Ink.

import type {RenderOptions} from 'ink';

export function inkOptions(io: {stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream}): RenderOptions {
	return {
		stdin: io.stdin,
		stdout: io.stdout,
		stderr: io.stderr,
		// Ctrl-C is a key the app handles, so that the terminal is given back in order.
		exitOnCtrlC: false,
		// Only the rows that changed are written (Ink's incremental writer, patched to put them in the right row: patches/).
		incrementalRendering: true,
		patchConsole: false,
	};
}
