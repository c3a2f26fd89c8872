// The scenario file format (DESIGN.md section 3) as one zod schema. It checks the shape of a
// file; load.ts adds what a schema cannot see (client names, commands) and the line numbers.
// scenarios/schema.json is generated from it, so editors check files the same way.

import {z} from 'zod';
import {clientNamePattern, maxDuration} from '../model/command.js';

const duration = z
	.number({error: 'expected a whole number'})
	.int({error: 'expected a whole number'})
	.min(1, {error: 'expected a whole number ≥ 1'})
	.max(maxDuration, {error: `expected a whole number ≤ ${maxDuration}`});
const count = z.number({error: 'expected a whole number'}).int({error: 'expected a whole number'}).min(0, {error: 'expected a whole number ≥ 0'});
const flag = z.boolean({error: 'expected true or false'});
const text = z.string({error: 'expected text'});
const clientName = z
	.string({error: 'expected a client name'})
	.regex(clientNamePattern, {error: 'expected a client name: a letter, then up to 11 letters, digits, - or _'})
	.refine(name => name !== 'resource', {error: "'resource' names the resource, not a client"});

/** Narration in one language, or in English and Japanese. */
export const narrationSchema = z.union([text, z.strictObject({en: text.optional(), ja: text.optional()})], {
	error: 'expected text, or {en: text, ja: text}',
});

const clientSchema = z.union(
	[
		clientName,
		z.strictObject({
			name: clientName,
			fencing: flag.optional(),
			renewEvery: duration.nullable().optional(),
		}),
	],
	{error: 'expected a client name, or {name, fencing, renewEvery}'},
);

const clientExpectSchema = z.strictObject({
	status: z.enum(['running', 'paused', 'crashed'], {error: 'expected running, paused or crashed'}).optional(),
	token: count.nullable().optional(),
	fencing: flag.optional(),
});

export const expectSchema = z.strictObject({
	clock: count.optional(),
	holder: clientName.nullable().optional(),
	token: count.nullable().optional(),
	value: text.nullable().optional(),
	maxToken: count.optional(),
	writes: count.optional(),
	rejected: count.optional(),
	violations: count.optional(),
	clients: z.record(z.string(), clientExpectSchema, {error: 'expected a map of client name to {status, token, fencing}'}).optional(),
});

const commandText = z.string({error: 'expected a command, e.g. "acquire A"'});

export const stepSchema = z.strictObject({
	do: z.union([commandText, z.array(commandText, {error: 'expected a list of commands'})], {error: 'expected a command or a list of commands'}).optional(),
	say: narrationSchema.optional(),
	expect: expectSchema.optional(),
});

export const scenarioSchema = z.strictObject({
	title: narrationSchema,
	description: narrationSchema.optional(),
	resource: z.string({error: 'expected a resource name'}).regex(/^\S{1,24}$/, {error: 'expected a resource name: one word of at most 24 characters'}).optional(),
	lease: duration.optional(),
	fencing: flag.optional(),
	clients: z.array(clientSchema, {error: 'expected a list of clients'}).min(1, {error: 'expected at least one client'}),
	steps: z.array(stepSchema, {error: 'expected a list of steps'}),
});

export type ScenarioFile = z.infer<typeof scenarioSchema>;
export type ExpectFile = z.infer<typeof expectSchema>;
export type NarrationFile = z.infer<typeof narrationSchema>;

/** The keys each object of the format allows, for "did you mean" hints. */
export const knownKeys = {
	scenario: Object.keys(scenarioSchema.shape),
	step: Object.keys(stepSchema.shape),
	expect: Object.keys(expectSchema.shape),
	client: ['name', 'fencing', 'renewEvery'],
	clientExpect: Object.keys(clientExpectSchema.shape),
	narration: ['en', 'ja'],
} as const;
