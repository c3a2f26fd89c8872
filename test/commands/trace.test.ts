import {fileURLToPath} from 'node:url';
import {mkdtempSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {callCli, temporaryDirectory} from '../run-cli.js';

const traceKeys = ['step', 'command', 'refused', 'clock', 'lock', 'resource', 'clients', 'inflight', 'messages', 'violations', 'events'];

const directory = temporaryDirectory('dlock-trace-');

function scenarioFile(text: string): string {
	const file = path.join(mkdtempSync(path.join(directory, 'scenario-')), 'scenario.yaml');
	writeFileSync(file, text);
	return file;
}

describe('dlock-tui trace', () => {
	test('--json prints the initial state and one line per command, every key present', async () => {
		const {status, stdout} = await callCli(['trace', 'gc-pause', '--json']);
		expect(status).toBe(0);
		const records = stdout
			.trimEnd()
			.split('\n')
			.map(line => JSON.parse(line));
		expect(records[0]).toMatchObject({step: 0, command: null, refused: null, clock: 0, events: []});
		expect(records.map(record => record.step)).toEqual(records.map((_, index) => index));
		for (const record of records) expect(Object.keys(record)).toEqual(expect.arrayContaining(traceKeys));
		const last = records.at(-1);
		expect(last).toMatchObject({command: 'write A', clock: 7, violations: 0, resource: {value: 'B', maxToken: 2, rejected: 1}});
		expect(last.events).toEqual(["the resource rejected A's write: token 1 < max 2"]);
		expect(records.find(record => record.command === 'pause A 5').clients.A).toEqual({
			status: 'paused',
			pausedUntil: 7,
			token: 1,
			fencing: true,
			renewEvery: null,
			holds: true,
			until: 5,
			clock: 2,
			cut: [],
			waiting: null,
		});
	});

	test('a step of several commands gives one line per command, in order', async () => {
		const file = scenarioFile('title: t\nclients: [A]\nsteps:\n  - do: [acquire A, write A x delay=2, tick 3]\n');
		const records = (await callCli(['trace', file, '--json'])).stdout
			.trimEnd()
			.split('\n')
			.map(line => JSON.parse(line));
		expect(records.map(record => record.command)).toEqual([null, 'acquire A', 'write A x delay=2', 'tick 3']);
		expect(records[2].inflight).toEqual([{from: 'A', token: 1, value: 'x', arrivesAt: 2}]);
		expect(records[3].inflight).toEqual([]);
	});

	test('a refused command is reported with its reason and changes nothing', async () => {
		const file = scenarioFile('title: t\nclients: [A]\nsteps:\n  - do: [pause A 3, write A]\n');
		const records = (await callCli(['trace', file, '--json'])).stdout
			.trimEnd()
			.split('\n')
			.map(line => JSON.parse(line));
		expect(records[2]).toMatchObject({command: 'write A', refused: 'A is paused by GC until t=3', events: []});
		const state = (record: Record<string, unknown>) => ({...record, step: 0, command: null, refused: null, events: []});
		expect(state(records[2])).toEqual(state(records[1]));
	});

	test('without --json it prints a table a person can read', async () => {
		const {status, stdout} = await callCli(['trace', 'gc-pause']);
		expect(status).toBe(0);
		const lines = stdout.trimEnd().split('\n');
		expect(lines[0]).toMatch(/^#\s+t\s+command\s+holder/);
		expect(lines.at(-1)).toContain("rejected A's write: token 1 < max 2");
	});

	test('a bad command in a file names the file, the line and the word; exit 2', async () => {
		const file = scenarioFile('title: t\nclients: [A]\nsteps:\n  - do: acquire A\n  - do: tick -3\n');
		const {status, stdout, stderr} = await callCli(['trace', file, '--json']);
		expect(status).toBe(2);
		expect(stdout).toBe('');
		expect(stderr.trim()).toBe(`${file}:5: step 2: tick: expected a whole number from 1 to 1000000, got '-3'`);
	});

	test('a missing file: one line, exit 2', async () => {
		const {status, stderr} = await callCli(['trace', 'no-such-scenario.yaml']);
		expect(status).toBe(2);
		expect(stderr.trim().split('\n')).toHaveLength(1);
		expect(stderr).toContain('no-such-scenario.yaml');
	});

	test('a story whose messages take time passes check, and its trace shows the messages and the wait', async () => {
		const file = fileURLToPath(new URL('../fixtures/messages/in-flight-pause.yaml', import.meta.url));
		const safe = fileURLToPath(new URL('../fixtures/messages/validity-check.yaml', import.meta.url));
		expect((await callCli(['check', file, safe])).status).toBe(0);
		const {status, stdout} = await callCli(['trace', file, '--json']);
		expect(status).toBe(0);
		const records = stdout
			.trimEnd()
			.split('\n')
			.map(line => JSON.parse(line));
		const asked = records.find(record => record.command === 'acquire A');
		expect(asked.messages).toHaveLength(5);
		expect(asked.messages[0]).toEqual({from: 'A', to: 'L1', kind: 'request', op: 'acquire', granted: null, arrivesAt: 2});
		expect(asked.clients.A.waiting).toEqual({op: 'acquire', since: 0, replies: 0, grants: 0});
		const frozen = records.find(record => record.command === 'tick 12');
		expect(frozen.messages).toEqual([]);
		expect(frozen.clients.A.waiting).toEqual({op: 'acquire', since: 0, replies: 5, grants: 5});
		expect(records.at(-1).violations).toBe(1);
	});
});
