// The terminal went away (its window closed, the connection dropped). Nobody is left to read a
// message, and Node cannot restore the settings of a terminal that is gone: its exit path aborts
// trying. So the program ends the way a hangup ends it, by SIGHUP, which skips that path.

import {Worker} from 'node:worker_threads';

export function endForHangup(): void {
	process.removeAllListeners('SIGHUP');
	process.kill(process.pid, 'SIGHUP');
}

/** EIO: the terminal is gone. */
export const isHangup = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'EIO';

/** How long a program may outlive its terminal before the watchdog ends it. */
const graceMs = 2000;

/**
 * The terminal's going away is noticed on the event loop (a read that ends, a write that fails,
 * SIGHUP), so a program busy in one long step (a scenario that ticks a million times) would keep
 * running with nobody to see it. A worker thread, which runs while the main thread is busy, looks
 * at the terminal twice a second; once it has been gone for two seconds the process is still
 * stuck, and the worker kills it. SIGKILL, because a signal the program listens for would wait
 * for the busy thread; nobody is left to see how it ended. Returns how to stop watching.
 */
export function endWhenTerminalGoes(fd: number): () => void {
	const watchdog = new Worker(
		`const {isatty} = require('node:tty');
		let goneSince = null;
		setInterval(() => {
			if (isatty(${fd})) goneSince = null;
			else if (goneSince === null) goneSince = Date.now();
			else if (Date.now() - goneSince >= ${graceMs}) process.kill(process.pid, 'SIGKILL');
		}, 500);`,
		{eval: true},
	);
	// It never keeps the program alive; the program ending ends it.
	watchdog.unref();
	return () => void watchdog.terminate();
}
