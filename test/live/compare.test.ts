// The comparison of a live step with the model's, without etcd: worlds made by the model itself.

import {describe, expect, test} from 'vitest';
import {applyCommand} from '../../source/model/apply.js';
import {parseCommand} from '../../source/model/command.js';
import {commandProblemText} from '../../source/words/describe.js';
import {createWorld, type World} from '../../source/model/world.js';
import {compareStep, describeDifference, describeLag, inModelTokens, tokenMapping} from '../../source/live/compare.js';

function play(world: World, ...lines: string[]): World {
	let current = world;
	for (const line of lines) {
		const parsed = parseCommand(line);
		if (!parsed.ok) throw new Error(commandProblemText(parsed.error.problem));
		current = applyCommand(current, parsed.command).world;
	}
	return current;
}

const start = createWorld({clients: [{name: 'A'}, {name: 'B'}]});
const model = play(start, 'acquire A', 'write A', 'tick 5', 'acquire B', 'write B');

describe('tokenMapping', () => {
	test('live tokens are matched to the model grants in the order they happened', () => {
		const map = tokenMapping([2, 4], [1, 2]);
		expect([map(2), map(4), map(null), map(0)]).toEqual([1, 2, null, 0]);
		// A token the model never granted stays as it is, and so differs.
		expect(map(7)).toBe(7);
	});
});

describe('compareStep', () => {
	test('the same world agrees, and lags are kept apart from differences', () => {
		const lags = [{client: 'A', t: 5, ms: 312}];
		expect(compareStep(model, model, null, lags, false)).toEqual({differences: [], lags});
		expect(describeLag(lags[0]!)).toBe("A's lease expired in etcd 312 ms late (t=5)");
		expect(describeLag({client: 'A', t: 5, ms: -40})).toBe("A's lease expired in etcd 40 ms early (t=5)");
	});

	test('etcd revisions in place of counter tokens agree once put in the model numbers', () => {
		const live = {
			...model,
			lock: {...model.lock, token: 4},
			resource: {...model.resource, maxToken: 4},
			clients: model.clients.map(client => ({...client, token: client.name === 'A' ? 2 : 4})),
		};
		expect(compareStep(model, live, null, [], false).differences).not.toEqual([]);
		expect(compareStep(model, inModelTokens(live, tokenMapping([2, 4], [1, 2])), null, [], false).differences).toEqual([]);
	});

	test('a different holder, resource outcome or belief is a difference, and so is an expectation not met', () => {
		const live = {...model, lock: {...model.lock, holder: 'A'}, resource: {...model.resource, value: 'A', rejected: 1}};
		const {differences} = compareStep(model, live, {holder: 'B'}, [], false);
		expect(differences.map(difference => describeDifference(difference))).toEqual([
			'holder: live A, model B',
			'row-42 value: live A, model B',
			'rejected: live 1, model 0',
			'expect: `holder` is A, expected B',
		]);
		expect(differences.map(difference => describeDifference(difference, 'ja'))).toEqual([
			'持ち主: ライブ A、モデル B',
			'row-42 の値: ライブ A、モデル B',
			'拒否: ライブ 1、モデル 0',
			'expect: `holder` は A、期待は B',
		]);
	});

	test("a client's belief, and a value the live world lacks, are named in either language", () => {
		const live = {...model, clients: model.clients.map(client => (client.name === 'B' ? {...client, token: 7} : client))};
		const [difference] = compareStep(model, live, null, [], false).differences;
		expect(describeDifference(difference!)).toBe(`B believes token: live 7, model ${model.clients.find(client => client.name === 'B')!.token ?? 'none'}`);
		expect(describeDifference({fact: 'holder', of: null, live: undefined, model: 'A'}, 'ja')).toBe('持ち主: ライブ なし、モデル A');
	});

	test("with exact numbers the store's revision must be the model's too", () => {
		const etcd = play(createWorld({backend: 'etcd', clients: [{name: 'A'}]}), 'acquire A');
		const live = {...etcd, lock: {...etcd.lock, revision: 3}};
		expect(compareStep(etcd, live, null, [], true).differences.map(difference => describeDifference(difference))).toEqual(['revision: live 3, model 2']);
		expect(compareStep(etcd, live, null, [], false).differences).toEqual([]);
	});
});

describe('compareStep on Redlock', () => {
	const redlock = play(createWorld({backend: 'redlock', lease: 10, clients: [{name: 'A'}, {name: 'B'}]}), 'partition A L4 L5', 'acquire A');

	test("each node's key and each client's belief are held to the model's", () => {
		expect(compareStep(redlock, redlock, null, [], false).differences).toEqual([]);
		const live: World = {
			...redlock,
			nodes: redlock.nodes.map(node => (node.name === 'L3' ? {...node, holder: null, up: false} : node)),
			clients: redlock.clients.map(client => (client.name === 'A' ? {...client, until: 11} : client)),
		};
		expect(compareStep(redlock, live, null, [], false).differences.map(difference => describeDifference(difference))).toEqual([
			'L3 up: live no, model yes',
			'L3 key held by: live none, model A',
			'A believes its lock ends at: live 11, model 10',
		]);
		expect(describeDifference({fact: 'waiting', of: 'B', live: true, model: false}, 'ja')).toBe('B の返事待ち: ライブ はい、モデル いいえ');
	});

	test("a Redlock node's lag names the node", () => {
		expect(describeLag({client: 'A', t: 10, ms: 4, node: 'L2'})).toBe("A's key expired on L2 4 ms late (t=10)");
	});
});
