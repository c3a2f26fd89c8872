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

const knownWidths = new Map<string, number>();
const maxKnownWidths = 10_000;

/** Whether each code point of `text` is a character of its own on screen. */
const isSimple = (text: string): boolean => !joining.test(text);

export function widthOf(text: string): number {
	if (printableAscii.test(text)) return text.length;
	// Narration, rules and glyphs repeat from frame to frame.
	let width = knownWidths.get(text);
	if (width === undefined) {
		width = isSimple(text) ? simpleWidth(text) : stringWidth(text);
		if (knownWidths.size >= maxKnownWidths) knownWidths.clear();
		knownWidths.set(text, width);
	}
	return width;
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
