import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {cutToWidth, fit as fitToWidth, tailToWidth, wrap} from '../../source/text/fit.js';
import {widthOf} from '../../source/text/width.js';

describe('wrap', () => {
	// Longer than the pieces the text is read in, with words and characters across their edges.
	const english = Array.from({length: 600}, (_, index) => `word${index} (${'é'.repeat(index % 7)})`).join(' ');
	const japanese = Array.from({length: 600}, (_, index) => `ロック${index}を取得し、書き込む。`).join('');

	test('loses and splits no word, however long the text', () => {
		const lines = wrap(english, 50);
		for (const line of lines) expect(widthOf(line)).toBeLessThanOrEqual(50);
		expect(lines.join(' ')).toBe(english);
	});

	test('Japanese: lines joined give the text back, none wider than the width', () => {
		const lines = wrap(japanese, 40);
		for (const line of lines) expect(widthOf(line)).toBeLessThanOrEqual(40);
		expect(lines.join('')).toBe(japanese);
	});

	test('a text that fits as it is comes back as it is, as when it is read word by word', () => {
		// A space at the end sends the text word by word, and is dropped there.
		const word = fc.constantFrom('lock', 'A', 't=3', 'ロック', '取得し、', 'é', '✓', '');
		const space = fc.constantFrom(' ', ' ', '  ', '\t', '\u3000');
		const text = fc.array(fc.tuple(word, space), {maxLength: 12}).map(parts => parts.flat().join('').slice(0, -1));
		fc.assert(
			fc.property(text, fc.integer({min: 1, max: 60}), (line, width) => {
				expect(wrap(line, width)).toEqual(wrap(`${line} `, width));
			}),
		);
		expect(wrap('t=3  A acquires', 40)).toEqual(['t=3 A acquires']);
		expect(wrap('A acquires the lock', 40)).toEqual(['A acquires the lock']);
	});

	test('Japanese: a name or an identifier is never split across lines, at any width', () => {
		const names = ['row-42', 'lock-delay', 'L1', 't=10', 'max=2', '"A2"'];
		const text = `ノードの時計で t=10 まで lock-delay。row-42 は max=2 を覚え、L1 が "A2" を受理する。`;
		for (let width = 12; width <= 60; width += 1) {
			const lines = wrap(text, width);
			expect(lines.join('').replaceAll(' ', '')).toBe(text.replaceAll(' ', ''));
			for (const name of names)
				expect(
					lines.some(line => line.includes(name)),
					`${name} at ${width}: ${lines.join(' / ')}`,
				).toBe(true);
		}
		// Between Japanese characters it still breaks anywhere a phrase ends, but not inside a katakana word.
		expect(wrap('資源 row-42 は空。', 8)).toEqual(['資源', 'row-42', 'は空。']);
		// An opening bracket never ends a line, even right after a word.
		for (let width = 10; width <= 30; width += 1)
			for (const line of wrap('出典: Burrows「Chubby」(2006)、antirez「Is Redlock safe?」(2016)。', width)) expect(line, `at ${width}`).not.toMatch(/「$/);
		for (let width = 14; width <= 40; width += 1)
			for (const word of ['ロックサービス', 'トークン', 'ハートビート'])
				expect(
					wrap('t=5 でロックサービス側のトークンとハートビートが失効。', width).some(line => line.includes(word)),
					`${word} at ${width}`,
				).toBe(true);
	});

	test('a character wider than the line takes a line of its own, and loses nothing', () => {
		expect(wrap('ロック', 1)).toEqual(['ロ', 'ッ', 'ク']);
		expect(wrap('aロb', 1)).toEqual(['a', 'ロ', 'b']);
		expect(wrap('ロック', 1, 2)).toEqual(['ロ', 'ッ']);
	});

	test('at most `limit` lines, the same as the start of the whole', () => {
		expect(wrap(english, 50, 7)).toEqual(wrap(english, 50).slice(0, 7));
		expect(wrap(japanese, 40, 3)).toEqual(wrap(japanese, 40).slice(0, 3));
	});
});

test('fit, cutToWidth and tailToWidth measure by columns', () => {
	expect(fitToWidth('the lock service agrees', 15)).toBe('the lock…');
	expect(cutToWidth('ロックサービス', 5)).toBe('ロッ');
	expect(tailToWidth('ロックサービス', 5)).toBe('ビス');
	expect(tailToWidth(`${'x'.repeat(5000)}end`, 6)).toBe('xxxend');
});
