import {describe, expect, test} from 'vitest';
import {clientOf, run, worldOf} from './helpers.js';

// Cases the random sequences reach too seldom for the mutation run to see them every time
// (docs/testing.md, "Mutation testing").

describe('what the random sequences seldom reach', () => {
	test('a persistent node that crashes keeps its key and says it lost none', () => {
		const {world, events} = run(worldOf(), 'acquire A', 'crash L1');
		expect(events).toEqual([{kind: 'node-crashed', t: 0, node: 'L1', lostKey: null}]);
		expect(world.nodes[0]).toMatchObject({up: false, holder: 'A'});
	});

	test('a node that keeps nothing loses its key in a crash, and says whose', () => {
		const {world, events} = run(worldOf({backend: 'redis'}), 'acquire A', 'crash L1');
		expect(events).toEqual([{kind: 'node-crashed', t: 0, node: 'L1', lostKey: 'A'}]);
		expect(world.nodes[0]).toMatchObject({up: false, holder: null});
	});

	test('a client that crashes while it holds a checked write loses the write, and says which', () => {
		const {world, events} = run(worldOf(), 'acquire A', 'write A lost pause=3', 'crash A');
		expect(events).toEqual([{kind: 'crashed', t: 0, client: 'A', droppedToken: 1, lostWrite: 'lost'}]);
		expect(clientOf(world, 'A').held).toBeNull();
		expect(run(world, 'restart A', 'tick 5').world.resource.writes).toBe(0);
	});

	test('a long tick keeps 200 events and counts the rest', () => {
		const {events} = run(worldOf({clients: [{name: 'A', renewEvery: 1}]}), 'acquire A', 'tick 300');
		expect(events).toHaveLength(201);
		// The tick and a heartbeat at each of the 300 units: 200 are kept, the last event counts the other 101.
		expect(events.at(-1)).toEqual({kind: 'elided', t: 300, count: 101});
	});
});
