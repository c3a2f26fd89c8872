// widest-line as installed remembers the width of each line (patches/widest-line+6.0.0.patch), and
// Ink's measure-text keeps no sizes of its own (patches/ink+6.8.0+002+measure-text-cache.patch):
// both must still answer what the widest line and the number of lines are, the first time they are
// asked, again, and after the memory has been started again.

import fc from 'fast-check';
import stringWidth from 'string-width';
import widestLine from 'widest-line';
import {expect, test} from 'vitest';
import {inkModule} from './ink-module.js';

const {default: measureText} = await inkModule<{default: (text: string) => {width: number; height: number}}>('measure-text');

const text = fc
	.array(fc.constantFrom('a', ' ', '日', '✓', '\n', '\u001B[1m', '\u001B[22m', '\u001B[38;2;1;2;3m', 'é', '👍', '─'), {maxLength: 14})
	.map(parts => parts.join(''));

const expectedWidth = (value: string) => Math.max(...value.split('\n').map(line => stringWidth(line)));

test('the width of the widest line, asked once, again, and after more lines than it remembers', () => {
	fc.assert(
		fc.property(text, value => {
			expect(widestLine(value)).toBe(expectedWidth(value));
			expect(widestLine(value)).toBe(expectedWidth(value));
		}),
		{numRuns: 500},
	);
	const lines = Array.from({length: 10_001}, (_, index) => `${'日'.repeat(index % 7)}${index}`);
	const widths = lines.map(line => widestLine(line));
	expect(lines.map(line => widestLine(line))).toEqual(widths);
	expect(widths).toEqual(lines.map(line => stringWidth(line)));
});

test("the size of a text as Ink's measure-text gives it: its widest line and its number of lines", () => {
	fc.assert(
		fc.property(text, value => {
			const size = value === '' ? {width: 0, height: 0} : {width: expectedWidth(value), height: value.split('\n').length};
			expect(measureText(value)).toEqual(size);
			expect(measureText(value)).toEqual(size);
		}),
		{numRuns: 500},
	);
});
