// A stand-in for Ink's log-update, the part that writes each frame over the last; the build puts
// it in place of Ink's own (scripts/build.mjs). Ink 6.8's incremental writer, which rewrites only
// the rows that changed, draws every frame that ends in a newline one row too low: after such a
// frame the cursor waits on the row below it, and the next frame climbs one row too few. Ink ends
// every frame shorter than the terminal with a newline, so the stand-in hands the incremental
// writer each frame of two rows or more without it (the cursor then waits on the frame's last
// row, a case it gets right) and puts the newline back when the program is done, so the shell
// goes on below. A one-row frame keeps its newline: to climb zero rows the writer sends "up 0",
// which terminals read as "up 1", right only when the cursor is below the frame.

import type {Writable} from 'node:stream';

interface CursorPosition {
	readonly x: number;
	readonly y: number;
}

/** What Ink calls on its log-update. */
export interface LogUpdate {
	(text: string): boolean;
	clear(): void;
	done(): void;
	sync(text: string): void;
	setCursorPosition(position: CursorPosition | undefined): void;
	isCursorDirty(): boolean;
	willRender(text: string): boolean;
}

export interface LogUpdateModule {
	create(stream: Writable, options?: {showCursor?: boolean; incremental?: boolean}): LogUpdate;
}

/** The frame as the incremental writer puts it in the right place: without its final newline, unless it is one row. */
function inPlace(text: string): string {
	if (!text.endsWith('\n') || text.indexOf('\n') === text.length - 1) return text;
	const rows = text.slice(0, -1);
	// A blank last row would end the frame in a newline again; a space draws the same.
	return rows.endsWith('\n') ? `${rows} ` : rows;
}

/** Ink's log-update, with its incremental writer given frames it draws in the right place. */
export function withFramesInPlace(original: LogUpdateModule): LogUpdateModule {
	return {
		create(stream, options = {}) {
			const inner = original.create(stream, options);
			if (!options.incremental) return inner;
			// Ink asks willRender, then renders, with the same frame: it is worked out once.
			let lastText: string | undefined;
			let lastFrame = '';
			const framed = (text: string) => {
				if (text !== lastText) {
					lastText = text;
					lastFrame = inPlace(text);
				}
				return lastFrame;
			};
			/** Whether the frame on screen ended in a newline that was held back. */
			let owesNewline = false;
			const render = ((text: string) => {
				const frame = framed(text);
				const drawn = inner(frame);
				if (drawn) owesNewline = frame !== text;
				return drawn;
			}) as LogUpdate;
			render.clear = () => {
				inner.clear();
				owesNewline = false;
			};
			render.done = () => {
				// Off the last row, as Ink leaves the cursor after a frame: what follows starts below it.
				if (owesNewline) stream.write('\n');
				owesNewline = false;
				inner.done();
			};
			render.sync = text => {
				const frame = framed(text);
				inner.sync(frame);
				owesNewline = frame !== text;
			};
			render.setCursorPosition = position => inner.setCursorPosition(position);
			render.isCursorDirty = () => inner.isCursorDirty();
			render.willRender = text => inner.willRender(framed(text));
			return render;
		},
	};
}
