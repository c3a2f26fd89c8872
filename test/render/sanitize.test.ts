// The sanitizer's shortcut (patches/ink+6.8.0+004+sanitize-sgr.patch): text whose only control
// sequences are SGR codes is kept whole, as Ink's own token by token sanitizer keeps it, and any
// other text is still sanitized token by token.

import fc from 'fast-check';
import {expect, test} from 'vitest';
import {inkModule} from './ink-module.js';

const {
	default: sanitizeAnsi,
	onlySgrCodes,
	sanitizeByToken,
} = await inkModule<{default: (text: string) => string; onlySgrCodes: (text: string) => boolean; sanitizeByToken: (text: string) => string}>('sanitize-ansi');

const part = fc.oneof(
	fc.constantFrom('lock ', 'A', 'ロック', '─', '\n', ' '),
	fc.constantFrom('\u001B[1m', '\u001B[22m', '\u001B[38;2;1;2;3m', '\u001B[39m', '\u001B[0m', '\u001B[4:3m', '\u001B[m'),
	// What Ink strips or keeps otherwise: other CSI, C1 controls, OSC hyperlinks, a lone or cut ESC.
	fc.constantFrom('\u001B[2K', '\u001B[?25l', '\u001B[1 q', '\u009B1m', '\u0085', '\u001B]8;;https://x\u0007', '\u001B', '\u001B[12', '\u001B(B'),
);

test('sanitizes as Ink does, whatever the control sequences', () => {
	fc.assert(
		fc.property(fc.array(part, {maxLength: 30}), parts => {
			const text = parts.join('');
			expect(sanitizeAnsi(text)).toBe(sanitizeByToken(text));
			// Remembered: the same text again, the same answer.
			expect(sanitizeAnsi(text)).toBe(sanitizeByToken(text));
		}),
	);
});

test('a frame of styled rows, or of plain ones, is kept whole without being cut into tokens', () => {
	const row = '\u001B[1m\u001B[36mlock\u001B[39m\u001B[22m A ─── \u001B[38;2;1;2;3mt=3\u001B[39m';
	const frame = Array.from({length: 60}, () => row).join('\n');
	expect(onlySgrCodes(frame)).toBe(true);
	expect(sanitizeAnsi(frame)).toBe(frame);
	const colourless = frame.replaceAll(/\u001B\[[\d;]*m/g, '');
	expect(onlySgrCodes(colourless)).toBe(true);
	expect(sanitizeAnsi(colourless)).toBe(colourless);
	expect(onlySgrCodes(`${frame}\u001B[2K`)).toBe(false);
	expect(onlySgrCodes(`${frame}\u009B1m`)).toBe(false);
});
