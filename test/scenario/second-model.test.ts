import {describe, expect, test} from 'vitest';
import {createWorld} from '../../source/model/world.js';
import {describeMismatch} from '../../source/scenario/expect.js';
import {parseScenario, type Scenario} from '../../source/scenario/parse.js';
import {checkScenario} from '../../source/scenario/run.js';

function scenarioOf(text: string): Scenario {
	const parsed = parseScenario(text, 'talk.yaml');
	if (!parsed.ok) throw new Error(parsed.problems.map(problem => problem.message).join('\n'));
	return parsed.scenario;
}

describe('scenario keys of nodes, tokens and backends', () => {
	test('a backend presets the world, and a key the file gives wins', () => {
		const {setup} = scenarioOf('title: t\nbackend: consul\nlease: 4\nnodes: [{name: east}]\nclients: [{name: A, checksLease: true}]\nsteps: []\n');
		const world = createWorld(setup);
		expect(world).toMatchObject({backend: 'consul', tokens: 'counter', lockDelay: 4, nodes: [{name: 'east', persistent: true}]});
		expect(world.clients[0]).toMatchObject({checksLease: true});
		expect(createWorld(scenarioOf('title: t\nbackend: consul\nlockDelay: 0\nclients: [A]\nsteps: []\n').setup).lockDelay).toBe(0);
	});

	test('expectations of nodes, revision, holds and until are checked and reported at their line', () => {
		const scenario = scenarioOf(
			[
				'title: t',
				'backend: etcd',
				'clients: [A]',
				'steps:',
				'  - do: acquire A',
				'    expect:',
				'      revision: 2',
				'      nodes: {L1: {holder: A, up: false}}',
				'      clients: {A: {holds: true, until: 9}}',
			].join('\n'),
		);
		const [failure] = checkScenario(scenario);
		expect(failure?.line).toBe(8);
		expect(failure?.mismatches.map(mismatch => describeMismatch(mismatch))).toEqual([
			'`nodes.L1.up` is true, expected false',
			'`clients.A.until` is 5, expected 9',
		]);
	});
});
