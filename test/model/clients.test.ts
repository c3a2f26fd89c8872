import {describe, expect, test} from 'vitest';
import {applyCommand} from '../../source/model/apply.js';
import {describeEvent, describeRefusal} from '../../source/words/describe.js';
import {createWorld} from '../../source/model/world.js';
import {clientOf, command, run, worldOf} from './helpers.js';
import {generic} from '../words/terms.js';

describe('clients', () => {
	test('a GC pause freezes the client until it resumes by itself, still believing its token', () => {
		let world = run(worldOf(), 'acquire A 3', 'tick', 'pause A 4').world;
		expect(clientOf(world, 'A')).toMatchObject({status: 'paused', pausedUntil: 5, token: 1});
		world = run(world, 'tick 3').world;
		expect(clientOf(world, 'A').status).toBe('paused');
		const resumed = run(world, 'tick');
		expect(clientOf(resumed.world, 'A')).toMatchObject({status: 'running', pausedUntil: null, token: 1});
		expect(resumed.events).toContainEqual({kind: 'resumed', t: 5, client: 'A', early: false});
	});

	test('resume ends a pause early, and the story says so in either language', () => {
		const {world, events} = run(worldOf(), 'pause A 9', 'resume A');
		expect(clientOf(world, 'A')).toMatchObject({status: 'running', pausedUntil: null});
		const resumed = events.find(event => event.kind === 'resumed')!;
		expect(resumed).toEqual({kind: 'resumed', t: 0, client: 'A', early: true});
		expect([describeEvent(resumed, generic, 'en'), describeEvent(resumed, generic, 'ja')]).toEqual(["A's GC pause ended early", 'A の GC 停止を解除']);
	});

	test('crash forgets the token; restart comes back with none', () => {
		let world = run(worldOf(), 'acquire A', 'crash A').world;
		expect(clientOf(world, 'A')).toMatchObject({status: 'crashed', token: null});
		world = run(world, 'restart A').world;
		expect(clientOf(world, 'A')).toMatchObject({status: 'running', token: null});
	});

	test('a paused client can crash, and the crash ends the pause', () => {
		const {world} = run(worldOf(), 'pause A 5', 'crash A');
		expect(clientOf(world, 'A')).toMatchObject({status: 'crashed', pausedUntil: null});
	});

	test.each([
		['acquire A', 'pause A 5', 'paused'],
		['renew A', 'pause A 5', 'paused'],
		['release A', 'pause A 5', 'paused'],
		['write A', 'pause A 5', 'paused'],
		['pause A 2', 'pause A 5', 'paused'],
		['acquire A', 'crash A', 'crashed'],
		['renew A', 'crash A', 'crashed'],
		['release A', 'crash A', 'crashed'],
		['write A', 'crash A', 'crashed'],
		['pause A 2', 'crash A', 'crashed'],
		['crash A', 'crash A', 'already-crashed'],
		['resume A', 'tick', 'not-paused'],
		['resume A', 'crash A', 'not-paused'],
		['restart A', 'tick', 'not-crashed'],
		['restart A', 'pause A 5', 'not-crashed'],
		['write A', 'tick', 'no-token'],
	])('%s is refused after %s (%s) and changes nothing', (line, setup, kind) => {
		const before = run(worldOf(), 'acquire A', setup === 'tick' && line === 'write A' ? 'release A' : 'tick', setup).world;
		const outcome = applyCommand(before, command(line));
		expect(outcome.refused?.kind).toBe(kind);
		expect(outcome.world).toBe(before);
		expect(outcome.events).toEqual([]);
	});

	test('refusals read as a person would say them', () => {
		const {refused} = run(worldOf(), 'tick 2', 'pause A 10', 'write A');
		expect(describeRefusal(refused!, generic)).toBe('A is paused by GC until t=12');
	});

	test.each(['tick', 'fencing A off', 'fencing resource off', 'renew A', 'release A'])('%s is never refused for a running client without a token', line => {
		expect(run(worldOf(), line).refused).toBeNull();
	});

	test('fencing toggles are never refused, even for a paused or crashed client', () => {
		expect(run(worldOf(), 'pause A 3', 'fencing A off').refused).toBeNull();
		const {world, refused} = run(worldOf(), 'crash B', 'fencing B off');
		expect(refused).toBeNull();
		expect(clientOf(world, 'B').fencing).toBe(false);
	});

	test('an unknown client is refused, not a crash', () => {
		expect(run(worldOf(), 'acquire Z').refused).toEqual({kind: 'unknown-client', client: 'Z'});
	});
});

describe('heartbeats', () => {
	const beating = (renewEvery: number) => createWorld({lease: 5, clients: [{name: 'A', renewEvery}, {name: 'B'}]});

	test('a running holder renews every renewEvery ticks and keeps the lease', () => {
		const {world, events} = run(beating(2), 'acquire A', 'tick 9');
		expect(world.lock).toMatchObject({holder: 'A', token: 1, expiry: 13});
		expect(events.filter(event => event.kind === 'renewed').map(event => event.t)).toEqual([2, 4, 6, 8]);
	});

	test('a heartbeat renews with the lease the client last asked for', () => {
		const {world} = run(beating(2), 'acquire A 7', 'tick 2');
		expect(world.lock.expiry).toBe(9);
	});

	test('a manual renew restarts the heartbeat period', () => {
		const {events} = run(beating(3), 'acquire A', 'tick 2', 'renew A', 'tick 3');
		expect(events.filter(event => event.kind === 'renewed').map(event => event.t)).toEqual([5]);
	});

	test('a paused client sends no heartbeats and loses its lease; the heartbeat on waking tells it so', () => {
		const paused = run(beating(2), 'acquire A', 'tick', 'pause A 6', 'tick 5').world;
		expect(paused.lock.holder).toBeNull();
		expect(clientOf(paused, 'A').token).toBe(1);
		const woken = run(paused, 'tick');
		expect(clientOf(woken.world, 'A')).toMatchObject({status: 'running', token: null});
		expect(woken.events.map(event => event.kind)).toEqual(['ticked', 'resumed', 'renew-failed']);
	});

	test('a pause shorter than the lease is covered by the heartbeat on waking', () => {
		const {world} = run(beating(2), 'acquire A', 'tick', 'pause A 3', 'tick 3');
		expect(world.lock).toMatchObject({holder: 'A', expiry: 9});
		expect(clientOf(world, 'A').token).toBe(1);
	});

	test('a client that believes it holds nothing sends no heartbeat', () => {
		const {events} = run(beating(1), 'tick 5');
		expect(events.map(event => event.kind)).toEqual(['ticked']);
	});

	test('heartbeats fire in declared order', () => {
		const world = createWorld({
			lease: 5,
			clients: [
				{name: 'B', renewEvery: 2},
				{name: 'A', renewEvery: 2},
			],
		});
		const {events} = run(world, 'acquire A', 'tick 2');
		expect(events.filter(event => event.kind.startsWith('renew')).map(event => event.kind)).toEqual(['renewed']);
	});
});

describe('tick', () => {
	test('a unit runs in order: clock, lease expiry, pauses ending, heartbeats, arrivals', () => {
		const world = createWorld({lease: 5, clients: [{name: 'A', renewEvery: 1}, {name: 'B'}]});
		const before = run(world, 'acquire A 1', 'write A a delay=1', 'pause A 1').world;
		const {world: after, events} = run(before, 'tick');
		expect(events.map(event => event.kind)).toEqual(['ticked', 'expired', 'resumed', 'renew-failed', 'accepted']);
		expect(events.every(event => event.t === 1)).toBe(true);
		expect(after.resource.value).toBe('a');
	});

	test('tick n equals n ticks of 1', () => {
		const world = createWorld({lease: 4, clients: [{name: 'A', renewEvery: 3}, {name: 'B'}]});
		const setup = ['acquire A', 'write A x delay=7', 'pause A 9', 'acquire B 2'];
		const once = run(world, ...setup, 'tick 20').world;
		const stepwise = run(world, ...setup, ...Array.from({length: 20}, () => 'tick')).world;
		expect(once).toEqual(stepwise);
	});

	test('a huge tick of a busy world finishes and summarises its events', () => {
		const world = createWorld({lease: 5, clients: [{name: 'A', renewEvery: 1}]});
		const {world: after, events} = run(world, 'acquire A', 'tick 100000');
		expect(after.clock).toBe(100_000);
		expect(after.lock.expiry).toBe(100_005);
		expect(events.at(-1)).toMatchObject({kind: 'elided'});
		expect(events.length).toBeLessThanOrEqual(201);
	});
});
