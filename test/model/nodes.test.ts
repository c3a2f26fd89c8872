import {describe, expect, test} from 'vitest';
import {createWorld, findNode, knownUntil, setupProblem, type WorldSetup} from '../../source/model/world.js';
import {clientOf, run} from './helpers.js';

const worldOf = (setup: Partial<WorldSetup> = {}) => createWorld({clients: [{name: 'A'}, {name: 'B'}], lease: 10, ...setup});
const redlock = (setup: Partial<WorldSetup> = {}) => worldOf({backend: 'redlock', ...setup});
const holders = (world: ReturnType<typeof worldOf>) => world.nodes.map(node => node.holder);

describe('Redlock: a majority of independent nodes', () => {
	test('acquire takes every free node; the client holds the lock with no token', () => {
		const {world, events} = run(redlock(), 'acquire A');
		expect(holders(world)).toEqual(['A', 'A', 'A', 'A', 'A']);
		expect(world.lock).toEqual({holder: 'A', token: null, expiry: null, nextToken: null});
		expect(clientOf(world, 'A')).toMatchObject({holds: true, token: null, until: 10, grant: 1});
		expect(events).toEqual([{kind: 'acquired', t: 0, client: 'A', token: null, expiry: 10, nodes: {count: 5, needed: 3, of: 5}}]);
	});

	test('a minority of grants is deleted again and the client believes what it believed', () => {
		const {world, events} = run(redlock(), 'partition A L1 L2 L3', 'acquire A');
		expect(holders(world)).toEqual([null, null, null, null, null]);
		expect(clientOf(world, 'A').holds).toBe(false);
		expect(events[0]).toMatchObject({kind: 'acquire-minority', nodes: {count: 2, needed: 3}});
	});

	test("a node's clock jump expires its key early and a second client gets its own majority", () => {
		const {world} = run(redlock(), 'partition A L4 L5', 'acquire A', 'heal A', 'jump L3 +10', 'acquire B');
		expect(holders(world)).toEqual(['A', 'A', 'B', 'B', 'B']);
		expect(world.lock.holder).toBe('B');
		// Both believe: that is the lesson.
		expect([clientOf(world, 'A').holds, clientOf(world, 'B').holds]).toEqual([true, true]);
	});

	test('a node restarted without persistence forgets the key', () => {
		const {world, events} = run(redlock(), 'partition A L4 L5', 'acquire A', 'crash L3', 'restart L3', 'partition B L1 L2', 'acquire B');
		expect(holders(world)).toEqual(['A', 'A', 'B', 'B', 'B']);
		expect(events[0]).toMatchObject({kind: 'acquired', client: 'B'});
	});

	test('renew with no node answering teaches nothing but restarts the heartbeat timer', () => {
		const {world, events} = run(redlock(), 'acquire A', 'tick 3', 'partition A', 'renew A');
		expect(events).toEqual([{kind: 'unanswered', t: 3, client: 'A', request: 'renew', nodes: {count: 0, needed: 3, of: 5}}]);
		expect(clientOf(world, 'A')).toMatchObject({holds: true, until: 10, lastRenewAt: 3});
	});

	test('renew on fewer than a majority tells the client it lost the lock', () => {
		const {world, events} = run(redlock(), 'acquire A', 'crash L1', 'crash L2', 'crash L3', 'renew A');
		expect(clientOf(world, 'A')).toMatchObject({holds: false, until: null, grant: null});
		expect(events[0]).toMatchObject({kind: 'renew-failed', nodes: {count: 2, needed: 3, of: 5}});
	});

	test('a client that already holds the lock cannot take it again', () => {
		const {world, events} = run(redlock(), 'acquire A', 'acquire A');
		expect(events[0]).toMatchObject({kind: 'acquire-minority', nodes: {count: 0}});
		expect(clientOf(world, 'A')).toMatchObject({holds: true, grant: 1});
	});
});

describe('tokens', () => {
	test("revision: a grant's token is the store's next revision; releases and expiries count, renewals do not", () => {
		let {world} = run(worldOf({backend: 'etcd', lease: 5}), 'acquire A', 'renew A');
		expect(world.lock).toMatchObject({holder: 'A', token: 2, revision: 2, nextToken: null});
		({world} = run(world, 'release A', 'acquire B', 'tick 5', 'acquire A'));
		// 2 grant, 3 release, 4 grant, 5 expiry, 6 grant
		expect(world.lock).toMatchObject({holder: 'A', token: 6, revision: 6});
		expect(clientOf(world, 'A').token).toBe(6);
	});

	test('none: a single Redis node grants without a token and a write carries none', () => {
		const {world} = run(worldOf({backend: 'redis'}), 'acquire A', 'write A');
		expect(world.resource).toMatchObject({value: 'A', maxToken: 0, rejected: 0});
	});

	test('tokens on several nodes, or from a store that forgets, cannot be', () => {
		expect(setupProblem({clients: [], nodes: 3})).toMatch(/tokens: counter needs one node, and there are 3/);
		expect(setupProblem({clients: [], persistent: false})).toMatch(/store that forgets/);
		expect(setupProblem({clients: [], backend: 'redlock'})).toBeNull();
		expect(setupProblem({clients: [], backend: 'redlock', tokens: 'revision'})).toMatch(/needs one node/);
	});

	test('a violation is judged by grant numbers when there are no tokens', () => {
		const {world} = run(redlock({fencing: true}), 'acquire A', 'pause A 11', 'tick 10', 'acquire B', 'write B', 'tick 1', 'write A');
		expect(world.violations).toBe(1);
		expect(world.resource.rejected).toBe(0);
	});
});

describe('lock-delay', () => {
	test('after an expiry the node grants nobody until the old expiry + lockDelay', () => {
		let {world, events} = run(worldOf({backend: 'consul', lease: 5}), 'acquire A', 'tick 5', 'acquire B');
		expect(world.lockDelay).toBe(5);
		expect(events).toEqual([{kind: 'lock-delay', t: 5, client: 'B', node: 'L1', until: 10}]);
		({world} = run(world, 'tick 4', 'acquire B'));
		expect(world.lock.holder).toBeNull();
		({world} = run(world, 'tick 1', 'acquire B'));
		expect(world.lock).toMatchObject({holder: 'B', token: 2});
	});

	test('a release starts no lock-delay', () => {
		const {world} = run(worldOf({backend: 'consul'}), 'acquire A', 'release A', 'acquire B');
		expect(world.lock.holder).toBe('B');
	});
});

describe('clocks', () => {
	test("a node's expiry is on its own clock", () => {
		const {world, events} = run(worldOf({lease: 5}), 'acquire A', 'jump L1 +2', 'tick 3');
		expect(events).toContainEqual({kind: 'expired', t: 3, client: 'A', token: 1});
		expect(world.lock.holder).toBeNull();
	});

	test('a careful client checks its own clock before writing and drops its belief when the lease is over', () => {
		const careful = createWorld({clients: [{name: 'A', checksLease: true}], lease: 5});
		const {world, events} = run(careful, 'acquire A', 'jump A +5', 'write A');
		expect(events).toEqual([{kind: 'lease-over', t: 0, client: 'A', clock: 5, until: 5}]);
		expect(world.resource.writes).toBe(0);
		expect(clientOf(world, 'A')).toMatchObject({holds: false, token: null});
	});

	test('a jump of a name that is neither a client nor a node is refused', () => {
		expect(run(worldOf(), 'jump L9 +1').refused).toEqual({kind: 'unknown-name', name: 'L9'});
	});
});

describe('partitions', () => {
	test('a write from a client cut from the resource waits, then arrives when healed', () => {
		let {world, events} = run(worldOf(), 'acquire A', 'partition A resource', 'write A', 'tick 3');
		expect(world.inflight).toHaveLength(1);
		expect(world.resource.writes).toBe(0);
		({world, events} = run(world, 'heal A'));
		expect(world.resource.writes).toBe(1);
		expect(events.map(event => event.kind)).toEqual(['healed', 'accepted']);
	});

	test('a cut client gets no answer: its heartbeats are lost and its lease runs out', () => {
		const heartbeat = createWorld({clients: [{name: 'A', renewEvery: 2}], lease: 5});
		const {world} = run(heartbeat, 'acquire A', 'partition A', 'tick 6');
		expect(world.lock.holder).toBeNull();
		expect(clientOf(world, 'A')).toMatchObject({holds: true, token: 1, cut: ['L1']});
	});

	test('with one node the events name the lock service, not the node; with several, the nodes', () => {
		const one = run(worldOf(), 'partition A', 'acquire A');
		expect(one.events).toEqual([{kind: 'unanswered', t: 0, client: 'A', request: 'acquire'}]);
		expect(run(worldOf(), 'partition A L1 resource').events).toEqual([{kind: 'partitioned', t: 0, client: 'A', peers: ['lock', 'resource']}]);
		expect(run(one.world, 'heal A').events).toEqual([{kind: 'healed', t: 0, client: 'A', peers: ['lock']}]);
		expect(run(redlock(), 'partition A L4 L5').events).toEqual([{kind: 'partitioned', t: 0, client: 'A', peers: ['L4', 'L5']}]);
	});

	test('heal alone restores every link; lock names every node', () => {
		const {world} = run(redlock(), 'partition A lock', 'partition A resource', 'heal A L2');
		expect(clientOf(world, 'A').cut).toEqual(['L1', 'L3', 'L4', 'L5', 'resource']);
		expect(clientOf(run(world, 'heal A').world, 'A').cut).toEqual([]);
	});

	test('a partition of an unknown peer is refused', () => {
		expect(run(worldOf(), 'partition A L7').refused).toEqual({kind: 'unknown-peer', client: 'A', peer: 'L7'});
	});
});

describe('write … pause=M', () => {
	test('the write is checked now and sent when the pause ends, with the grant it had', () => {
		let {world, events} = run(worldOf({lease: 5}), 'acquire A', 'write A x pause=6');
		expect(events).toEqual([{kind: 'paused', t: 0, client: 'A', until: 6, held: 'x'}]);
		({world, events} = run(world, 'acquire B', 'tick 5', 'acquire B', 'write B', 'tick 1'));
		expect(events.map(event => event.kind)).toEqual(['ticked', 'resumed', 'rejected']);
		expect(world.resource).toMatchObject({value: 'B', rejected: 1});
	});

	test('resume sends the held write at once', () => {
		const {events} = run(worldOf(), 'acquire A', 'write A pause=6', 'resume A');
		expect(events.map(event => event.kind)).toEqual(['resumed', 'accepted']);
	});

	test('a crash while frozen loses the held write, not the writes already in the network', () => {
		const {world, events} = run(worldOf(), 'acquire A', 'write A one delay=2', 'write A two pause=6', 'crash A', 'tick 9');
		expect(world.resource).toMatchObject({value: 'one', writes: 1});
		expect(events).toEqual([{kind: 'ticked', t: 9, from: 0}, expect.objectContaining({kind: 'accepted', value: 'one'})]);
	});

	test('a careful client whose check fails does not pause either', () => {
		const careful = createWorld({clients: [{name: 'A', checksLease: true}], lease: 5});
		const {world} = run(careful, 'acquire A', 'jump A +6', 'write A pause=3');
		expect(clientOf(world, 'A')).toMatchObject({status: 'running', holds: false});
	});
});

describe('node crash and restart', () => {
	test('are refused like a client crash and restart', () => {
		expect(run(redlock(), 'restart L2').refused).toEqual({kind: 'node-not-crashed', node: 'L2'});
		expect(run(redlock(), 'crash L2', 'crash L2').refused).toEqual({kind: 'node-already-crashed', node: 'L2'});
	});

	test('a persistent node keeps its key across a crash and drops it at restart if it expired meanwhile', () => {
		let {world} = run(worldOf({lease: 5}), 'acquire A', 'crash L1');
		expect(findNode(world, 'L1')).toMatchObject({up: false, holder: 'A'});
		expect(world.lock.holder).toBeNull();
		({world} = run(world, 'restart L1'));
		expect(world.lock.holder).toBe('A');
		const {world: late, events} = run(world, 'crash L1', 'tick 9', 'restart L1');
		expect(late.lock.holder).toBeNull();
		expect(events.map(event => event.kind)).toEqual(['node-restarted', 'expired']);
	});

	test('a node that does not persist loses its key when it crashes', () => {
		const {world, events} = run(worldOf({backend: 'redis'}), 'acquire A', 'crash L1');
		expect(findNode(world, 'L1')).toMatchObject({up: false, holder: null});
		expect(events).toEqual([{kind: 'node-crashed', t: 0, node: 'L1', lostKey: 'A'}]);
	});

	test('crash and restart of a client keep its clock and its links', () => {
		const {world} = run(worldOf(), 'jump A -3', 'partition A resource', 'crash A', 'restart A');
		expect(clientOf(world, 'A')).toMatchObject({offset: -3, cut: ['resource'], status: 'running'});
	});
});

describe('what a world knows of its future (knownUntil)', () => {
	test("its clock, or the latest of a pause's end, the lock's expiry, a write's arrival", () => {
		expect(knownUntil(run(worldOf(), 'tick 3').world)).toBe(3);
		expect(knownUntil(run(worldOf({lease: 5}), 'acquire A').world)).toBe(5);
		expect(knownUntil(run(worldOf({lease: 5}), 'acquire A', 'pause A 9').world)).toBe(9);
		expect(knownUntil(run(worldOf({lease: 5}), 'acquire A', 'write A delay=12').world)).toBe(12);
		// A released lock plans nothing.
		expect(knownUntil(run(worldOf({lease: 5}), 'acquire A', 'release A').world)).toBe(0);
	});

	test("a lock-delay window's end, in true time", () => {
		expect(knownUntil(run(worldOf({backend: 'consul', lease: 5}), 'acquire A', 'tick 5').world)).toBe(10);
		// Once past, it plans nothing more.
		expect(knownUntil(run(worldOf({backend: 'consul', lease: 5}), 'acquire A', 'tick 12').world)).toBe(12);
	});
});
