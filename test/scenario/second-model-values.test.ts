// Hostile values for the keys of nodes, clocks, tokens and backends: each is one clear line
// naming the place and the reason, with exit 2, no stack trace and no hang.

import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {parseScenario} from '../../source/scenario/parse.js';
import {callCli, stackTrace, temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-second-model-');

async function checkOf(name: string, text: string) {
	const file = path.join(directory, `${name}.yaml`);
	writeFileSync(file, text);
	const result = await callCli(['check', file]);
	expect(result.status).toBe(2);
	expect(result.stdout + result.stderr).not.toMatch(stackTrace);
	return result.stdout + result.stderr;
}

const file = (setup: string, steps = '  - do: acquire A\n') => `title: hostile\n${setup}clients: [A, B]\nsteps:\n${steps}`;

describe('hostile second-model scenario files', () => {
	test.each([
		['negative-nodes', file('nodes: -3\n'), ':2: nodes: expected a whole number of nodes from 1 to 9, got -3'],
		['thousand-nodes', file('nodes: 1000\n'), ':2: nodes: expected a whole number of nodes from 1 to 9, got 1000'],
		[
			'huge-node-list',
			file(`nodes: [${Array.from({length: 1000}, (_, index) => `{name: N${index}}`).join(', ')}]\n`),
			':2: nodes: expected at most 9 nodes, got 1,000',
		],
		[
			'huge-jump',
			file('', '  - do: jump A 1152921504606846976\n'),
			":4: step 1: jump: expected a whole number from -1000000 to +1000000 other than 0, got '1152921504606846976'",
		],
		[
			'unknown-peer',
			file('backend: redlock\n', '  - do: partition A L6\n'),
			":5: step 1: partition: no peer named 'L6' (expected a node: L1, L2, L3, L4, L5; or lock, resource) (usage: partition C [node|lock|resource…]) (did you mean 'L1'?)",
		],
		[
			'unknown-node',
			file('nodes: 3\n', '  - do: crash L4\n'),
			":5: step 1: crash: no client or node named 'L4' (clients: A, B; nodes: L1, L2, L3) (did you mean 'L1'?)",
		],
		[
			'unknown-backend',
			file('backend: redlok\n'),
			":2: backend: expected a backend: generic, etcd, zookeeper, consul, redis, redlock (did you mean 'redlock'?), got 'redlok'",
		],
		['tokens-on-nodes', file('nodes: 5\ntokens: revision\n'), ':3: tokens: revision needs one node, and there are 5'],
		['tokens-that-forget', file('backend: redis\ntokens: counter\n'), ':3: tokens: counter needs a node that keeps its keys (persistent: true)'],
		['node-named-like-client', file('nodes: [{name: A}, {name: L2}]\n'), ":2: node 1: 'A' is also a client's name"],
		['node-named-lock', file('nodes: [{name: lock}]\n'), ":2: node 1: name: 'lock' and 'resource' name peers, not a node"],
		['negative-lock-delay', file('lockDelay: -1\n'), ':2: lockDelay: expected a whole number from 0 to 1000000, got -1'],
		[
			'unknown-node-expected',
			file('', '  - do: acquire A\n    expect: {nodes: {L2: {up: true}}}\n'),
			":5: step 1: expect.nodes: no node named 'L2' (nodes: L1) (did you mean 'L1'?)",
		],
	])('%s', async (name, text, message) => {
		expect(await checkOf(name, text)).toContain(message);
	});

	// A command names a client or a node by the same word: `crash L3` would crash the client and leave node L3 up.
	test.each([
		[
			'client-named-like-redlock-node',
			'title: t\nbackend: redlock\nclients: [L3, A]\nsteps:\n  - do: crash L3\n',
			":3: client 1: 'L3' is also a lock node's name (backend: redlock has 5 nodes, named L1 to L5 unless nodes: names them): a command could not tell them apart",
		],
		[
			'client-named-like-the-one-node',
			'title: t\nclients: [L1, B]\nsteps:\n  - do: crash L1\n',
			":2: client 1: 'L1' is also a lock node's name (the one lock node is named L1 unless nodes: names it): a command could not tell them apart",
		],
		[
			'client-named-like-a-counted-node',
			'title: t\nnodes: 3\ntokens: none\nclients:\n  - A\n  - {name: L2, fencing: false}\nsteps: []\n',
			":6: client 2: 'L2' is also a lock node's name (nodes: 3 are named L1 to L3): a command could not tell them apart",
		],
	])('%s', async (name, text, message) => {
		expect(await checkOf(name, text)).toContain(message);
	});

	test('a client may take a default node name when the file names the nodes otherwise', () => {
		const parsed = parseScenario('title: t\nnodes: [{name: N1}]\nclients: [L1]\nsteps:\n  - do: [crash L1, crash N1]\n', 'named.yaml');
		expect(parsed.ok && parsed.scenario.steps[0]!.commands.map(each => each.command)).toEqual([
			{kind: 'crash', client: 'L1'},
			{kind: 'crash', client: 'N1'},
		]);
	});

	test('a client named lock clashes with the word for every node', async () => {
		expect(await checkOf('client-lock', 'title: t\nclients: [A, lock]\nsteps: []\n')).toContain(
			":2: client 2: 'lock' names every lock node in partition and heal, not a client",
		);
	});
});
