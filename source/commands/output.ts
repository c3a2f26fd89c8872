// What a command prints goes to stdout, which may close or fill under it: a reader that stops
// early (`| head`), a full disk (`> /dev/full`). That is the user's situation, not a bug: the
// writing stops, the command's own result still decides the exit status (run.ts), and anything
// but a reader that left is said in one line.

/** Thrown by `write` once stdout has failed: the command's whole result was its output, so it stops. */
export class OutputClosed extends Error {}

export interface Output {
	/** Writes to stdout; returns a promise when the reader is behind (wait for it, so nothing piles up in memory). */
	readonly write: (text: string) => Promise<void> | undefined;
	/** For `check`: its exit status counts even when nobody reads its lines, so once stdout has failed they are dropped. */
	readonly writeWhileOpen: (text: string) => void;
	/** Waits until everything written is written; resolves to the error that stopped stdout, or null. */
	readonly finish: () => Promise<NodeJS.ErrnoException | null>;
}

export function outputTo(stream: NodeJS.WritableStream): Output {
	let failure: NodeJS.ErrnoException | null = null;
	const remember = (error: NodeJS.ErrnoException) => {
		failure ??= error;
	};
	stream.on('error', remember);
	/** Resolves on the first of `events` (listened for before `start` runs), then stops listening. */
	const first = (events: readonly string[], start?: (done: () => void) => void) =>
		new Promise<void>(resolve => {
			const done = () => {
				for (const event of events) stream.off(event, done);
				resolve();
			};
			for (const event of events) stream.on(event, done);
			start?.(done);
		});
	// One promise for all the writes that wait: a listener each would make every drain cost as many calls.
	let drained: Promise<void> | undefined;
	const writeWhileOpen = (text: string) => {
		if (failure === null && !stream.write(text)) {
			// A failed stream never drains: the error wakes the waiting command too.
			drained ??= first(['drain', 'error']).then(() => {
				drained = undefined;
			});
		}
	};
	return {
		write: text => {
			if (failure) throw new OutputClosed();
			writeWhileOpen(text);
			return drained;
		},
		writeWhileOpen,
		finish: async () => {
			// An empty write is answered once every write before it is done, or failed.
			if (failure === null) await first(['error'], done => stream.write('', () => done()));
			stream.off('error', remember);
			return failure;
		},
	};
}
