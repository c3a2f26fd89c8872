// The values and lines read straight from yaml's CST (cst-values.ts) against those of yaml's own
// Document: the same for every built-in scenario, for odd and hostile files, and for random ones.
// Where the CST reader gives up, readYaml reads through the Document: the two must agree anyway.

import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {Parser} from 'yaml';
import {cstValues} from '../../source/scenario/cst-values.js';
import {builtinDirectory} from '../../source/scenario/files.js';
import {maxValues, type Path, readYaml, type ValueLines} from '../../source/scenario/read-yaml.js';
import {generateScenario} from '../../bench/scenario.js';
import {expectEqual} from '../expect-equal.js';

const readsFromCst = (text: string) => cstValues([...new Parser().parse(text)]) !== null;

/** Every path to a value in `data`, the root's first. */
function pathsIn(data: unknown, at: Path = []): Path[] {
	if (data === null || typeof data !== 'object') return [at];
	const children = Array.isArray(data) ? data.map((value, index) => [index, value] as const) : Object.entries(data);
	return [at, ...children.flatMap(([key, value]) => pathsIn(value, [...at, key]))];
}

/** Every line either way of reading can give for `data`: of each value, of each key, of paths that go nowhere, under each value. */
function linesOf(lines: ValueLines, data: unknown): unknown[] {
	return pathsIn(data).flatMap(at => {
		const value = at.reduce<unknown>((inside, part) => (inside as Record<PropertyKey, unknown>)[part], data);
		const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
		const inside = lines.within(at);
		return [
			lines.of(at),
			lines.of([...at, 'missing', 0]),
			lines.of([...at, '0']),
			lines.ofKey(at, 'missing'),
			...keys.map(key => lines.ofKey(at, key)),
			inside.of([]),
			inside.of(['missing']),
			lines.within([...at, 'missing']).of([0]),
		];
	});
}

/** A value as data: what it holds, the kind of each object (a plain object or an array) and how each key is set on it. */
function asData(value: unknown): unknown {
	if (value === null || typeof value !== 'object') return value;
	const kind = Array.isArray(value) ? 'array' : Object.getPrototypeOf(value) === Object.prototype ? 'object' : 'other';
	const keys = Object.entries(Object.getOwnPropertyDescriptors(value)).map(([key, {value: inner, ...how}]) => [key, how, asData(inner)]);
	return {kind, keys};
}

/** readYaml through the CST and through the Document alone: the same result, values and lines. */
function expectSameReading(text: string): void {
	const fromCst = readYaml(text);
	const fromDocument = readYaml(text, maxValues, false);
	expect(fromCst.ok, text).toBe(fromDocument.ok);
	if (!fromCst.ok || !fromDocument.ok) {
		expect(fromCst, text).toEqual(fromDocument);
		return;
	}
	expectEqual(asData(fromCst.data), asData(fromDocument.data), text);
	expectEqual(linesOf(fromCst.lines, fromCst.data), linesOf(fromDocument.lines, fromDocument.data), text);
}

const builtins = readdirSync(builtinDirectory())
	.filter(file => file.endsWith('.yaml'))
	.map(file => readFileSync(path.join(builtinDirectory(), file), 'utf8'));

/** Files written the plain way: the CST reader reads them all itself. */
const plainFiles = [
	'a: 1\nb: [x, y]\n',
	'# a comment first\n\na: 1 # and after\nb:\n  - 1\n  # inside\n  - two\n# at the end\n',
	'---\na: 1\n',
	'\uFEFFa: 1\n',
	'--- {a: 1}\n',
	'[1, 2]\n',
	'plain text\n',
	'"quoted"\n',
	'numbers: [0, -0, +1, 0o17, 0x1F, 1.50, 1e3, -.5, .inf, -.Inf, .NaN, 1_000, 0b11, 9007199254740993, 123456789012345678901234567890]\n',
	'words: [null, Null, NULL, ~, true, True, TRUE, false, yes, no, on, off, y, n]\n',
	'keys: {1: a, 1.0e1: b, true: c, null: d, ~x: e, "2": f, .inf: g}\n',
	'toString: 1\nconstructor: {prototype: 2, valueOf: 3}\nhasOwnProperty: [4]\n',
	'text: |\n  two\n  lines\nfolded: >-\n  one\n  line\n\nkept: |+\n  x\n\n',
	'single: \'it\'\'s\'\ndouble: "tab\\tand \\u263A and \\x41"\nmultiline: "a\n  b"\nplain: a\n  b\n',
	'a:\n  - [x, {y: [1, {z: 2}]}]\n  - - nested\n    - list\n  - k: v\n    l: w\n',
	'{a: [1, 2], b: {c: d},\n  e: f}\n',
	'key with spaces: value with spaces, commas? and [brackets]\n"quoted key": 1\n\'single key\': 2\n',
	'a: 1#not a comment\nb: [1 2]\nc:\n- 1\n - 2\n',
	'empty flow: [[], {}]\nunicode: "クラッシュ 👩‍💻"\n',
	'a: 1\r\nb: [x,\r\n  y]\r\n',
	'- - 1\n  - 2\n  # between\n  - 3\n- - 4\n# at the end\n',
	// Found by the random test below: a comment line that is an item of its own.
	'  - >-\n  #c\n',
	generateScenario(60, true),
	generateScenario(60, false, 'redlock'),
];

/** Files the CST reader leaves to the Document: anchors, tags, empty values, problems of every kind. */
const otherFiles = [
	'a: &x 1\nb: *x\n',
	'a: !!str 1\n',
	'%YAML 1.1\n---\na: yes\n',
	'? a\n: 1\n',
	'a:\nb: 1\n',
	'- \n- 1\n',
	'a: 1\na: 2\n',
	'{a: 1, a: 2}\n',
	'1: a\n"1": b\n',
	'a:\t1\n',
	'a: [1,]\n',
	'a: {b c}\n',
	'__proto__: 1\n',
	'{__proto__: 1}\n',
	'[a, b]: 1\n',
	'a: 1\n---\nb: 2\n',
	'a: 1\n...\n',
	'- a\nb: 1\n',
	'a:\n  b: 1\n c: 2\n',
	'a: "unclosed\n',
	'a: [1, 2\n',
	'"\\q": 1\n',
	'a: b: c\n',
	'a: "b"#c\n',
	`${'k'.repeat(1100)}: 1\n`,
	'title:\n\t- x\n',
	// Items that are read while the parser goes on, then one that is not written the plain way.
	'steps:\n  - a\n  - b\n  - &x c\n  - *x\n',
	'- a\n- b\n- \n- c\n',
	'- - 1\n  - 2\n- - &y 3\n  - *y\n',
	'- a\n- b\n- [1,\n',
	'',
	'# only a comment\n',
	// Found by the random test below: flow lists and maps that are not written the plain way, a
	// third document, a token out of place quoted with a joiner in it, an alias to no anchor.
	'[a,#c\n b]\n',
	'[{a: 1, a: 2}]\n',
	'{a: 1,#c\n b: 2}\n',
	'a: 1\n---\nb: 2\n---\nc: 3\n',
	'a: [1}]\nb: "👩\u200D💻"\n',
	'- 1\n- *a\n',
];

describe('values and lines from the CST', () => {
	test('every built-in scenario is read from the CST, with the values and lines of the Document', () => {
		for (const text of builtins) {
			expect(readsFromCst(text)).toBe(true);
			expectSameReading(text);
		}
	});

	test('files written the plain way are read from the CST, the same as through the Document', () => {
		for (const text of plainFiles) {
			expect(readsFromCst(text), text).toBe(true);
			expectSameReading(text);
		}
	});

	test('anchors, tags, empty values and every kind of problem are left to the Document', () => {
		for (const text of otherFiles) {
			expect(readsFromCst(text), text).toBe(false);
			expectSameReading(text);
		}
	});

	test('random files and random changes to plain ones read the same both ways', () => {
		const word = fc.constantFrom('a', 'b', 'do', 'expect', '1', '0x1F', '1e3', '.nan', 'null', '~', 'true', '-', '"q"', "'s'", '__proto__', 'toString', 'x y');
		const piece = fc.oneof(
			word,
			fc.constantFrom(
				': ',
				':',
				', ',
				',',
				'\n',
				'\n  ',
				'\n- ',
				'  - ',
				'[',
				']',
				'{',
				'}',
				' # c',
				'#c',
				'\t',
				'|\n  ',
				'>-\n  ',
				'&a ',
				'*a',
				'!!str ',
				'? ',
				'---\n',
			),
		);
		const randomText = fc.array(piece, {maxLength: 30}).map(pieces => pieces.join(''));
		const changed = fc
			.tuple(fc.constantFrom(...plainFiles, ...builtins.slice(0, 2)), fc.nat(), fc.nat({max: 20}), fc.array(piece, {maxLength: 3}))
			.map(([text, at, cut, inserted]) => {
				const place = at % (text.length + 1);
				return text.slice(0, place) + inserted.join('') + text.slice(place + cut);
			});
		// 150 runs cover all that 600 did (v8 coverage of source/), with the files above that they found.
		const runs = 150;
		let fromCst = 0;
		fc.assert(
			fc.property(fc.oneof(randomText, changed), text => {
				if (readsFromCst(text)) fromCst += 1;
				expectSameReading(text);
			}),
			{numRuns: runs, seed: 7},
		);
		// Both ways are tried often: neither is a corner.
		expect(fromCst).toBeGreaterThan(runs / 5);
		expect(fromCst).toBeLessThan(runs - runs / 5);
	});
});
