// Text that string-width (Ink's measure) and terminals measure differently is drawn as they
// agree on: xterm.js, a terminal, is the judge here; tmux and VTE were measured by hand alike.

import xterm from '@xterm/headless';
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {drawable} from '../../source/text/drawable.js';
import {cutToWidth, fit as fitToWidth, pad, tailToWidth, wrap} from '../../source/text/fit.js';
import {widthOf} from '../../source/text/width.js';
import {writeInto} from '../export/terminal.js';

/** The columns a terminal's cursor moves when it is given `text` at the start of a line. */
function terminalWidth(terminal: InstanceType<typeof xterm.Terminal>, text: string): number {
	writeInto(terminal, `\u001B[H\u001B[2K${text}`);
	return terminal.buffer.active.cursorX;
}

const newTerminal = () => new xterm.Terminal({cols: 400, rows: 2, allowProposedApi: true});

/** What the issue found and the classes around it: each is a character no terminal draws as string-width counts it. */
const hostile = {
	'soft hyphen': '\u00AD',
	'Hangul fillers': '\u3164\u115F\uFFA0',
	'Hangul filler before a vowel': '\u115F\u1161',
	'zero-width space, joiner and non-joiner': '\u200B\u200D\u200C',
	'word joiner, invisible operators': '\u2060\u2061\u2064',
	'byte order mark': '\uFEFF',
	'variation selectors': '\uFE0F\uFE0E\u{E0100}',
	'Mongolian vowel separator and selectors': '\u180E\u180B',
	'tag characters': '\u{E0001}\u{E0061}\u{E007F}',
	'line and paragraph separators': 'a\u2028b\u2029c',
	'bidi marks': '\u200E\u200F\u061C',
	'prepended concatenation mark': '\u0600\u0661',
	'interlinear annotation': '\uFFF9x\uFFFB',
	unassigned: '\u0378\u3040\u{E0080}',
	'circled numbers on black squares': '\u3248\u324F',
	'skin tone': 'a👍🏽',
	'ZWJ family': '👨‍👩‍👧',
	'emoji with presentation selector': '❤️☺️',
	keycap: '1️⃣',
	'tag flag': '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
} as const;

describe('drawable', () => {
	const terminal = newTerminal();

	test.each(Object.entries(hostile))('%s: the terminal draws no more columns than string-width counts', (_, text) => {
		const shown = drawable(text.repeat(20));
		expect(terminalWidth(terminal, shown)).toBeLessThanOrEqual(widthOf(shown));
	});

	test('raw, they are where the terminal and string-width disagree', () => {
		// xterm.js shows these; tmux 3.3a shows the skin tone (4 columns for 2) and U+2028 (none for 1) too.
		const wider = [
			'soft hyphen',
			'Hangul fillers',
			'Hangul filler before a vowel',
			'prepended concatenation mark',
			'ZWJ family',
			'circled numbers on black squares',
		] as const;
		for (const name of wider) expect(terminalWidth(terminal, hostile[name]), name).toBeGreaterThan(widthOf(hostile[name]));
		expect(terminalWidth(terminal, 'กำ'), 'Thai AM').toBeGreaterThan(widthOf('กำ'));
	});

	test('what no column would show is a visible escape; line breaks and tabs are spaces', () => {
		expect(drawable('co\u00ADoperate')).toBe('co\\xadoperate');
		expect(drawable('\u3164\u115F')).toBe('\\u{3164}\\u{115f}');
		expect(drawable('a\u200Bb\uFEFF')).toBe('a\\u{200b}b\\u{feff}');
		expect(drawable('two\nlines\tand\u2028more')).toBe('two lines and more');
		expect(drawable('\u{E0001}')).toBe('\\u{e0001}');
		// xterm.js gives a mark at the start of a row a column of its own; after a letter it takes none.
		expect(drawable('\u0301\u20E3x e\u0301')).toBe('\\u{301}x e\u0301');
		expect(terminalWidth(terminal, '\u0301\u0301x')).toBeGreaterThan(widthOf('\u0301\u0301x'));
	});

	test('inside a character, joiners, selectors and skin tones are dropped and its parts kept', () => {
		expect(drawable('👍🏽')).toBe('👍');
		expect(drawable('👨‍👩‍👧')).toBe('👨👩👧');
		expect(drawable('❤️')).toBe('❤');
		expect(drawable('1️⃣')).toBe('1');
		expect(drawable('🏴󠁧󠁢󠁥󠁮󠁧󠁿')).toBe('🏴');
	});

	test('text every terminal draws alike comes back as it is', () => {
		for (const text of ['plain', 'ロックを取得し、書き込む。', 'é e\u0301 ✓ ⚡ ─ … ｶﾞ', '가 \u1100\u1161 का 🇺🇸 👍 ⌚ 日本', ''])
			expect(drawable(text)).toBe(text);
		fc.assert(
			fc.property(fc.string({unit: 'grapheme', maxLength: 40}), text => {
				expect(drawable(drawable(text))).toBe(drawable(text));
			}),
		);
	});

	test('each code point of the BMP and the tag plane after a letter and before one: the terminal draws no more than string-width counts, combining marks new since Unicode 6 aside', () => {
		const wider: string[] = [];
		const ideographs = (code: number) => (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7a3);
		for (let code = 0xa0; code < 0xe1000; code += 1) {
			if ((code >= 0xd800 && code <= 0xdfff) || (code >= 0x10000 && code < 0xe0000) || ideographs(code)) continue;
			const character = String.fromCodePoint(code);
			// xterm.js's table is Unicode 6: a mark it does not know takes a column of its own (tmux and VTE know them).
			if (/\p{M}/u.test(character)) continue;
			for (const shown of [drawable(`a${character}`), drawable(`${character}a`)]) {
				if (terminalWidth(terminal, shown) > widthOf(shown)) wider.push(code.toString(16));
			}
		}
		expect(wider).toEqual([]);
	}, 60_000);
});

describe('the text helpers give what they measured', () => {
	const terminal = newTerminal();
	const part = fc.constantFrom(...Object.values(hostile), 'word', ' ', 'ロック', '\t', '\n');
	const text = fc.array(part, {minLength: 1, maxLength: 60}).map(parts => parts.join(''));

	test('fit, cutToWidth, tailToWidth and pad: never wider on the terminal than the width asked for', () => {
		fc.assert(
			fc.property(text, fc.integer({min: 1, max: 80}), (line, width) => {
				for (const shown of [fitToWidth(line, width), cutToWidth(line, width), tailToWidth(line, width)]) {
					expect(widthOf(shown)).toBeLessThanOrEqual(width);
					expect(terminalWidth(terminal, shown)).toBeLessThanOrEqual(width);
				}
				const padded = pad(cutToWidth(line, width), width);
				expect(terminalWidth(terminal, padded)).toBeLessThanOrEqual(width);
			}),
		);
		// Before: 100 soft hyphens fitted in 10 columns and took 104 on the terminal.
		expect(terminalWidth(terminal, fitToWidth(`Soft${'\u00AD'.repeat(100)}`, 10))).toBeLessThanOrEqual(10);
	});

	test('wrap: each line is no wider on the terminal than the width', () => {
		fc.assert(
			// At width 1 a wide character takes a line of its own, wider than the line (fitRow cuts it).
			fc.property(text, fc.integer({min: 2, max: 80}), (prose, width) => {
				for (const line of wrap(prose, width)) expect(terminalWidth(terminal, line)).toBeLessThanOrEqual(width);
			}),
		);
	});
});
