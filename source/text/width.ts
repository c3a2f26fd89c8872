// How many terminal columns text takes (CJK characters take two), and its characters as the
// terminal draws them. Width is string-width's, the measure Ink lays out and wraps text by, so a
// row fitted to the terminal here is never wrapped by Ink. string-width is patched
// (patches/string-width+8.3.0.patch) to measure text in which no character can join another one
// code point at a time, without its emoji pattern, whose first use costs ~25 ms of start-up.

import stringWidth from 'string-width';

const printableAscii = /^[\x20-\x7E]*$/;

/** `compute` remembering its answers, up to `limit` of them: past that it starts again rather than grow. */
export function remembered<T>(compute: (text: string) => T, limit = 10_000): (text: string) => T {
	const known = new Map<string, T>();
	return text => {
		let value = known.get(text);
		if (value === undefined) {
			value = compute(text);
			if (known.size >= limit) known.clear();
			known.set(text, value);
		}
		return value;
	};
}

// Narration, rules and glyphs repeat from frame to frame.
const measured = remembered(text => stringWidth(text));

export function widthOf(text: string): number {
	return printableAscii.test(text) ? text.length : measured(text);
}

let graphemes: Intl.Segmenter | undefined;

/** The characters of `text` as the terminal draws them (grapheme clusters): the timeline's marks repeat from frame to frame. */
export const charactersOf: (text: string) => readonly string[] = remembered(text => {
	if (printableAscii.test(text)) return Array.from(text);
	graphemes ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'});
	return Array.from(graphemes.segment(text), ({segment}) => segment);
});
