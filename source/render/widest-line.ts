// A stand-in for the widest-line package inside Ink, put in place by the build: Ink measures every
// text on every frame, and measuring a styled line costs tens of microseconds. A line's width never
// changes, so each line is measured once, without its colour and style codes, by the same measure
// as the dashboard's own text.

import {remembered, widthOf} from '../text/width.js';

const sgr = /\u001B\[[\d;]*m/g;
const lineWidth = remembered(line => widthOf(line.includes('\u001B') ? line.replace(sgr, '') : line));

export default function widestLine(text: string): number {
	let widest = 0;
	for (const line of text.split('\n')) widest = Math.max(widest, lineWidth(line));
	return widest;
}
