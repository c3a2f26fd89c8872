// State keys: equal exactly when the contents are equal, whatever the objects' identity, their
// keys' order, or the value given as a hint.

import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {StateKeys} from '../../source/explore/state-key.js';
import {applyCommand} from '../../source/model/apply.js';
import {type Command, parseCommand} from '../../source/model/command.js';
import {createWorld, type World, type WorldSetup} from '../../source/model/world.js';

const canonical = (value: unknown): string =>
	JSON.stringify(value, (_key, inner: unknown) =>
		inner !== null && typeof inner === 'object' && !Array.isArray(inner)
			? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([one], [other]) => (one < other ? -1 : 1)))
			: inner,
	);

/** Random runs of `commands` from `setup`'s world: each world's key, hinted by the world before, agrees with its sorted JSON. */
function keysAgreeWithJson(setup: WorldSetup, commands: readonly Command[]) {
	fc.assert(
		fc.property(fc.array(fc.array(fc.nat(commands.length - 1), {maxLength: 8}), {minLength: 2, maxLength: 12}), runs => {
			const keys = new StateKeys();
			const byText = new Map<string, number>();
			const textOfKey = new Map<number, string>();
			for (const run of runs) {
				let world: World = createWorld(setup);
				let key = keys.keyOf(world);
				for (const index of run) {
					const next = applyCommand(world, commands[index]!).world;
					const nextKey = keys.keyOf(next, world, key);
					const text = canonical(next);
					// Asserted only when it fails: thousands of steps, each with its own assertion, cost more than the keys.
					if (byText.has(text)) {
						if (nextKey !== byText.get(text)) expect(nextKey).toBe(byText.get(text));
					} else {
						// No other content has this key.
						if (textOfKey.has(nextKey)) expect(textOfKey.get(nextKey)).toBe(text);
						byText.set(text, nextKey);
						textOfKey.set(nextKey, text);
					}
					world = next;
					key = nextKey;
				}
			}
		}),
	);
}

describe('StateKeys', () => {
	test('equal contents have one key, and any difference makes another', () => {
		const keys = new StateKeys();
		const a = keys.keyOf({x: 1, y: [1, 2], z: {name: 'A', token: null}});
		expect(keys.keyOf({x: 1, y: [1, 2], z: {name: 'A', token: null}})).toBe(a);
		expect(keys.keyOf({z: {token: null, name: 'A'}, y: [1, 2], x: 1})).toBe(a);
		const different = [
			{x: 2, y: [1, 2], z: {name: 'A', token: null}},
			{x: '1', y: [1, 2], z: {name: 'A', token: null}},
			{x: 1, y: [2, 1], z: {name: 'A', token: null}},
			{x: 1, y: [1, 2, 3], z: {name: 'A', token: null}},
			{x: 1, y: [1, 2], z: {name: 'A', token: 0}},
			{x: 1, y: [1, 2], z: {name: 'A', token: undefined}},
			{x: 1, y: [1, 2], z: {name: 'A'}},
			{x: 1, y: [1, 2], z: {name: 'A', token: null, extra: false}},
			{x: 1, y: {0: 1, 1: 2}, z: {name: 'A', token: null}},
			{x: 1.5, y: [1, 2], z: {name: 'A', token: null}},
			{x: 2 ** 40, y: [1, 2], z: {name: 'A', token: null}},
		].map(value => keys.keyOf(value));
		expect(new Set([a, ...different]).size).toBe(different.length + 1);
	});

	test('a hint gives the same key as none, for the same or another value', () => {
		const keys = new StateKeys();
		const before = {lock: {holder: 'A'}, clients: [{name: 'A'}, {name: 'B'}]};
		const beforeKey = keys.keyOf(before);
		const after = {...before, lock: {holder: null}};
		const hinted = keys.keyOf(after, before, beforeKey);
		expect(keys.keyOf(after)).toBe(hinted);
		expect(hinted).not.toBe(beforeKey);
		expect(keys.keyOf({lock: {holder: null}, clients: [{name: 'A'}, {name: 'B'}]})).toBe(hinted);
		// A hint of another shape (an array for an object) is no help but does no harm.
		expect(keys.keyOf(after, [1, 2], keys.keyOf([1, 2]))).toBe(hinted);
	});

	test('over worlds reached by random commands, keys agree with sorted JSON', () => {
		const lines = [
			'acquire A',
			'acquire B',
			'write A',
			'write B',
			'write A x delay=2',
			'pause A 6',
			'resume A',
			'release B',
			'crash B',
			'restart B',
			'tick',
			'tick 5',
			'fencing A off',
		];
		const commands = lines.map(line => {
			const parsed = parseCommand(line);
			if (!parsed.ok) throw new Error(line);
			return parsed.command;
		});
		keysAgreeWithJson({lease: 5, clients: [{name: 'A', renewEvery: 2}, {name: 'B'}]}, commands);
	});
});

describe('StateKeys over worlds whose messages take time', () => {
	const setup = {
		backend: 'redlock',
		lease: 6,
		latency: 1,
		drift: 1,
		nodes: [{name: 'L1', restartDelay: 7}, {name: 'L2'}, {name: 'L3'}],
		clients: [
			{name: 'A', checksValidity: false},
			{name: 'B', monotonic: true},
		],
	} as const;
	const commandOf = (line: string) => {
		const parsed = parseCommand(line, {clients: ['A', 'B'], nodes: ['L1', 'L2', 'L3']});
		if (!parsed.ok) throw new Error(line);
		return parsed.command;
	};
	const play = (lines: readonly string[]) => lines.reduce((world, line) => applyCommand(world, commandOf(line)).world, createWorld(setup));

	test('worlds that differ only in their messages, a wait, an attempt count or a held restart have different keys', () => {
		const keys = new StateKeys();
		const start = createWorld(setup);
		const asked = play(['acquire A']);
		const worlds: World[] = [
			start,
			asked,
			// The same wait, its requests arrived and their replies on the way.
			play(['acquire A', 'tick']),
			// The replies read: no wait, no message, one attempt made.
			play(['acquire A', 'tick 2']),
			// The same world but for the attempts made.
			{...start, clients: start.clients.map(client => (client.name === 'A' ? {...client, attempts: 1} : client))},
			// The same world but for one message.
			{...asked, messages: asked.messages.slice(1)},
			// The same world but for the wait.
			{...asked, clients: asked.clients.map(client => (client.name === 'A' ? {...client, waiting: null} : client))},
			// A crashed node, and the same with its restart held.
			play(['crash L1']),
			play(['crash L1', 'restart L1']),
			// Another latency on one link.
			play(['latency A L2 3']),
		];
		const found = worlds.map(world => keys.keyOf(world));
		expect(new Set(found).size).toBe(worlds.length);
		expect(worlds[6]!.clients[0]!.waiting).toBeNull();
		expect(worlds[8]!.nodes[0]!.restartHeld).toBe(true);
	});

	test('over worlds reached by random commands with messages, keys agree with sorted JSON', () => {
		const commands = [
			'acquire A',
			'acquire B',
			'renew A',
			'release B',
			'write A',
			'pause A 7',
			'resume A',
			'crash L1',
			'restart L1',
			'jump L1 +4',
			'latency B lock 2',
			'partition A L2',
			'heal A',
			'tick',
			'tick 3',
		].map(commandOf);
		keysAgreeWithJson(setup, commands);
	});
});
