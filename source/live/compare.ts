// A live step beside the model's: what differs, and the lags. Pure: the live run builds a World
// from what etcd and its processes said, and this holds it against the model's World.

import type {World} from '../model/world.js';
import {checkExpectation, describeMismatch, type Mismatch} from '../scenario/expect.js';
import type {Lang} from '../text/narration.js';
import type {Expectation} from '../scenario/parse.js';

/** An expiry etcd carried out later (or earlier) than the model's tick: not a failure. */
export interface Lag {
	readonly client: string;
	/** The model's time of the expiry, in ticks. */
	readonly t: number;
	/** Real milliseconds after that tick's moment; negative when etcd was early. */
	readonly ms: number;
	/** The Redlock node whose key it was; none for etcd's one lease. */
	readonly node?: string;
}

/** What a live world and the model's are held to agree on; the resource's and each client's are a name's. */
type Fact =
	| 'holder'
	| 'token'
	| 'revision'
	| 'value'
	| 'maxToken'
	| 'writes'
	| 'rejected'
	| 'violations'
	| 'inflight'
	| 'status'
	| 'believesToken'
	| 'holds'
	| 'until'
	| 'waiting'
	| 'nodeHolder'
	| 'nodeUp';

/** Where a live step and the model's disagree: a fact (`of` names whose), or an expectation the live world missed. */
export type Difference =
	| {readonly fact: Fact; readonly of: string | null; readonly live: unknown; readonly model: unknown}
	| {readonly fact: 'expect'; readonly mismatch: Mismatch};

export interface StepComparison {
	/** Each a failure: a different holder, token order or resource outcome, or an expectation missed. */
	readonly differences: readonly Difference[];
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

/** `live` is already in the model's token numbers; `exact`: etcd's revision must be the model's too. */
export function compareStep(model: World, live: World, expect: Expectation | null, lags: readonly Lag[], exact: boolean): StepComparison {
	const differences: Difference[] = [];
	const differ = (fact: Fact, of: string | null, liveValue: unknown, modelValue: unknown) => {
		if (liveValue !== modelValue) differences.push({fact, of, live: liveValue, model: modelValue});
	};
	const resource = model.resource.name;
	differ('holder', null, live.lock.holder, model.lock.holder);
	differ('token', null, live.lock.token, model.lock.token);
	if (exact) differ('revision', null, live.lock.revision, model.lock.revision);
	differ('value', resource, live.resource.value, model.resource.value);
	differ('maxToken', resource, live.resource.maxToken, model.resource.maxToken);
	differ('writes', null, live.resource.writes, model.resource.writes);
	differ('rejected', null, live.resource.rejected, model.resource.rejected);
	differ('violations', null, live.violations, model.violations);
	differ('inflight', null, live.inflight.length, model.inflight.length);
	// Redlock's nodes each hold a key of their own; a lone lock service's key is the lock's, compared above.
	if (model.nodes.length > 1)
		for (const node of model.nodes) {
			const liveNode = live.nodes.find(other => other.name === node.name);
			differ('nodeUp', node.name, liveNode?.up, node.up);
			differ('nodeHolder', node.name, liveNode?.holder, node.holder);
		}
	for (const client of model.clients) {
		const liveClient = live.clients.find(other => other.name === client.name);
		differ('status', client.name, liveClient?.status, client.status);
		differ('believesToken', client.name, liveClient?.token, client.token);
		differ('holds', client.name, liveClient?.holds, client.holds);
		differ('until', client.name, liveClient?.until, client.until);
		differ('waiting', client.name, liveClient?.waiting !== null, client.waiting !== null);
	}
	if (expect) for (const mismatch of checkExpectation(live, expect)) differences.push({fact: 'expect', mismatch});
	return {differences, lags};
}

const factWords: Record<Lang, Record<Fact, string>> = {
	en: {
		holder: 'holder',
		token: 'token',
		revision: 'revision',
		value: 'value',
		maxToken: 'max token',
		writes: 'writes',
		rejected: 'rejected',
		violations: 'violations',
		inflight: 'in flight',
		status: 'status',
		believesToken: 'believes token',
		holds: 'believes it holds',
		until: 'believes its lock ends at',
		waiting: 'waits for replies',
		nodeHolder: 'key held by',
		nodeUp: 'up',
	},
	ja: {
		holder: '持ち主',
		token: 'トークン',
		revision: 'リビジョン',
		value: '値',
		maxToken: '最大トークン',
		writes: '書き込み',
		rejected: '拒否',
		violations: '違反',
		inflight: '送信中',
		status: '状態',
		believesToken: '信じるトークン',
		holds: '持っているつもり',
		until: 'ロックの終わりと信じる時刻',
		waiting: '返事待ち',
		nodeHolder: 'キーの持ち主',
		nodeUp: '稼働',
	},
};

function show(value: unknown, lang: Lang): string {
	if (value === null || value === undefined) return lang === 'ja' ? 'なし' : 'none';
	if (typeof value === 'boolean') return lang === 'ja' ? (value ? 'はい' : 'いいえ') : value ? 'yes' : 'no';
	return String(value);
}

/** A difference in words: `holder: live A, model B`; `持ち主: ライブ A、モデル B`. */
export function describeDifference(difference: Difference, lang: Lang = 'en'): string {
	if (difference.fact === 'expect') return `expect: ${describeMismatch(difference.mismatch, lang)}`;
	const {fact, of, live, model} = difference;
	const word = factWords[lang][fact];
	if (lang === 'ja') return `${of ? `${of} の` : ''}${word}: ライブ ${show(live, lang)}、モデル ${show(model, lang)}`;
	return `${of ? `${of} ` : ''}${word}: live ${show(live, lang)}, model ${show(model, lang)}`;
}

export function describeLag(lag: Lag): string {
	const when = lag.ms >= 0 ? `${lag.ms} ms late` : `${-lag.ms} ms early`;
	if (lag.node !== undefined) return `${lag.client}'s key expired on ${lag.node} ${when} (t=${lag.t})`;
	return `${lag.client}'s lease expired in etcd ${when} (t=${lag.t})`;
}
