import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {applyCommand} from '../../source/model/apply.js';
import {type Command, parseCommand, printCommand} from '../../source/model/command.js';
import {type Backend, createWorld, majority, setupProblem, type World, type WorldSetup} from '../../source/model/world.js';
import {type ReferenceSetup, ReferenceWorld} from './reference.js';
import {expectEqual} from '../expect-equal.js';

const names = ['A', 'B', 'C'] as const;
const nodeNames = ['L1', 'L2', 'L3', 'L4', 'L5'] as const;
const client = fc.constantFrom(...names);
const small = fc.integer({min: 1, max: 8});
const value = fc.constantFrom('x', 'y', 'hello', 'B2', 'v-1');
const peer = fc.constantFrom(...nodeNames, 'lock', 'resource');

/** The commands of the first model. */
const firstModelCommand: fc.Arbitrary<Command> = fc.oneof(
	{arbitrary: small.map(n => ({kind: 'tick', n}) as const), weight: 4},
	{
		arbitrary: fc.record({kind: fc.constant('acquire' as const), client, lease: fc.option(small, {nil: undefined})}, {requiredKeys: ['kind', 'client']}),
		weight: 3,
	},
	{
		arbitrary: fc.record({kind: fc.constant('renew' as const), client, lease: fc.option(small, {nil: undefined})}, {requiredKeys: ['kind', 'client']}),
		weight: 2,
	},
	fc.record({kind: fc.constantFrom('release', 'resume', 'crash', 'restart'), client}),
	{
		arbitrary: fc.record(
			{kind: fc.constant('write' as const), client, value: fc.option(value, {nil: undefined}), delay: fc.option(small, {nil: undefined})},
			{requiredKeys: ['kind', 'client']},
		),
		weight: 4,
	},
	{arbitrary: fc.record({kind: fc.constant('pause' as const), client, n: small}), weight: 2},
	fc.record({kind: fc.constant('fencing' as const), target: fc.constantFrom(...names, 'resource'), on: fc.boolean()}),
);

/** Every command, with the second model's: nodes, clocks, partitions, held writes. */
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
	{arbitrary: firstModelCommand, weight: 12},
	{
		arbitrary: fc.record(
			{
				kind: fc.constant('write' as const),
				client,
				value: fc.option(value, {nil: undefined}),
				delay: fc.option(small, {nil: undefined}),
				pause: fc.option(small, {nil: undefined}),
			},
			{requiredKeys: ['kind', 'client']},
		),
		weight: 2,
	},
	fc.record({
		kind: fc.constant('jump' as const),
		target: fc.constantFrom(...names, ...nodeNames),
		by: fc.integer({min: -4, max: 4}).filter(n => n !== 0),
	}),
	{arbitrary: fc.record({kind: fc.constantFrom('partition' as const, 'heal' as const), client, peers: fc.array(peer, {maxLength: 2})}), weight: 2},
	{arbitrary: fc.record({kind: fc.constantFrom('crash' as const, 'restart' as const), client: fc.constantFrom(...nodeNames)}), weight: 2},
);

const clientsArbitrary = (withCareful: boolean) =>
	fc.tuple(
		...names.map(name =>
			fc.record({
				name: fc.constant(name),
				fencing: fc.boolean(),
				renewEvery: fc.option(fc.integer({min: 1, max: 4}), {nil: undefined}),
				checksLease: withCareful ? fc.boolean() : fc.constant(undefined),
			}),
		),
	);

const firstModelSetup = fc.record({lease: small, fencing: fc.boolean(), clients: clientsArbitrary(false)});

const backends: Backend[] = ['generic', 'etcd', 'zookeeper', 'consul', 'redis', 'redlock'];

const setupArbitrary: fc.Arbitrary<WorldSetup & {lease: number; fencing: boolean}> = fc
	.record(
		{
			lease: small,
			fencing: fc.boolean(),
			clients: clientsArbitrary(true),
			backend: fc.constantFrom(...backends),
			nodes: fc.oneof(
				fc.integer({min: 1, max: 5}),
				fc
					.array(fc.record({persistent: fc.option(fc.boolean(), {nil: undefined})}), {minLength: 1, maxLength: 5})
					.map(list => list.map((node, index) => ({name: nodeNames[index]!, ...node}))),
			),
			tokens: fc.constantFrom('counter' as const, 'revision' as const, 'none' as const),
			lockDelay: fc.integer({min: 0, max: 4}),
			persistent: fc.boolean(),
		},
		{requiredKeys: ['lease', 'fencing', 'clients', 'backend']},
	)
	.filter(setup => setupProblem(setup) === null);

/** Each backend's defaults, written out again here rather than taken from the model. */
const presets: Record<Backend, {nodes: number; tokens: ReferenceSetup['tokens']; lockDelay: number | 'lease'; persistent: boolean}> = {
	generic: {nodes: 1, tokens: 'counter', lockDelay: 0, persistent: true},
	etcd: {nodes: 1, tokens: 'revision', lockDelay: 0, persistent: true},
	zookeeper: {nodes: 1, tokens: 'revision', lockDelay: 0, persistent: true},
	consul: {nodes: 1, tokens: 'counter', lockDelay: 'lease', persistent: true},
	redis: {nodes: 1, tokens: 'none', lockDelay: 0, persistent: false},
	redlock: {nodes: 5, tokens: 'none', lockDelay: 0, persistent: false},
};

function referenceSetup(setup: WorldSetup & {lease: number; fencing: boolean}): ReferenceSetup {
	const preset = presets[setup.backend ?? 'generic'];
	const persistent = setup.persistent ?? preset.persistent;
	const nodes =
		typeof setup.nodes === 'object'
			? setup.nodes.map(node => ({name: node.name, persistent: node.persistent ?? persistent}))
			: Array.from({length: setup.nodes ?? preset.nodes}, (_, index) => ({name: `L${index + 1}`, persistent}));
	const lockDelay = setup.lockDelay ?? (preset.lockDelay === 'lease' ? setup.lease : preset.lockDelay);
	return {
		lease: setup.lease,
		fencing: setup.fencing,
		clients: setup.clients.map(each => ({...each, renewEvery: each.renewEvery ?? undefined})),
		nodes,
		tokens: setup.tokens ?? preset.tokens,
		lockDelay,
	};
}

const runAll = (world: World, commands: readonly Command[]) => commands.reduce((current, command) => applyCommand(current, command).world, world);

const observable = (world: World) => ({
	clock: world.clock,
	lock: {...world.lock, revision: world.lock.revision ?? null},
	nodes: world.nodes.map(({name, up, offset, holder, token, expiry}) => ({name, up, offset, holder, token, expiry})),
	resource: world.resource,
	clients: world.clients.map(({name, status, pausedUntil, token, fencing, renewEvery, holds, until, offset, cut, held}) => ({
		name,
		status,
		pausedUntil,
		token,
		fencing,
		renewEvery,
		holds,
		until,
		offset,
		cut,
		held: held?.value ?? null,
	})),
	inflight: world.inflight.map(({from, token, senderToken, value, arrivesAt}) => ({from, token, senderToken, value, arrivesAt})),
	violations: world.violations,
});

/** Clients whose keys are on a majority of all the nodes. */
const majorityHolders = (world: World) =>
	world.clients.filter(each => world.nodes.filter(node => node.holder === each.name).length >= majority(world)).map(each => each.name);

describe('properties over random command sequences', () => {
	/** After every command the model and the reference agree on what was refused and on the world. */
	const matchesReference = (setups: typeof setupArbitrary, commands: typeof commandArbitrary, numRuns: number) =>
		fc.assert(
			fc.property(setups, fc.array(commands, {maxLength: 60}), (setup, sequence) => {
				let world = createWorld(setup);
				const reference = new ReferenceWorld(referenceSetup(setup));
				for (const command of sequence) {
					const outcome = applyCommand(world, command);
					world = outcome.world;
					// One comparison a command: an assertion is built only when the two disagree.
					expectEqual({refused: outcome.refused !== null, world: observable(world)}, {refused: reference.apply(command), world: reference.snapshot()});
				}
			}),
			{numRuns},
		);

	test('matches a naive step-by-step reference simulator after every command, for every backend and command', () => {
		matchesReference(setupArbitrary, commandArbitrary, 600);
	});

	test('a first-model world matches the reference too', () => {
		matchesReference(firstModelSetup, firstModelCommand, 200);
	});

	test('tokens strictly increase, at most one holder, max token never decreases', () => {
		fc.assert(
			fc.property(firstModelSetup, fc.array(firstModelCommand, {maxLength: 80}), (setup, commands) => {
				let world = createWorld(setup);
				for (const command of commands) {
					const {world: next, events} = applyCommand(world, command);
					for (const event of events) {
						if (event.kind === 'acquired') expect(event.token).toBe(world.lock.nextToken);
					}
					expect(next.lock.nextToken!).toBeGreaterThanOrEqual(world.lock.nextToken!);
					expect(next.resource.maxToken).toBeGreaterThanOrEqual(world.resource.maxToken);
					expect(next.lock.holder === null).toBe(next.lock.token === null);
					if (next.lock.token !== null) expect(next.lock.token).toBeLessThan(next.lock.nextToken!);
					world = next;
				}
			}),
		);
	});

	test('with one node, tokens strictly grow from grant to grant, whatever the command', () => {
		const oneNode = setupArbitrary.filter(setup => createWorld(setup).nodes.length === 1 && createWorld(setup).tokens !== 'none');
		fc.assert(
			fc.property(oneNode, fc.array(commandArbitrary, {maxLength: 80}), (setup, commands) => {
				let world = createWorld(setup);
				let last = 0;
				for (const command of commands) {
					const {world: next, events} = applyCommand(world, command);
					for (const event of events) {
						if (event.kind !== 'acquired') continue;
						expect(event.token).toBeGreaterThan(last);
						last = event.token!;
					}
					world = next;
				}
			}),
		);
	});

	test('with fencing on for the resource and every client there is never a violation', () => {
		fc.assert(
			fc.property(
				fc.array(
					firstModelCommand.filter(command => command.kind !== 'fencing'),
					{maxLength: 80},
				),
				commands => {
					const world = runAll(createWorld({lease: 3, clients: names.map(name => ({name}))}), commands);
					expect(world.violations).toBe(0);
				},
			),
		);
	});

	test('with one node, counter or revision tokens and fencing on everywhere, no command ever makes a violation', () => {
		const fencedOneNode = setupArbitrary
			.filter(setup => createWorld(setup).nodes.length === 1 && createWorld(setup).tokens !== 'none')
			.map(setup => ({...setup, fencing: true, clients: setup.clients.map(each => ({...each, fencing: true}))}));
		fc.assert(
			fc.property(
				fencedOneNode,
				fc.array(
					commandArbitrary.filter(command => command.kind !== 'fencing'),
					{maxLength: 80},
				),
				(setup, commands) => {
					expect(runAll(createWorld(setup), commands).violations).toBe(0);
				},
			),
		);
	});

	test('with tokens: none a fenced resource never rejects: there is nothing to check', () => {
		const noTokens = setupArbitrary.filter(setup => createWorld(setup).tokens === 'none').map(setup => ({...setup, fencing: true}));
		fc.assert(
			fc.property(noTokens, fc.array(commandArbitrary, {maxLength: 80}), (setup, commands) => {
				const world = runAll(createWorld(setup), commands);
				expect(world.resource.rejected).toBe(0);
				expect(world.resource.maxToken).toBe(0);
			}),
		);
	});

	test('at any moment at most one client has keys on a majority of the nodes', () => {
		fc.assert(
			fc.property(setupArbitrary, fc.array(commandArbitrary, {maxLength: 80}), (setup, commands) => {
				let world = createWorld(setup);
				for (const command of commands) {
					world = applyCommand(world, command).world;
					expect(majorityHolders(world).length).toBeLessThanOrEqual(1);
				}
			}),
		);
	});

	test('the same commands give equal worlds, and never change the world they started from', () => {
		fc.assert(
			fc.property(setupArbitrary, fc.array(commandArbitrary, {maxLength: 40}), (setup, commands) => {
				const start = createWorld(setup);
				const frozen = structuredClone(start);
				expect(runAll(start, commands)).toEqual(runAll(createWorld(setup), commands));
				expect(start).toEqual(frozen);
			}),
		);
	});

	test('parse(print(c)) equals c', () => {
		fc.assert(
			fc.property(commandArbitrary, command => {
				expect(parseCommand(printCommand(command))).toEqual({ok: true, command});
			}),
		);
	});
});
