// The dashboard measures text as Ink does, with string-width, and cuts it into the characters a
// terminal draws, grapheme clusters, on any text made of the kinds of characters it shows.

import fc from 'fast-check';
import stringWidth from 'string-width';
import {describe, test} from 'vitest';
import {charactersOf, widthOf} from '../../source/text/width.js';
import {expectEqual} from '../expect-equal.js';

const graphemes = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
const segmented = (text: string) => Array.from(graphemes.segment(text), ({segment}) => segment);

describe('text width', () => {
	test('text of mixed scripts, glyphs, emoji, marks and codes: the width string-width gives, the characters Intl.Segmenter finds', () => {
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
				const width = stringWidth(text);
				// One comparison a run, each measure by name, and an assertion built only when one differs:
				// expect costs more than the measures.
				expectEqual(
					{
						// Escape codes take no room.
						styled: stringWidth(styled),
						measured: widthOf(text),
						characters: charactersOf(text),
					},
					{
						styled: width,
						measured: width,
						characters: segmented(text),
					},
				);
			}),
			{numRuns: 2000},
		);
	});
});
