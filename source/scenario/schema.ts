// The scenario file format (docs/scenarios.md) as one zod schema. It checks the shape of a
// file; parse.ts adds what a schema cannot see (client names, commands) and the line numbers.
// scenarios/schema.json is generated from it (npm run schema), so editors check files the same way.

import * as z from 'zod';
import {clientNamePattern, lockPeer, maxDuration, maxValueLength, resourceTarget} from '../model/command.js';
import {backends, maxNodes} from '../model/world.js';
import {firstUnprintable, quote} from '../text/quote.js';
import {didYouMean} from '../text/suggest.js';
import {defaultExploreDepth, maxExploreDepth, maxExploreMoves} from './explore-limits.js';

const wholeNumber = 'expected a whole number';
// `abort` stops at the first check a value fails: one message for one field (1e308 is neither whole nor small).
const wholeNumberFrom = (least: number, most: number) =>
	z
		.number({error: wholeNumber})
		.int({error: wholeNumber, abort: true})
		.min(least, {error: `expected a whole number from ${least} to ${most}`})
		.max(most, {error: `expected a whole number from ${least} to ${most}`});
const duration = wholeNumberFrom(1, maxDuration);
const count = z.number({error: wholeNumber}).int({error: wholeNumber, abort: true}).min(0, {error: 'expected a whole number ≥ 0'});
/** A token or a time that is null when there is none (a free lock, a client holding nothing). */
const countOrNull = z
	.number({error: 'expected a whole number, or null'})
	.int({error: 'expected a whole number, or null', abort: true})
	.min(0, {error: 'expected a whole number ≥ 0, or null'})
	.nullable();
const flag = z.boolean({error: 'expected true or false'});
/** A local time: clocks that jumped back may show one below 0. */
const timeOrNull = z.number({error: 'expected a whole number, or null'}).int({error: 'expected a whole number, or null', abort: true}).nullable();
const unprintable = (input: unknown, prose: boolean) =>
	`expected text without control characters or escape sequences${prose ? ' (line breaks and tabs aside)' : ''}, found ${quote(firstUnprintable(String(input), {prose}) ?? '')}`;
/**
 * Text a terminal shows as it is: no control characters or escape sequences. `prose` (narration)
 * may break lines and hold tabs, which wrapping reads as spaces; anything else is one line.
 */
const printableOnly = (schema: z.ZodString, {prose = false} = {}) =>
	schema.refine(value => firstUnprintable(value, {prose}) === null, {error: issue => unprintable(issue.input, prose)});

/** Characters as people count them (code points, as JSON Schema's maxLength does), not UTF-16 units. */
const characterCount = (value: string) => {
	let count = 0;
	for (const _ of value) count += 1;
	return count;
};
/**
 * Text of at most `max` characters: the screen lays out what a file says, and text with no bound
 * would keep it busy for minutes. A longer text is refused before anything else is checked in it.
 */
const textOfAtMost = (max: number, {prose = false} = {}) =>
	printableOnly(
		z.string({error: 'expected text'}).check(
			z.refine(value => characterCount(value) <= max, {
				error: issue => `expected at most ${max.toLocaleString('en')} characters, got ${characterCount(String(issue.input)).toLocaleString('en')}`,
				abort: true,
			}),
		),
		{prose},
	).meta({maxLength: max});

/** A title fits a line of the dashboard's header. */
export const maxTitleLength = 120;
/** Narration (a step's `say`, the description) fills a few screens of the story pane at most. */
export const maxNarrationLength = 2000;
/** Keys 1-9 select a client, and nine clients already need a terminal of 36 rows at 80 columns. */
export const maxClients = 9;
const clientNameOf = (typeError: string) =>
	z
		.string({error: typeError})
		.regex(clientNamePattern, {error: 'expected a client name: a letter, then up to 11 letters, digits, - or _'})
		.refine(name => name !== 'resource', {error: "'resource' names the resource, not a client"});
const clientName = clientNameOf('expected a client name');

/** Node names follow client names' rules; `lock` and `resource` are peers' names. */
const nodeName = z
	.string({error: 'expected a node name'})
	.regex(clientNamePattern, {error: 'expected a node name: a letter, then up to 11 letters, digits, - or _'})
	.refine(name => name !== resourceTarget && name !== lockPeer, {error: "'lock' and 'resource' name peers, not a node"});

/**
 * Narration in one language, or in English and Japanese, of at most `max` characters in each:
 * `prose` (a step's narration, the description) may break lines, a title is one line.
 */
const narrationOfAtMost = (max: number, {prose = false} = {}) => {
	const text = textOfAtMost(max, {prose});
	return z
		.union(
			[
				text,
				z
					.strictObject(
						{en: text.optional().meta({description: 'English'}), ja: text.optional().meta({description: 'Japanese'})},
						{error: 'expected text, or {en: text, ja: text}'},
					)
					.refine(value => value.en !== undefined || value.ja !== undefined, {error: 'expected en, ja or both'}),
			],
			{error: 'expected text, or {en: text, ja: text}'},
		)
		.meta({description: `Text, or {en, ja} for English and Japanese; at most ${max} characters in each`});
};
const narrationSchema = narrationOfAtMost(maxNarrationLength, {prose: true});

/** Ticks a message takes one way on a link: 0 is the instant of a request answered at once. */
const ticksEachWay = wholeNumberFrom(0, maxDuration);
const clientKeys = ['name', 'fencing', 'renewEvery', 'checksLease', 'checksValidity', 'monotonic', 'latency'];
const nodeKeys = ['name', 'persistent', 'restartDelay'];

const clientSchema = z
	.union(
		[
			clientName,
			z.strictObject(
				{
					name: clientName,
					fencing: flag.optional().meta({description: 'Does the client send its token with writes (default true)'}),
					renewEvery: duration.nullable().optional().meta({description: 'Heartbeat: renew every N ticks (default null: manual renew)'}),
					checksLease: flag.optional().meta({description: 'Does the client check its own clock against its lease before each write (default false)'}),
					checksValidity: flag.optional().meta({
						description: 'Does the client keep a lock only for lease − (T2 − T1) − drift, the Redlock spec’s validity (default true for redlock, else false)',
					}),
					monotonic: flag
						.optional()
						.meta({description: 'Does the client measure its waits and its lease with a clock that jump does not move (default false)'}),
					latency: ticksEachWay.optional().meta({description: 'Ticks each way on every one of its links (default: the scenario’s latency)'}),
				},
				{error: `expected a client name, or {${clientKeys.join(', ')}}`},
			),
		],
		{error: `expected a client name, or {${clientKeys.join(', ')}}`},
	)
	.meta({description: `A client name, or {${clientKeys.join(', ')}}`});

const nodeCountError = `expected a whole number of nodes from 1 to ${maxNodes}`;
const nodesSchema = z
	.union(
		[
			z.number({error: nodeCountError}).int({error: nodeCountError, abort: true}).min(1, {error: nodeCountError}).max(maxNodes, {error: nodeCountError}),
			z
				.array(
					z.strictObject(
						{
							name: nodeName,
							persistent: flag.optional().meta({description: 'Does this node keep its key across a crash'}),
							restartDelay: wholeNumberFrom(0, maxDuration)
								.optional()
								.meta({description: 'A restart comes only once this many ticks of the node’s own clock have passed since it crashed (default 0)'}),
						},
						{error: `expected a node: {${nodeKeys.join(', ')}}`},
					),
					{error: 'expected a list of nodes'},
				)
				.min(1, {error: 'expected at least one node'})
				.max(maxNodes, {
					error: issue => `expected at most ${maxNodes} nodes, got ${(issue.input as unknown[]).length.toLocaleString('en')}`,
				}),
		],
		{error: `expected a number of nodes (1 to ${maxNodes}), or a list of {${nodeKeys.join(', ')}}`},
	)
	.meta({description: `How many lock nodes (named L1…LN), or a list of {${nodeKeys.join(', ')}}; more than one is Redlock`});

const clientExpectSchema = z.strictObject(
	{
		status: z.enum(['running', 'paused', 'crashed'], {error: 'expected running, paused or crashed'}).optional(),
		token: countOrNull.optional().meta({description: 'The token the client believes it holds (null: none)'}),
		fencing: flag.optional(),
		holds: flag.optional().meta({description: 'Does the client believe it holds the lock (with or without a token)'}),
		until: timeOrNull.optional().meta({description: 'When the client believes its lease ends, on its own clock (null: it holds nothing)'}),
		waiting: flag.optional().meta({description: 'Is the client waiting for replies to a request'}),
	},
	{error: 'expected {status, token, fencing, holds, until, waiting}'},
);

const nodeExpectSchema = z.strictObject(
	{
		holder: clientNameOf('expected a client name, or null for no key').nullable().optional().meta({description: 'Whose key the node holds (null: none)'}),
		up: flag.optional().meta({description: 'Is the node up (false: crashed)'}),
	},
	{error: 'expected {holder, up}'},
);

const expectSchema = z
	.strictObject(
		{
			clock: count.optional().meta({description: 'Logical time'}),
			holder: clientNameOf('expected a client name, or null for a free lock').nullable().optional().meta({description: 'Who holds the lock (null: free)'}),
			token: countOrNull.optional().meta({description: "The lock's current token (null: free)"}),
			expiry: countOrNull.optional().meta({description: 'When the current lease expires (null: free)'}),
			value: z
				.union([textOfAtMost(maxValueLength), z.number()], {error: 'expected text'})
				.nullable()
				.optional()
				.meta({description: "The resource's value (null: never written)"}),
			maxToken: count.optional().meta({description: 'The largest token the resource has seen'}),
			writes: count.optional().meta({description: 'Writes the resource accepted'}),
			rejected: count.optional().meta({description: 'Writes the resource rejected'}),
			inflight: count.optional().meta({description: 'Writes still in the network'}),
			violations: count.optional().meta({description: "Accepted writes that clobbered a newer holder's write"}),
			revision: countOrNull.optional().meta({description: "The store's revision (tokens: revision; null otherwise)"}),
			nodes: z
				.record(z.string(), nodeExpectSchema, {error: 'expected a map of node name to {holder, up}'})
				.optional()
				.meta({description: 'Per lock node: {holder, up}'}),
			clients: z
				.record(z.string(), clientExpectSchema, {error: 'expected a map of client name to {status, token, fencing, holds, until, waiting}'})
				.optional()
				.meta({description: 'Per client: {status, token, fencing, holds, until, waiting}'}),
		},
		{error: 'expected a map of facts, e.g. {holder: A, token: 1}'},
	)
	.meta({description: 'Facts about the state after the step; check fails when one does not hold'});

const commandText = z.string({error: 'expected a command, e.g. "acquire A"'});

const stepSchema = z.strictObject(
	{
		do: z
			.union([commandText, z.array(commandText, {error: 'expected a list of commands'}).min(1, {error: 'expected at least one command (or leave out do)'})], {
				error: 'expected a command, or a list of commands',
			})
			.optional()
			.meta({
				description:
					'A command (tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal, latency), or a list of them',
			}),
		say: narrationSchema.optional().meta({description: 'Narration shown while the step is current'}),
		expect: expectSchema.optional(),
	},
	{error: 'expected a step: a map with do, say and/or expect'},
);

const exploreSchema = z
	.strictObject(
		{
			moves: z
				.array(commandText, {error: 'expected a list of commands'})
				.min(1, {error: 'expected at least one move (or leave out moves)'})
				.max(maxExploreMoves, {error: issue => `expected at most ${maxExploreMoves} moves, got ${(issue.input as unknown[]).length.toLocaleString('en')}`})
				.optional()
				.meta({
					description:
						'The commands tried from every state, in order (default: for each client acquire C, write C, pause C <lease+1>, resume C; then tick 1 and tick <lease>)',
				}),
			depth: wholeNumberFrom(1, maxExploreDepth)
				.optional()
				.meta({description: `How many moves deep to search (default ${defaultExploreDepth})`}),
		},
		{error: 'expected {moves, depth}'},
	)
	.meta({description: 'What `dlock-tui explore` searches from this setup: its moves and depth'});

export const scenarioSchema = z
	.strictObject({
		title: narrationOfAtMost(maxTitleLength),
		short: narrationOfAtMost(maxTitleLength)
			.optional()
			.meta({description: 'A shorter title, shown where the title does not fit (check warns when neither fits 80 columns)'}),
		description: narrationSchema.optional(),
		resource: printableOnly(
			z.string({error: 'expected a resource name'}).regex(/^\S{1,24}$/, {error: 'expected a resource name: one word of at most 24 characters'}),
		)
			.optional()
			.meta({description: 'The resource name (default row-42)'}),
		lease: duration.optional().meta({description: 'The default lease in ticks (default 5)'}),
		fencing: flag.optional().meta({description: 'Does the resource check tokens (default true)'}),
		backend: z
			.enum(backends, {
				error: issue => {
					const hint = typeof issue.input === 'string' ? didYouMean(issue.input, backends) : null;
					return `expected a backend: ${backends.join(', ')}${hint ? ` (did you mean '${hint}'?)` : ''}`;
				},
			})
			.optional()
			.meta({description: 'A preset of nodes, tokens, lockDelay and persistent (any of them given here wins), and of the words on screen (default generic)'}),
		nodes: nodesSchema.optional(),
		tokens: z
			.enum(['counter', 'revision', 'none'], {error: 'expected counter, revision or none'})
			.optional()
			.meta({description: 'Fencing tokens: counter (default), revision (etcd, ZooKeeper) or none (Redis, Redlock)'}),
		lockDelay: wholeNumberFrom(0, maxDuration)
			.optional()
			.meta({description: 'After a key expires, its node grants nobody for this many ticks (Consul, Chubby; default 0)'}),
		persistent: flag.optional().meta({description: 'Do the nodes keep their keys across a crash (default true; false for redis and redlock)'}),
		latency: ticksEachWay.optional().meta({description: 'Ticks each way on every link at the start: lock requests, replies and writes (default 0: at once)'}),
		drift: wholeNumberFrom(0, maxDuration)
			.optional()
			.meta({description: 'The clock-drift allowance, in ticks, a client that checks validity subtracts (default 0)'}),
		timeout: duration.optional().meta({description: 'How long a client waits for replies, by its own clock (default: the lease it asks for)'}),
		twin: textOfAtMost(maxNarrationLength).optional().meta({
			description:
				"The same story with the resource's fencing flipped: a built-in name or a path relative to this file, whose narration the dashboard shows when fencing is flipped",
		}),
		clients: z
			.array(clientSchema, {error: 'expected a list of clients'})
			.min(1, {error: 'expected at least one client'})
			.max(maxClients, {
				error: issue =>
					`expected at most ${maxClients} clients (keys 1-${maxClients} select them), got ${(issue.input as unknown[]).length.toLocaleString('en')}`,
			}),
		steps: z.array(stepSchema, {error: 'expected a list of steps'}),
		explore: exploreSchema.optional(),
	})
	.meta({title: 'dlock-tui scenario', description: 'A narrated, self-checking dlock-tui scenario'});

export type ScenarioFile = z.infer<typeof scenarioSchema>;
export type ExpectFile = z.infer<typeof expectSchema>;
export type NarrationFile = z.infer<typeof narrationSchema>;

/** The keys each object of the format allows, for "did you mean" hints. */
export const knownKeys = {
	scenario: Object.keys(scenarioSchema.shape),
	step: Object.keys(stepSchema.shape),
	expect: Object.keys(expectSchema.shape),
	client: clientKeys,
	clientExpect: Object.keys(clientExpectSchema.shape),
	node: nodeKeys,
	nodeExpect: Object.keys(nodeExpectSchema.shape),
	narration: ['en', 'ja'],
	explore: Object.keys(exploreSchema.shape),
} as const;
