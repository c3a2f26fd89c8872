import fc from 'fast-check';
import {afterAll, describe, expect, test} from 'vitest';
import {applyCommand} from '../../source/model/apply.js';
import {type Command, parseCommand, printCommand} from '../../source/model/command.js';
import type {Event} from '../../source/model/event.js';
import {createWorld, majority, senderGrantOf, setupProblem, type World} from '../../source/model/world.js';
import {expectEqual} from '../expect-equal.js';
import {ReferenceWorld} from './reference.js';
import {type Setup, anySetup, referenceSetup, referenceAllows, validSetup, timedSetup, commandsFor, scenario, firstModelSetup} from './generators.js';

// Every property runs from one seed, new each run and printed when the file ends and with a
// failure; FC_SEED=<seed> (and FC_PATH=<path>, from a failure's message) replays a run. The seed is
// not in a test's name: the mutation run picks tests by name, and each of its processes has its own seed. Sequences are long (dozens of
// commands) so that writes are accepted and rejected, clocks run out and violations happen; the
// lengths each property saw are printed when the file ends.

const seed = process.env.FC_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FC_SEED);
const replayPath = process.env.FC_PATH;
/** The mutation run (vitest.mutate.config.ts) runs these for every mutant it cannot kill otherwise, so fewer runs there. */
const runsFactor = Number(process.env.FC_RUNS_FACTOR ?? 1);

/** The sequence lengths each property generated, reported when the file ends. */
const lengths = new Map<string, number[]>();

/** Runs a property over a setup and a command sequence, keeping the sequences' lengths. */
function checkSequences(name: string, scenarios: fc.Arbitrary<[Setup, Command[]]>, numRuns: number, predicate: (setup: Setup, commands: Command[]) => void) {
	const seen: number[] = [];
	lengths.set(name, seen);
	check(scenarios, numRuns, ([setup, commands]) => {
		seen.push(commands.length);
		predicate(setup, commands);
	});
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

afterAll(() => {
	const lines = [...lengths].map(([name, seen]) => `  ${name}: ${seen.length} sequences, median ${median(seen)} commands, max ${Math.max(0, ...seen)}`);
	console.info(`property sequences (FC_SEED=${seed}):\n${lines.join('\n')}`);
});

/** Runs a property from the file's seed; a failure says how to replay it. */
function check<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, predicate: (value: T) => void) {
	const property = fc.property(arbitrary, predicate);
	try {
		fc.assert(property, {numRuns: Math.ceil(numRuns * runsFactor), seed, ...(replayPath ? {path: replayPath} : {})});
	} catch (error) {
		// fast-check's message names the seed and path; this says how to pass them back.
		const path = /path: "([^"]*)"/.exec(String(error))?.[1] ?? '';
		const test = (expect.getState().currentTestName ?? '').split(' > ').pop()!;
		const pattern = test.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		if (error instanceof Error) error.message += `\nreplay: FC_SEED=${seed} FC_PATH=${path} npx vitest run test/model/properties.test.ts -t '${pattern}'`;
		throw error;
	}
}

const runAll = (world: World, commands: readonly Command[]) => commands.reduce((current, command) => applyCommand(current, command).world, world);

const observable = (world: World) => ({
	clock: world.clock,
	lock: {...world.lock, revision: world.lock.revision ?? null},
	nodes: world.nodes.map(({name, persistent, up, offset, holder, token, expiry, delayUntil, downSince, restartHeld}) => ({
		name,
		persistent,
		up,
		offset,
		holder,
		token,
		expiry,
		delayUntil,
		downSince,
		restartHeld,
	})),
	resource: world.resource,
	clients: world.clients.map(
		({name, status, pausedUntil, token, fencing, renewEvery, lease, lastRenewAt, holds, until, grant, offset, checksLease, cut, held, ...timed}) => ({
			name,
			status,
			pausedUntil,
			token,
			fencing,
			renewEvery,
			lease,
			lastRenewAt,
			holds,
			until,
			grant,
			offset,
			checksLease,
			cut,
			held: held && {value: held.value, delay: held.delay, token: held.token, senderToken: held.senderToken, grant: held.senderGrant},
			checksValidity: timed.checksValidity,
			monotonic: timed.monotonic,
			latency: timed.latency,
			waiting: timed.waiting && {
				op: timed.waiting.op,
				since: timed.waiting.since,
				replies: timed.waiting.replies,
				unread: timed.waiting.unread,
				grants: timed.waiting.grants,
				sent: timed.waiting.sent,
				lease: timed.waiting.lease,
				heartbeat: timed.waiting.heartbeat,
				grant: timed.waiting.grant,
			},
		}),
	),
	messages: world.messages.map(({kind, from, to, op, granted, arrivesAt, undo}) => ({kind, from, to, op, granted, arrivesAt, undo})),
	inflight: world.inflight.map(write => ({
		from: write.from,
		token: write.token,
		senderToken: write.senderToken,
		grant: senderGrantOf(write),
		value: write.value,
		arrivesAt: write.arrivesAt,
	})),
	violations: world.violations,
	grants: world.grants,
	maxAcceptedSenderGrant: world.maxAcceptedSenderGrant,
});

/** Clients whose keys are on a majority of all the nodes. */
const majorityHolders = (world: World) =>
	world.clients.filter(each => world.nodes.filter(node => node.holder === each.name).length >= majority(world)).map(each => each.name);

/** How often the differential saw what the chapter is about, so a generator that stops reaching it fails. */
interface Seen {
	accepted: number;
	rejected: number;
	violations: number;
	lockDelay: number;
	leaseOver: number;
	refusals: Set<string>;
}

const count = (seen: Seen, events: readonly Event[]) => {
	for (const event of events) {
		if (event.kind === 'accepted') {
			seen.accepted += 1;
			if (event.violation) seen.violations += 1;
		}
		if (event.kind === 'rejected') seen.rejected += 1;
		if (event.kind === 'lock-delay') seen.lockDelay += 1;
		if (event.kind === 'lease-over') seen.leaseOver += 1;
	}
};

describe('properties over long random command sequences', () => {
	/** After every command the model and the reference agree on the refusal and its reason, the events and the world. */
	/** Plays the commands on the model and on the reference, comparing them after each; `heard` hears each of the model's outcomes. */
	const playAgainstReference = (setup: Setup, commands: readonly Command[], heard: (outcome: ReturnType<typeof applyCommand>) => void) => {
		let world = createWorld(setup);
		const reference = new ReferenceWorld(referenceSetup(setup));
		for (const command of commands) {
			const outcome = applyCommand(world, command);
			world = outcome.world;
			const refused = reference.apply(command);
			// One comparison a command: an assertion is built only when the two disagree.
			expectEqual(
				{command: printCommand(command), refused: outcome.refused, events: outcome.events, world: observable(world)},
				{command: printCommand(command), refused, events: reference.events, world: reference.snapshot()},
			);
			heard(outcome);
		}
	};

	const matchesReference = (name: string, scenarios: fc.Arbitrary<[Setup, Command[]]>, numRuns: number): Seen => {
		const seen: Seen = {accepted: 0, rejected: 0, violations: 0, lockDelay: 0, leaseOver: 0, refusals: new Set()};
		checkSequences(name, scenarios, numRuns, (setup, commands) =>
			playAgainstReference(setup, commands, outcome => {
				count(seen, outcome.events);
				if (outcome.refused) seen.refusals.add(outcome.refused.kind);
			}),
		);
		console.info(`${name}: ${seen.accepted} writes accepted, ${seen.rejected} rejected, ${seen.violations} violations, ${seen.lockDelay} lock-delay refusals`);
		return seen;
	};

	test('the model refuses exactly the setups the reference refuses', () => {
		check(anySetup, 1000, setup => {
			expect(setupProblem(setup) === null, JSON.stringify(setup)).toBe(referenceAllows(referenceSetup(setup)));
		});
	});

	test('matches a naive step-by-step reference after every command (40 to 160 commands, 1 to 5 clients, 1 to 5 nodes, every backend)', () => {
		const seen = matchesReference('differential', scenario(validSetup, 40, 160), 100);
		// The generators' reach, checked in full runs: the mutation run has too few for these counts.
		if (runsFactor < 1) return;
		// Each of these happens many times in 100 long runs: none at all means the generators went blind.
		expect(seen.accepted).toBeGreaterThan(100);
		expect(seen.violations).toBeGreaterThan(0);
		expect(seen.lockDelay).toBeGreaterThan(0);
		expect(seen.leaseOver).toBeGreaterThan(0);
		expect([...seen.refusals].sort()).toEqual([
			'already-crashed',
			'crashed',
			'no-token',
			'node-already-crashed',
			'node-not-crashed',
			'not-crashed',
			'not-paused',
			'paused',
			'unknown-client',
			'unknown-name',
			'unknown-peer',
			'waiting',
		]);
	});

	test('messages that take time match the reference: latency, waits, pauses and crashes while waiting, partitions, delayed restarts, monotonic clocks (40 to 160 commands)', () => {
		const seen = {decided: 0, givenUp: 0, lost: 0, late: 0, unread: 0, readOnWaking: 0, deleted: 0, nothingToDelete: 0, held: 0, waitingRefusals: 0};
		checkSequences('messages', scenario(timedSetup, 40, 160), 120, (setup, commands) =>
			playAgainstReference(setup, commands, outcome => {
				for (const event of outcome.events) {
					if (event.kind === 'decided') seen[event.kept ? 'decided' : 'givenUp'] += 1;
					if (event.kind === 'message-lost') seen.lost += 1;
					if (event.kind === 'reply-arrived' && event.ignored) seen.late += 1;
					if (event.kind === 'reply-arrived' && event.unread) seen.unread += 1;
					if (event.kind === 'resumed' && event.unread !== undefined) seen.readOnWaking += 1;
					if (event.kind === 'deletion-arrived') seen[event.deleted ? 'deleted' : 'nothingToDelete'] += 1;
					if (event.kind === 'restart-held') seen.held += 1;
				}
				if (outcome.refused?.kind === 'waiting') seen.waitingRefusals += 1;
			}),
		);
		console.info(`messages: ${JSON.stringify(seen)}`);
		if (runsFactor < 1) return;
		// Each rule of the section is reached, or the generators went blind.
		for (const [what, times] of Object.entries(seen)) expect(times, what).toBeGreaterThan(0);
	});

	test('a first-model world matches the reference too (40 to 120 commands)', () => {
		const seen = matchesReference('first model', scenario(firstModelSetup, 40, 120, true), 60);
		if (runsFactor < 1) return;
		expect(seen.accepted).toBeGreaterThan(100);
		expect(seen.rejected).toBeGreaterThan(0);
		expect(seen.violations).toBeGreaterThan(0);
	});

	test('tokens strictly increase, at most one holder, max token never decreases (first model, 40 to 120 commands)', () => {
		checkSequences('first-model tokens', scenario(firstModelSetup, 40, 120, true), 60, (setup, commands) => {
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
		});
	});

	const oneNodeWithTokens = validSetup.filter(setup => {
		const resolved = referenceSetup(setup);
		return resolved.nodes.length === 1 && resolved.tokens !== 'none';
	});

	test('with one node, tokens strictly grow from grant to grant, whatever the command (40 to 120 commands)', () => {
		checkSequences('growing tokens', scenario(oneNodeWithTokens, 40, 120), 60, (setup, commands) => {
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
		});
	});

	const fencedEverywhere = (setups: fc.Arbitrary<Setup>) =>
		setups.map(setup => ({...setup, fencing: true, clients: setup.clients.map(each => ({...each, fencing: true}))}));
	const withoutFencingCommands = ([setup, commands]: [Setup, Command[]]) =>
		[setup, commands.filter(command => command.kind !== 'fencing')] as [Setup, Command[]];

	test('with one node, counter or revision tokens and fencing on everywhere, no command ever makes a violation (40 to 160 commands)', () => {
		checkSequences('fenced: no violation', scenario(fencedEverywhere(oneNodeWithTokens), 40, 160).map(withoutFencingCommands), 80, (setup, commands) => {
			expect(runAll(createWorld(setup), commands).violations).toBe(0);
		});
	});

	test('with tokens: none a fenced resource never rejects: there is nothing to check (40 to 120 commands)', () => {
		const noTokens = validSetup.map(setup => ({...setup, tokens: 'none' as const, fencing: true}));
		checkSequences('no tokens: no rejection', scenario(noTokens, 40, 120), 50, (setup, commands) => {
			const world = runAll(createWorld(setup), commands);
			expect(world.resource.rejected).toBe(0);
			expect(world.resource.maxToken).toBe(0);
		});
	});

	test('at any moment at most one client has keys on a majority of the nodes (40 to 160 commands)', () => {
		checkSequences('one majority', scenario(validSetup, 40, 160), 80, (setup, commands) => {
			let world = createWorld(setup);
			for (const command of commands) {
				world = applyCommand(world, command).world;
				expect(majorityHolders(world).length).toBeLessThanOrEqual(1);
			}
		});
	});

	test('the same commands give equal worlds, and never change the world they started from (40 to 120 commands)', () => {
		checkSequences('pure', scenario(validSetup, 40, 120), 30, (setup, commands) => {
			const start = createWorld(setup);
			const frozen = structuredClone(start);
			expect(runAll(start, commands)).toEqual(runAll(createWorld(setup), commands));
			expect(start).toEqual(frozen);
		});
	});

	test('parse(print(c)) equals c', () => {
		check(
			validSetup.chain(setup => commandsFor(setup)),
			300,
			command => {
				expect(parseCommand(printCommand(command))).toEqual({ok: true, command});
			},
		);
	});
});
