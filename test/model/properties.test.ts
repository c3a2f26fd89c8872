import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {applyCommand} from '../../source/model/apply.js';
import {type Command, parseCommand, printCommand} from '../../source/model/command.js';
import {createWorld, type World} from '../../source/model/world.js';
import {ReferenceWorld} from './reference.js';

const names = ['A', 'B', 'C'] as const;
const client = fc.constantFrom(...names);
const small = fc.integer({min: 1, max: 8});
const value = fc.constantFrom('x', 'y', 'hello', 'B2', 'v-1');

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
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

const setupArbitrary = fc.record({
	lease: small,
	fencing: fc.boolean(),
	clients: fc.tuple(
		...names.map(name => fc.record({name: fc.constant(name), fencing: fc.boolean(), renewEvery: fc.option(fc.integer({min: 1, max: 4}), {nil: undefined})})),
	),
});

const runAll = (world: World, commands: readonly Command[]) => commands.reduce((current, command) => applyCommand(current, command).world, world);

const observable = (world: World) => ({
	clock: world.clock,
	lock: world.lock,
	resource: world.resource,
	clients: world.clients.map(({name, status, pausedUntil, token, fencing, renewEvery}) => ({name, status, pausedUntil, token, fencing, renewEvery})),
	inflight: world.inflight,
	violations: world.violations,
});

describe('properties over random command sequences', () => {
	test('matches a naive step-by-step reference simulator after every command', () => {
		fc.assert(
			fc.property(setupArbitrary, fc.array(commandArbitrary, {maxLength: 60}), (setup, commands) => {
				let world = createWorld(setup);
				const reference = new ReferenceWorld([...setup.clients], setup.lease, setup.fencing);
				for (const command of commands) {
					const outcome = applyCommand(world, command);
					world = outcome.world;
					expect(outcome.refused !== null).toBe(reference.apply(command));
					expect(observable(world)).toEqual(reference.snapshot());
				}
			}),
			{numRuns: 400},
		);
	});

	test('tokens strictly increase, at most one holder, max token never decreases', () => {
		fc.assert(
			fc.property(setupArbitrary, fc.array(commandArbitrary, {maxLength: 80}), (setup, commands) => {
				let world = createWorld(setup);
				for (const command of commands) {
					const {world: next, events} = applyCommand(world, command);
					for (const event of events) {
						if (event.kind === 'acquired') expect(event.token).toBe(world.lock.nextToken);
					}
					expect(next.lock.nextToken).toBeGreaterThanOrEqual(world.lock.nextToken);
					expect(next.resource.maxToken).toBeGreaterThanOrEqual(world.resource.maxToken);
					expect(next.lock.holder === null).toBe(next.lock.token === null);
					if (next.lock.token !== null) expect(next.lock.token).toBeLessThan(next.lock.nextToken);
					world = next;
				}
			}),
		);
	});

	test('with fencing on for the resource and every client there is never a violation', () => {
		fc.assert(
			fc.property(
				fc.array(
					commandArbitrary.filter(command => command.kind !== 'fencing'),
					{maxLength: 80},
				),
				commands => {
					const world = runAll(createWorld({lease: 3, clients: names.map(name => ({name}))}), commands);
					expect(world.violations).toBe(0);
				},
			),
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
