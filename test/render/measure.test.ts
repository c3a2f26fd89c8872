// The stand-ins for widest-line and Ink's measure-text answer as the modules they replace do, the
// first time they are asked and again.

import fc from 'fast-check';
import widestLineOfPackage from 'widest-line';
import {expect, test} from 'vitest';
import measureText from '../../source/render/measure-text.js';
import widestLine from '../../source/render/widest-line.js';
import {inkModule} from './ink-module.js';

const measureTextOfInk = await inkModule<typeof measureText>('measure-text');

const text = fc.array(fc.constantFrom('a', ' ', '日', '✓', '\n', '\u001B[1m', '\u001B[22m', '\u001B[38;2;1;2;3m', 'é', '👍', '─'), {maxLength: 14}).map(parts => parts.join(''));

test('the width of the widest line, as widest-line measures it, asked once or again', () => {
	fc.assert(
		fc.property(text, value => {
			expect(widestLine(value)).toBe(widestLineOfPackage(value));
			expect(widestLine(value)).toBe(widestLineOfPackage(value));
		}),
		{numRuns: 500},
	);
});

test("the size of a text, as Ink's measure-text gives it", () => {
	fc.assert(
		fc.property(text, value => {
			expect(measureText(value)).toEqual(measureTextOfInk(value));
		}),
		{numRuns: 500},
	);
});
