// Terminal text by display width (CJK characters take two columns): fitting a piece into a
// width without cutting a word, and wrapping prose, English by words and Japanese by phrases.
// Each reads only as much of its text as it can show: a scenario's narration may be megabytes
// long, and a frame must cost what the screen holds, not what the file holds. Each gives its
// text as terminals draw it alike (drawable.ts), so what it measured is what the terminal shows.

import {drawable} from './drawable.js';
import {widthOf} from './width.js';

export function pad(text: string, width: number): string {
	const shown = drawable(text);
	return shown + ' '.repeat(Math.max(0, width - widthOf(shown)));
}

const printableAscii = /^[\x20-\x7E]*$/;

/**
 * As much of `text` as `columns` columns can show: a character the terminal draws takes at most
 * this many UTF-16 code units (emoji sequences, accents), so a longer text is never read whole.
 */
const unitsPerColumn = 16;
const enoughFor = (text: string, columns: number): string => text.slice(0, (Math.max(0, columns) + 1) * unitsPerColumn);
/** How much of a text Intl.Segmenter is given at once. */
const chunkLength = 1024;

/**
 * The segments of `text`, read a chunk at a time: each step of V8's segment iterator costs time in
 * proportion to the whole string it was given, so a long text read in one go costs its length per
 * word. The last segment of a chunk may go on past it, so it is read again at the start of the next.
 */
function* segmentsOf(segmenter: Intl.Segmenter, text: string): Generator<Intl.SegmentData> {
	let start = 0;
	while (start < text.length) {
		const end = Math.min(text.length, start + chunkLength);
		let last: Intl.SegmentData | null = null;
		for (const segment of segmenter.segment(text.slice(start, end))) {
			if (last) yield last;
			last = segment;
		}
		if (last === null) return;
		// The end of the text, or a segment as long as the chunk (cut there): nothing to read again.
		if (end === text.length || last.index === 0) {
			yield last;
			start = end;
		} else start += last.index;
	}
}

const graphemes = new Intl.Segmenter(undefined, {granularity: 'grapheme'});

/** The characters of `text` as the terminal draws them (grapheme clusters), read one at a time. */
function* charactersFrom(text: string): Generator<string> {
	for (const {segment} of segmentsOf(graphemes, text)) yield segment;
}

/** The length (in UTF-16 units) of the longest start of `text` that fits in `width` columns, cut between characters. */
function fittingLength(text: string, width: number): number {
	if (width <= 0) return 0;
	// Every printable ASCII character is one column: no need to look past the width.
	if (printableAscii.test(text.slice(0, width))) {
		if (text.length <= width || printableAscii.test(text.charAt(width))) return Math.min(text.length, width);
	}
	const shown = enoughFor(text, width);
	let length = 0;
	let used = 0;
	for (const character of charactersFrom(shown)) {
		const w = widthOf(character);
		if (used + w > width) break;
		length += character.length;
		used += w;
	}
	return length;
}

/** The longest start of drawable `text` that fits in `width` columns, cut between characters. */
const cutDrawable = (text: string, width: number): string => text.slice(0, fittingLength(text, width));

/** The longest start of `text` that fits in `width` columns, cut between characters. */
export const cutToWidth = (text: string, width: number): string => cutDrawable(drawable(enoughFor(text, width)), width);

/** The longest end of `text` that fits in `width` columns (what a line scrolled to its end shows). */
export function tailToWidth(text: string, width: number): string {
	const characters = Array.from(charactersFrom(drawable(text.slice(-(Math.max(0, width) + 1) * unitsPerColumn))));
	let result = '';
	let used = 0;
	for (const character of characters.reverse()) {
		const w = widthOf(character);
		if (used + w > width) break;
		result = character + result;
		used += w;
	}
	return result;
}

/** Whether `text` fits in `width` columns, measured only as far as the width. */
const fits = (text: string, width: number): boolean => text.length <= width / 2 || fittingLength(text, width) === text.length;

/** A word's width, or Infinity when it is wider than `width` (a long word is never measured whole). */
const widthWithin = (text: string, width: number): number => (fits(text, width) ? widthOf(text) : Number.POSITIVE_INFINITY);

/**
 * `text` if it fits, else shortened at a word boundary with an ellipsis (between characters
 * only when a single word is wider than the space).
 */
export function fit(text: string, width: number, ellipsis = '…'): string {
	const read = enoughFor(text, width);
	const shown = drawable(read);
	if (read.length === text.length && fits(shown, width)) return shown;
	const room = width - widthOf(ellipsis);
	if (room <= 0) return cutDrawable(shown, width);
	let result = '';
	let used = 0;
	for (const token of tokensFrom(shown)) {
		used += widthWithin(token, room);
		if (used > room) break;
		result += token;
	}
	result = result.trimEnd();
	return (result === '' ? cutDrawable(shown, room) : result) + ellipsis;
}

const japaneseWords = new Intl.Segmenter('ja', {granularity: 'word'});

/** Japanese line breaking never starts a line with a small kana or a long-vowel mark. */
const smallKana = /^[ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮー]/u;
const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Printable ASCII other than a space, at the end or the start of a piece. */
const asciiEnd = /[\x21-\x7E]$/;
const asciiStart = /^[\x21-\x7E]/;
const katakanaEnd = /[\p{Script=Katakana}ー]$/u;
const katakanaStart = /^[\p{Script=Katakana}ー]/u;
/** How far into a text its script is judged: enough for any screen's worth of it. */
const scriptSample = 4096;

/**
 * Words with their punctuation attached (so a line never starts with "。" or ","), and spaces,
 * read lazily: a caller that stops early never segments the rest.
 */
function* tokensFrom(text: string): Generator<string> {
	// Text without Japanese breaks only at spaces: its words and spaces are read without the
	// segmenter, which costs most of a frame's time when every row of a tall story is wrapped.
	if (!japanese.test(text.slice(0, scriptSample))) {
		for (const [token] of text.matchAll(/\s+|\S+/g)) yield token;
		return;
	}
	let pending: string | null = null;
	let joinNext = false;
	for (const {segment, isWordLike} of segmentsOf(japaneseWords, text)) {
		const space = /^\s+$/.test(segment);
		// Opening brackets and quotes stick to what follows, closing punctuation to what precedes.
		// A straight quote opens only after a space; a bracket always opens (Burrows「Chubby」).
		const opening = !isWordLike && !space && (/^[([{「『（]+$/u.test(segment) || (/^["']+$/u.test(segment) && !/\S$/.test(pending ?? ' ')));
		// Names and identifiers (row-42, lock-delay, L1, t=5) are one word, though the segmenter cuts them at - and =;
		// so is a run of katakana (ロックサービス, トークン), which it cuts where it sees two words or none.
		const sameName = pending !== null && ((asciiEnd.test(pending) && asciiStart.test(segment)) || (katakanaEnd.test(pending) && katakanaStart.test(segment)));
		if (pending !== null && (joinNext || sameName) && !space) pending += segment;
		else if (pending !== null && (!isWordLike || smallKana.test(segment)) && !space && !opening && !/\s$/.test(pending)) pending += segment;
		else {
			if (pending !== null) yield pending;
			pending = segment;
		}
		joinNext = opening;
	}
	if (pending !== null) yield pending;
}

/** Space that wrapping would change: at either end, two together, or other than a plain space. */
const unevenSpace = /^\s|\s$|\s\s|[^\S ]/;

/**
 * Greedy word wrap to `width` columns, at most `limit` lines (ask for one more to learn whether
 * the text goes on); a word wider than a line is split between characters.
 */
export function wrap(whole: string, width: number, limit = Number.POSITIVE_INFINITY): string[] {
	if (width <= 0 || limit <= 0) return [];
	const text = drawable(Number.isFinite(limit) ? enoughFor(whole, (limit + 1) * width) : whole);
	// Most lines of a frame (the story's events, one each) fit as they are: they are not read word by word.
	if (text !== '' && fits(text, width) && !unevenSpace.test(text)) return [text];
	const lines: string[] = [];
	// The line's width is added up word by word: measuring the whole line again for each word costs a line's length per word.
	let line = '';
	let used = 0;
	for (const token of tokensFrom(text)) {
		if (/^\s+$/.test(token)) {
			if (line !== '') {
				line += ' ';
				used += 1;
			}
			continue;
		}
		const tokenWidth = widthWithin(token, width);
		if (used + tokenWidth <= width) {
			line += token;
			used += tokenWidth;
			continue;
		}
		if (line.trim() !== '') lines.push(line.trimEnd());
		line = '';
		let rest = token;
		while (lines.length < limit && !fits(rest, width)) {
			// A character wider than the whole line (a wide one at width 1) takes a line of its own, or this would never end.
			const head = cutDrawable(rest, width) || String.fromCodePoint(rest.codePointAt(0)!);
			lines.push(head);
			rest = rest.slice(head.length);
		}
		if (lines.length >= limit) return lines.slice(0, limit);
		line = rest;
		used = widthOf(rest);
	}
	if (line.trim() !== '') lines.push(line.trimEnd());
	return lines.slice(0, limit);
}
