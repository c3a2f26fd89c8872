// What the YAML reader makes of tags, line endings, numbers meant as text and aliases.

import {describe, expect, test} from 'vitest';
import {parseScenario} from '../../source/scenario/parse.js';
import type {Problem} from '../../source/scenario/problem.js';
import {maxAliasCount, readYaml} from '../../source/scenario/read-yaml.js';
import {checkScenario} from '../../source/scenario/run.js';
import {scenarioOf} from './helpers.js';

function problemsOf(text: string): readonly Problem[] {
	const result = parseScenario(text, 'read.yaml');
	expect(result.ok).toBe(false);
	return result.ok ? [] : result.problems;
}

const notRead = (tag: string) => `YAML: the tag '${tag}' is not read here: write plain text, a number, true or false, a list or a map`;

describe('tags', () => {
	test('a tag that is not a plain one is one problem, naming the tag, at its line', () => {
		expect(problemsOf('title: !!binary aGVsbG8=\nclients: [A]\nsteps: []\n')).toEqual([{line: 1, message: notRead('!!binary')}]);
		expect(
			problemsOf('title: !mytag hello\nclients: [!foo A]\nsteps:\n  - do: !!js/function "tick 1"\n  - expect: !!set {A}\n  - say:\n      !x\n      hi\n'),
		).toEqual([
			{line: 1, message: notRead('!mytag')},
			{line: 2, message: notRead('!foo')},
			{line: 4, message: notRead('!!js/function')},
			{line: 5, message: notRead('!!set')},
			{line: 7, message: notRead('!x')},
		]);
	});

	test('YAML 1.1 tags are not read, whatever the %YAML line says', () => {
		expect(problemsOf('%YAML 1.1\n---\ntitle: t\nclients: [A]\nsteps:\n  - say: !!timestamp 2001-12-14\n    expect: {value: !!binary aGVs}\n')).toEqual([
			{line: 6, message: notRead('!!timestamp')},
			{line: 7, message: notRead('!!binary')},
		]);
	});

	test('the plain tags are read when the value fits them, and named when it does not', () => {
		const scenario = scenarioOf('title: !!str 2024\nclients: [A]\nsteps:\n  - do: !!str tick 1\n    expect: {clock: !!int "1", value: ! 007}\n');
		expect(scenario.title).toEqual({en: '2024', ja: '2024'});
		expect(scenario.steps[0]!.expect).toEqual({clock: 1, value: '007'});
		expect(problemsOf('title: t\nclients: [A]\nsteps:\n  - expect: {clock: !!int one}\n')).toEqual([
			{line: 4, message: "YAML: the value does not fit its tag '!!int'"},
		]);
	});
});

describe('line endings', () => {
	const lines = ['title: endings', 'clients: [A]', 'steps:', '  - do: acquire A', '  - do: acquire Z'];

	test('CR, LF and CRLF all end lines, and problems are at the same line with each', () => {
		for (const ending of ['\r', '\n', '\r\n']) {
			expect(problemsOf(lines.join(ending) + ending), JSON.stringify(ending)).toEqual([{line: 5, message: expect.stringContaining("no client named 'Z'")}]);
			const scenario = scenarioOf(lines.slice(0, 4).join(ending));
			expect(scenario.steps.map(step => step.line)).toEqual([4]);
			expect(scenario.title.en).toBe('endings');
		}
	});
});

describe('numbers where text is meant', () => {
	const forms = ['1e3', '0x10', '1.0', '007', '+5', '.5', '-0', '0o7', '12345678901234567890', '.inf', '3'];

	test('an expected value is compared as it is written, as the value `write` wrote', () => {
		for (const form of forms) {
			const scenario = scenarioOf(`title: t\nclients: [A]\nsteps:\n  - do: [acquire A, write A ${form}]\n    expect: {value: ${form}}\n`);
			expect(scenario.steps[0]!.expect?.value, form).toBe(form);
			expect(checkScenario(scenario), form).toEqual([]);
		}
	});

	test('a number that is not the value written is a mismatch shown as both are written', () => {
		const scenario = scenarioOf(
			'title: t\nclients: [A]\nsteps:\n  - do: [acquire A, write A 12345678901234567891]\n    expect: &fact {value: 12345678901234567890}\n  - expect: *fact\n',
		);
		expect(checkScenario(scenario).map(failure => failure.mismatches)).toEqual([
			[{key: 'value', actual: '12345678901234567891', expected: '12345678901234567890'}],
			[{key: 'value', actual: '12345678901234567891', expected: '12345678901234567890'}],
		]);
	});

	test('an expected value is held to its length as written', () => {
		expect(problemsOf(`title: t\nclients: [A]\nsteps:\n  - expect: {value: ${'1'.repeat(33)}}\n`)).toEqual([
			{line: 4, message: 'step 1: expect.value: expected at most 32 characters, got 33'},
		]);
	});

	test('a number where a name is meant is refused as it is written, with a hint to quote it', () => {
		const quoteIt = (number: string) => `(YAML reads it as the number ${number}: put it in quotes to keep it as written)`;
		expect(problemsOf('title: t\nresource: 007\nclients: [007, 1e3]\nsteps:\n  - expect: {holder: 0x10}\n')).toEqual([
			{line: 2, message: `resource: expected a resource name, got 007 ${quoteIt('7')}`},
			{
				line: 3,
				message: `client 1: expected a client name, or {name, fencing, renewEvery, checksLease, checksValidity, monotonic, latency}, got 007 ${quoteIt('7')}`,
			},
			{
				line: 3,
				message: `client 2: expected a client name, or {name, fencing, renewEvery, checksLease, checksValidity, monotonic, latency}, got 1e3 ${quoteIt('1000')}`,
			},
			{line: 5, message: `step 1: expect.holder: expected a client name, or null for a free lock, got 0x10 ${quoteIt('16')}`},
		]);
		expect(scenarioOf('title: t\nresource: "007"\nclients: [A]\nsteps: []\n').setup.resource).toBe('007');
	});

	test('keys are names as they are written', () => {
		expect(problemsOf('title: t\nclients: [A]\nsteps:\n  - expect:\n      clients: {007: {status: running}, 1e3: {}}\n')).toEqual([
			{line: 5, message: "step 1: expect.clients: no client named '007' (clients: A)"},
			{line: 5, message: "step 1: expect.clients: no client named '1e3' (clients: A)"},
		]);
	});
});

describe(`aliases expand at most ${maxAliasCount} times`, () => {
	const repeated = (times: number) => `word: &word A\ntitle: t\nclients: [${Array(times).fill('*word').join(', ')}]\nsteps: []\n`;
	const refusal = {ok: false, problems: [{line: 3, message: `YAML: aliases (*name) expand too much: at most ${maxAliasCount} expansions`}]};

	test(`one value repeated by ${maxAliasCount} aliases is read, by ${maxAliasCount + 1} refused`, () => {
		expect(readYaml(repeated(maxAliasCount)).ok).toBe(true);
		expect(readYaml(repeated(maxAliasCount + 1))).toEqual(refusal);
	});

	test('an alias inside a repeated value counts each time it is expanded', () => {
		// *pair expands itself and the *word inside it: 1 + 2 × 49 = 99 expansions, then 101.
		const nested = (times: number) => `word: &word A\npair: &pair [*word]\ntitle: t\nclients: [${Array(times).fill('*pair').join(', ')}]\nsteps: []\n`;
		expect(readYaml(nested(49)).ok).toBe(true);
		expect(readYaml(nested(50))).toEqual({ok: false, problems: [{line: 2, message: refusal.problems[0]!.message}]});
	});
});
