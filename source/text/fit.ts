// Terminal text by display width (CJK characters take two columns): fitting a piece into a
// width without cutting a word, and wrapping prose, English by words and Japanese by phrases.

import {charactersOf, widthOf} from './width.js';

export const pad = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - widthOf(text)));

/** The longest start of `text` that fits in `width` columns, cut between characters. */
export function cutToWidth(text: string, width: number): string {
	let result = '';
	let used = 0;
	for (const segment of charactersOf(text)) {
		const w = widthOf(segment);
		if (used + w > width) break;
		result += segment;
		used += w;
	}
	return result;
}

/**
 * `text` if it fits, else shortened at a word boundary with an ellipsis (between characters
 * only when a single word is wider than the space).
 */
export function fit(text: string, width: number, ellipsis = '…'): string {
	if (widthOf(text) <= width) return text;
	const room = width - widthOf(ellipsis);
	if (room <= 0) return cutToWidth(text, width);
	const tokens = tokenize(text);
	let result = '';
	for (const token of tokens) {
		if (widthOf(result + token) > room) break;
		result += token;
	}
	result = result.trimEnd();
	return (result === '' ? cutToWidth(text, room) : result) + ellipsis;
}

const words = {en: new Intl.Segmenter('en', {granularity: 'word'}), ja: new Intl.Segmenter('ja', {granularity: 'word'})};

/** Japanese line breaking never starts a line with a small kana or a long-vowel mark. */
const smallKana = /^[ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮー]/u;

/** Words with their punctuation attached (so a line never starts with "。" or ","), and spaces. */
function tokenize(text: string): string[] {
	const segmenter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? words.ja : words.en;
	const tokens: string[] = [];
	let joinNext = false;
	for (const {segment, isWordLike} of segmenter.segment(text)) {
		const space = /^\s+$/.test(segment);
		const last = tokens.length - 1;
		// Opening brackets and quotes stick to what follows, closing punctuation to what precedes.
		const opening = !isWordLike && !space && /^[([{「『（"'"]+$/u.test(segment) && !/\S$/.test(tokens[last] ?? ' ');
		if (joinNext && !space && last >= 0) {
			tokens[last] += segment;
		} else if ((!isWordLike || smallKana.test(segment)) && !space && !opening && last >= 0 && !/\s$/.test(tokens[last]!)) {
			tokens[last] += segment;
		} else {
			tokens.push(segment);
		}
		joinNext = opening;
	}
	return tokens;
}

/** Greedy word wrap to `width` columns; a word wider than a line is split between characters. */
export function wrap(text: string, width: number): string[] {
	if (width <= 0) return [];
	const lines: string[] = [];
	let line = '';
	for (const token of tokenize(text)) {
		if (/^\s+$/.test(token)) {
			if (line !== '') line += ' ';
			continue;
		}
		if (widthOf(line + token) <= width) {
			line += token;
			continue;
		}
		if (line.trim() !== '') lines.push(line.trimEnd());
		line = '';
		let rest = token;
		while (widthOf(rest) > width) {
			const head = cutToWidth(rest, width);
			lines.push(head);
			rest = rest.slice(head.length);
		}
		line = rest;
	}
	if (line.trim() !== '') lines.push(line.trimEnd());
	return lines;
}
