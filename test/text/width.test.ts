// string-width as installed (patches/string-width+8.3.0.patch) measures text in which no character
// can join another one code point at a time: every character of the first plane on its own must
// take the room string-width's rules for a cluster give it, and any text made of the kinds of
// characters the dashboard shows what string-width's own measure, by grapheme cluster, gives.

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
	test("every code point of the first plane, on its own, is as wide as string-width's rules for a cluster make it", () => {
		// A lone code point is a grapheme cluster of its own, which string-width's rules (the comment
		// atop its index.js) measure as: nothing if it does not print, two columns if it is an RGI
		// emoji, else its East Asian width. That reference is computed here from the engine's Unicode
		// properties and get-east-asian-width's categories, not from string-width's code: calling
		// its measure by cluster once a code point cost a second, most of it making a segmenter.
		const doesNotPrint = /[\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/u;
		const codePoints: string[] = [];
		for (let codePoint = 0; codePoint <= 0xffff; codePoint += 1) {
			if (codePoint < 0xd800 || codePoint > 0xdfff) codePoints.push(String.fromCodePoint(codePoint));
		}
		// An RGI emoji is made of Emoji characters: the slow emoji pattern is tried on those alone.
		const emojiCharacter = /^\p{Emoji}$/u;
		// biome-ignore lint/complexity/useRegexLiterals: TypeScript's target (ES2023) refuses the v flag RGI_Emoji needs in a literal.
		const rgiEmoji = new RegExp(String.raw`^\p{RGI_Emoji}$`, 'v');
		const wrong: string[] = [];
		for (const text of codePoints) {
			const type = eastAsianWidthType(text.codePointAt(0) ?? 0);
			const twoColumns = (emojiCharacter.test(text) && rgiEmoji.test(text)) || type === 'wide' || type === 'fullwidth';
			const narrowWidth = doesNotPrint.test(text) ? 0 : twoColumns ? 2 : 1;
			const wideWidth = narrowWidth === 1 && type === 'ambiguous' ? 2 : narrowWidth;
			if (stringWidth(text) !== narrowWidth || stringWidth(text, {ambiguousIsNarrow: false}) !== wideWidth) wrong.push(text.codePointAt(0)?.toString(16) ?? '');
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
