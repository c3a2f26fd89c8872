// string-width as installed (patches/string-width+8.3.0.patch) measures text in which no character
// can join another one code point at a time: it must give what string-width's own measure, by
// grapheme cluster, gives: for every character of the first plane on its own, and for any text
// made of the kinds of characters the dashboard shows.

import fc from 'fast-check';
import {eastAsianWidthType} from 'get-east-asian-width';
import stringWidth, {segmentedWidth} from 'string-width';
import {describe, expect, test} from 'vitest';
import {charactersOf, widthOf} from '../../source/text/width.js';
import {expectEqual} from '../expect-equal.js';

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
			// The measure by cluster, the slow one, is taken once when the setting cannot change it:
			// it reaches the width of a lone character only through its East Asian width, which
			// differs between the two settings for ambiguous characters alone.
			const byClusterNarrow = segmentedWidth(text, narrow);
			const byClusterWide = eastAsianWidthType(codePoint) === 'ambiguous' ? segmentedWidth(text, wide) : byClusterNarrow;
			if (stringWidth(text) !== byClusterNarrow || stringWidth(text, {ambiguousIsNarrow: false}) !== byClusterWide) wrong.push(codePoint.toString(16));
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
				const narrowWidth = stringWidth(text);
				// One comparison a run, each measure by name, and an assertion built only when one differs:
				// expect costs more than the measures.
				expectEqual(
					{
						narrow: narrowWidth,
						wide: stringWidth(text, {ambiguousIsNarrow: false}),
						// Escape codes take no room.
						styled: stringWidth(styled),
						remembered: widthOf(text),
						// Asked again, from memory.
						rememberedAgain: widthOf(text),
						characters: charactersOf(text),
					},
					{
						narrow: segmentedWidth(text, narrow),
						wide: segmentedWidth(text, wide),
						styled: narrowWidth,
						remembered: narrowWidth,
						rememberedAgain: narrowWidth,
						characters: segmented(text),
					},
				);
			}),
			{numRuns: 2000},
		);
	});
});
