// Each backend's own words in the event sentences: ZooKeeper's czxid and session, Consul's
// LockIndex and session, etcd's create revision; the generic backend and Redis keep token and lease.

import {describe, expect, test} from 'vitest';
import type {Event} from '../../source/model/event.js';
import {resolveSetup} from '../../source/model/world.js';
import {playScenario} from '../../source/scenario/run.js';
import {builtinNames} from '../../source/scenario/files.js';
import {langs} from '../../source/text/narration.js';
import {labelsFor} from '../../source/ui/labels.js';
import type {Terms} from '../../source/words/catalog.js';
import {describeEvent, describeRefusal, wordsFor} from '../../source/words/describe.js';
import {builtinScenario} from '../scenario/helpers.js';
import {generic} from './terms.js';

const zookeeper: Terms = {backend: 'zookeeper', tokens: 'revision'};
const consul: Terms = {backend: 'consul', tokens: 'counter'};
const etcd: Terms = {backend: 'etcd', tokens: 'revision'};

const acquired: Event = {kind: 'acquired', t: 0, client: 'A', token: 2, expiry: 5};
const renewed: Event = {kind: 'renewed', t: 2, client: 'A', expiry: 7, heartbeat: true};
const checked: Event = {kind: 'paused', t: 2, client: 'A', until: 10, held: 'late'};
const expired: Event = {kind: 'expired', t: 7, client: 'A', token: 2};
const lost: Event = {kind: 'renew-failed', t: 10, client: 'A', heartbeat: true, lostToken: 2};
const over: Event = {kind: 'lease-over', t: 8, client: 'A', clock: 8, until: 7};
const rejected: Event = {kind: 'rejected', t: 10, client: 'A', value: 'late', token: 2, maxToken: 4};

const said = (event: Event, terms: Terms) => [describeEvent(event, terms, 'en'), describeEvent(event, terms, 'ja')];

describe('an event in its backend’s words, in both languages', () => {
	test('ZooKeeper: the lock node’s czxid, and the session that holds it', () => {
		expect(said(acquired, zookeeper)).toEqual(['A acquired the lock with czxid 2 (session until t=5)', 'A がロックを取得 (czxid 2、セッションは t=5 まで)']);
		expect(said(renewed, zookeeper)).toEqual(["A's heartbeat kept its session until t=7", 'A がハートビートでセッションを t=7 まで延長']);
		expect(said(checked, zookeeper)[0]).toBe('A checked its session, then a GC pause holds "late" back until t=10');
		expect(said(expired, zookeeper)).toEqual([
			"A's session expired at t=7: its lock node (czxid 2) is deleted",
			't=7 で A のセッションが失効。ロックのノード (czxid 2) は削除される',
		]);
		// The client hears of its session's end only when it next reaches the service.
		expect(said(lost, zookeeper)).toEqual([
			"A's heartbeat finds its session expired: A lost czxid 2",
			'A はハートビートでセッションの失効を知る: czxid 2 を失った',
		]);
		expect(said(over, zookeeper)[0]).toBe("A's own clock reads 8, past its session (until t=7): it does not write");
		expect(said(rejected, zookeeper)).toEqual(["the resource rejected A's write: czxid 2 < max 4", '資源が A の書き込みを拒否: czxid 2 < 最大 4']);
	});

	test('Consul: the LockIndex, and a session the lock service invalidates', () => {
		expect(said(acquired, consul)[0]).toBe('A acquired the lock with LockIndex 2 (session until t=5)');
		expect(said(renewed, consul)[0]).toBe("A's heartbeat kept its session until t=7");
		expect(said(expired, consul)).toEqual([
			"A's session was invalidated at t=7 (LockIndex 2): the lock is free",
			't=7 で A のセッションが無効になる (LockIndex 2)。ロックは空き',
		]);
		expect(said(lost, consul)[0]).toBe("A's heartbeat is turned away: A learns it lost LockIndex 2");
		expect(describeRefusal({kind: 'no-token', client: 'B'}, consul)).toBe('B does not believe it holds the lock (no LockIndex)');
		expect(describeRefusal({kind: 'no-token', client: 'B'}, consul, 'ja')).toBe('B はロックを持っていると思っていない (LockIndex なし)');
	});

	test('etcd: the key’s create revision, under a lease', () => {
		expect(said(acquired, etcd)).toEqual(['A acquired the lock with revision 2 (lease until t=5)', 'A がロックを取得 (リビジョン 2、リースは t=5 まで)']);
		expect(said(expired, etcd)[0]).toBe("A's lease expired at t=7 (revision 2): the lock is free");
		expect(said(lost, etcd)[0]).toBe("A's heartbeat is turned away: A learns it lost revision 2");
		expect(said(renewed, etcd)[0]).toBe("A's heartbeat renewed its lease until t=7");
	});

	test('the generic backend and Redis keep token and lease', () => {
		for (const terms of [generic, {backend: 'redis', tokens: 'none'} as const]) {
			expect(said(acquired, terms)).toEqual(['A acquired the lock with token 2 (lease until t=5)', 'A がロックを取得 (トークン 2、リースは t=5 まで)']);
			expect(said(expired, terms)[0]).toBe("A's lease expired at t=7 (token 2): the lock is free");
			expect(said(checked, terms)[0]).toMatch(/^A checked its lease/);
		}
	});

	test('the panes read the same words as the sentences', () => {
		for (const lang of langs) expect(labelsFor(lang).backendWords).toBe(wordsFor(lang).backendWords);
	});
});

/** What a backend's sentences never say: ZooKeeper and Consul hold sessions, and none of the three calls its token a token. */
const forbidden = {
	zookeeper: {en: /token|lease/i, ja: /token|lease|トークン|リース/i},
	consul: {en: /token|lease/i, ja: /token|lease|トークン|リース/i},
	etcd: {en: /token/i, ja: /token|トークン/i},
} as const;

describe('the built-ins of ZooKeeper, Consul and etcd', () => {
	const stories = builtinNames().flatMap(name => {
		const scenario = builtinScenario(name);
		const {backend} = resolveSetup(scenario.setup);
		return backend === 'zookeeper' || backend === 'consul' || backend === 'etcd' ? [{name, scenario, backend}] : [];
	});

	test('are the stories this looks at', () => {
		expect(stories.map(story => story.name)).toEqual(expect.arrayContaining(['zookeeper-session', 'zookeeper-unfenced', 'consul-lock-delay', 'etcd-revision']));
	});

	test.each(stories)('$name: no event or refusal says token or lease where the backend has none, in either language', ({scenario, backend}) => {
		const sentences: {lang: 'en' | 'ja'; text: string}[] = [];
		playScenario(scenario, ({played}) => {
			for (const lang of langs) {
				for (const event of played.events)
					for (const besideTime of [false, true]) sentences.push({lang, text: describeEvent(event, played.world, lang, besideTime)});
				if (played.refused) sentences.push({lang, text: describeRefusal(played.refused, played.world, lang)});
			}
		});
		expect(sentences.length).toBeGreaterThan(10);
		expect(sentences.filter(({lang, text}) => forbidden[backend][lang].test(text))).toEqual([]);
	});
});

test('a stale belief in Japanese sets a Latin word apart from its kana, as the glossary does', () => {
	const {stale} = wordsFor('ja').labels;
	expect(stale(wordsFor('ja').backendWords('zookeeper', 'revision').tokenN(2))).toBe('古い czxid 2');
	expect(stale(wordsFor('ja').backendWords('generic', 'counter').tokenN(2))).toBe('古いトークン 2');
	expect(stale(wordsFor('ja').labels.theLock)).toBe('古いロック');
});

test('the lesson line in Japanese sets a Latin word apart from the kana before it', () => {
	const {oneBelief, backendWords} = wordsFor('ja').labels;
	expect(oneBelief('A', backendWords('zookeeper', 'revision').tokenN(2), true)).toBe('A が czxid 2 を保持 (ロックサービスも認める)');
	expect(oneBelief('A', backendWords('generic', 'counter').tokenN(2), false)).toBe('A はトークン 2 を持っているつもりだが、ロックサービスは認めない');
});
