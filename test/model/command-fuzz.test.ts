// The command parser under random and mutated input: it never throws, every error names the
// offending word (or says what is missing), and nothing unprintable reaches a message raw.

import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {type Command, commandUsage, parseCommand, printCommand} from '../../source/model/command.js';
import {quote} from '../../source/text/quote.js';

const runs = {numRuns: 400, seed: 7};
const clients = ['A', 'B', 'gc-victim'];

const client = fc.constantFrom(...clients);
const duration = fc.integer({min: 1, max: 1_000_000});
const validCommand: fc.Arbitrary<Command> = fc.oneof(
	duration.map(n => ({kind: 'tick', n}) as const),
	fc.record({kind: fc.constantFrom('acquire', 'renew'), client, lease: fc.option(duration, {nil: undefined})}, {requiredKeys: ['kind', 'client']}),
	fc.record({kind: fc.constantFrom('release', 'resume', 'crash', 'restart'), client}),
	fc.record({kind: fc.constant('pause'), client, n: duration}),
	fc.record(
		{
			kind: fc.constant('write'),
			client,
			value: fc.option(fc.stringMatching(/^[a-z0-9]{1,8}$/), {nil: undefined}),
			delay: fc.option(duration, {nil: undefined}),
		},
		{requiredKeys: ['kind', 'client']},
	),
	fc.record({kind: fc.constant('fencing'), target: fc.constantFrom(...clients, 'resource'), on: fc.boolean()}),
) as fc.Arbitrary<Command>;

/** Words that are hostile to a terminal or to a parser. */
const hostileWord = fc.oneof(
	fc.string({unit: 'binary', maxLength: 12}),
	fc.constantFrom('\x1b[2J', '\x1b]0;owned\x07', '\x07', '\u202e', '\u200b', '\r', '\x00', '\x9b31m', '\ud800', 'tick\x1b[?25l'),
	fc.constantFrom(
		'0',
		'-1',
		'1.5',
		'1e9',
		'9007199254740993',
		'99999999999999999999',
		'NaN',
		'Infinity',
		'delay=',
		'delay=0',
		'on',
		'off',
		'resource',
		'__proto__',
		'constructor',
	),
	fc.string({unit: 'grapheme', minLength: 41, maxLength: 200}),
);

/** A valid command with one word replaced, inserted or removed. */
const mutatedCommand = fc.tuple(validCommand, fc.nat(), hostileWord, fc.constantFrom('replace', 'insert', 'remove')).map(([command, at, word, how]) => {
	const words = printCommand(command).split(' ');
	const index = at % (words.length + 1);
	if (how === 'replace') words[Math.min(index, words.length - 1)] = word;
	else if (how === 'insert') words.splice(index, 0, word);
	else words.splice(Math.min(index, words.length - 1), 1);
	return words.join(' ');
});

const rawControl = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

function expectGoodError(line: string): void {
	const result = parseCommand(line, {clients});
	if (result.ok) {
		// Whatever parses must print back to something that parses to the same command.
		expect(parseCommand(printCommand(result.command), {clients})).toEqual(result);
		return;
	}
	const {message, word} = result.error;
	expect(message).not.toMatch(rawControl);
	expect(message.length).toBeLessThan(400);
	if (word === null) expect(message).toMatch(/expected|empty/);
	else {
		// The word, or the part of it that is wrong (`0` of `delay=0`).
		expect(line).toContain(word);
		expect(message).toContain(quote(word));
	}
}

describe('command parser fuzz', () => {
	test('valid commands print and parse back exactly', () => {
		fc.assert(
			fc.property(validCommand, command => {
				expect(parseCommand(printCommand(command), {clients})).toEqual({ok: true, command});
			}),
			runs,
		);
	});

	test('random text never throws and errors are well formed', () => {
		fc.assert(fc.property(fc.string({unit: 'binary', maxLength: 60}), expectGoodError), runs);
		fc.assert(
			fc.property(fc.array(fc.oneof(fc.constantFrom(...Object.keys(commandUsage)), hostileWord), {maxLength: 5}), words => {
				expectGoodError(words.join(' '));
			}),
			runs,
		);
	});

	test('mutated valid commands never throw and errors are well formed', () => {
		fc.assert(fc.property(mutatedCommand, expectGoodError), runs);
	});

	test('an escape sequence in a word is shown escaped, not sent to the terminal', () => {
		const result = parseCommand('acquire \x1b[2J\x1b]0;owned\x07', {clients});
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.message).toContain("'\\x1b[2J\\x1b]0;owned\\x07'");
	});

	test('a huge word is shortened in the message', () => {
		const result = parseCommand(`tick ${'9'.repeat(100_000)}`);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.message.length).toBeLessThan(200);
	});
});
