// A live step beside the model's: what differs, and the lags. Pure: the live run builds a World
// from what etcd and its processes said, and this holds it against the model's World.

import type {World} from '../model/world.js';
import {checkExpectation, describeMismatch} from '../scenario/expect.js';
import type {Expectation} from '../scenario/parse.js';

/** An expiry etcd carried out later (or earlier) than the model's tick: not a failure. */
export interface Lag {
	readonly client: string;
	/** The model's time of the expiry, in ticks. */
	readonly t: number;
	/** Real milliseconds after that tick's moment; negative when etcd was early. */
	readonly ms: number;
}

export interface StepComparison {
	/** Each a failure: a different holder, token order or resource outcome, or an expectation missed. */
	readonly differences: readonly string[];
	readonly lags: readonly Lag[];
}

/**
 * Live tokens are etcd revisions; the model's may be counters. Grants are matched in the order
 * they happened, so the live world is shown in the model's numbers: the same order is the same story.
 */
export function tokenMapping(liveGrants: readonly number[], modelGrants: readonly number[]): (token: number | null) => number | null {
	const byLive = new Map(liveGrants.map((live, index) => [live, modelGrants[index] ?? live]));
	return token => (token === null || token === 0 ? token : (byLive.get(token) ?? token));
}

/** The live world in the model's token numbers. */
export function inModelTokens(live: World, map: (token: number | null) => number | null): World {
	return {
		...live,
		lock: {...live.lock, token: map(live.lock.token)},
		resource: {...live.resource, maxToken: map(live.resource.maxToken) ?? 0},
		clients: live.clients.map(client => ({...client, token: map(client.token)})),
	};
}

const show = (value: unknown) => (value === null || value === undefined ? 'none' : typeof value === 'string' ? value : String(value));

/** `live` is already in the model's token numbers; `exact`: etcd's revision must be the model's too. */
export function compareStep(model: World, live: World, expect: Expectation | null, lags: readonly Lag[], exact: boolean): StepComparison {
	const differences: string[] = [];
	const differ = (what: string, liveValue: unknown, modelValue: unknown) => {
		if (liveValue !== modelValue) differences.push(`${what}: live ${show(liveValue)}, model ${show(modelValue)}`);
	};
	differ('holder', live.lock.holder, model.lock.holder);
	differ('token', live.lock.token, model.lock.token);
	if (exact) differ('revision', live.lock.revision, model.lock.revision);
	differ(`${model.resource.name} value`, live.resource.value, model.resource.value);
	differ(`${model.resource.name} max token`, live.resource.maxToken, model.resource.maxToken);
	differ('writes', live.resource.writes, model.resource.writes);
	differ('rejected', live.resource.rejected, model.resource.rejected);
	differ('violations', live.violations, model.violations);
	differ('in flight', live.inflight.length, model.inflight.length);
	for (const client of model.clients) {
		const liveClient = live.clients.find(other => other.name === client.name);
		differ(`${client.name} status`, liveClient?.status, client.status);
		differ(`${client.name} believes token`, liveClient?.token, client.token);
	}
	if (expect) for (const mismatch of checkExpectation(live, expect)) differences.push(`expect: ${describeMismatch(mismatch)}`);
	return {differences, lags};
}

export function describeLag(lag: Lag): string {
	const when = lag.ms >= 0 ? `${lag.ms} ms late` : `${-lag.ms} ms early`;
	return `${lag.client}'s lease expired in etcd ${when} (t=${lag.t})`;
}
