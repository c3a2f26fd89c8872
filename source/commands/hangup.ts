// The terminal went away (its window closed, the connection dropped). Nobody is left to read a
// message, and Node cannot restore the settings of a terminal that is gone: its exit path aborts
// trying. So the program ends the way a hangup ends it, by SIGHUP, which skips that path.

export function endForHangup(): void {
	process.removeAllListeners('SIGHUP');
	process.kill(process.pid, 'SIGHUP');
}

/** EIO: the terminal is gone. */
export const isHangup = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'EIO';
