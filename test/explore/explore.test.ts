// Searches over worlds whose messages take time: from the setups of the stories of a pause while
// the replies are in flight, explore finds the naive client's corruption, and nothing where the
// client checks its validity time, to the same depth; a latency change is a move like any other.

import {describe, expect, test} from 'vitest';
import {replay, startExplore} from '../../source/explore/explore.js';
import {defaultMoves, readMoves, splitMoves} from '../../source/explore/moves.js';
import type {SearchStatus} from '../../source/explore/search.js';
import {targets} from '../../source/explore/targets.js';
import type {Command} from '../../source/model/command.js';
import {defaultExploreDepth} from '../../source/scenario/explore-limits.js';
import type {Scenario} from '../../source/scenario/parse.js';
import {builtinScenario} from '../scenario/helpers.js';

function searched(scenario: Scenario, moves: readonly Command[], depth: number): SearchStatus {
	const search = startExplore({setup: scenario.setup, moves, target: targets.violation, depth});
	let status: SearchStatus;
	do status = search.advance(10_000);
	while (status.kind === 'running');
	return status;
}

const movesOf = (scenario: Scenario) => defaultMoves({lease: scenario.setup.lease!, clients: scenario.setup.clients.map(client => client.name)});

function listedMoves(scenario: Scenario, list: string): Command[] {
	const read = readMoves(splitMoves(list), {clients: scenario.setup.clients.map(client => client.name), nodes: ['L1', 'L2', 'L3', 'L4', 'L5']});
	if (!read.ok) throw new Error(read.message);
	return read.moves;
}

describe('a GC pause while the replies are in flight', () => {
	const naive = builtinScenario('redlock-in-flight');
	const checked = builtinScenario('redlock-validity');

	test('the two setups differ only in whether the clients check their validity time', () => {
		const {clients, ...rest} = naive.setup;
		const {clients: checkedClients, ...checkedRest} = checked.setup;
		expect(rest).toEqual(checkedRest);
		expect(clients.map(client => ({...client, checksValidity: true}))).toEqual(checkedClients);
		expect(clients.every(client => client.checksValidity === false)).toBe(true);
	});

	// Searched once for both tests that need it.
	let naiveStatus: SearchStatus | undefined;
	const naiveFound = () => (naiveStatus ??= searched(naive, movesOf(naive), defaultExploreDepth));

	test("from the naive setup, the default moves find the story's corruption: A paused while it waits for its replies, then believing a lock whose keys are B's", () => {
		const moves = movesOf(naive);
		const status = naiveFound();
		if (status.kind !== 'found') throw new Error(`expected a violation, got ${status.kind}`);
		const played = replay(
			naive.setup,
			status.moves.map(index => moves[index]!),
		);
		expect(played.at(-1)!.world.violations).toBe(1);
		// A is paused while it waits, and wakes to decide on replies it read late.
		const pausedWaiting = played.findIndex(
			({command, world}) => command.kind === 'pause' && command.client === 'A' && world.clients[0]!.waiting?.op === 'acquire',
		);
		expect(pausedWaiting).toBeGreaterThanOrEqual(0);
		const decided = played.flatMap(({events}) => events).find(event => event.kind === 'decided' && event.client === 'A');
		expect(decided).toMatchObject({kind: 'decided', validity: null, kept: true});
		// The violating write is A's: it carries the older grant.
		const clobbering = played.at(-1)!.events.find(event => event.kind === 'accepted' && event.violation);
		expect(clobbering).toMatchObject({client: 'A'});
	});

	test('from the setup that checks validity, the same moves find none to the same depth', () => {
		const found = naiveFound();
		if (found.kind !== 'found') throw new Error(`expected a violation, got ${found.kind}`);
		expect(movesOf(checked)).toEqual(movesOf(naive));
		expect(searched(checked, movesOf(checked), found.moves.length)).toEqual({kind: 'none', exhausted: false});
	});
});

describe('a latency change as a move', () => {
	const slow = builtinScenario('redlock-slow-link');
	const list = 'latency A lock 4, acquire A, write A, acquire B, write B, tick 1, tick 10';

	test("is read from a list of moves, and the slow-link story's own moves are that list", () => {
		const moves = listedMoves(slow, list);
		expect(moves[0]).toEqual({kind: 'latency', client: 'A', peer: 'lock', n: 4});
		expect(slow.explore?.moves).toEqual(moves);
	});

	test('a naive client on a slowed link is corrupted with no pause at all; one that checks its validity is not, to the same depth', () => {
		const moves = listedMoves(slow, list);
		const depth = slow.explore!.depth!;
		const naive = {...slow, setup: {...slow.setup, clients: slow.setup.clients.map(client => ({...client, checksValidity: false}))}};
		const status = searched(naive, moves, depth);
		if (status.kind !== 'found') throw new Error(`expected a violation, got ${status.kind}`);
		const commands = status.moves.map(index => moves[index]!);
		expect(commands.some(command => command.kind === 'latency')).toBe(true);
		expect(commands.some(command => command.kind === 'pause')).toBe(false);
		expect(replay(naive.setup, commands).at(-1)!.world.violations).toBe(1);
		expect(searched(slow, moves, depth)).toEqual({kind: 'none', exhausted: false});
	});
});
