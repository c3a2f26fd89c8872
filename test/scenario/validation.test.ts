import {describe, expect, test} from 'vitest';
import {maxProblems, parseScenario} from '../../source/scenario/parse.js';
import {formatProblem} from '../../source/scenario/problem.js';
import {maxClients, maxNarrationLength, maxTitleLength} from '../../source/scenario/schema.js';

/** Every problem of a file as the user reads it: `file:line: message`. */
function problemsOf(text: string): string[] {
	const result = parseScenario(text, 'talk.yaml');
	if (result.ok) throw new Error('expected the file to be refused');
	return result.problems.map(problem => formatProblem('talk.yaml', problem));
}

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;
const header = ['title: t', 'clients: [A, B]', 'steps:'];

describe('a broken scenario file gets file:line: what is wrong', () => {
	test('unknown keys, with a did-you-mean at every level', () => {
		expect(problemsOf(lines('titel: t', 'clients: [A]', 'steps:', '  - do: tick', '    sya: hi', '    expect: {tokn: 1}', '  - say: {en: a, jp: b}'))).toEqual([
			"talk.yaml:1: missing 'title' (expected text, or {en: text, ja: text})",
			"talk.yaml:1: unknown key 'titel' (did you mean 'title'?)",
			"talk.yaml:5: step 1: unknown key 'sya' (did you mean 'say'?)",
			"talk.yaml:6: step 1: expect: unknown key 'tokn' (did you mean 'token'?)",
			"talk.yaml:7: step 2: say: unknown key 'jp' (did you mean 'ja'?)",
		]);
	});

	test('an unknown key far from any known one lists the known ones', () => {
		expect(problemsOf(lines(...header, '  - do: tick', '    colour: red'))).toEqual([
			"talk.yaml:5: step 1: unknown key 'colour' (expected one of: do, say, expect)",
		]);
	});

	test('bad commands name the step, the word and what was expected', () => {
		expect(problemsOf(lines(...header, '  - do: aquire A', '  - do: [acquire C, tick x, pause A, fencing A of]'))).toEqual([
			"talk.yaml:4: step 1: unknown command 'aquire': expected one of tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal, latency (did you mean 'acquire'?)",
			"talk.yaml:5: step 2: acquire: no client named 'C' (clients: A, B)",
			"talk.yaml:5: step 2: tick: expected a whole number from 1 to 1000000, got 'x'",
			"talk.yaml:5: step 2: pause: expected a length in ticks after 'A' (usage: pause C N)",
			"talk.yaml:5: step 2: fencing: expected 'on' or 'off', got 'of' (usage: fencing C|resource on|off) (did you mean 'off'?)",
		]);
	});

	test('a client named in the wrong case gets a hint; each command of a list has its own line', () => {
		expect(problemsOf(lines(...header, '  - do:', '      - acquire A', '      - write a'))).toEqual([
			"talk.yaml:6: step 1: write: no client named 'a' (clients: A, B) (did you mean 'A'?)",
		]);
	});

	test('expectations about clients that do not exist', () => {
		expect(problemsOf(lines(...header, '  - expect:', '      holder: C', '      clients: {A: {token: 1}, Z: {status: running}}'))).toEqual([
			"talk.yaml:5: step 1: expect.holder: no client named 'C' (clients: A, B)",
			"talk.yaml:6: step 1: expect.clients: no client named 'Z' (clients: A, B)",
		]);
	});

	test('a free lock is null, not a word', () => {
		expect(problemsOf(lines(...header, '  - expect: {holder: none}'))).toEqual([
			"talk.yaml:4: step 1: expect.holder: no client named 'none' (clients: A, B) (for a free lock, write holder: null)",
		]);
	});

	test('bad numbers and wrong types say what was given', () => {
		expect(problemsOf(lines('title: t', 'lease: 0', 'fencing: yes', 'resource: two words', 'clients: A', 'steps: {}'))).toEqual([
			'talk.yaml:2: lease: expected a whole number from 1 to 1000000, got 0',
			"talk.yaml:3: fencing: expected true or false, got 'yes' (write true)",
			"talk.yaml:4: resource: expected a resource name: one word of at most 24 characters, got 'two words'",
			"talk.yaml:5: clients: expected a list of clients, got 'A'",
			'talk.yaml:6: steps: expected a list of steps, got a map',
		]);
	});

	test('clients: each entry is checked on its own', () => {
		expect(
			problemsOf(
				lines('title: t', 'clients:', '  - {name: A, renewEvery: 1.5, fencng: true}', '  - {fencing: true}', '  - 3', '  - A', '  - resource', 'steps: []'),
			),
		).toEqual([
			'talk.yaml:3: client 1: renewEvery: expected a whole number, got 1.5',
			"talk.yaml:3: client 1: unknown key 'fencng' (did you mean 'fencing'?)",
			"talk.yaml:4: client 2: missing 'name' (expected a client name)",
			'talk.yaml:5: client 3: expected a client name, or {name, fencing, renewEvery, checksLease, checksValidity, monotonic, latency}, got 3',
			"talk.yaml:6: client 4: 'A' is declared twice",
			"talk.yaml:7: client 5: 'resource' names the resource, not a client",
		]);
	});

	test('messages that take time: latency, drift, timeout, restartDelay, monotonic and waiting, each in its place', () => {
		expect(
			problemsOf(
				lines(
					'title: t',
					'backend: redlock',
					'latency: -1',
					'drift: 1.5',
					'timeout: 0',
					'nodes:',
					'  - {name: L1, monotonic: true}',
					'  - {name: L2, restartDelay: -2}',
					'clients:',
					'  - {name: A, restartDelay: 3, latency: x}',
					'  - {name: B, checksValidity: on}',
					'steps:',
					'  - do: latency A lock -1',
					'    expect: {clients: {A: {waiting: maybe}}}',
				),
			),
		).toEqual([
			'talk.yaml:3: latency: expected a whole number from 0 to 1000000, got -1',
			'talk.yaml:4: drift: expected a whole number, got 1.5',
			'talk.yaml:5: timeout: expected a whole number from 1 to 1000000, got 0',
			"talk.yaml:7: node 1: 'monotonic' is an option of a client, not of a lock node (expected one of: name, persistent, restartDelay)",
			'talk.yaml:8: node 2: restartDelay: expected a whole number from 0 to 1000000, got -2',
			"talk.yaml:10: client 1: latency: expected a whole number, got 'x'",
			"talk.yaml:10: client 1: 'restartDelay' is an option of a lock node (under nodes:), not of a client (expected one of: name, fencing, renewEvery, checksLease, checksValidity, monotonic, latency)",
			"talk.yaml:11: client 2: checksValidity: expected true or false, got 'on' (write true)",
			"talk.yaml:13: step 1: latency: expected a whole number from 0 to 1000000, got '-1'",
			"talk.yaml:14: step 1: expect.clients.A.waiting: expected true or false, got 'maybe'",
		]);
	});

	test('the keys of messages that take time are read into the setup', () => {
		const result = parseScenario(
			lines(
				'title: t',
				'backend: redlock',
				'latency: 2',
				'drift: 1',
				'timeout: 4',
				'nodes: [{name: L1, restartDelay: 5}, {name: L2}, {name: L3}]',
				'clients: [{name: A, checksValidity: false, monotonic: true, latency: 3}, B]',
				'steps: []',
			),
			'talk.yaml',
		);
		expect(result.ok && result.scenario.setup).toMatchObject({
			latency: 2,
			drift: 1,
			timeout: 4,
			nodes: [{name: 'L1', restartDelay: 5}, {name: 'L2'}, {name: 'L3'}],
			clients: [{name: 'A', checksValidity: false, monotonic: true, latency: 3}, {name: 'B'}],
		});
	});

	test('expect values of the wrong type, empty steps and empty command lists', () => {
		expect(
			problemsOf(
				lines(...header, '  - expect: {holder: 7, token: one, clock: -1, clients: {A: {status: frozen}}}', '  -', '  - {}', '  - do: []', '  - do: 5'),
			),
		).toEqual([
			'talk.yaml:4: step 1: expect.clock: expected a whole number ≥ 0, got -1',
			'talk.yaml:4: step 1: expect.holder: expected a client name, or null for a free lock, got 7',
			"talk.yaml:4: step 1: expect.token: expected a whole number, or null, got 'one'",
			"talk.yaml:4: step 1: expect.clients.A.status: expected running, paused or crashed, got 'frozen'",
			'talk.yaml:5: step 2: expected a step: a map with do, say and/or expect, got nothing',
			'talk.yaml:6: step 3: empty: expected do, say or expect',
			'talk.yaml:7: step 4: do: expected at least one command (or leave out do)',
			'talk.yaml:8: step 5: do: expected a command, or a list of commands, got 5',
		]);
	});

	test('narration: text or {en, ja}', () => {
		expect(problemsOf(lines('title: {}', 'description: [a]', 'clients: [A]', 'steps:', '  - say: {en: 1}'))).toEqual([
			'talk.yaml:1: title: expected en, ja or both',
			'talk.yaml:2: description: expected text, or {en: text, ja: text}, got a list',
			'talk.yaml:5: step 1: say.en: expected text, got 1',
		]);
	});

	test('a number too large to be exact is one problem, not one per rule it breaks', () => {
		expect(problemsOf(lines('title: t', 'lease: 1e308', 'clients: [A]', 'steps:', '  - expect: {clock: -1e300, token: 1e300}'))).toEqual([
			'talk.yaml:2: lease: expected a whole number, got a number too large to be exact',
			'talk.yaml:5: step 1: expect.clock: expected a whole number, got a number too large to be exact',
			'talk.yaml:5: step 1: expect.token: expected a whole number, or null, got a number too large to be exact',
		]);
	});

	test('text the screen shows has a length limit, counted in characters, at its line', () => {
		const text = (character: string, count: number) => `"${character.repeat(count)}"`;
		const fits = lines(
			`title: {en: ${text('t', maxTitleLength)}, ja: ${text('題', maxTitleLength)}}`,
			`description: ${text('👩', maxNarrationLength)}`,
			'clients: [A]',
			'steps:',
			`  - say: ${text('s', maxNarrationLength)}`,
		);
		expect(parseScenario(fits, 'talk.yaml').ok).toBe(true);
		expect(
			problemsOf(
				lines(
					`title: {en: ${text('t', maxTitleLength + 1)}, ja: ${text('題', maxTitleLength)}}`,
					`description: ${text('👩', maxNarrationLength + 1)}`,
					'clients: [A]',
					'steps:',
					`  - say: {ja: "${'s'.repeat(2 * maxNarrationLength)}\\e[2J"}`,
					`    expect: {value: ${text('v', 33)}}`,
				),
			),
		).toEqual([
			`talk.yaml:1: title.en: expected at most ${maxTitleLength} characters, got ${maxTitleLength + 1}`,
			`talk.yaml:2: description: expected at most 2,000 characters, got 2,001`,
			// The length is the only problem of a text too long: nothing else in it is read.
			`talk.yaml:5: step 1: say.ja: expected at most 2,000 characters, got 4,004`,
			'talk.yaml:6: step 1: expect.value: expected at most 32 characters, got 33',
		]);
	});

	test(`at most ${maxClients} clients, the ones keys 1-9 select`, () => {
		const clients = (count: number) => `clients: [${Array.from({length: count}, (_, index) => `C${index}`).join(', ')}]`;
		expect(parseScenario(lines('title: t', clients(maxClients), 'steps: []'), 'talk.yaml').ok).toBe(true);
		expect(problemsOf(lines('title: t', clients(5000), 'steps: []'))).toEqual([
			`talk.yaml:2: clients: expected at most ${maxClients} clients (keys 1-${maxClients} select them), got 5,000`,
		]);
	});

	test('missing required keys', () => {
		expect(problemsOf(lines('title: t'))).toEqual([
			"talk.yaml:1: missing 'clients' (expected a list of clients)",
			"talk.yaml:1: missing 'steps' (expected a list of steps)",
		]);
	});

	test('not a scenario at all', () => {
		expect(problemsOf('')).toEqual(['talk.yaml:1: expected a scenario: a map with title, clients and steps']);
		expect(problemsOf('- a\n- b\n')).toEqual(['talk.yaml:1: expected a scenario: a map with title, clients and steps']);
	});

	test('YAML mistakes in plain words', () => {
		expect(problemsOf(lines(...header, '\t- do: tick'))).toEqual(['talk.yaml:4: YAML: a tab indents this line: indent with spaces']);
		expect(problemsOf(lines(...header, '  - do: write A: x'))).toEqual(['talk.yaml:4: YAML: a value contains ": ": put it in quotes']);
		expect(problemsOf(lines('title: t', 'title: u', 'clients: [A]', 'steps: []'))).toEqual(['talk.yaml:2: YAML: a key appears twice in the same map']);
		expect(problemsOf(lines('title: t', '---', 'clients: [A]'))).toEqual([
			'talk.yaml:2: YAML: a second document starts here (---): a scenario is one document',
		]);
		expect(problemsOf(lines('title: t', 'clients: [A', 'steps: []'))[0]).toMatch(/^talk\.yaml:3: YAML: a list \[ is not closed with \]/);
		expect(problemsOf(lines('title: "t', 'clients: [A]'))[0]).toMatch(/^talk\.yaml:\d+: YAML: a quoted text is not closed$/);
	});

	test('a line break or a tab in one-line text (title, short title, a value) is refused at its line; narration may hold them', () => {
		const text = lines(
			'title: "two\\nlines"',
			'short: {en: "a\\tb"}',
			'description: "fine\\nhere\\tok"',
			'clients: [A]',
			'steps:',
			'  - do: acquire A',
			'    say: "a\\ttab\\nand a line"',
			'    expect: {value: "x\\ty"}',
		);
		expect(problemsOf(text)).toEqual([
			"talk.yaml:1: title: expected text without control characters or escape sequences, found '\\x0a'",
			"talk.yaml:2: short.en: expected text without control characters or escape sequences, found '\\x09'",
			"talk.yaml:8: step 1: expect.value: expected text without control characters or escape sequences, found '\\x09'",
		]);
		expect(problemsOf(lines(...header, '  - say: "a\\rb"'))).toEqual([
			"talk.yaml:4: step 1: say: expected text without control characters or escape sequences (line breaks and tabs aside), found '\\x0d'",
		]);
	});

	test("no message leaks the validation library's own wording", () => {
		const texts = [
			lines(
				'title: t',
				'clients: [{name: A, renewEvery: x}]',
				'steps: [null, 3, {do: {a: 1}}, {expect: 3}, {expect: {clients: 3}}, {expect: {clients: {A: 3}}}]',
			),
			lines('title: 3', 'description: {}', 'lease: -2.5', 'resource: 4', 'clients: [{}]', 'steps: [{say: [1]}]'),
		];
		for (const text of texts) {
			for (const problem of problemsOf(text)) expect(problem).not.toMatch(/Invalid input|received|Unrecognized|expected (object|string|number|array)\b/);
		}
	});

	test('a file wrong everywhere is cut short with a count', () => {
		const problems = problemsOf(lines('title: t', 'clients: [A]', 'steps:', ...Array.from({length: 80}, () => '  - do: jump')));
		expect(problems).toHaveLength(maxProblems + 1);
		expect(problems.at(-1)).toBe('talk.yaml: … and 30 more problems');
	});
});

describe('a valid file', () => {
	test('YAML numbers in expect.value stand for the written word', () => {
		const result = parseScenario(lines(...header, '  - do: [acquire A, write A 3]', '    expect: {value: 3, expiry: 5, inflight: 0}'), 'talk.yaml');
		expect(result.ok && result.scenario.steps[0]!.expect).toEqual({value: '3', expiry: 5, inflight: 0});
		expect(result.ok && result.scenario.steps[0]!.expectLine).toBe(5);
	});
});
