// The search against a breadth-first search written plainly here: a queue of worlds, each world
// known by a number for its content whatever the order of its keys. Both must find the same
// shortest length and, since both count each distinct world once, the same number of states.

import {describe, expect, test} from 'vitest';
import {startExplore} from '../../source/explore/explore.js';
import {defaultMoves, readMoves, splitMoves} from '../../source/explore/moves.js';
import {BreadthFirstSearch, type SearchStatus} from '../../source/explore/search.js';
import {type Target, targets} from '../../source/explore/targets.js';
import {applyCommand} from '../../source/model/apply.js';
import type {Command} from '../../source/model/command.js';
import {createWorld, type World, type WorldSetup} from '../../source/model/world.js';

/** Numbers given so far: to keys, to plain values, and to the contents of objects and arrays. */
const keyNumbers = new Map<string, number>();
const valueNumbers = new Map<unknown, number>();
const contentNumbers = new Map<string, number>();
/**
 * The number of each object and array numbered so far. Worlds are immutable (a command never
 * changes the world it starts from: test/model/properties.test.ts), and a world shares every part
 * a command did not change with the world it came from: those parts are numbered once.
 */
const numbered = new WeakMap<object, number>();

/** The number `map` gives `thing`, a new one (`fresh`) when it has none. */
function numberIn<Thing>(map: Map<Thing, number>, thing: Thing, fresh = () => map.size): number {
	let number = map.get(thing);
	if (number === undefined) {
		number = fresh();
		map.set(thing, number);
	}
	return number;
}

/** Plain values and contents take their numbers from one count: a field's number names one of them, never one of each. */
let valuesNumbered = 0;
const nextValueNumber = () => valuesNumbered++;

/**
 * A number for `value`, equal for equal worlds whatever order their keys were made in, different
 * otherwise (a field holding undefined counts as absent, as in JSON). An object's content is the
 * numbers of its fields' values, each at the place its key's number names; its number is that
 * text's. Worlds are told apart by a number rather than by their whole JSON: the same answer, at
 * a fraction of the cost.
 */
const numberOf = (value: unknown): number => {
	if (value === null || typeof value !== 'object') return numberIn(valueNumbers, value, nextValueNumber);
	let number = numbered.get(value);
	if (number !== undefined) return number;
	if (Array.isArray(value)) {
		let text = '[';
		for (const item of value) text += `${numberOf(item)},`;
		number = numberIn(contentNumbers, text, nextValueNumber);
	} else {
		const row: number[] = [];
		const record = value as Record<string, unknown>;
		for (const key in record) {
			const field = record[key];
			if (field !== undefined) row[numberIn(keyNumbers, key)] = numberOf(field);
		}
		number = numberIn(contentNumbers, `{${row.join(',')}`, nextValueNumber);
	}
	numbered.set(value, number);
	return number;
};

/**
 * The plain search of one world and its moves, level by level, for every target at once: each
 * target's answer is taken where it is first reached, where a search for that target alone stops.
 * The tests of one world share it, so each world is searched once, to the deepest level asked.
 */
interface PlainSearch {
	readonly seen: Set<number>;
	level: World[];
	depth: number;
	/** The distinct worlds seen once each level was done. */
	readonly statesAt: number[];
	readonly found: Map<string, {readonly length: number; readonly states: number}>;
}
const plainSearches = new Map<number, PlainSearch>();

/**
 * The shortest number of moves to the target (null: none within `depth`), the distinct worlds
 * seen, and those seen once each depth was done (up to `depth`, or the depth the search reached).
 */
function plainSearch(
	setup: WorldSetup,
	moves: readonly Command[],
	target: Target,
	depth: number,
): {length: number | null; states: number; statesAt: readonly number[]} {
	const id = numberOf({setup, moves});
	let search = plainSearches.get(id);
	if (!search) {
		const start = createWorld(setup);
		search = {seen: new Set([numberOf(start)]), level: [start], depth: 0, statesAt: [1], found: new Map()};
		plainSearches.set(id, search);
	}
	const {seen, found} = search;
	while (search.depth < depth && !found.has(target.name)) {
		const moved = search.depth + 1;
		const next: World[] = [];
		for (const world of search.level) {
			for (const move of moves) {
				const outcome = applyCommand(world, move);
				// A command that changes nothing gives back the world itself, seen already.
				if (outcome.refused !== null || outcome.world === world) continue;
				const key = numberOf(outcome.world);
				if (seen.has(key)) continue;
				seen.add(key);
				for (const each of Object.values(targets))
					if (!found.has(each.name) && each.reached(outcome.world)) found.set(each.name, {length: moved, states: seen.size});
				next.push(outcome.world);
			}
		}
		search.level = next;
		search.depth = moved;
		search.statesAt.push(seen.size);
	}
	const hit = found.get(target.name);
	const statesAt = search.statesAt.slice(0, depth + 1);
	return hit && hit.length <= depth ? {...hit, statesAt} : {length: null, states: search.statesAt[depth]!, statesAt};
}

/** The search's answer, and the distinct worlds it had seen when it reached each depth (index 0: the start alone). */
function explore(setup: WorldSetup, moves: readonly Command[], target: Target, depth: number) {
	const search = startExplore({setup, moves, target, depth});
	const statesAt = [search.states];
	let status: SearchStatus;
	do {
		// One state a slice: a slice that finishes a level ends there, with every state of the
		// depth reached counted and none deeper.
		status = search.advance(1);
		if (search.expanded === 0 && search.depth === statesAt.length) statesAt.push(search.states);
	} while (status.kind === 'running');
	return {status, states: search.states, statesAt};
}

const two = (extra: Partial<WorldSetup> = {}, clients: WorldSetup['clients'] = [{name: 'A'}, {name: 'B'}]): WorldSetup => ({lease: 5, clients, ...extra});

// No setup of three clients: its 14 moves made it an eighth of this file's CPU, and it covered no
// line more than these (v8 coverage of this file before and after). test/process/explore.test.ts
// explores release-handoff's three clients.
const setups: Record<string, WorldSetup> = {
	unfenced: two({fencing: false}),
	'weakest writer': two({}, [{name: 'A', fencing: false}, {name: 'B'}]),
	heartbeat: two({}, [{name: 'A', renewEvery: 2}, {name: 'B'}]),
	'heartbeat, unfenced, lease 3': two({fencing: false, lease: 3}, [
		{name: 'A', renewEvery: 1},
		{name: 'B', renewEvery: 2},
	]),
	fenced: two(),
	redlock: two({backend: 'redlock'}),
	'redlock, 3 nodes, a careful client': two({backend: 'redlock', nodes: 3}, [{name: 'A', checksLease: true}, {name: 'B'}]),
	'etcd revisions, unfenced': two({backend: 'etcd', fencing: false}),
	'consul lock-delay, unfenced': two({backend: 'consul', fencing: false}),
};

describe('explore finds what a plain breadth-first search finds', () => {
	for (const [name, setup] of Object.entries(setups)) {
		for (const target of Object.values(targets)) {
			test(`${name}, until ${target.name}`, () => {
				const moves = defaultMoves({lease: setup.lease!, clients: setup.clients.map(client => client.name)});
				// 5 moves, not 6: a 6th level (three times the states) covered no line more (v8 coverage of this
				// file before and after); Consul's violation, 6 moves, is then none within 5. The fenced world goes to 7 below.
				const depth = 5;
				const plain = plainSearch(setup, moves, target, depth);
				const found = explore(setup, moves, target, depth);
				expect(found.status.kind === 'found' ? found.status.moves.length : null).toBe(plain.length);
				expect(found.states).toBe(plain.states);
				expect(found.statesAt).toEqual(plain.statesAt.slice(0, found.statesAt.length));
				if (found.status.kind !== 'found') return;
				// The moves it names lead, played from the start, to the target, and no move is refused on the way.
				let world = createWorld(setup);
				for (const index of found.status.moves) {
					const outcome = applyCommand(world, moves[index]!);
					expect(outcome.refused).toBeNull();
					world = outcome.world;
				}
				expect(target.reached(world)).toBe(true);
			});
		}
	}

	test('a fenced world has no violation within 7 moves, over the same states level by level', () => {
		const setup = setups.fenced!;
		const moves = defaultMoves({lease: 5, clients: ['A', 'B']});
		// 7 moves, not the default 8: the 8th level (14,720 more worlds, three fifths of the search)
		// covered no line more (v8 coverage of this file before and after), and at 7 every level is
		// compared with the plain search's, which stops at 7 for the same reason.
		const found = explore(setup, moves, targets.violation, 7);
		expect(found.status).toEqual({kind: 'none', exhausted: false});
		expect(found.statesAt).toHaveLength(8);
		expect(found.statesAt.at(-1)).toBe(found.states);
		expect(found.statesAt).toEqual(plainSearch(setup, moves, targets.violation, 7).statesAt);
	});

	test('the default moves are, per client, acquire, write, a pause longer than the lease, resume; then a tick and a lease of ticks', () => {
		expect(defaultMoves({lease: 4, clients: ['A', 'B']})).toEqual([
			{kind: 'acquire', client: 'A'},
			{kind: 'write', client: 'A'},
			{kind: 'pause', client: 'A', n: 5},
			{kind: 'resume', client: 'A'},
			{kind: 'acquire', client: 'B'},
			{kind: 'write', client: 'B'},
			{kind: 'pause', client: 'B', n: 5},
			{kind: 'resume', client: 'B'},
			{kind: 'tick', n: 1},
			{kind: 'tick', n: 4},
		]);
	});
});

describe('a list of moves', () => {
	const names = {clients: ['A', 'B'], nodes: ['L1']};

	test('is read as commands, each once, in the order first given', () => {
		const read = readMoves(splitMoves('tick, acquire A, tick 1, crash L1,, acquire A 5, acquire A,'), names);
		expect(read).toEqual({
			ok: true,
			moves: [
				{kind: 'tick', n: 1},
				{kind: 'acquire', client: 'A'},
				{kind: 'crash', client: 'L1'},
				{kind: 'acquire', client: 'A', lease: 5},
			],
		});
	});

	test('names the move that is wrong, with a suggestion when a near word fixes it', () => {
		expect(readMoves(['acquire A', 'pasue B 3'], names)).toEqual({
			ok: false,
			message: expect.stringMatching(/^move 2 \('pasue B 3'\): unknown command 'pasue': .* \(did you mean 'pause'\?\)$/),
		});
		expect(readMoves([], names)).toMatchObject({ok: false, message: expect.stringContaining('expected at least one move')});
	});
});

describe('the breadth-first search', () => {
	// A small space of whole numbers: +1 and ×2 from 1, capped at 40.
	const numbers = (target: number, depth: number, maxStates = 1000) =>
		new BreadthFirstSearch<number, string>({
			start: 1,
			moves: ['+1', '*2'],
			next: (n, move) => {
				const after = move === '+1' ? n + 1 : n * 2;
				return after > 40 ? null : after;
			},
			key: n => n,
			isTarget: n => n === target,
			depth,
			maxStates,
		});
	const finish = (search: BreadthFirstSearch<number, string>) => {
		let status: SearchStatus;
		do status = search.advance(1);
		while (status.kind === 'running');
		return status;
	};

	test('a slice is counted in moves tried, not states: one call tries one move, whatever a state has', () => {
		// A binary tree of whole numbers: each state has two moves, each to a new state.
		const tried: string[] = [];
		const tree = new BreadthFirstSearch<number, string>({
			start: 0,
			moves: ['left', 'right'],
			next: (n, move) => {
				tried.push(`${n} ${move}`);
				return n * 2 + (move === 'left' ? 1 : 2);
			},
			key: n => n,
			isTarget: () => false,
			depth: 3,
			maxStates: 1000,
		});
		tree.advance(1);
		expect(tried).toEqual(['0 left']);
		expect(tree.states).toBe(2);
		tree.advance(2);
		expect(tried).toEqual(['0 left', '0 right', '1 left']);
		expect(tree.expanded).toBe(0);
		expect(tree.depth).toBe(1);
	});

	test('finds the shortest path, whatever the slices', () => {
		// 1 → 2 → 4 → 5 → 10 → 20 → 40: six moves, the fewest; 2 is reached by +1 first, as moves are tried in order.
		const shortest = {kind: 'found', moves: [0, 1, 0, 1, 1, 1]};
		expect(finish(numbers(40, 10))).toEqual(shortest);
		expect(numbers(40, 10).advance(1_000_000)).toEqual(shortest);
	});

	test('says none when the depth is reached, or when no state is left', () => {
		const shallow = numbers(40, 3);
		expect(finish(shallow)).toEqual({kind: 'none', exhausted: false});
		expect(shallow.depth).toBe(3);
		const whole = numbers(99, 50);
		expect(finish(whole)).toEqual({kind: 'none', exhausted: true});
		expect(whole.states).toBe(40);
	});

	test('stops at its most states', () => {
		const capped = numbers(99, 50, 10);
		expect(finish(capped)).toEqual({kind: 'too-many'});
		expect(capped.states).toBe(10);
	});
});
