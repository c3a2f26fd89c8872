// How many terminal columns text takes (CJK characters take two), and its characters as the
// terminal draws them. string-width answers every case, through Intl.Segmenter and an emoji
// regex whose first use costs ~20 ms of start-up; text in which no character can join its
// neighbour or turn into an emoji is measured one code point at a time instead, with the same
// answer.

import {eastAsianWidth} from 'get-east-asian-width';
import stringWidth from 'string-width';

const printableAscii = /^[\x20-\x7E]*$/;

/**
 * Code points that may join a neighbour into one character (marks, joiners, variation selectors,
 * skin tones, flags, Hangul jamo, halfwidth sound marks, a prepended Malayalam letter), that take
 * no width of their own, or that lie beyond the first plane: text with any of them goes to
 * string-width.
 */
const joining = /[\p{M}\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Grapheme_Extend}\p{Regional_Indicator}\p{Emoji_Modifier}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\uFF00-\uFFEF\u0D4E]|[^\u0000-\uFFFF]/u;
/** A character drawn as an emoji by default is two columns wide, whatever its East Asian width. */
const emoji = /\p{Emoji_Presentation}/u;

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

/** Whether each code point of `text` is a character of its own on screen. */
const isSimple = (text: string): boolean => !joining.test(text);

// Narration, rules and glyphs repeat from frame to frame.
const measured = remembered(text => (isSimple(text) ? simpleWidth(text) : stringWidth(text)));

export function widthOf(text: string): number {
	return printableAscii.test(text) ? text.length : measured(text);
}

function simpleWidth(text: string): number {
	let width = 0;
	for (const character of text) width += emoji.test(character) ? 2 : eastAsianWidth(character.codePointAt(0)!);
	return width;
}

let graphemes: Intl.Segmenter | undefined;

/** The characters of `text` as the terminal draws them (grapheme clusters). */
export function charactersOf(text: string): string[] {
	if (isSimple(text)) return Array.from(text);
	graphemes ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'});
	return Array.from(graphemes.segment(text), ({segment}) => segment);
}
