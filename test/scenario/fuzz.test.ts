// The scenario loader under random text, mutated valid scenarios (of both models) and random
// values: parseScenario never throws, every problem has a line, and no message carries a raw
// control character. A mutant it accepts plays to its end, and saved from the dashboard reads back
// and plays to the same world. A few broken files go through the real command line too: exit 2,
// one line per problem, no stack.

import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {parse, stringify} from 'yaml';
import {sessionScenario} from '../../source/export/scenario.js';
import {builtinDirectory, loadScenario, ScenarioLoadError} from '../../source/scenario/files.js';
import {parseScenario, type Scenario} from '../../source/scenario/parse.js';
import type {Problem} from '../../source/scenario/problem.js';
import {checkScenario, playScenario} from '../../source/scenario/run.js';
import {currentWorld, reduceSession, startSession} from '../../source/session/session.js';
import {expectEqual} from '../expect-equal.js';
import {fuzzSeed, replayWith} from '../fuzz-seed.js';
import {callCli, stackTrace, temporaryDirectory} from '../run-cli.js';

const seed = fuzzSeed();
const runs = {numRuns: 80, seed};
/** A scenario of each model: one lock and a token, five Redlock nodes and clock jumps, Consul's lock-delay. */
const validTexts = ['gc-pause', 'redlock-clock-jump', 'consul-lock-delay'].map(name => readFileSync(path.join(builtinDirectory(), `${name}.yaml`), 'utf8'));
const validText = fc.constantFrom(...validTexts);
const validValue = fc.constantFrom(...validTexts.map(text => parse(text) as unknown));
const rawControl = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** Pieces that break YAML or the schema in interesting ways. */
const hostile = fc.oneof(
	fc.constantFrom('\t', '\n', '  ', ':', '- ', '[', ']', '{', '}', '&a ', '*a', '*b', '!!binary ', '? ', '---\n', '"', "'", '#', '|', '>', '%YAML 1.1\n'),
	fc.constantFrom('__proto__: 1\n', 'constructor', '\x1b[2J', '\u202e', '\x00', '99999999999999999999', '-1', '.inf', '1e400', 'null', '~', 'yes'),
	fc.string({unit: 'binary', maxLength: 8}),
	// The second model's keys and commands, right and wrong.
	fc.constantFrom(
		'backend: redlock\n',
		'backend: consul\n',
		'backend: etcd\n',
		'backend: paxos\n',
		'nodes: 9\n',
		'nodes: 10\n',
		'nodes: 0\n',
		'nodes: [L1, L1]\n',
		'nodes: [{name: A}]\n',
		'tokens: none\n',
		'tokens: revision\n',
		'tokens: counter\n',
		'lockDelay: 3\n',
		'lockDelay: -1\n',
		'persistent: false\n',
		'  - do: jump L3 +5\n',
		'  - do: [partition A L4, heal A lock]\n',
		'  - do: crash L2\n',
		'  - do: write A pause=3\n',
		'jump A -2',
		'pause=0',
		'pause=',
		' L9',
		' lock',
	),
);

const mutation = fc.oneof(
	fc.record({kind: fc.constant('insert'), at: fc.nat(), text: hostile}),
	fc.record({kind: fc.constant('delete'), at: fc.nat(), length: fc.integer({min: 1, max: 40})}),
	fc.record({kind: fc.constant('swapLines'), at: fc.nat(), other: fc.nat()}),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(text: string, mutations: readonly Mutation[]): string {
	let result = text;
	for (const change of mutations) {
		const at = change.at % (result.length + 1);
		if (change.kind === 'insert') result = result.slice(0, at) + change.text + result.slice(at);
		else if (change.kind === 'delete') result = result.slice(0, at) + result.slice(at + change.length);
		else {
			const lines = result.split('\n');
			const [a, b] = [change.at % lines.length, change.other % lines.length];
			[lines[a], lines[b]] = [lines[b]!, lines[a]!];
			result = lines.join('\n');
		}
	}
	return result;
}

const mutatedText = fc.tuple(validText, fc.array(mutation, {minLength: 1, maxLength: 4})).map(([text, mutations]) => mutate(text, mutations));

/** A second-model value, to put in place of another. */
const secondModelValue = fc.constantFrom<unknown>(
	'redlock',
	'consul',
	'none',
	'revision',
	5,
	9,
	10,
	-1,
	['L1', 'L2'],
	[{name: 'L1', persistent: false}],
	'jump L1 +3',
	['partition A L2', 'heal A'],
	'write A pause=2',
	'crash L1',
);

/** A valid scenario with one value somewhere replaced by a random one. */
const mutatedValue = fc
	.tuple(validValue, fc.array(fc.nat(), {minLength: 1, maxLength: 6}), fc.oneof(fc.jsonValue({maxDepth: 3}), secondModelValue))
	.map(([value, choices, replacement]) => {
		const copy = structuredClone(value) as Record<string, unknown>;
		let parent: Record<string | number, unknown> = copy;
		for (const [index, choice] of choices.entries()) {
			const keys = Object.keys(parent);
			if (keys.length === 0) break;
			const key = keys[choice % keys.length]!;
			const child = parent[key];
			if (index === choices.length - 1 || child === null || typeof child !== 'object') {
				parent[key] = replacement;
				break;
			}
			parent = child as Record<string, unknown>;
		}
		return stringify(copy);
	});

/**
 * The checks below, without building an assertion for each problem of each of the hundreds of
 * texts: only a text whose problems fail them goes through the assertions, which say what is wrong.
 */
const wellFormed = (problems: readonly Problem[], lineCount: number) =>
	problems.length > 0 &&
	problems.every(({line, message}) => !rawControl.test(message) && (message.startsWith('… and ') || (line !== null && line >= 1 && line <= lineCount + 1)));

/** A scenario the loader accepted plays to its end, and the dashboard's save of it reads back and plays to the same world. */
function expectPlays(text: string, scenario: Scenario): void {
	checkScenario(scenario);
	const session = reduceSession(startSession(scenario), {type: 'end'});
	const saved = parseScenario(sessionScenario(session), 'saved.yaml');
	expectEqual(saved.ok ? [] : saved.problems, [], `the save of an accepted mutant:\n${text}`);
	if (saved.ok)
		expectEqual(
			playScenario(saved.scenario, () => {}),
			currentWorld(session),
			`the save of an accepted mutant:\n${text}`,
		);
}

function expectWellFormedProblems(text: string): void {
	const result = parseScenario(text, 'fuzz.yaml');
	if (result.ok) {
		expectPlays(text, result.scenario);
		return;
	}
	const lineCount = text.split('\n').length;
	if (wellFormed(result.problems, lineCount)) return;
	expect(result.problems.length).toBeGreaterThan(0);
	for (const problem of result.problems) {
		expect(problem.message, problem.message).not.toMatch(rawControl);
		if (problem.message.startsWith('… and ')) continue;
		expect(problem.line, problem.message).not.toBeNull();
		expect(problem.line).toBeGreaterThanOrEqual(1);
		expect(problem.line).toBeLessThanOrEqual(lineCount + 1);
	}
}

function problemsOfFile(file: string): readonly string[] {
	try {
		loadScenario(file);
	} catch (error) {
		if (error instanceof ScenarioLoadError) return error.problems;
		throw error;
	}
	return [];
}

/**
 * Texts of the kinds that mutations reach only now and then, with whether each is a scenario: the
 * runs below can then be fewer (they covered nothing in source/ that these and they do not).
 */
const seldomReached: ReadonlyArray<readonly [string, boolean]> = [
	// Read through yaml's Document (an anchor), with a problem of every kind in its steps.
	[
		'title: odd\nfencing: yes\nclients: &all [A, Bob]\nsteps:\n  - do: acquire Z\n    sat: hi\n  - say: once\n' +
			'    expect: {holder: none, clients: {Bobb: {token: 1}}}\n  - do: [release A]\n    expect: {holder: Bo}\n',
		false,
	],
	['title: x\nfencing: off\nclients: [A]\nsteps: []\n', false],
	['title: x\nfencing: maybe\nclients: [A]\nsteps: []\n', false],
	['title: x\nclients: [{name: A, bogus: 1}]\nsteps: []\n', false],
	// Not written the plain way, in places where yaml's Composer reads the file instead.
	['title: "x" y\nclients: [A]\nsteps: []\n', false],
	['title: x\nclients: [A]#c\nsteps: []\n', false],
	// yaml's message quotes the tokens after the stray `}`, a bidi override among them.
	['title: [x}]\nclients: ["\u202E"]\nsteps: []\n', false],
	['title: x\nclients: [A]\nsteps:\n  - {do}\n', false],
	['&k title: x\nclients: [A]\nsteps: []\n', true],
	['title: x\nclients: [A]\nsteps:\n  - &s {do: acquire A}\n  - do: tick\n', true],
	['title: x\nclients: [A]\nsteps: []\n...\n# done\n', true],
	['title: x\nclients: [A]\nsteps: []\n# the end\n', true],
];

describe(`scenario loader fuzz (seed ${seed}; ${replayWith(seed)})`, () => {
	const directory = temporaryDirectory('dlock-fuzz-');

	test('texts that mutations reach only now and then', () => {
		for (const [text, isScenario] of seldomReached) {
			expect(parseScenario(text, 'fuzz.yaml').ok, text).toBe(isScenario);
			expectWellFormedProblems(text);
		}
	});

	test('random text', () => {
		fc.assert(
			fc.property(fc.string({unit: 'binary', maxLength: 300}), text => {
				expectWellFormedProblems(text);
			}),
			runs,
		);
	});

	test('mutated valid scenarios of both models, the accepted ones played and saved', () => {
		let accepted = 0;
		fc.assert(
			fc.property(mutatedText, text => {
				if (parseScenario(text, 'fuzz.yaml').ok) accepted += 1;
				expectWellFormedProblems(text);
			}),
			{...runs, numRuns: 60},
		);
		// Mutants both ways: an inserted `tokens: none` or a swapped pair of lines can still be a scenario.
		expect(accepted).toBeGreaterThan(1);
	});

	test('random values in place of valid ones, and random values as a whole file', () => {
		fc.assert(
			fc.property(mutatedValue, text => {
				expectWellFormedProblems(text);
			}),
			{...runs, numRuns: 80},
		);
		fc.assert(
			fc.property(fc.jsonValue({maxDepth: 4}), value => {
				expectWellFormedProblems(stringify(value));
			}),
			// 40 whole files of random values cover all that 80 did (v8 coverage of source/).
			{...runs, numRuns: 40},
		);
	});

	test('broken files through the command line: exit 2, one line per problem, no stack trace', async () => {
		const broken = fc
			.sample(fc.oneof(mutatedText, mutatedValue), {numRuns: 30, seed})
			.map(text => ({text, result: parseScenario(text, 'x')}))
			.filter(({result}) => !result.ok)
			.slice(0, 3);
		expect(broken).toHaveLength(3);
		for (const [index, {text}] of broken.entries()) {
			const file = path.join(directory, `broken-${index}.yaml`);
			writeFileSync(file, text);
			const run = await callCli(['trace', file, '--json']);
			expect(run.status).toBe(2);
			expect(run.stdout).toBe('');
			expect(run.stderr).not.toMatch(stackTrace);
			expect(run.stderr).toBe(`${problemsOfFile(file).join('\n')}\n`);
		}
	});
});
