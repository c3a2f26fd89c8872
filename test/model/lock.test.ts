import {describe, expect, test} from 'vitest';
import {clientOf, run, worldOf} from './helpers.js';

describe('lock service', () => {
	test('acquire on a free lock grants token 1 with expiry clock + lease', () => {
		const {world, events} = run(worldOf(), 'tick 3', 'acquire A 4');
		expect(world.lock).toEqual({holder: 'A', token: 1, expiry: 7, nextToken: 2});
		expect(clientOf(world, 'A').token).toBe(1);
		expect(events).toEqual([{kind: 'acquired', t: 3, client: 'A', token: 1, expiry: 7}]);
	});

	test('acquire without a lease uses the scenario default', () => {
		expect(run(worldOf({lease: 8}), 'acquire A').world.lock.expiry).toBe(8);
	});

	test('acquire fails while another client holds the lock, and changes neither side', () => {
		const before = run(worldOf(), 'acquire A').world;
		const {world, refused, events} = run(before, 'acquire B');
		expect(refused).toBeNull();
		expect(world.lock).toEqual(before.lock);
		expect(clientOf(world, 'B').token).toBeNull();
		expect(events[0]).toMatchObject({kind: 'acquire-failed', client: 'B', holder: 'A'});
	});

	test('the same client cannot re-acquire while it holds the lock', () => {
		const {world} = run(worldOf(), 'acquire A', 'acquire A');
		expect(world.lock).toMatchObject({holder: 'A', token: 1, nextToken: 2});
	});

	test('at exactly clock == expiry the lease is over and another client acquires', () => {
		const {world} = run(worldOf(), 'acquire A 5', 'tick 5', 'acquire B');
		expect(world.clock).toBe(5);
		expect(world.lock).toMatchObject({holder: 'B', token: 2});
	});

	test('one tick before expiry the holder still holds', () => {
		const {world} = run(worldOf(), 'acquire A 5', 'tick 4', 'acquire B');
		expect(world.lock.holder).toBe('A');
	});

	test('an expired lease frees the lock at once: holder, token and expiry are null', () => {
		const {world, events} = run(worldOf(), 'acquire A 3', 'tick 10');
		expect(world.lock).toEqual({holder: null, token: null, expiry: null, nextToken: 2});
		expect(events).toContainEqual({kind: 'expired', t: 3, client: 'A', token: 1});
		expect(clientOf(world, 'A').token).toBe(1);
	});

	test('tokens grow on every acquire and never otherwise', () => {
		const {world} = run(worldOf(), 'acquire A', 'renew A', 'release A', 'acquire B', 'tick 9', 'acquire A');
		expect(world.lock).toMatchObject({holder: 'A', token: 3, nextToken: 4});
	});

	test('renew by the holder extends the lease and keeps the token', () => {
		const {world} = run(worldOf(), 'acquire A 5', 'tick 4', 'renew A 6');
		expect(world.lock).toMatchObject({holder: 'A', token: 1, expiry: 10});
	});

	test('renew without a lease uses the scenario default, not the last lease', () => {
		const {world} = run(worldOf({lease: 5}), 'acquire A 9', 'tick 1', 'renew A');
		expect(world.lock.expiry).toBe(6);
	});

	test("renew after expiry fails and clears the client's belief", () => {
		const {world, events} = run(worldOf(), 'acquire A 2', 'tick 2', 'renew A');
		expect(world.lock.holder).toBeNull();
		expect(clientOf(world, 'A').token).toBeNull();
		expect(events).toEqual([{kind: 'renew-failed', t: 2, client: 'A', lostToken: 1, heartbeat: false}]);
	});

	test('renew by a non-holder fails without touching the lock', () => {
		const before = run(worldOf(), 'acquire A').world;
		const {world} = run(before, 'renew B');
		expect(world.lock).toEqual(before.lock);
	});

	test('release by the holder frees the lock', () => {
		const {world} = run(worldOf(), 'acquire A', 'release A');
		expect(world.lock).toEqual({holder: null, token: null, expiry: null, nextToken: 2});
		expect(clientOf(world, 'A').token).toBeNull();
	});

	test('release by a non-holder does nothing to the lock but the client drops its belief', () => {
		const before = run(worldOf(), 'acquire A 2', 'tick 2', 'acquire B').world;
		const {world, refused} = run(before, 'release A');
		expect(refused).toBeNull();
		expect(world.lock).toEqual(before.lock);
		expect(clientOf(world, 'A').token).toBeNull();
	});

	test('a crashed client is still the holder until its lease expires', () => {
		const {world} = run(worldOf(), 'acquire A 4', 'crash A', 'acquire B');
		expect(world.lock.holder).toBe('A');
		expect(clientOf(world, 'A').token).toBeNull();
		expect(run(world, 'tick 4', 'acquire B').world.lock).toMatchObject({holder: 'B', token: 2});
	});
});
