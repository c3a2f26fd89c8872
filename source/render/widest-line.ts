// A stand-in for the widest-line package inside Ink, put in place by the build: Ink measures every
// line of text on every frame, and measuring a styled line costs tens of microseconds. A line's
// width never changes, so each is measured once, without its colour and style codes, by the same
// measure as the dashboard's own text.

import {widthOf} from './width.js';

const widths = new Map<string, number>();
/** Enough for every row of several screens; past it the cache starts again rather than grow. */
const limit = 10_000;
const sgr = /\u001B\[[\d;]*m/g;

export default function widestLine(text: string): number {
	let width = widths.get(text);
	if (width === undefined) {
		width = 0;
		for (const line of text.split('\n')) width = Math.max(width, widthOf(line.includes('\u001B') ? line.replace(sgr, '') : line));
		if (widths.size >= limit) widths.clear();
		widths.set(text, width);
	}
	return width;
}
