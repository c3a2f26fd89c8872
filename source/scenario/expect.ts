// A step's `expect:` held against the world after it.

import type {World} from '../model/world.js';
import type {Lang} from '../text/narration.js';
import type {Expectation} from './parse.js';

export interface Mismatch {
	/** What was checked, as the scenario names it: `holder`, `clients.A.token`. */
	readonly key: string;
	readonly actual: unknown;
	readonly expected: unknown;
}

export function checkExpectation(world: World, expect: Expectation): Mismatch[] {
	const mismatches: Mismatch[] = [];
	const compare = (key: string, actual: unknown, expected: unknown) => {
		if (expected !== undefined && actual !== expected) mismatches.push({key, actual, expected});
	};
	compare('clock', world.clock, expect.clock);
	compare('holder', world.lock.holder, expect.holder);
	compare('token', world.lock.token, expect.token);
	compare('expiry', world.lock.expiry, expect.expiry);
	compare('value', world.resource.value, expect.value);
	compare('maxToken', world.resource.maxToken, expect.maxToken);
	compare('writes', world.resource.writes, expect.writes);
	compare('rejected', world.resource.rejected, expect.rejected);
	compare('inflight', world.inflight.length, expect.inflight);
	compare('violations', world.violations, expect.violations);
	compare('revision', world.lock.revision ?? null, expect.revision);
	for (const [name, expected] of Object.entries(expect.nodes ?? {})) {
		const node = world.nodes.find(candidate => candidate.name === name);
		compare(`nodes.${name}.holder`, node?.holder, expected.holder);
		compare(`nodes.${name}.up`, node?.up, expected.up);
	}
	for (const [name, expected] of Object.entries(expect.clients ?? {})) {
		const client = world.clients.find(candidate => candidate.name === name);
		compare(`clients.${name}.status`, client?.status, expected.status);
		compare(`clients.${name}.token`, client?.token, expected.token);
		compare(`clients.${name}.fencing`, client?.fencing, expected.fencing);
		compare(`clients.${name}.holds`, client?.holds, expected.holds);
		compare(`clients.${name}.until`, client?.until, expected.until);
		compare(`clients.${name}.waiting`, client === undefined ? undefined : client.waiting !== null, expected.waiting);
	}
	return mismatches;
}

/** Names and statuses read as they are written in the file; only the resource's value, which is free text, is quoted. */
function show(value: unknown, quoted: boolean): string {
	if (value === null) return 'null';
	return quoted && typeof value === 'string' ? `"${value}"` : String(value);
}

export function describeMismatch(mismatch: Mismatch, lang: Lang = 'en'): string {
	const quoted = mismatch.key === 'value';
	const [actual, expected] = [show(mismatch.actual, quoted), show(mismatch.expected, quoted)];
	return lang === 'ja' ? `\`${mismatch.key}\` は ${actual}、期待は ${expected}` : `\`${mismatch.key}\` is ${actual}, expected ${expected}`;
}
