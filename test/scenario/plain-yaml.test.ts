// The fast loader (js-yaml events, the plain subset of YAML) against the precise one (`yaml`'s
// Document): whenever the fast one accepts a file, the precise one accepts it too and gives the
// same Scenario, every line number included. Hazards never get past the fast one.

import {readFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {dump, EVENT_ID, parseEvents} from 'js-yaml';
import {describe, expect, test} from 'vitest';
import {parse, stringify, type ToStringOptions} from 'yaml';
import {generateScenario} from '../../bench/scenario.js';
import {builtinDirectory, builtinNames} from '../../source/scenario/files.js';
import {maxNesting, maxValues} from '../../source/scenario/hazards.js';
import {parsePlainScenario, parsePrecisely, parseScenario} from '../../source/scenario/parse.js';
import {mostValues, readPlainYaml} from '../../source/scenario/plain-yaml.js';

const builtins = builtinNames().map(name => readFileSync(path.join(builtinDirectory(), `${name}.yaml`), 'utf8'));

/** The fast loader either gives the precise loader's Scenario or leaves the file to it; which, and was the file valid. */
function expectSameAsPrecise(text: string): {fast: boolean; valid: boolean} {
	const fast = parsePlainScenario(text, 'same.yaml');
	const precise = parsePrecisely(text, 'same.yaml');
	// The same scenario, or the same problems on the same lines.
	if (fast !== null) expect(fast, text).toEqual(precise);
	return {fast: fast?.ok === true, valid: precise.ok};
}

/** Runs a property over files; most valid ones must be read by the fast loader, or it would not be tested. */
function expectSameOver(files: fc.Arbitrary<string>, numRuns: number, seed: number): void {
	let valid = 0;
	let fast = 0;
	fc.assert(
		fc.property(files, file => {
			const result = expectSameAsPrecise(file);
			valid += Number(result.valid);
			fast += Number(result.fast);
		}),
		{numRuns, seed},
	);
	expect(valid).toBeGreaterThan(numRuns / 10);
	expect(fast).toBeGreaterThan(valid * 0.9);
}

/** Pieces that take a file to the edges of the plain subset, or out of it. */
const piece = fc.constantFrom(
	' ',
	'  ',
	'\n',
	'\t',
	'\r\n',
	'\r',
	'- ',
	':',
	': ',
	',',
	'[',
	']',
	'{',
	'}',
	'"',
	"'",
	'\\',
	'#',
	' #',
	'|',
	'>',
	'? ',
	'&a ',
	'*a',
	'!!str ',
	'---\n',
	'...\n',
	'%YAML 1.2\n',
	'<<: ',
	'__proto__',
	'yes',
	'on',
	'no',
	'True',
	'NULL',
	'~',
	'0x1F',
	'0o17',
	'1e3',
	'.inf',
	'-0',
	'+1',
	'007',
	'9007199254740993',
	'\\u00e9',
	'\\x1b',
	'é',
	'行',
	'\uFEFF',
	'\u2028',
);

const mutation = fc.oneof(
	fc.record({kind: fc.constant('insert' as const), at: fc.nat(), text: piece}),
	fc.record({kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({min: 1, max: 6})}),
	fc.record({kind: fc.constant('indent' as const), at: fc.nat(), by: fc.integer({min: -2, max: 2})}),
);

function mutate(text: string, mutations: readonly (typeof mutation extends fc.Arbitrary<infer T> ? T : never)[]): string {
	let result = text;
	for (const change of mutations) {
		const at = change.at % (result.length + 1);
		if (change.kind === 'insert') result = result.slice(0, at) + change.text + result.slice(at);
		else if (change.kind === 'delete') result = result.slice(0, at) + result.slice(at + change.length);
		else {
			// Moves the start of the line `at` is on left or right.
			const start = result.lastIndexOf('\n', at - 1) + 1;
			result = change.by > 0 ? result.slice(0, start) + ' '.repeat(change.by) + result.slice(start) : result.slice(0, start) + result.slice(start).replace(new RegExp(`^ {0,${-change.by}}`), '');
		}
	}
	return result;
}

/** Mostly a valid value, now and then an invalid one: files both loaders accept, and files they do not. */
const usually = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) => fc.oneof({weight: 15, arbitrary: valid}, {weight: 1, arbitrary: invalid});
const text = usually(
	fc.oneof(fc.string({maxLength: 16}), fc.string({unit: 'grapheme', maxLength: 16}), fc.constantFrom('yes', 'on', 'null', '0', '12', '-1', '1.5', 'A', 'a: b', '# x', "it's", ' x ', 'x\ny', '"q"', '- x')),
	fc.string({unit: 'binary', maxLength: 12}),
);
const narration = fc.oneof(text, fc.record({en: text, ja: text}, {requiredKeys: []}));
const command = usually(
	fc.constantFrom('acquire A', 'write A', 'tick', 'tick 2', 'release A', 'acquire B', 'write B', 'pause A 3', 'resume A', 'crash B', 'restart B', 'fencing A off', 'renew A'),
	fc.oneof(text, fc.nat()),
);
const clientFacts = fc.record(
	{status: usually(fc.constantFrom('running', 'paused', 'crashed'), text), token: usually(fc.option(fc.nat(3)), fc.constant(-1)), fencing: usually(fc.boolean(), text)},
	{requiredKeys: []},
);
const expectation = fc.record(
	{
		clock: usually(fc.nat(20), fc.double()),
		holder: usually(fc.constantFrom('A', 'B', null), text),
		token: usually(fc.option(fc.nat(5)), fc.constant(-1)),
		value: fc.oneof(fc.constantFrom('A', 'B', null), fc.nat(9), text),
		writes: usually(fc.nat(5), fc.boolean()),
		clients: fc.dictionary(usually(fc.constantFrom('A', 'B'), text), clientFacts, {maxKeys: 2}),
	},
	{requiredKeys: []},
);
const step = fc.record({do: fc.oneof(command, fc.array(command, {maxLength: 3})), say: narration, expect: expectation}, {requiredKeys: []});
const client = (name: string) =>
	usually(fc.oneof(fc.constant(name), fc.record({name: fc.constant(name), fencing: fc.boolean(), renewEvery: fc.option(fc.integer({min: 1, max: 4}))}, {requiredKeys: ['name']})), text);
const scenario = fc.record(
	{
		title: narration,
		description: narration,
		resource: usually(fc.constantFrom('row-42', 'db'), text),
		lease: usually(fc.integer({min: 1, max: 9}), fc.constantFrom(0, 9007199254740993)),
		fencing: usually(fc.boolean(), fc.constantFrom('yes', 'on')),
		clients: fc.tuple(client('A'), client('B')),
		steps: fc.array(step, {maxLength: 6}),
	},
	{requiredKeys: ['title', 'clients', 'steps']},
);

/** The same value written the many ways YAML allows, by both libraries. */
const written = fc.tuple(
	scenario,
	fc.record({
		collectionStyle: fc.constantFrom('any', 'block', 'flow'),
		defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'),
		lineWidth: fc.constantFrom(0, 20, 80),
		indent: fc.integer({min: 1, max: 4}),
		indentSeq: fc.boolean(),
	}),
	fc.record({flowLevel: fc.integer({min: -1, max: 3}), quoteStyle: fc.constantFrom('single', 'double'), forceQuotes: fc.boolean(), lineWidth: fc.constantFrom(-1, 20, 80)}),
	fc.boolean(),
).map(([value, yamlOptions, jsYamlOptions, byYaml]) => (byYaml ? stringify(value, yamlOptions as ToStringOptions) : dump(value, jsYamlOptions as Parameters<typeof dump>[1])));

describe('the fast loader', () => {
	test('reads every built-in scenario, as the precise loader does', () => {
		for (const builtin of builtins) expect(expectSameAsPrecise(builtin)).toEqual({fast: true, valid: true});
	});

	test('reads long generated scenarios, with and without narration, as the precise loader does', () => {
		expect(expectSameAsPrecise(generateScenario(600, false))).toEqual({fast: true, valid: true});
		expect(expectSameAsPrecise(generateScenario(600, true))).toEqual({fast: true, valid: true});
	});

	test('mutated built-in scenarios: the same Scenario, or left to the precise loader', () => {
		const mutated = fc.tuple(fc.nat(builtins.length - 1), fc.array(mutation, {minLength: 1, maxLength: 3})).map(([index, mutations]) => mutate(builtins[index]!, mutations));
		expectSameOver(mutated, 1000, 7);
	});

	test('random scenarios written every way: the same Scenario, or left to the precise loader', () => {
		expectSameOver(
			fc.tuple(written, fc.array(mutation, {maxLength: 2})).map(([file, mutations]) => mutate(file, mutations)),
			1000,
			11,
		);
	});

	test('block scalars, commands among them, are where the precise loader puts them: at the header', () => {
		const file = 'title: t\nclients: [A]\nsteps:\n  - do: |-\n      acquire A\n  - do:\n    - >-\n\n      tick\n    - |\n      write A\n    expect:\n      value: |-\n        A\n';
		expect(expectSameAsPrecise(file)).toEqual({fast: true, valid: true});
		const read = parsePlainScenario(file, 'f.yaml');
		if (!read?.ok) throw new Error('the fast loader did not read it');
		expect(read.scenario.steps.flatMap(step => step.commands.map(command => command.line))).toEqual([4, 7, 10]);
	});
});

describe('the fast loader leaves every hazard to the precise one', () => {
	const outside = (file: string) => expect(readPlainYaml(file).ok, file).toBe(false);

	test('a document marker, at the start or after the scenario', () => {
		const builtin = readFileSync(new URL('../../scenarios/crash.yaml', import.meta.url), 'utf8');
		for (const file of [`...\n${builtin}`, `---\n${builtin}`, `${builtin}...\n`, `${builtin}---\ntitle: two\n`]) outside(file);
	});

	test('anchors, aliases, tags, directives, a second document', () => {
		outside('a: &x 1\nb: *x\n');
		outside('a: &x [1]\n');
		outside('a: !!str 1\n');
		outside('%YAML 1.2\n---\na: 1\n');
		outside('a: 1\n---\nb: 2\n');
	});

	test('__proto__ keys, duplicate keys and keys that are not text; nothing is polluted', () => {
		outside('__proto__: {polluted: true}\n');
		outside('a: {"__proto__": {polluted: true}}\n');
		outside('a: 1\na: 2\n');
		outside('1: a\n');
		outside('"1": a\n');
		outside('[a]: b\n');
		outside('null: b\n');
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	test(`nesting deeper than ${maxNesting} levels, without exhausting the stack`, () => {
		outside(`a: ${'['.repeat(maxNesting + 1)}${']'.repeat(maxNesting + 1)}\n`);
		outside(`a: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
	});

	test('numbers it cannot be sure of, and the empty value', () => {
		for (const value of ['9007199254740993', '1e400', '0x10', '0o7', '.inf', '-1', '+1', '1.5', '007', '~', 'Null', 'TRUE', '']) outside(`a: ${value}\n`);
	});

	test('yes, on, no, off and y stay text, as in YAML 1.2', () => {
		const plain = readPlainYaml('a: [yes, on, no, off, y, n, true, false, null, 0, 42]\n');
		expect(plain.ok && plain.data).toEqual({a: ['yes', 'on', 'no', 'off', 'y', 'n', true, false, null, 0, 42]});
		expect(parse('a: [yes, on, no, off, y, n, true, false, null, 0, 42]\n')).toEqual(plain.ok && plain.data);
	});

	test('tabs, lone carriage returns and byte order marks', () => {
		outside('a:\tb\n');
		outside('a: b\rc: d\n');
		outside('\uFEFFa: b\n');
	});

	test('a file that might hold more values than memory should is left to the precise loader, which counts them keeping nothing', () => {
		const file = `title: "${','.repeat(maxValues)}"\nclients: [A]\nsteps: []\n`;
		expect(mostValues(file)).toBeGreaterThan(2 * maxValues);
		expect(readPlainYaml(file).ok).toBe(false);
		expect(parseScenario(file, 'commas.yaml').ok).toBe(true);
	});

	test(`a file of more than ${maxValues.toLocaleString('en')} values is not read`, {timeout: 60_000}, () => {
		// The map, its key, the list and its items: one value too many.
		const items = (count: number) => `steps:\n${'- 1\n'.repeat(count)}`;
		expect(readPlainYaml(items(3)).ok).toBe(true);
		expect(readPlainYaml(items(maxValues - 2)).ok).toBe(false);
	});

	test('the bound on values from the characters is never below the values parsed', () => {
		const expectBound = (file: string) => {
			let values: number;
			try {
				values = parseEvents(file, {}).filter(event => event.type !== EVENT_ID.DOCUMENT && event.type !== EVENT_ID.POP).length;
			} catch {
				return;
			}
			expect(mostValues(file), file).toBeGreaterThanOrEqual(values);
		};
		fc.assert(
			fc.property(written, expectBound),
			{numRuns: 300, seed: 3},
		);
		for (const file of ['{a, b, c}', '[a: b, c: d]', '[? a, ? b]', '- - - - 1', '? a\n: b\n', '-\n-\n-\n', 'a:\nb:\nc:\n', '[[[], {}], [{}]]', 'a', '']) expectBound(file);
	});
});
