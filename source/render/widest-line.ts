// A stand-in for the widest-line package inside Ink, put in place by the build: Ink measures every
// line of text on every frame, and measuring a styled line costs tens of microseconds. A line's
// width never changes, so each is measured once.

import stringWidth from 'string-width';

const widths = new Map<string, number>();
/** Enough for every row of several screens; past it the cache starts again rather than grow. */
const limit = 10_000;

export default function widestLine(text: string): number {
	let width = widths.get(text);
	if (width === undefined) {
		width = 0;
		for (const line of text.split('\n')) width = Math.max(width, stringWidth(line));
		if (widths.size >= limit) widths.clear();
		widths.set(text, width);
	}
	return width;
}
