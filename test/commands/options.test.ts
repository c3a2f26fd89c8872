import {describe, expect, test} from 'vitest';
import {choiceOption, secondsOption, wholeNumberOption} from '../../source/commands/options.js';

const range = {min: 20, max: 1000};

describe('option values', () => {
	test('a whole number in range, or the fallback when absent', () => {
		expect(wholeNumberOption('--cols', undefined, 80, range)).toBe(80);
		expect(wholeNumberOption('--cols', '120', 80, range)).toBe(120);
		expect(wholeNumberOption('--cols', '0100', 80, range)).toBe(100);
		expect(wholeNumberOption('--cols', '1000', 80, range)).toBe(1000);
	});

	test.each(['', ' ', '19', '1001', '1e2', '0x50', '-80', '80.0', 'Infinity', '8O'])('whole number %j is refused, naming the flag', text => {
		expect(() => wholeNumberOption('--cols', text, 80, range)).toThrow(`--cols: expected a whole number from 20 to 1000, got '${text}'`);
	});

	test('seconds may have a fraction', () => {
		expect(secondsOption('--step-delay', '.5', 3, {min: 0.1, max: 600})).toBe(0.5);
		expect(secondsOption('--step-delay', '2.', 3, {min: 0.1, max: 600})).toBe(2);
		expect(secondsOption('--step-delay', undefined, 3, {min: 0.1, max: 600})).toBe(3);
	});

	test.each(['0', '0.05', '601', '1e1', 'NaN', 'Infinity', '-1', '1,5', ''])('seconds %j are refused, naming the flag', text => {
		expect(() => secondsOption('--step-delay', text, 3, {min: 0.1, max: 600})).toThrow(
			`--step-delay: expected a number of seconds from 0.1 to 600, got '${text}'`,
		);
	});

	test('a choice is one of the list, spelt exactly', () => {
		expect(choiceOption('--lang', 'ja', ['en', 'ja'], 'en')).toBe('ja');
		expect(choiceOption('--lang', undefined, ['en', 'ja'], 'en')).toBe('en');
		expect(() => choiceOption('--lang', 'JA', ['en', 'ja'], 'en')).toThrow("--lang: expected one of en, ja, got 'JA'");
	});

	test('a hostile value is shown escaped and shortened', () => {
		expect(() => wholeNumberOption('--rows', `\u001B[2J${'9'.repeat(100)}`, 24, {min: 6, max: 500})).toThrow(/got '\\x1b\[2J9+…'$/);
	});
});
