// A stand-in for Ink's measure-text, put in place by the build. Ink's keeps the size of every text
// it was ever asked about, for as long as the program runs: a new entry for every frame of a
// dashboard left on autoplay. This one remembers lines, in widest-line, and forgets them in time.

import widestLine from './widest-line.js';

export default function measureText(text: string): {width: number; height: number} {
	if (text.length === 0) return {width: 0, height: 0};
	let height = 1;
	for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) height += 1;
	return {width: widestLine(text), height};
}
