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

/**
 * How often the terminal is looked at, and how long the main thread has to answer once it is gone
 * (an idle one answers at once): together well inside the half second the docs promise.
 */
const lookMs = 50;
const answerMs = 200;

/**
 * The terminal's going away is noticed on the event loop (a read that ends, a write that fails,
 * SIGHUP), so a program busy in one long step (a scenario that ticks a million times) would keep
 * running with nobody to see it. A worker thread, which runs while the main thread is busy, looks
 * at the terminal twenty times a second; once it is gone it tells the main thread, which ends as a
 * hangup when its event loop next turns. A main thread that has not done so a moment later is
 * stuck, and the worker kills the process: SIGKILL, because a signal the program listens for
 * would wait for the busy thread; nobody is left to see how it ended. Returns how to stop watching.
 */
export function endWhenTerminalGoes(fd: number): () => void {
	const watchdog = new Worker(
		`const {isatty} = require('node:tty');
		const {parentPort} = require('node:worker_threads');
		let goneSince = null;
		setInterval(() => {
			if (isatty(${fd})) goneSince = null;
			else if (goneSince === null) {
				goneSince = Date.now();
				parentPort.postMessage('gone');
			} else if (Date.now() - goneSince >= ${answerMs}) process.kill(process.pid, 'SIGKILL');
		}, ${lookMs});`,
		{eval: true},
	);
	watchdog.on('message', endForHangup);
	// It never keeps the program alive; the program ending ends it.
	watchdog.unref();
	return () => void watchdog.terminate();
}
