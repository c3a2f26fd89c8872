import {describe, expect, test} from 'vitest';
import {describeEvent} from '../../source/words/describe.js';
import {clientOf, run, worldOf} from './helpers.js';
import {generic} from '../words/terms.js';

/** A at token 1 frozen past its lease, B at token 2: the chapter's double grant. */
const doubleGrant = (fencing = true) => run(worldOf({fencing}), 'acquire A 3', 'pause A 5', 'tick 3', 'acquire B', 'tick 2').world;

describe('resource', () => {
	test('a write replaces the value and raises max to the token', () => {
		const {world, events} = run(worldOf(), 'acquire A', 'write A hello');
		expect(world.resource).toMatchObject({value: 'hello', maxToken: 1, writes: 1, rejected: 0});
		expect(events[0]).toMatchObject({kind: 'accepted', token: 1, maxToken: 1, violation: false});
	});

	test('the value defaults to the client name', () => {
		expect(run(worldOf(), 'acquire A', 'write A').world.resource.value).toBe('A');
	});

	test('fenced: a token equal to max is accepted', () => {
		const {world} = run(worldOf(), 'acquire A', 'write A one', 'write A two');
		expect(world.resource).toMatchObject({value: 'two', maxToken: 1, writes: 2, rejected: 0});
	});

	test('fenced: a token smaller than max is rejected and nothing else changes', () => {
		const before = run(doubleGrant(), 'write B').world;
		const {world, events} = run(before, 'write A');
		expect(world.resource).toEqual({...before.resource, rejected: 1});
		expect(world.violations).toBe(0);
		expect(events).toEqual([{kind: 'rejected', t: 5, client: 'A', value: 'A', token: 1, maxToken: 2}]);
	});

	test('unfenced: a smaller token is accepted, max is kept, and it is a violation', () => {
		const {world, events} = run(doubleGrant(false), 'write B', 'write A');
		expect(world.resource).toMatchObject({value: 'A', maxToken: 2, writes: 2, rejected: 0});
		expect(world.violations).toBe(1);
		expect(events[0]).toMatchObject({kind: 'accepted', violation: true, senderToken: 1});
		expect(describeEvent(events[0]!, generic)).toBe('CORRUPTED: A\'s stale write "A" accepted (token 1)');
		expect(describeEvent(events[0]!, generic, 'ja')).toBe('破壊: A の古い書き込み "A" を受理 (トークン 1)');
	});

	test('a write with no token is accepted unchecked and leaves max alone', () => {
		const {world} = run(doubleGrant(), 'write B', 'fencing A off', 'write A');
		expect(world.resource).toMatchObject({value: 'A', maxToken: 2, writes: 2, rejected: 0});
		expect(world.violations).toBe(1);
	});

	test('a tokenless write from the current holder is no violation', () => {
		const {world} = run(worldOf(), 'fencing A off', 'acquire A', 'write A');
		expect(world.resource).toMatchObject({value: 'A', maxToken: 0, writes: 1});
		expect(world.violations).toBe(0);
	});

	test('a stale write before the new holder writes is accepted and is no violation', () => {
		const {world} = run(doubleGrant(), 'write A');
		expect(world.resource).toMatchObject({value: 'A', maxToken: 1, writes: 1});
		expect(world.violations).toBe(0);
	});

	test('fencing the resource off and on again', () => {
		let world = run(doubleGrant(), 'write B', 'fencing resource off').world;
		expect(world.resource.fenced).toBe(false);
		world = run(world, 'write A').world;
		expect(world.resource).toMatchObject({value: 'A', rejected: 0});
		world = run(world, 'fencing resource on', 'write A').world;
		expect(world.resource).toMatchObject({rejected: 1});
	});

	test('a delayed write is in flight, then arrives and is judged on arrival', () => {
		let world = run(worldOf(), 'acquire A 3', 'write A late delay=4').world;
		expect(world.inflight).toEqual([{from: 'A', token: 1, senderToken: 1, value: 'late', arrivesAt: 4}]);
		expect(world.resource.writes).toBe(0);
		world = run(world, 'tick 3', 'acquire B', 'write B').world;
		const arrival = run(world, 'tick');
		expect(arrival.world.inflight).toEqual([]);
		expect(arrival.world.resource).toMatchObject({value: 'B', rejected: 1});
		expect(arrival.events).toContainEqual({kind: 'rejected', t: 4, client: 'A', value: 'late', token: 1, maxToken: 2});
	});

	test('a write in flight arrives even after its sender crashed', () => {
		const {world} = run(worldOf(), 'acquire A', 'write A x delay=2', 'crash A', 'tick 2');
		expect(world.resource.value).toBe('x');
	});

	test('the token sent is decided when the write is sent', () => {
		const {world} = run(worldOf(), 'acquire A', 'write A x delay=2', 'fencing A off', 'tick 2');
		expect(world.resource.maxToken).toBe(1);
	});

	test('writes due at the same time arrive in send order', () => {
		const {world} = run(worldOf(), 'acquire A', 'write A first delay=3', 'tick', 'write A second delay=2', 'tick 2');
		expect(world.resource).toMatchObject({value: 'second', writes: 2});
	});

	test('writes counts accepted writes only', () => {
		const {world} = run(doubleGrant(), 'write B', 'write A', 'write A');
		expect(world.resource).toMatchObject({writes: 1, rejected: 2});
		expect(clientOf(world, 'A').token).toBe(1);
	});
});
