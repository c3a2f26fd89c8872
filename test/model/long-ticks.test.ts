// A long tick skips stretches of nothing but heartbeats in one step (docs/model.md, "Time"). These
// tests hold it to ticking one unit at a time: `tick n` gives the world that n × `tick` gives, and
// the events of those n units as one command keeps them (the first 200, then one `elided` event
// for the rest), whatever the world: heartbeats answered or not, pauses, crashes, partitions,
// writes in flight, node clocks and nodes that are down.

import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {applyCommand, nextWorld, type Outcome} from '../../source/model/apply.js';
import type {Command} from '../../source/model/command.js';
import type {Event} from '../../source/model/event.js';
import {type Backend, createWorld, type World, type WorldSetup} from '../../source/model/world.js';
import {expectEqual} from '../expect-equal.js';
import {command} from './helpers.js';

/**
 * The world with client `name` behind a proxy that counts how often the model reads it. Every time
 * unit the model runs reads every client (is it paused, does it send heartbeats), so for a client
 * that takes no part the count bounds the units run, without a clock in the test.
 */
function watching(world: World, name: string): {world: World; reads: () => number} {
	let reads = 0;
	const watched = new Proxy(world.clients.find(each => each.name === name)!, {
		get(target, key, receiver) {
			reads += 1;
			return Reflect.get(target, key, receiver);
		},
	});
	return {world: {...world, clients: world.clients.map(each => (each.name === name ? watched : each))}, reads: () => reads};
}

/** Events one command keeps (apply.ts); the test states it again rather than importing it. */
const keptPerCommand = 200;

/** `tick n` as n × `tick 1`: the world those give, and their events as one command keeps them. */
function tickedOneByOne(world: World, n: number): Outcome {
	const happened: Event[] = [];
	let current = world;
	for (let unit = 0; unit < n; unit += 1) {
		const outcome = applyCommand(current, {kind: 'tick', n: 1});
		const [ticked, ...rest] = outcome.events;
		expect(ticked).toEqual({kind: 'ticked', t: current.clock + 1, from: current.clock});
		// One unit never has so many events that `tick 1` leaves some out: else this oracle would lose them.
		expect(rest.some(event => event.kind === 'elided')).toBe(false);
		happened.push(...rest);
		current = outcome.world;
	}
	const kept = happened.slice(0, keptPerCommand - 1);
	const left = happened.length - kept.length;
	const events: Event[] = [{kind: 'ticked', t: world.clock + n, from: world.clock}, ...kept];
	if (left > 0) events.push({kind: 'elided', t: happened.at(-1)!.t, count: left});
	return {world: current, events, refused: null};
}

const clientNames = ['A', 'B', 'C'] as const;
const nodeNames = ['L1', 'L2', 'L3', 'L4', 'L5'] as const;
/** A delay or a pause: short, or as long as a long tick. */
const span = fc.oneof(fc.integer({min: 1, max: 60}), fc.integer({min: 1, max: 1500}));
/** Mostly left out (fc.option gives a value four times in five). */
const sometimes = <T>(value: fc.Arbitrary<T>) => fc.oneof({arbitrary: fc.constant(undefined), weight: 3}, {arbitrary: value, weight: 1});
const lease = fc.option(fc.integer({min: 2, max: 60}), {nil: undefined});

/** Setups are not filtered by setupProblem: a long tick must equal short ones in any world the model can hold. */
const setupOf = (names: readonly string[]): fc.Arbitrary<WorldSetup> =>
	fc.record({
		lease: fc.integer({min: 2, max: 40}),
		backend: fc.constantFrom<Backend>('generic', 'etcd', 'consul', 'redis', 'redlock'),
		nodes: fc.option(fc.integer({min: 1, max: 5}), {nil: undefined}),
		lockDelay: fc.option(fc.integer({min: 0, max: 30}), {nil: undefined}),
		persistent: fc.option(fc.boolean(), {nil: undefined}),
		// Messages that take time: a drift, a timeout, and clients that check validity or measure with a monotonic clock.
		drift: fc.option(fc.integer({min: 0, max: 3}), {nil: undefined}),
		timeout: fc.option(fc.integer({min: 1, max: 12}), {nil: undefined}),
		clients: fc.tuple(
			...names.map(name =>
				fc.record({
					name: fc.constant(name),
					renewEvery: fc.option(fc.integer({min: 1, max: 6}), {nil: undefined}),
					checksLease: fc.boolean(),
					checksValidity: fc.boolean(),
					monotonic: fc.boolean(),
				}),
			),
		),
	});

/** Commands for these clients, with long ticks, long pauses and delays among them. */
const commandsOf = (names: readonly string[]): fc.Arbitrary<Command> => {
	const client = fc.constantFrom(...names);
	return fc.oneof(
		// Short ticks, and long ones with more heartbeats than a command keeps events.
		{arbitrary: fc.integer({min: 1, max: 30}).map(n => ({kind: 'tick', n}) as const), weight: 4},
		{arbitrary: fc.integer({min: 150, max: 2500}).map(n => ({kind: 'tick', n}) as const), weight: 2},
		{arbitrary: fc.record({kind: fc.constant('acquire' as const), client, lease}, {requiredKeys: ['kind', 'client']}), weight: 6},
		{arbitrary: fc.record({kind: fc.constant('renew' as const), client, lease}, {requiredKeys: ['kind', 'client']}), weight: 1},
		fc.record({kind: fc.constantFrom('release' as const, 'resume' as const, 'crash' as const, 'restart' as const), client}),
		{arbitrary: fc.record({kind: fc.constant('pause' as const), client, n: span}), weight: 1},
		{
			arbitrary: fc.record({kind: fc.constant('write' as const), client, delay: sometimes(span), pause: sometimes(span)}, {requiredKeys: ['kind', 'client']}),
			weight: 3,
		},
		{
			arbitrary: fc.record({
				kind: fc.constantFrom('partition' as const, 'heal' as const),
				client,
				peers: fc.array(fc.constantFrom(...nodeNames, 'lock', 'resource'), {maxLength: 3}),
			}),
			weight: 2,
		},
		// Links that take time: requests, replies and heartbeats in flight across a long tick.
		{
			arbitrary: fc.record({
				kind: fc.constant('latency' as const),
				client,
				peer: fc.constantFrom(...nodeNames, 'lock', 'resource'),
				n: fc.integer({min: 0, max: 4}),
			}),
			weight: 2,
		},
		// Cut from every node: its heartbeats go unanswered, while another client may hold the lock.
		client.map(name => ({kind: 'partition', client: name, peers: []}) as const),
		fc.record({kind: fc.constantFrom('crash' as const, 'restart' as const), client: fc.constantFrom(...nodeNames)}),
		fc.record({
			kind: fc.constant('jump' as const),
			target: fc.constantFrom(...names, ...nodeNames),
			by: fc.integer({min: -60, max: 60}).filter(by => by !== 0),
		}),
	);
};

/** A setup of one to three clients, and commands for them. */
const runArbitrary = fc
	.constantFrom(1, 2, 3, 3)
	.chain(count =>
		fc.tuple(setupOf(clientNames.slice(0, count)), fc.array(commandsOf(clientNames.slice(0, count)), {minLength: 10, maxLength: 30, size: 'max'})),
	);

/** Worlds in which a long tick has stretches of heartbeats among changes; D takes no part (it is looked at below). */
const stories: Record<string, {setup: WorldSetup; lines: readonly string[]}> = {
	// A's key expires while A is frozen, and A, cut off, will send heartbeats nobody answers; C's key
	// expires before its heartbeat, which will fail; B holds the lock and renews.
	'a holder renewing, a client whose heartbeats nobody answers, one whose heartbeat will fail': {
		setup: {lease: 7, clients: [{name: 'A', renewEvery: 2}, {name: 'B', renewEvery: 3}, {name: 'C', renewEvery: 6}, {name: 'D'}]},
		lines: ['acquire A', 'pause A 30', 'tick 10', 'partition A', 'acquire C 3', 'tick 3', 'acquire B'],
	},
	// A's heartbeat is overdue when `resume` ends its pause: it fires at the next unit, and its timer counts from there.
	'an overdue heartbeat after resume': {
		setup: {lease: 20, clients: [{name: 'A', renewEvery: 5}, {name: 'D'}]},
		lines: ['acquire A', 'pause A 12', 'tick 11', 'resume A'],
	},
	// A write waits for a link that never comes back, and a node that is down keeps a key that is long over.
	'a write stuck in the network, a node down with its key': {
		setup: {lease: 5, persistent: true, clients: [{name: 'A', renewEvery: 1}, {name: 'D'}]},
		lines: ['acquire A', 'partition A resource', 'write A delay=2', 'crash L1'],
	},
};

function storyWorld(setup: WorldSetup, lines: readonly string[]): World {
	return lines.reduce((world, line) => {
		const outcome = applyCommand(world, command(line));
		expect(outcome.refused).toBeNull();
		return outcome.world;
	}, createWorld(setup));
}

describe('a long tick is n ticks of one', () => {
	test('the same world and the same events as ticking one unit at a time, in random worlds', () => {
		const lengths: number[] = [];
		fc.assert(
			fc.property(runArbitrary, ([setup, sequence]) => {
				lengths.push(sequence.length);
				let world = createWorld(setup);
				for (const each of sequence) {
					const outcome = applyCommand(world, each);
					if (each.kind === 'tick') {
						expectEqual(outcome, tickedOneByOne(world, each.n));
						// Without events (as a search asks) the skipping starts at once: the same world still.
						expectEqual(nextWorld(world, each), outcome.world);
					}
					world = outcome.world;
				}
			}),
			{numRuns: 100, seed: 29},
		);
		lengths.sort((a, b) => a - b);
		const median = lengths[Math.floor(lengths.length / 2)]!;
		console.info(`long ticks: ${lengths.length} sequences of commands, median ${median}, longest ${lengths.at(-1)} (seed 29)`);
		expect(median).toBeGreaterThanOrEqual(15);
	});

	for (const [story, {setup, lines}] of Object.entries(stories)) {
		test(`as ticking one unit at a time: ${story}`, () => {
			for (const backend of ['generic', 'redlock'] as const) {
				const world = storyWorld({...setup, backend}, lines);
				for (const n of [1, 2, 3, 199, 200, 201, 600, 2999]) {
					const outcome = applyCommand(world, {kind: 'tick', n});
					expectEqual(outcome, tickedOneByOne(world, n));
					expectEqual(nextWorld(world, {kind: 'tick', n}), outcome.world);
				}
			}
		});
	}
});

describe('a long tick costs what happens in it, not how long it is', () => {
	// Redlock, three clients renewing every tick, twenty ticks of a million: `check` once took 22 s over it.
	const setup: WorldSetup = {backend: 'redlock', lease: 10, clients: clientNames.map(name => ({name, renewEvery: 1}))};
	const begun = ['acquire A', 'acquire B', 'acquire C'].reduce((world, line) => applyCommand(world, command(line)).world, createWorld(setup));

	test('a million units of heartbeats: the model looks at a bystander a few hundred times, and counts every heartbeat', () => {
		const {world, reads} = watching(begun, 'B');
		const outcome = applyCommand(world, {kind: 'tick', n: 1_000_000});
		// 199 units are run one by one while their events are kept, then the rest is one step.
		expect(reads()).toBeLessThan(5_000);
		// A renews at every unit: 199 of its heartbeats are kept, the rest counted; its keys end 10 after the last.
		expect(outcome.events).toHaveLength(keptPerCommand + 1);
		expect(outcome.events.at(-1)).toEqual({kind: 'elided', t: 1_000_000, count: 1_000_000 - (keptPerCommand - 1)});
		expect(outcome.world.clock).toBe(1_000_000);
		expect(outcome.world.nodes.map(node => [node.holder, node.expiry])).toEqual(nodeNames.map(() => ['A', 1_000_010]));
		expect(outcome.world.clients.map(each => [each.holds, each.lastRenewAt, each.until])).toEqual([
			[true, 1_000_000, 1_000_010],
			[false, null, null],
			[false, null, null],
		]);
	});

	test('nothing but heartbeats and no events kept (as a search asks): a handful of looks', () => {
		const {world, reads} = watching(begun, 'B');
		const next = nextWorld(world, {kind: 'tick', n: 1_000_000});
		expect(reads()).toBeLessThan(50);
		expectEqual(next, applyCommand(begun, {kind: 'tick', n: 1_000_000}).world);
	});

	for (const [story, {setup, lines}] of Object.entries(stories)) {
		test(`a million units, as few looks: ${story}`, () => {
			for (const backend of ['generic', 'redlock'] as const) {
				const begunStory = storyWorld({...setup, backend}, lines);
				const kept = watching(begunStory, 'D');
				applyCommand(kept.world, {kind: 'tick', n: 1_000_000});
				expect(kept.reads()).toBeLessThan(5_000);
				const searched = watching(begunStory, 'D');
				nextWorld(searched.world, {kind: 'tick', n: 1_000_000});
				expect(searched.reads()).toBeLessThan(200);
			}
		});
	}

	test('twenty ticks of a million, as the scenario has them, in well under a second', () => {
		const started = performance.now();
		const world = Array.from({length: 20}).reduce<World>(current => applyCommand(current, {kind: 'tick', n: 1_000_000}).world, begun);
		expect(world.clock).toBe(20_000_000);
		// Generous (ticking one unit at a time took 22 s): the counts above are the close check.
		expect(performance.now() - started).toBeLessThan(2_000);
	});
});
