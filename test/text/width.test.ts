// string-width as installed (patches/string-width+8.3.0.patch) measures text in which no character
// can join another one code point at a time: it must give what string-width's own measure, by
// grapheme cluster, gives: for every character of the first plane on its own, and for any text
// made of the kinds of characters the dashboard shows.

import fc from 'fast-check';
import stringWidth, {segmentedWidth} from 'string-width';
import {describe, expect, test} from 'vitest';
import {charactersOf, widthOf} from '../../source/text/width.js';

const graphemes = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
const segmented = (text: string) => Array.from(graphemes.segment(text), ({segment}) => segment);

const narrow = {ambiguousAsWide: false};
const wide = {ambiguousAsWide: true};

describe('text width', () => {
	test('every code point of the first plane, on its own, is as wide as string-width measures it by grapheme cluster', () => {
		const wrong: string[] = [];
		for (let codePoint = 0; codePoint <= 0xffff; codePoint += 1) {
			if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
			const text = String.fromCodePoint(codePoint);
			if (stringWidth(text) !== segmentedWidth(text, narrow) || stringWidth(text, {ambiguousIsNarrow: false}) !== segmentedWidth(text, wide))
				wrong.push(codePoint.toString(16));
		}
		expect(wrong).toEqual([]);
	});

	test('text of mixed scripts, glyphs, emoji, marks and codes: the width string-width gives by cluster, the characters Intl.Segmenter finds', () => {
		const parts = [
			'a',
			' ',
			'Zq',
			'日本',
			'ｶﾞ',
			'ﾞ',
			'✓',
			'⚡',
			'⏸',
			'─',
			'…',
			'é',
			'e\u0301',
			'👍',
			'👍🏽',
			'🇯🇵',
			'\u200D',
			'\uFE0F',
			'각',
			'\u1100\u1161',
			'\u0D4E',
			'\t',
			'™',
			'©',
			'±',
		];
		const style = ['', '\u001B[1m', '\u001B[38;2;1;2;3m'];
		fc.assert(
			fc.property(fc.array(fc.tuple(fc.constantFrom(...parts), fc.constantFrom(...style)), {maxLength: 10}), pieces => {
				const text = pieces.map(([part]) => part).join('');
				const styled = pieces.map(([part, code]) => code + part).join('');
				expect(stringWidth(text)).toBe(segmentedWidth(text, narrow));
				expect(stringWidth(text, {ambiguousIsNarrow: false})).toBe(segmentedWidth(text, wide));
				// Escape codes take no room.
				expect(stringWidth(styled)).toBe(stringWidth(text));
				expect(widthOf(text)).toBe(stringWidth(text));
				// Asked again, from memory.
				expect(widthOf(text)).toBe(stringWidth(text));
				expect(charactersOf(text)).toEqual(segmented(text));
			}),
			{numRuns: 2000},
		);
	});
});
