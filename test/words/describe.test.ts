import {describe, expect, test} from 'vitest';
import {describeEvent, describeRefusal, narrate} from '../../source/words/describe.js';
import type {Event, Refusal} from '../../source/model/event.js';
import {generic} from './terms.js';

// Every kind of event and refusal in words, each variant its text has (a token or none, one node or
// several, a heartbeat, a held write, lock-delay, beside its time or not), in both languages. The
// snapshot is the wording the story pane, the trace and `check` show.

const several = {count: 2, needed: 3, of: 5};

const events: readonly Event[] = [
	{kind: 'acquired', t: 1, client: 'A', token: 3, expiry: 6},
	{kind: 'acquired', t: 1, client: 'A', token: null, expiry: 6, nodes: {count: 3, needed: 3, of: 5}},
	{kind: 'acquire-failed', t: 2, client: 'B', holder: 'A'},
	{kind: 'acquire-minority', t: 2, client: 'B', nodes: several},
	{kind: 'lock-delay', t: 2, client: 'B', node: 'L1', until: 9},
	{kind: 'unanswered', t: 3, client: 'A', request: 'acquire'},
	{kind: 'unanswered', t: 3, client: 'A', request: 'renew', heartbeat: true},
	{kind: 'unanswered', t: 3, client: 'A', request: 'release', nodes: {count: 0, needed: 3, of: 5}},
	{kind: 'renewed', t: 3, client: 'A', expiry: 8, heartbeat: false},
	{kind: 'renewed', t: 3, client: 'A', expiry: 8, heartbeat: true, nodes: {count: 4, needed: 3, of: 5}},
	{kind: 'renew-failed', t: 4, client: 'A', lostToken: 3, heartbeat: false},
	{kind: 'renew-failed', t: 4, client: 'A', lostToken: null, heartbeat: true},
	{kind: 'renew-failed', t: 4, client: 'A', lostToken: null, heartbeat: true, nodes: several},
	{kind: 'released', t: 5, client: 'A', token: 3},
	{kind: 'released', t: 5, client: 'A', token: null, nodes: {count: 3, needed: 3, of: 5}},
	{kind: 'release-ignored', t: 5, client: 'A', droppedToken: 3},
	{kind: 'expired', t: 6, client: 'A', token: 3},
	{kind: 'expired', t: 6, client: 'A', token: null, delayUntil: 10},
	{kind: 'expired', t: 6, client: 'A', token: null, node: 'L2'},
	{kind: 'expired', t: 6, client: 'A', token: null, node: 'L2', delayUntil: 10},
	{kind: 'sent', t: 7, client: 'A', value: 'x', token: 3, arrivesAt: 9},
	{kind: 'sent', t: 7, client: 'A', value: 'x', token: null, arrivesAt: 7, stuck: true},
	{kind: 'accepted', t: 8, client: 'B', value: 'y', token: 4, senderToken: 4, maxToken: 4, violation: false},
	{kind: 'accepted', t: 8, client: 'A', value: 'x', token: null, senderToken: 3, maxToken: 4, violation: true},
	{kind: 'rejected', t: 9, client: 'A', value: 'x', token: 3, maxToken: 4},
	{kind: 'paused', t: 10, client: 'A', until: 14},
	{kind: 'paused', t: 10, client: 'A', until: 14, held: 'x'},
	{kind: 'resumed', t: 11, client: 'A', early: true},
	{kind: 'resumed', t: 14, client: 'A', early: false},
	{kind: 'resumed', t: 14, client: 'A', early: false, unread: 5},
	{kind: 'resumed', t: 11, client: 'A', early: true, unread: 1},
	{kind: 'crashed', t: 15, client: 'A', droppedToken: 3},
	{kind: 'crashed', t: 15, client: 'A', droppedToken: null, lostWrite: 'x'},
	{kind: 'restarted', t: 16, client: 'A'},
	{kind: 'fencing', t: 17, target: 'resource', on: true},
	{kind: 'fencing', t: 17, target: 'resource', on: false},
	{kind: 'fencing', t: 17, target: 'A', on: true},
	{kind: 'fencing', t: 17, target: 'A', on: false},
	{kind: 'ticked', t: 20, from: 17},
	{kind: 'lease-over', t: 21, client: 'A', clock: 23, until: 22},
	{kind: 'node-crashed', t: 22, node: 'L1', lostKey: null},
	{kind: 'node-crashed', t: 22, node: 'L1', lostKey: 'A'},
	{kind: 'node-restarted', t: 23, node: 'L1', keptKey: null},
	{kind: 'node-restarted', t: 23, node: 'L1', keptKey: 'A'},
	{kind: 'jumped', t: 24, target: 'A', by: 3, clock: 27},
	{kind: 'jumped', t: 24, target: 'L1', by: -2, clock: 22},
	{kind: 'partitioned', t: 25, client: 'A', peers: ['L1', 'resource']},
	{kind: 'partitioned', t: 25, client: 'A', peers: ['lock']},
	{kind: 'healed', t: 26, client: 'A', peers: ['L1', 'L2', 'L3']},
	{kind: 'partitioned', t: 25, client: 'A', peers: []},
	{kind: 'healed', t: 26, client: 'A', peers: ['resource']},
	{kind: 'healed', t: 26, client: 'A', peers: []},
	{kind: 'request-sent', t: 2, client: 'A', op: 'acquire', to: ['L1', 'L2', 'L3'], failed: ['L4', 'L5']},
	{kind: 'request-sent', t: 2, client: 'A', op: 'renew', to: ['L1'], failed: [], heartbeat: true},
	{kind: 'request-sent', t: 2, client: 'A', op: 'release', to: ['L1', 'L2'], failed: [], undo: true},
	{kind: 'request-arrived', t: 4, client: 'A', node: 'L3', op: 'acquire', granted: true, replyAt: 6},
	{kind: 'request-arrived', t: 4, client: 'A', node: 'L3', op: 'renew', granted: false, replyAt: 6},
	{kind: 'reply-arrived', t: 6, client: 'A', node: 'L3', op: 'acquire', granted: true, ignored: false},
	{kind: 'reply-arrived', t: 6, client: 'A', node: 'L3', op: 'release', granted: false, ignored: true},
	{kind: 'reply-arrived', t: 6, client: 'A', node: 'L3', op: 'acquire', granted: true, ignored: false, unread: true},
	{kind: 'deletion-arrived', t: 7, client: 'A', node: 'L3', deleted: true},
	{kind: 'deletion-arrived', t: 7, client: 'A', node: 'L4', deleted: false},
	{kind: 'message-lost', t: 4, client: 'A', node: 'L3', message: 'request', op: 'acquire', why: 'cut'},
	{kind: 'message-lost', t: 6, client: 'A', node: 'L3', message: 'reply', op: 'acquire', why: 'down'},
	{kind: 'decided', t: 9, client: 'A', op: 'acquire', lease: 10, since: 2, at: 9, drift: 1, validity: 2, kept: true, until: 11, timedOut: false},
	{kind: 'decided', t: 14, client: 'A', op: 'acquire', lease: 10, since: 2, at: 14, drift: 1, validity: -3, kept: false, until: null, timedOut: true},
	{kind: 'decided', t: 9, client: 'A', op: 'renew', lease: 10, since: 2, at: 9, drift: 0, validity: 3, kept: true, until: 12, timedOut: false, heartbeat: true},
	{kind: 'decided', t: 9, client: 'A', op: 'acquire', lease: 10, since: 2, at: 9, drift: 0, validity: null, kept: true, until: 19, timedOut: false},
	{kind: 'restart-held', t: 3, node: 'L2', until: 12},
	{kind: 'latency', t: 0, client: 'A', peers: ['lock'], n: 3},
	{kind: 'latency', t: 0, client: 'A', peers: ['L1'], n: 1},
	{kind: 'elided', t: 27, count: 12},
];

const refusals: readonly Refusal[] = [
	{kind: 'unknown-client', client: 'Z'},
	{kind: 'paused', client: 'A', until: 9},
	{kind: 'crashed', client: 'A'},
	{kind: 'no-token', client: 'A'},
	{kind: 'not-paused', client: 'A'},
	{kind: 'not-crashed', client: 'A'},
	{kind: 'already-crashed', client: 'A'},
	{kind: 'unknown-name', name: 'Q'},
	{kind: 'unknown-peer', client: 'A', peer: 'L9'},
	{kind: 'node-already-crashed', node: 'L1'},
	{kind: 'node-not-crashed', node: 'L1'},
	{kind: 'no-change', client: 'A', cut: true, peers: []},
	{kind: 'no-change', client: 'A', cut: true, peers: ['L4', 'L5']},
	{kind: 'no-change', client: 'A', cut: false, peers: []},
	{kind: 'no-change', client: 'A', cut: false, peers: ['resource']},
	{kind: 'waiting', client: 'A', op: 'acquire', since: 2},
	{kind: 'restart-held', node: 'L2', until: 12},
];

describe('events and refusals in words', () => {
	test('every event, in English and Japanese, with and without its time', () => {
		const words = events.map(event => ({
			event: JSON.stringify(event),
			en: describeEvent(event, generic),
			enBesideTime: describeEvent(event, generic, 'en', true),
			ja: describeEvent(event, generic, 'ja'),
			jaBesideTime: describeEvent(event, generic, 'ja', true),
		}));
		expect(words).toMatchSnapshot();
	});

	test('every refusal, in English and Japanese', () => {
		expect(
			refusals.map(refusal => ({refusal: JSON.stringify(refusal), en: describeRefusal(refusal, generic), ja: describeRefusal(refusal, generic, 'ja')})),
		).toMatchSnapshot();
	});

	test('English is the default, and a text beside its time does not say the time again', () => {
		const expired = events.find(event => event.kind === 'expired')!;
		expect(describeEvent(expired, generic)).toBe(describeEvent(expired, generic, 'en', false));
		expect(describeEvent(expired, generic)).toBe("A's lease expired at t=6 (token 3): the lock is free");
		expect(describeEvent(expired, generic, 'en', true)).toBe("A's lease expired (token 3): the lock is free");
		expect(describeRefusal({kind: 'crashed', client: 'A'}, generic)).toBe('A has crashed');
	});

	test('grants read after a wait are told as given, not as if the keys still stood', () => {
		const nodes = {count: 5, needed: 3, of: 5};
		const late = {kind: 'acquired', t: 12, client: 'A', token: null, expiry: 22, nodes, afterWait: true} as const;
		const atOnce = {kind: 'acquired', t: 0, client: 'A', token: null, expiry: 10, nodes} as const;
		expect(describeEvent(late, generic)).toBe('A believes it holds the lock: 5 of 5 nodes had granted it (majority 3; lease until t=22)');
		expect(describeEvent(late, generic, 'ja')).toBe('A はロックを持つと思う (5 ノード中 5 が許可済み、過半数は 3、t=22 まで)');
		expect(describeEvent(atOnce, generic)).toBe('A acquired the lock on 5 of 5 nodes (majority 3; lease until t=10)');
	});

	test('a crash forgets a token only where the client had one', () => {
		const withToken = {kind: 'crashed', t: 15, client: 'A', droppedToken: 3} as const;
		const withoutToken = {kind: 'crashed', t: 15, client: 'A', droppedToken: null} as const;
		expect(describeEvent(withToken, generic)).toMatch(/forgot its token/);
		expect(describeEvent(withoutToken, generic)).not.toMatch(/token/);
		expect(describeEvent(withoutToken, generic, 'ja')).not.toMatch(/トークン/);
	});

	test('a decision is written out as its arithmetic: lease − (T2 − T1) − drift, and the lock kept until T1 + lease − drift', () => {
		const [kept, givenUp] = events.filter(event => event.kind === 'decided');
		expect(describeEvent(kept!, generic)).toBe('A decides: validity 10 − (9 − 2) − 1 = 2 > 0: holds until 2 + 10 − 1 = t=11');
		expect(describeEvent(givenUp!, generic)).toBe('A decides at its timeout: validity 10 − (14 − 2) − 1 = −3 ≤ 0: gives the lock up');
		expect(describeEvent(kept!, generic, 'ja')).toBe('A の判断: 有効時間 10 − (9 − 2) − 1 = 2 > 0: 2 + 10 − 1 = t=11 まで保持');
		expect(describeEvent(givenUp!, generic, 'ja')).toBe('A の判断 (待ち時間切れ): 有効時間 10 − (14 − 2) − 1 = −3 ≤ 0: ロックを手放す');
		// Beside its time, a give-up takes one line of the story pane at 80 columns (78 wide).
		const late = {...givenUp!, t: 12, at: 12, since: 0, timedOut: false, validity: -3};
		expect(`t=12 ${describeEvent(late, generic, 'en', true)}`.length).toBeLessThanOrEqual(78);
	});

	test("a naive client's decision says it counts its lease from T2, with both times; beside its time it does not say that time again", () => {
		const naive = events.find(event => event.kind === 'decided' && event.validity === null)!;
		expect(describeEvent(naive, generic)).toBe('A reads its replies at T2 = t=9 (asked at T1 = t=2) and counts its lease from T2: until 9 + 10 = t=19');
		expect(describeEvent(naive, generic, 'en', true)).toBe('A reads its replies at T2 (asked at T1 = t=2) and counts its lease from T2: until 9 + 10 = t=19');
		expect(describeEvent(naive, generic, 'ja')).toBe('A は T2 = t=9 に返事を読み (依頼は T1 = t=2)、リースを T2 から数える: 9 + 10 = t=19 まで');
		expect(describeEvent(naive, generic, 'ja', true)).toBe('A は T2 に返事を読み (依頼は T1 = t=2)、リースを T2 から数える: 9 + 10 = t=19 まで');
		// T1 and T2 are by the client's clock, which a jump may have put off true time.
		const offset = {...naive, at: 12, since: 5, until: 22};
		expect(describeEvent(offset, generic, 'en', true)).toContain(
			'reads its replies at T2 = t=12 (asked at T1 = t=5) and counts its lease from T2: until 12 + 10 = t=22',
		);
	});

	test('a reply that reaches a frozen client waits unread, and the client reads it when it wakes', () => {
		const unread = events.find(event => event.kind === 'reply-arrived' && event.unread)!;
		expect(describeEvent(unread, generic)).toBe("L3's reply (granted) reaches A's socket and waits unread: A is frozen");
		expect(describeEvent(unread, generic)).not.toMatch(/gets/);
		expect(describeEvent(unread, generic, 'ja')).toBe('L3 の返事 (許可) が A のソケットに届き、読まれずに待つ (A は停止中)');
		const [five, one] = events.filter(event => event.kind === 'resumed' && event.unread !== undefined);
		expect(describeEvent(five!, generic)).toBe('A resumed after its GC pause, unaware of the time that passed; it reads the 5 replies waiting');
		expect(describeEvent(one!, generic)).toBe("A's GC pause ended early; it reads the reply waiting");
		expect(describeEvent(five!, generic, 'ja')).toBe('A が GC 停止から再開 (止まっていた間のことは知らない)。待っていた返事 5 件を読む');
	});

	test("a give-up's deletion says whether it deleted a key, and a failed acquire asks every node it reaches", () => {
		const [deleted, nothing] = events.filter(event => event.kind === 'deletion-arrived');
		expect(describeEvent(deleted!, generic)).toBe("A's deletion reaches L3: its key is deleted");
		expect(describeEvent(nothing!, generic)).toBe("A's deletion reaches L4, which holds no key of that attempt");
		expect(describeEvent(nothing!, generic, 'ja')).toBe('A の削除依頼が L4 に届く: その試みのキーはない');
		const minority = events.find(event => event.kind === 'acquire-minority')!;
		expect(describeEvent(minority, generic)).toBe(
			"B could not acquire: granted on 2 of 5 nodes (majority 3), so it asks every node it reaches to delete this attempt's key",
		);
		expect(describeEvent(minority, generic, 'ja')).toBe('B は過半数を得られない (5 ノード中 2、過半数は 3): 届くすべてのノードにこの試みのキーの削除を依頼');
	});

	test('a corrupting write leads with the word, so a narrow pane keeps it', () => {
		const corrupting = events.find(event => event.kind === 'accepted' && event.violation)!;
		expect(describeEvent(corrupting, generic)).toMatch(/^CORRUPTED: /);
		expect(describeEvent(corrupting, generic, 'ja')).toMatch(/^破壊: /);
		const fine = events.find(event => event.kind === 'accepted' && !event.violation)!;
		expect(describeEvent(fine, generic)).not.toMatch(/CORRUPTED/);
	});
});

describe('commands told as narration', () => {
	const acquire = {kind: 'acquire', client: 'A'} as const;
	const tick = {kind: 'tick', n: 1} as const;
	test('each event a sentence, and a refused command says why, in both languages', () => {
		const played = [
			{command: acquire, events: [events[0]!], refused: null},
			{command: {kind: 'write', client: 'B'} as const, events: [], refused: {kind: 'no-token', client: 'B'} as const},
		];
		expect(narrate(played, generic, 'en')).toBe(
			`${describeEvent(events[0]!, generic)}; write B was refused (B does not believe it holds the lock (no token)).`,
		);
		expect(narrate(played, generic, 'ja')).toBe(
			`${describeEvent(events[0]!, generic, 'ja')}。write B は拒否された (B はロックを持っていると思っていない (トークンなし))。`,
		);
		expect(narrate([], generic, 'en')).toBe('');
	});

	test('many events are counted past the eighth, and elided ones are not told', () => {
		const many = Array.from({length: 10}, (_, index) => ({kind: 'ticked', t: index + 1, from: index}) as const);
		const told = narrate([{command: tick, events: [...many, {kind: 'elided', t: 11, count: 3}], refused: null}], generic, 'en');
		expect(told.split('; ')).toHaveLength(9);
		expect(told).toMatch(/; and 2 more events\.$/);
		expect(narrate([{command: tick, events: many, refused: null}], generic, 'ja')).toMatch(/。ほか 2 件。$/);
	});
});
