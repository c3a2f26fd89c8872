// A first-model scenario's trace keeps every key and value it had before nodes, clocks and
// backends were added (new keys may appear beside them), but the wording of its events. The fixtures are the traces of the
// built-in first-model scenarios as that version printed them.

import {readdirSync, readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {callCli} from '../run-cli.js';

const fixtures = new URL('../fixtures/first-model-traces/', import.meta.url);
const names = readdirSync(fixtures).map(file => file.replace(/\.jsonl$/, ''));

/** `value` cut down to the keys `shape` has, at every depth: what the first model printed. */
function restrictedTo(value: unknown, shape: unknown): unknown {
	if (Array.isArray(shape) && Array.isArray(value)) return value.map((item, index) => restrictedTo(item, shape[index]));
	if (shape !== null && typeof shape === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
		return Object.fromEntries(
			Object.keys(shape).map(key => [key, restrictedTo((value as Record<string, unknown>)[key], (shape as Record<string, unknown>)[key])]),
		);
	}
	return value;
}

const records = (text: string) =>
	text
		.trimEnd()
		.split('\n')
		.map(line => JSON.parse(line) as Record<string, unknown>);

describe('a first-model trace', () => {
	test('there is a fixture for every first-model built-in scenario', () => {
		expect(names).toEqual(expect.arrayContaining(['gc-pause', 'gc-pause-unfenced', 'heartbeat', 'network-delay', 'crash']));
	});

	test.each(names)('%s keeps every first-model key and value', async name => {
		const before = records(readFileSync(new URL(`${name}.jsonl`, fixtures), 'utf8'));
		const {status, stdout} = await callCli(['trace', name, '--json']);
		expect(status).toBe(0);
		const now = records(stdout);
		expect(now.length).toBe(before.length);
		// `events` is free text for people: its wording may change, its number of sentences may not.
		const kept = (record: Record<string, unknown>) => ({...record, events: (record.events as unknown[]).length});
		for (const [index, record] of now.entries()) expect(kept(restrictedTo(record, before[index]) as Record<string, unknown>)).toEqual(kept(before[index]!));
		// And the new keys are there, saying one node and counter tokens.
		expect(now[0]).toMatchObject({lock: {revision: null}, nodes: [{name: 'L1', up: true, clock: 0, holder: null, expiry: null}]});
	});
});
