// The command parser under random and mutated input: it never throws, every error names the
// offending word (or says what is missing), and nothing unprintable reaches a message raw. A
// mutant it accepts prints back to a command that parses the same, and plays on a world of those
// clients and nodes without throwing.

import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {applyCommand} from '../../source/model/apply.js';
import {commandProblemText, describeEvent, describeRefusal} from '../../source/words/describe.js';
import {type Command, commandUsage, lockPeer, parseCommand, printCommand, resourceTarget} from '../../source/model/command.js';
import {createWorld, type World} from '../../source/model/world.js';
import {quote} from '../../source/text/quote.js';
import {fuzzSeed, replayWith} from '../fuzz-seed.js';

const seed = fuzzSeed();
const runs = {numRuns: 400, seed};
const clients = ['A', 'B', 'gc-victim'];
const nodes = ['L1', 'L2', 'L3'];
const names = {clients, nodes};

const client = fc.constantFrom(...clients);
const node = fc.constantFrom(...nodes);
const duration = fc.integer({min: 1, max: 1_000_000});
const validCommand: fc.Arbitrary<Command> = fc.oneof(
	duration.map(n => ({kind: 'tick', n}) as const),
	fc.record({kind: fc.constantFrom('acquire', 'renew'), client, lease: fc.option(duration, {nil: undefined})}, {requiredKeys: ['kind', 'client']}),
	fc.record({kind: fc.constantFrom('release', 'resume'), client}),
	fc.record({kind: fc.constantFrom('crash', 'restart'), client: fc.oneof(client, node)}),
	fc.record({kind: fc.constant('pause'), client, n: duration}),
	fc.record(
		{
			kind: fc.constant('write'),
			client,
			value: fc.option(fc.stringMatching(/^[a-z0-9]{1,8}$/), {nil: undefined}),
			delay: fc.option(duration, {nil: undefined}),
			pause: fc.option(duration, {nil: undefined}),
		},
		{requiredKeys: ['kind', 'client']},
	),
	fc.record({kind: fc.constant('fencing'), target: fc.constantFrom(...clients, resourceTarget), on: fc.boolean()}),
	fc.record({
		kind: fc.constant('jump'),
		target: fc.oneof(client, node),
		by: fc.oneof(fc.integer({min: -1_000_000, max: -1}), duration),
	}),
	fc.record({
		kind: fc.constantFrom('partition', 'heal'),
		client,
		peers: fc.uniqueArray(fc.constantFrom(...nodes, lockPeer, resourceTarget), {maxLength: 3}),
	}),
) as fc.Arbitrary<Command>;

/** The world the accepted commands play on: every client and node the parser was told of, the lock held and a write in flight, so that most commands have something to act on. */
const stage = ((): World => {
	let world = createWorld({clients: clients.map(name => ({name})), nodes: nodes.length, tokens: 'none'});
	for (const line of ['acquire A', 'write A delay=2', 'partition B L2', 'crash L3']) {
		const parsed = parseCommand(line, names);
		if (!parsed.ok) throw new Error(`${line}: ${commandProblemText(parsed.error.problem)}`);
		world = applyCommand(world, parsed.command).world;
	}
	return world;
})();

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
		'pause=',
		'pause=0',
		'pause=-3',
		'delay=1',
		'+0',
		'-0',
		'+1000001',
		'-1000000',
		'+5',
		'L1',
		'L4',
		'l1',
		lockPeer,
		resourceTarget,
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

/** Plays a command the parser accepted: what it did, or why it was refused, is said without a raw control character. */
function play(world: World, command: Command): World {
	const played = applyCommand(world, command);
	const said = [...played.events.map(event => describeEvent(event, world)), ...(played.refused ? [describeRefusal(played.refused, world)] : [])];
	expect(said.filter(text => rawControl.test(text))).toEqual([]);
	return played.world;
}

/** Checks one line; a command it is goes on from `world`, and the world after it is returned. */
function expectGoodError(line: string, world = stage): World {
	const result = parseCommand(line, names);
	if (result.ok) {
		// Whatever parses must print back to something that parses to the same command, and play.
		expect(parseCommand(printCommand(result.command), names)).toEqual(result);
		return play(world, result.command);
	}
	const {word} = result.error;
	const message = commandProblemText(result.error.problem);
	expect(message).not.toMatch(rawControl);
	expect(message.length).toBeLessThan(400);
	if (word === null) expect(message).toMatch(/expected|empty/);
	else {
		// The word, or the part of it that is wrong (`0` of `delay=0`).
		expect(line).toContain(word);
		expect(message).toContain(quote(word));
	}
	return world;
}

describe(`command parser fuzz (seed ${seed}; ${replayWith(seed)})`, () => {
	test('valid commands print and parse back exactly', () => {
		fc.assert(
			fc.property(validCommand, command => {
				expect(parseCommand(printCommand(command), names)).toEqual({ok: true, command});
			}),
			runs,
		);
	});

	test('random text never throws and errors are well formed', () => {
		fc.assert(
			fc.property(fc.string({unit: 'binary', maxLength: 60}), text => {
				expectGoodError(text);
			}),
			runs,
		);
		fc.assert(
			fc.property(fc.array(fc.oneof(fc.constantFrom(...Object.keys(commandUsage)), hostileWord), {maxLength: 5}), words => {
				expectGoodError(words.join(' '));
			}),
			runs,
		);
	});

	test('mutated valid commands never throw, errors are well formed, and the accepted ones play on, one after another', () => {
		let [accepted, rejected] = [0, 0];
		fc.assert(
			fc.property(fc.array(mutatedCommand, {minLength: 20, maxLength: 60}), lines => {
				let world = stage;
				for (const line of lines) {
					if (parseCommand(line, names).ok) accepted += 1;
					else rejected += 1;
					world = expectGoodError(line, world);
				}
			}),
			{...runs, numRuns: 100},
		);
		// Mutants both ways, in numbers: a word removed from `heal A L1 L2` is still a command.
		expect(accepted).toBeGreaterThan(100);
		expect(rejected).toBeGreaterThan(1000);
	});

	test('an escape sequence in a word is shown escaped, not sent to the terminal', () => {
		const result = parseCommand('acquire \x1b[2J\x1b]0;owned\x07', names);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(commandProblemText(result.error.problem)).toContain("'\\x1b[2J\\x1b]0;owned\\x07'");
	});

	test('a huge word is shortened in the message', () => {
		const result = parseCommand(`tick ${'9'.repeat(100_000)}`);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(commandProblemText(result.error.problem).length).toBeLessThan(200);
	});
});
