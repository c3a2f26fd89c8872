// The property tests' generators: setups of every kind the scenario reader can build, and long
// command sequences for them, shared by the model's properties and the screen's.

import fc from 'fast-check';
import type {Command} from '../../source/model/command.js';
import type {WorldSetup} from '../../source/model/world.js';
import type {ReferenceSetup} from './reference.js';

/** Command sequences: at least `minLength`, and fast-check's full size so that they reach `maxLength`. */
export const sequence = <T>(command: fc.Arbitrary<T>, minLength: number, maxLength: number) => fc.array(command, {minLength, maxLength, size: 'max'});

// Setups, not filtered by the model: of every kind the scenario reader can build.

export const clientPool = ['A', 'B', 'C', 'D', 'E'] as const;
export const backends = ['generic', 'etcd', 'zookeeper', 'consul', 'redis', 'redlock'] as const;
export const small = fc.integer({min: 1, max: 8});
export const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, {nil: undefined});

/** Mostly on: a write is rejected only when both its sender and the resource check tokens. */
export const mostlyOn = fc.oneof({arbitrary: fc.constant(true), weight: 3}, fc.constant(false));

/** Two or three clients mostly: with more, the same client seldom comes back to make a stale write. */
export const clientCount = fc.oneof({arbitrary: fc.constantFrom(2, 3), weight: 3}, fc.integer({min: 1, max: clientPool.length}));

export const clientSetups = (withCareful: boolean) =>
	clientCount.chain(count =>
		fc.tuple(
			...clientPool.slice(0, count).map(name =>
				fc.record(
					{
						name: fc.constant(name),
						fencing: mostlyOn,
						// Half without heartbeats: a lease that is renewed every few ticks never runs out.
						renewEvery: fc.option(fc.integer({min: 1, max: 4}), {nil: undefined, freq: 2}),
						checksLease: withCareful ? fc.boolean() : fc.constant(false),
					},
					{requiredKeys: ['name']},
				),
			),
		),
	);

// One node is weighted up: it is where tokens, fencing and lock-delay matter.
export const nodeSetups = fc.oneof(
	{arbitrary: fc.constant(1), weight: 2},
	fc.integer({min: 1, max: 5}),
	fc
		.tuple(fc.constantFrom('L', 'N'), fc.array(fc.record({persistent: maybe(fc.boolean())}), {minLength: 1, maxLength: 5}))
		.map(([prefix, list]) => list.map((node, index) => ({name: `${prefix}${index + 1}`, ...node}))),
);

export type Setup = WorldSetup & {lease?: number};

/** Any setup of both models, valid or not. */
export const anySetup: fc.Arbitrary<Setup> = fc.record(
	{
		lease: small,
		fencing: mostlyOn,
		clients: clientSetups(true),
		backend: fc.constantFrom(...backends),
		nodes: nodeSetups,
		tokens: fc.constantFrom('counter' as const, 'revision' as const, 'none' as const),
		lockDelay: fc.integer({min: 0, max: 4}),
		persistent: fc.boolean(),
	},
	{requiredKeys: ['clients']},
);

/** Each backend's defaults, written out again here rather than taken from the model (docs/model.md, "Backends"). */
export const presets: Record<(typeof backends)[number], {nodes: number; tokens: ReferenceSetup['tokens']; lockDelay: number | 'lease'; persistent: boolean}> = {
	generic: {nodes: 1, tokens: 'counter', lockDelay: 0, persistent: true},
	etcd: {nodes: 1, tokens: 'revision', lockDelay: 0, persistent: true},
	zookeeper: {nodes: 1, tokens: 'revision', lockDelay: 0, persistent: true},
	consul: {nodes: 1, tokens: 'counter', lockDelay: 'lease', persistent: true},
	redis: {nodes: 1, tokens: 'none', lockDelay: 0, persistent: false},
	redlock: {nodes: 5, tokens: 'none', lockDelay: 0, persistent: false},
};

export function referenceSetup(setup: Setup): ReferenceSetup {
	const preset = presets[setup.backend ?? 'generic'];
	const lease = setup.lease ?? 5;
	const persistent = setup.persistent ?? preset.persistent;
	const nodes =
		typeof setup.nodes === 'object'
			? setup.nodes.map(node => ({name: node.name, persistent: node.persistent ?? persistent, restartDelay: node.restartDelay ?? 0}))
			: Array.from({length: setup.nodes ?? preset.nodes}, (_, index) => ({name: `L${index + 1}`, persistent, restartDelay: 0}));
	return {
		lease,
		fencing: setup.fencing ?? true,
		// docs/model.md: a client checks its validity by default only with the redlock backend.
		clients: setup.clients.map(client => ({...client, checksValidity: client.checksValidity ?? setup.backend === 'redlock'})),
		nodes,
		tokens: setup.tokens ?? preset.tokens,
		lockDelay: setup.lockDelay ?? (preset.lockDelay === 'lease' ? lease : preset.lockDelay),
		latency: setup.latency,
		drift: setup.drift,
		timeout: setup.timeout,
	};
}

/** docs/model.md: tokens need one lock service that keeps its keys. */
export const referenceAllows = ({tokens, nodes}: ReferenceSetup) => tokens === 'none' || (nodes.length === 1 && nodes[0]!.persistent);

/** A setup made valid by the reference's rule (not the model's): a setup it refuses gets `tokens: none`. */
export const validSetup = anySetup.map(setup => (referenceAllows(referenceSetup(setup)) ? setup : {...setup, tokens: 'none' as const}));

// Commands, for the names a setup has (and one name it does not have, to be refused).

export const values = fc.constantFrom('x', 'y', 'hello', 'B2', 'v-1');

/**
 * Messages that take time: a valid setup with latency on some links, a drift, a timeout, clients
 * that check validity or measure with a monotonic clock, and nodes whose restart waits.
 */
export const timedSetup: fc.Arbitrary<Setup> = fc
	.tuple(
		validSetup,
		fc.record({latency: fc.integer({min: 0, max: 3}), drift: fc.integer({min: 0, max: 3}), timeout: fc.integer({min: 1, max: 8})}, {requiredKeys: []}),
		fc.array(fc.record({checksValidity: maybe(fc.boolean()), monotonic: maybe(fc.boolean()), latency: maybe(fc.integer({min: 0, max: 3}))}), {
			minLength: clientPool.length,
			maxLength: clientPool.length,
		}),
		fc.array(fc.integer({min: 0, max: 4}), {minLength: 9, maxLength: 9}),
	)
	.map(([setup, timing, clients, delays]) => {
		const nodes = referenceSetup(setup).nodes.map((node, index) => ({name: node.name, persistent: node.persistent, restartDelay: delays[index]!}));
		const options = (index: number) => Object.fromEntries(Object.entries(clients[index]!).filter(([, value]) => value !== undefined));
		return {...setup, ...timing, nodes, clients: setup.clients.map((client, index) => ({...client, ...options(index)}))};
	});

export function commandsFor(setup: Setup, firstModelOnly = false): fc.Arbitrary<Command> {
	const {nodes} = referenceSetup(setup);
	const clientNames = setup.clients.map(each => each.name);
	const nodeNames = nodes.map(node => node.name);
	const client = fc.oneof({arbitrary: fc.constantFrom(...clientNames), weight: 12}, fc.constant('Z'));
	const peer = fc.constantFrom(...nodeNames, 'lock', 'resource', 'L9');
	const firstModel: fc.WeightedArbitrary<Command>[] = [
		{arbitrary: small.map(n => ({kind: 'tick', n}) as const), weight: 5},
		{arbitrary: fc.record({kind: fc.constant('acquire' as const), client, lease: maybe(small)}, {requiredKeys: ['kind', 'client']}), weight: 4},
		{arbitrary: fc.record({kind: fc.constant('renew' as const), client, lease: maybe(small)}, {requiredKeys: ['kind', 'client']}), weight: 2},
		{arbitrary: fc.record({kind: fc.constantFrom('release', 'resume', 'crash', 'restart'), client}), weight: 2},
		{
			arbitrary: fc.record({kind: fc.constant('write' as const), client, value: maybe(values), delay: maybe(small)}, {requiredKeys: ['kind', 'client']}),
			weight: 5,
		},
		{arbitrary: fc.record({kind: fc.constant('pause' as const), client, n: small}), weight: 2},
		{arbitrary: fc.record({kind: fc.constant('fencing' as const), target: fc.oneof(client, fc.constant('resource')), on: fc.boolean()}), weight: 1},
	];
	if (firstModelOnly) return fc.oneof(...firstModel);
	return fc.oneof(
		...firstModel,
		{
			arbitrary: fc.record(
				{kind: fc.constant('write' as const), client, value: maybe(values), delay: maybe(small), pause: small},
				{requiredKeys: ['kind', 'client', 'pause']},
			),
			weight: 2,
		},
		{
			arbitrary: fc.record({
				kind: fc.constant('jump' as const),
				target: fc.constantFrom(...clientNames, ...nodeNames, 'Z'),
				by: fc.integer({min: -4, max: 4}).filter(n => n !== 0),
			}),
			weight: 2,
		},
		{arbitrary: fc.record({kind: fc.constantFrom('partition' as const, 'heal' as const), client, peers: fc.array(peer, {maxLength: 2})}), weight: 3},
		{arbitrary: fc.record({kind: fc.constantFrom('crash' as const, 'restart' as const), client: fc.constantFrom(...nodeNames, 'L9')}), weight: 2},
		{
			arbitrary: fc.record({
				kind: fc.constant('latency' as const),
				client,
				peer: fc.constantFrom(...nodeNames, 'lock', 'resource', 'L9'),
				n: fc.integer({min: 0, max: 3}),
			}),
			weight: 2,
		},
	);
}

/** A valid setup and a long command sequence for it. */
export const scenario = (setups: fc.Arbitrary<Setup>, minLength: number, maxLength: number, firstModelOnly = false) =>
	setups.chain(setup => fc.tuple(fc.constant(setup), sequence(commandsFor(setup, firstModelOnly), minLength, maxLength)));

export const firstModelSetup: fc.Arbitrary<Setup> = fc.record({lease: small, fencing: mostlyOn, clients: clientSetups(false)});
