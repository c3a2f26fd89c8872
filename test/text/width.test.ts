// The quick measure of text must agree with string-width everywhere: every character of the first
// plane on its own, and any text made of the kinds of characters the dashboard shows.

import fc from 'fast-check';
import stringWidth from 'string-width';
import {describe, expect, test} from 'vitest';
import {charactersOf, widthOf} from '../../source/text/width.js';

const graphemes = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
const segmented = (text: string) => Array.from(graphemes.segment(text), ({segment}) => segment);

describe('text width', () => {
	test('every code point of the first plane, on its own, is as wide as string-width says', () => {
		const wrong: string[] = [];
		for (let codePoint = 0; codePoint <= 0xFFFF; codePoint += 1) {
			if (codePoint >= 0xD800 && codePoint <= 0xDFFF) continue;
			const text = String.fromCodePoint(codePoint);
			if (widthOf(text) !== stringWidth(text)) wrong.push(codePoint.toString(16));
		}
		expect(wrong).toEqual([]);
	});

	test('text of mixed scripts, glyphs, emoji, marks and codes: the width string-width gives, the characters Intl.Segmenter finds', () => {
		const parts = ['a', ' ', 'Zq', '日本', 'ｶﾞ', 'ﾞ', '✓', '⚡', '⏸', '─', '…', 'é', 'e\u0301', '👍', '👍🏽', '🇯🇵', '\u200D', '\uFE0F', '각', '\u1100\u1161', '\u0D4E', '\t', '\u001B[1m', '™', '©'];
		fc.assert(
			fc.property(fc.array(fc.constantFrom(...parts), {maxLength: 10}), pieces => {
				const text = pieces.join('');
				expect(widthOf(text)).toBe(stringWidth(text));
				expect(charactersOf(text)).toEqual(segmented(text));
			}),
			{numRuns: 2000},
		);
	});
});
