// Messages that take time (docs/model.md, "Messages that take time"): each rule on its own.

import {describe, expect, test} from 'vitest';
import {describeEvent} from '../../source/words/describe.js';
import {createWorld, findNode, knownUntil, type WorldSetup} from '../../source/model/world.js';
import {clientOf, run} from './helpers.js';
import {generic} from '../words/terms.js';

const worldOf = (setup: Partial<WorldSetup> = {}) => createWorld({clients: [{name: 'A'}, {name: 'B'}], lease: 10, ...setup});
const redlock = (setup: Partial<WorldSetup> = {}) => worldOf({backend: 'redlock', ...setup});
const holders = (world: ReturnType<typeof worldOf>) => world.nodes.map(node => node.holder);
const kinds = (events: readonly {kind: string}[]) => events.map(event => event.kind);

describe('a request is a message', () => {
	test('requests travel, nodes grant when they arrive, and the client decides when every reply is in', () => {
		let outcome = run(redlock({latency: 2}), 'acquire A');
		expect(outcome.world.messages.map(message => [message.kind, message.to, message.arrivesAt])).toEqual(
			['L1', 'L2', 'L3', 'L4', 'L5'].map(node => ['request', node, 2]),
		);
		expect(clientOf(outcome.world, 'A').waiting).toMatchObject({op: 'acquire', since: 0, replies: 0, grants: 0, sent: 5});
		outcome = run(outcome.world, 'tick 2');
		expect(holders(outcome.world)).toEqual(['A', 'A', 'A', 'A', 'A']);
		expect(outcome.world.messages.every(message => message.kind === 'reply' && message.granted && message.arrivesAt === 4)).toBe(true);
		expect(clientOf(outcome.world, 'A').holds).toBe(false);
		outcome = run(outcome.world, 'tick 2');
		// The redlock preset checks validity: until = T1 + lease − drift.
		expect(clientOf(outcome.world, 'A')).toMatchObject({holds: true, waiting: null, until: 10, grant: 1});
		expect(outcome.world.messages).toEqual([]);
	});

	test('while it waits, other lock commands are refused; a pause and a write still work', () => {
		const held = run(redlock(), 'acquire A', 'latency A lock 3', 'renew A').world;
		expect(run(held, 'acquire A').refused).toEqual({kind: 'waiting', client: 'A', op: 'renew', since: 0});
		expect(run(held, 'release A').refused).toMatchObject({kind: 'waiting'});
		expect(run(held, 'write A').refused).toBeNull();
		expect(run(held, 'pause A 2').refused).toBeNull();
	});

	test('a request to a node that is down or cut when sent fails at once; the rest decide without waiting for it', () => {
		const {world, events} = run(redlock({latency: 1}), 'crash L5', 'partition A L4', 'acquire A');
		expect(events[0]).toMatchObject({kind: 'request-sent', to: ['L1', 'L2', 'L3'], failed: ['L4', 'L5']});
		const after = run(world, 'tick 2');
		expect(clientOf(after.world, 'A')).toMatchObject({holds: true, waiting: null});
		expect(after.events.find(event => event.kind === 'acquired')).toMatchObject({t: 2, nodes: {count: 3, needed: 3, of: 5}});
	});

	test('a request lost on a link cut while it travels is known only by the timeout', () => {
		const sent = run(redlock({latency: 2, timeout: 6}), 'acquire A', 'partition A L1 L2 L3').world;
		let outcome = run(sent, 'tick 2');
		expect(outcome.events.filter(event => event.kind === 'message-lost')).toHaveLength(3);
		expect(clientOf(outcome.world, 'A').waiting).toMatchObject({replies: 0});
		outcome = run(outcome.world, 'tick 3');
		expect(clientOf(outcome.world, 'A').waiting).toMatchObject({replies: 2, grants: 2});
		outcome = run(outcome.world, 'tick 1');
		// t=6: its timeout is up; 2 of 5 granted, so it deletes this attempt's keys.
		expect(kinds(outcome.events)).toContain('acquire-minority');
		expect(clientOf(outcome.world, 'A')).toMatchObject({holds: false, waiting: null});
		outcome = run(outcome.world, 'tick 2');
		expect(holders(outcome.world)).toEqual([null, null, null, null, null]);
	});

	test('a reply that comes after the client decided is ignored', () => {
		const world = run(redlock({timeout: 2}), 'latency A L5 4', 'acquire A', 'tick 2').world;
		expect(clientOf(world, 'A')).toMatchObject({holds: true, waiting: null});
		const late = run(world, 'tick 6');
		expect(late.events.find(event => event.kind === 'reply-arrived')).toMatchObject({node: 'L5', ignored: true});
	});

	test('a paused client reads nothing: it decides when it resumes, with T2 the resume time', () => {
		const world = run(redlock({latency: 1}), 'acquire A', 'pause A 6', 'tick 3').world;
		expect(clientOf(world, 'A').waiting).toMatchObject({replies: 5, grants: 5});
		expect(clientOf(world, 'A').holds).toBe(false);
		const resumed = run(world, 'resume A');
		const decided = resumed.events.find(event => event.kind === 'decided');
		// The redlock preset checks validity: 10 − (3 − 0) − 0 = 7.
		expect(decided).toMatchObject({since: 0, at: 3, validity: 7, kept: true, until: 10});
		expect(clientOf(resumed.world, 'A')).toMatchObject({holds: true, until: 10});
	});

	test('a reply that reaches a frozen client waits unread; it is read, and counted, when the client wakes', () => {
		// L1 answers at t=2, before the pause; the other four at t=6, while A is frozen.
		const asked = run(redlock(), 'latency A lock 3', 'latency A L1 1', 'acquire A', 'tick 2');
		expect(asked.events.find(event => event.kind === 'reply-arrived')).toEqual({
			kind: 'reply-arrived',
			t: 2,
			client: 'A',
			node: 'L1',
			op: 'acquire',
			granted: true,
			ignored: false,
		});
		const frozen = run(asked.world, 'pause A 6', 'tick 4');
		const replies = frozen.events.filter(event => event.kind === 'reply-arrived');
		expect(replies.map(event => [event.node, event.unread])).toEqual([
			['L2', true],
			['L3', true],
			['L4', true],
			['L5', true],
		]);
		expect(clientOf(frozen.world, 'A').waiting).toMatchObject({replies: 5, unread: 4});
		expect(clientOf(frozen.world, 'A').holds).toBe(false);
		// It wakes at t=8 and reads the four that came while it was frozen, not the one it read before.
		const woken = run(frozen.world, 'tick 2');
		expect(woken.events.find(event => event.kind === 'resumed')).toEqual({kind: 'resumed', t: 8, client: 'A', early: false, unread: 4});
		expect(kinds(woken.events)).toEqual(['ticked', 'resumed', 'decided', 'acquired']);
		// `resume` reads them the same way.
		expect(run(frozen.world, 'resume A').events[0]).toEqual({kind: 'resumed', t: 6, client: 'A', early: true, unread: 4});
	});

	test('a reply a frozen client no longer waits for is ignored, not unread; a wake with nothing waiting reads nothing', () => {
		const decided = run(redlock({timeout: 2}), 'latency A L5 4', 'acquire A', 'tick 2').world;
		const {world, events} = run(decided, 'pause A 10', 'tick 6');
		expect(events.find(event => event.kind === 'reply-arrived')).toEqual({
			kind: 'reply-arrived',
			t: 8,
			client: 'A',
			node: 'L5',
			op: 'acquire',
			granted: true,
			ignored: true,
		});
		expect(run(world, 'resume A').events[0]).toEqual({kind: 'resumed', t: 8, client: 'A', early: true});
	});

	test("a give-up's deletions arrive as events: each says whether the node held that attempt's key", () => {
		// A is cut from L1–L3 while its requests travel: only L4 and L5 grant, and at its timeout it gives up.
		const givenUp = run(redlock({latency: 2, timeout: 6}), 'acquire A', 'partition A L1 L2 L3', 'tick 6');
		expect(givenUp.events.find(event => event.kind === 'request-sent')).toMatchObject({to: ['L4', 'L5'], undo: true});
		expect(holders(givenUp.world)).toEqual([null, null, null, 'A', 'A']);
		const arrived = run(givenUp.world, 'tick 2');
		expect(arrived.events.filter(event => event.kind === 'deletion-arrived')).toEqual([
			{kind: 'deletion-arrived', t: 8, client: 'A', node: 'L4', deleted: true},
			{kind: 'deletion-arrived', t: 8, client: 'A', node: 'L5', deleted: true},
		]);
		expect(holders(arrived.world)).toEqual([null, null, null, null, null]);
		// A deletion that finds its node down is lost, as any request is.
		const lost = run(givenUp.world, 'crash L5', 'tick 2');
		expect(lost.events.filter(event => event.kind === 'deletion-arrived')).toEqual([{kind: 'deletion-arrived', t: 8, client: 'A', node: 'L4', deleted: true}]);
		expect(lost.events).toContainEqual({kind: 'message-lost', t: 8, client: 'A', node: 'L5', message: 'request', op: 'release', why: 'down'});
	});

	test("an old attempt's deletion leaves a key granted since in an instant", () => {
		// A's first attempt times out at t=1 and its deletion travels 3 ticks; its request grants a key at
		// t=3, which A deletes over a link now instant, and takes again in an instant before t=4.
		const again = run(worldOf({clients: [{name: 'A'}], timeout: 1, latency: 3}), 'acquire A', 'tick 3', 'latency A lock 0', 'release A', 'acquire A');
		expect(again.world.lock.holder).toBe('A');
		const arrived = run(again.world, 'tick 1');
		expect(arrived.events.filter(event => event.kind === 'deletion-arrived')).toEqual([
			{kind: 'deletion-arrived', t: 4, client: 'A', node: 'L1', deleted: false},
		]);
		expect(arrived.world.lock.holder).toBe('A');
		expect(clientOf(arrived.world, 'A').holds).toBe(true);
	});

	test("a crash ends the wait; the attempt's keys stay until they expire", () => {
		const world = run(redlock({latency: 1}), 'acquire A', 'crash A', 'tick 1').world;
		expect(clientOf(world, 'A').waiting).toBeNull();
		expect(holders(world)).toEqual(['A', 'A', 'A', 'A', 'A']);
		expect(
			run(world, 'tick 1')
				.events.filter(event => event.kind === 'reply-arrived')
				.every(event => event.ignored),
		).toBe(true);
		expect(holders(run(world, 'tick 10').world)).toEqual([null, null, null, null, null]);
	});

	test('latency to the resource is the default delay of writes; delay= still wins', () => {
		const world = run(worldOf(), 'acquire A', 'latency A resource 3').world;
		expect(run(world, 'write A').world.inflight).toMatchObject([{from: 'A', arrivesAt: 3}]);
		expect(run(world, 'write A delay=1').world.inflight).toMatchObject([{from: 'A', arrivesAt: 1}]);
	});

	test('with one node, a refused acquire that took time says who holds the lock', () => {
		const {events} = run(worldOf({latency: 1}), 'latency B lock 0', 'acquire B', 'acquire A', 'tick 2');
		expect(events.find(event => event.kind === 'acquire-failed')).toEqual({kind: 'acquire-failed', t: 2, client: 'A', holder: 'B'});
	});
});

describe('the decision: checksValidity', () => {
	// A is frozen while its OKs are in flight; the keys expire; B takes the lock and writes.
	const inFlightPause = (checksValidity: boolean) =>
		run(
			createWorld({backend: 'redlock', lease: 10, clients: [{name: 'A', checksValidity, latency: 2}, {name: 'B'}]}),
			'acquire A',
			'pause A 20',
			'tick 12',
			'acquire B',
			'write B',
			'tick 8',
		);

	test('a naive client reading five OKs late holds the older grant: its write after the new holder is a violation', () => {
		const {world, events} = inFlightPause(false);
		expect(events.find(event => event.kind === 'decided')).toMatchObject({client: 'A', since: 0, at: 20, validity: null, kept: true, until: 30});
		// Its five grants are counted as they were given: its keys have expired since.
		expect(events.find(event => event.kind === 'acquired' && event.client === 'A')).toMatchObject({afterWait: true, nodes: {count: 5}});
		expect(clientOf(world, 'A')).toMatchObject({holds: true, grant: 1});
		expect(clientOf(world, 'B')).toMatchObject({holds: true, grant: 2});
		expect(run(world, 'write A', 'tick 2').world.violations).toBe(1);
	});

	test('a client that checks validity gives the lock up when validity ≤ 0', () => {
		const {world, events} = inFlightPause(true);
		const decided = events.find(event => event.kind === 'decided')!;
		expect(decided).toMatchObject({client: 'A', lease: 10, since: 0, at: 20, drift: 0, validity: -10, kept: false, until: null});
		expect(describeEvent(decided, generic)).toBe('A decides: validity 10 − (20 − 0) − 0 = −10 ≤ 0: gives the lock up');
		expect(describeEvent(decided, generic, 'ja')).toBe('A の判断: 有効時間 10 − (20 − 0) − 0 = −10 ≤ 0: ロックを手放す');
		expect(clientOf(world, 'A').holds).toBe(false);
		expect(run(world, 'write A').refused).toMatchObject({kind: 'no-token'});
		// Its deletions (arriving at t=22, when B's renewed keys still stand) touch only its own attempt's keys:
		// B's stay, and each deletion says it found none.
		const deletions = run(world, 'renew B', 'tick 2');
		expect(holders(deletions.world)).toEqual(['B', 'B', 'B', 'B', 'B']);
		expect(deletions.events.filter(event => event.kind === 'deletion-arrived').map(event => [event.node, event.deleted])).toEqual(
			['L1', 'L2', 'L3', 'L4', 'L5'].map(node => [node, false]),
		);
	});

	test('validity = lease − (T2 − T1) − drift; the lock is kept until T1 + lease − drift', () => {
		const {world, events} = run(redlock({latency: 1, drift: 1}), 'acquire A', 'tick 2');
		const decided = events.find(event => event.kind === 'decided')!;
		expect(decided).toMatchObject({since: 0, at: 2, drift: 1, validity: 7, kept: true, until: 9});
		expect(describeEvent(decided, generic)).toBe('A decides: validity 10 − (2 − 0) − 1 = 7 > 0: holds until 0 + 10 − 1 = t=9');
		expect(clientOf(world, 'A').until).toBe(9);
	});

	test('with latency 0 a drift alone is subtracted, and a drift ≥ the lease gives every lock up', () => {
		expect(clientOf(run(redlock({drift: 2}), 'acquire A').world, 'A').until).toBe(8);
		const {world, events} = run(redlock({drift: 10}), 'acquire A');
		expect(events).toMatchObject([{kind: 'decided', validity: 0, kept: false}]);
		expect(holders(world)).toEqual([null, null, null, null, null]);
	});

	test('grant numbers are taken when the keys first stand on a majority, not when the client decides', () => {
		const world = run(redlock({latency: 2}), 'acquire A', 'tick 2').world;
		expect(world.grants).toBe(1);
		expect(clientOf(world, 'A').grant).toBeNull();
		expect(clientOf(world, 'A').waiting).toMatchObject({grant: 1});
	});

	test('a renew is decided by the same rule, from its own T1', () => {
		const {world, events} = run(redlock({drift: 1}), 'acquire A', 'tick 3', 'latency A lock 2', 'renew A', 'tick 4');
		expect(events.find(event => event.kind === 'decided')).toMatchObject({op: 'renew', since: 3, at: 7, validity: 5, kept: true, until: 12});
		expect(clientOf(world, 'A')).toMatchObject({holds: true, until: 12});
	});

	test('a release drops the belief as it is sent and waits for its replies', () => {
		const sent = run(redlock({latency: 1}), 'latency A lock 0', 'acquire A', 'latency A lock 1', 'release A');
		expect(clientOf(sent.world, 'A')).toMatchObject({holds: false, waiting: {op: 'release'}});
		const {world, events} = run(sent.world, 'tick 2');
		expect(events.find(event => event.kind === 'released')).toMatchObject({client: 'A', nodes: {count: 5}});
		expect(holders(world)).toEqual([null, null, null, null, null]);
		expect(clientOf(world, 'A').waiting).toBeNull();
	});
});

describe('restarts and clocks', () => {
	const delayed = (restartDelay: number) =>
		createWorld({lease: 10, tokens: 'none', persistent: false, nodes: [{name: 'L1', restartDelay}], clients: [{name: 'A'}, {name: 'B'}]});

	test('a restart held by restartDelay happens once that much of the node’s own clock has passed', () => {
		const held = run(delayed(10), 'acquire A', 'tick 2', 'crash L1', 'tick 3', 'restart L1');
		expect(held.events).toEqual([{kind: 'restart-held', t: 5, node: 'L1', until: 12}]);
		expect(findNode(held.world, 'L1')).toMatchObject({up: false, restartHeld: true});
		expect(run(held.world, 'restart L1').refused).toEqual({kind: 'restart-held', node: 'L1', until: 12});
		expect(findNode(run(held.world, 'tick 6').world, 'L1')!.up).toBe(false);
		const back = run(held.world, 'tick 7');
		expect(back.events).toContainEqual({kind: 'node-restarted', t: 12, node: 'L1', keptKey: null});
		expect(findNode(back.world, 'L1')).toMatchObject({up: true, restartHeld: false});
	});

	test('a restart asked for after the delay happens at once', () => {
		expect(run(delayed(3), 'crash L1', 'tick 3', 'restart L1').events).toEqual([{kind: 'node-restarted', t: 3, node: 'L1', keptKey: null}]);
	});

	test('a forward jump of the down node shortens the wait', () => {
		const {world, events} = run(delayed(10), 'crash L1', 'tick 1', 'restart L1', 'jump L1 +9');
		expect(kinds(events)).toEqual(['jumped', 'node-restarted']);
		expect(findNode(world, 'L1')!.up).toBe(true);
	});

	test('a monotonic client ignores jumps: its wait and its lease are measured on a clock jump does not move', () => {
		const setup = {backend: 'redlock' as const, lease: 10, latency: 1, clients: [{name: 'A', monotonic: true, checksLease: true}, {name: 'B'}]};
		const {world, events} = run(createWorld(setup), 'acquire A', 'jump A +20', 'tick 2');
		expect(events.find(event => event.kind === 'decided')).toMatchObject({since: 0, at: 2, validity: 8, kept: true, until: 10});
		expect(clientOf(world, 'A')).toMatchObject({holds: true, until: 10, offset: 20});
		// Its wall clock reads 22, past `until`; its own check reads the monotonic clock, 2, and the write leaves.
		expect(run(world, 'write A').events[0]).toMatchObject({kind: 'sent', client: 'A'});
		const wall = run(createWorld({...setup, clients: [{name: 'A', checksLease: true}, {name: 'B'}]}), 'acquire A', 'jump A +20', 'tick 2');
		// A wall clock 20 ahead says its timeout (the lease, 10) is past at the next tick, before any reply.
		expect(wall.events.find(event => event.kind === 'unanswered')).toMatchObject({t: 1, client: 'A', request: 'acquire'});
		expect(clientOf(wall.world, 'A').holds).toBe(false);
	});
});

describe('what a world knows of its future', () => {
	test('a message in flight, a wait’s timeout and a held restart are planned', () => {
		expect(knownUntil(run(redlock({latency: 2}), 'acquire A').world)).toBe(10);
		expect(knownUntil(run(redlock({latency: 2, timeout: 3}), 'acquire A').world)).toBe(3);
		expect(knownUntil(run(redlock({latency: 2, timeout: 5}), 'acquire A', 'tick 2').world)).toBe(5);
		const delayed = createWorld({lease: 10, tokens: 'none', nodes: [{name: 'L1', restartDelay: 7}], clients: [{name: 'A'}]});
		expect(knownUntil(run(delayed, 'crash L1', 'restart L1').world)).toBe(7);
	});
});
