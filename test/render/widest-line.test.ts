// The remembering widest-line answers as the package it stands in for, the first time and after.

import fc from 'fast-check';
import widestLineOfPackage from 'widest-line';
import {expect, test} from 'vitest';
import widestLine from '../../source/render/widest-line.js';

test('the width of the widest line, as widest-line measures it, asked once or again', () => {
	const text = fc.array(fc.constantFrom('a', ' ', '日', '✓', '\n', '\u001B[1m', '\u001B[22m', 'é', '👍'), {maxLength: 12}).map(parts => parts.join(''));
	fc.assert(
		fc.property(text, value => {
			expect(widestLine(value)).toBe(widestLineOfPackage(value));
			expect(widestLine(value)).toBe(widestLineOfPackage(value));
		}),
		{numRuns: 500},
	);
});
