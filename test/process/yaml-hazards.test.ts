// One test per YAML hazard: each is refused with a message that names the line or the key, and
// none throws, hangs, or pollutes a prototype.

import {spawnSync} from 'node:child_process';
import {chmodSync, cpSync, mkdirSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {loadScenario, maxScenarioBytes, ScenarioLoadError} from '../../source/scenario/files.js';
import {maxNesting, readYaml} from '../../source/scenario/read-yaml.js';
import {parseScenario} from '../../source/scenario/parse.js';
import type {Problem} from '../../source/scenario/problem.js';
import {checkScenario} from '../../source/scenario/run.js';
import {type CliResult, callCli, cliPath, binRuns, runCli, stackTrace, temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-hazards-');

function problemsOf(text: string): readonly Problem[] {
	const result = parseScenario(text, 'hazard.yaml');
	expect(result.ok).toBe(false);
	return result.ok ? [] : result.problems;
}

function loadProblems(file: string): string[] {
	try {
		loadScenario(file);
	} catch (error) {
		expect(error).toBeInstanceOf(ScenarioLoadError);
		return [...(error as ScenarioLoadError).problems];
	}
	throw new Error(`${file} loaded`);
}

const scenario = (steps: string) => `title: hazard\nclients: [A, B]\nsteps:\n${steps}`;

/** `file` in the temp directory, holding `text`. */
function write(name: string, text: string): string {
	const file = path.join(directory, name);
	writeFileSync(file, text);
	return file;
}

const narrated = (words: number) =>
	write(`say-${words}.yaml`, `title: t\nclients: [A]\nsteps:\n  - do: acquire A\n    say: {en: hi, ja: "${'word '.repeat(words)}"}\n`);

let binResults: {readonly hugeNarration: CliResult; readonly unreadable: CliResult; readonly unreadableFile: string} | undefined;
/**
 * The runs of the bin in this file, in one process (test/bin-runs.mjs), made when a test first
 * asks: a narration of 1 MB (nearly the most a file may hold), and a file without read permission. The bin runs as nobody from a copy
 * of the package when the tests run as root, who reads anything (a clone may sit in a directory
 * only root can enter).
 */
function runBin() {
	if (binResults) return binResults;
	const unreadableFile = write('secret.yaml', 'title: x\nclients: [A]\nsteps: []\n');
	chmodSync(unreadableFile, 0o000);
	const asRoot = process.getuid?.() === 0;
	const copy = path.join(directory, 'package');
	const root = path.dirname(path.dirname(cliPath));
	for (const part of ['dist', 'scenarios']) cpSync(path.join(root, part), path.join(copy, part), {recursive: true});
	chmodSync(directory, 0o755);
	// test/bin-runs.mjs is copied beside them, where the user nobody can read it too.
	const [hugeNarration, unreadable] = binRuns(
		[
			['check', narrated(200_000)],
			['trace', unreadableFile, '--json'],
		],
		(node, [script, ...rest]) => {
			const copied = path.join(copy, path.basename(script!));
			cpSync(script!, copied);
			return spawnSync(node, [copied, ...rest], {encoding: 'utf8', timeout: 60_000, ...(asRoot ? {uid: 65534, gid: 65534} : {})});
		},
		path.join(copy, 'dist', 'cli.js'),
	) as [CliResult, CliResult];
	binResults = {hugeNarration, unreadable, unreadableFile};
	return binResults;
}

describe('YAML hazards', () => {
	test('an alias with no anchor before it is refused at its line, by its name', () => {
		expect(problemsOf(scenario('  - do: tick 1\n  - do: *later\n  - &later {do: tick 2}\n'))).toEqual([
			{line: 5, message: 'YAML: *later names no anchor: mark a value before it with &later'},
		]);
	});

	test('an alias bomb is refused at its first alias, before it expands', () => {
		const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
		for (let level = 1; level < 9; level += 1) {
			const previous = `*${String.fromCharCode(96 + level)}`;
			levels.push(`${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(10).fill(previous).join(', ')}]`);
		}
		const problems = problemsOf(`${levels.join('\n')}\ntitle: *i\nclients: [A]\nsteps: []\n`);
		expect(problems).toEqual([{line: 2, message: expect.stringMatching(/alias/i)}]);
	});

	test(`nesting deeper than ${maxNesting} levels is refused at the line where it goes too deep`, () => {
		const lines = ['title: deep', 'clients: [A]', 'steps:'];
		for (let depth = 0; depth < maxNesting + 5; depth += 1) lines.push(`${' '.repeat(depth * 2 + 2)}-`);
		const problems = problemsOf(lines.join('\n'));
		expect(problems).toEqual([{line: maxNesting + 3, message: expect.stringContaining('nested')}]);
	});

	test('nesting of thousands of levels is refused at the line where it passes the limit, in every form', () => {
		const forms = [(depth: number) => `${' '.repeat(depth + 2)}-`, (depth: number) => `${' '.repeat(depth + 2)}k:`, () => '  [', () => '  {k:'];
		for (const form of forms) {
			for (const levels of [1000, 5000]) {
				const lines = ['title: deep', 'clients: [A]', 'steps:', ...Array.from({length: levels}, (_, depth) => form(depth))];
				// The file's own map is the first level, so the 32nd line of nesting is one too many.
				expect(problemsOf(lines.join('\n')), form(0)).toEqual([{line: 3 + maxNesting, message: expect.stringContaining('nested')}]);
			}
		}
	});

	test('a file of 1 MiB of [ is refused at its line in a heap of 48 MiB: the brackets are counted before yaml parses them', () => {
		// yaml's parser holds about 2.5 KB for each open bracket: parsed, these would take gigabytes.
		const file = write('brackets.yaml', `title: deep\nclients: [A]\nsteps: ${'['.repeat(maxScenarioBytes - 40)}\n`);
		const result = runCli(['check', file], {env: {...process.env, NO_COLOR: '1', NODE_OPTIONS: '--max-old-space-size=48'}});
		expect(`${result.stdout}${result.stderr}`).toBe(`✗ ${file}:3: YAML: nested more than ${maxNesting} levels deep: a scenario needs only a few\n`);
		expect(result.status).toBe(2);
	});

	test(`${maxNesting} levels of nesting are read, one more is not`, () => {
		const flow = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}\n`;
		const block = (depth: number) => Array.from({length: depth}, (_, level) => `${' '.repeat(level * 2)}- `).join('\n');
		for (const nested of [flow, block]) {
			expect(readYaml(nested(maxNesting)).ok).toBe(true);
			expect(readYaml(nested(maxNesting + 1))).toEqual({
				ok: false,
				problems: [{line: nested === flow ? 1 : maxNesting + 1, message: expect.stringContaining('nested')}],
			});
		}
	});

	test('nesting deep enough to overflow the parser is a one-line problem, not an exception', () => {
		const problems = problemsOf(`title: deep\nclients: [A]\nsteps: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
		expect(problems).toHaveLength(1);
		expect(problems[0]).toEqual({line: 3, message: expect.stringMatching(/nested/)});
	});

	test('numbers beyond safe integers are problems on their lines', () => {
		const problems = problemsOf(
			'title: big\nlease: 9007199254740993\nclients: [A]\nsteps:\n  - do: tick 99999999999999999999\n    expect: {clock: 1e400, token: 123456789012345678901234567890}\n',
		);
		expect([...new Set(problems.map(problem => problem.line))]).toEqual([2, 5, 6]);
		expect(problems.filter(problem => problem.line === 6)).toHaveLength(2);
		expect(problems.find(problem => problem.line === 5)?.message).toContain("'99999999999999999999'");
		expect(problems.find(problem => problem.line === 2)?.message).toContain('too large to be exact');
	});

	test('a __proto__ key anywhere is refused, and nothing is polluted', () => {
		for (const [text, line] of [
			['title: x\n__proto__: {polluted: yes}\nclients: [A]\nsteps: []\n', 2],
			[scenario('  - expect:\n      clients:\n        __proto__: {status: crashed}\n'), 6],
			[scenario('  - say: {en: hi, __proto__: {polluted: yes}}\n'), 4],
			[scenario('  - expect: {clients: {A: {__proto__: {polluted: yes}}}}\n'), 4],
			['k: &k __proto__\ntitle: x\nclients: [A]\nsteps:\n  - {*k : {polluted: yes}}\n', 5],
		] as const) {
			expect(problemsOf(text)).toEqual([{line, message: expect.stringContaining("'__proto__'")}]);
		}
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(({} as Record<string, unknown>).status).toBeUndefined();
	});

	test('constructor, prototype and toString are ordinary client names', () => {
		const text =
			'title: names\nclients: [constructor, prototype, toString]\nsteps:\n' +
			'  - do: [acquire constructor, write prototype]\n' +
			'    expect: {holder: constructor, clients: {constructor: {token: 1}, prototype: {token: 7}, toString: {status: running}}}\n';
		const result = parseScenario(text, 'names.yaml');
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		const [failure] = checkScenario(result.scenario);
		// prototype holds no token, so its write is refused and its expected token is wrong.
		expect(failure?.mismatches).toEqual([{key: 'clients.prototype.token', actual: null, expected: 7}]);
		expect(problemsOf(text.replace('toString: {status', 'valueOf: {status'))).toEqual([{line: 5, message: expect.stringContaining("'valueOf'")}]);
	});

	test('binary garbage is not a text file', () => {
		const file = path.join(directory, 'garbage.yaml');
		writeFileSync(file, Buffer.from(Array.from({length: 4096}, (_, index) => (index * 7919 + 13) % 256)));
		expect(loadProblems(file)).toEqual([`${file}: not a text file (expected UTF-8 YAML)`]);
	});

	test('escape sequences in keys, names and commands reach messages escaped', () => {
		const text =
			'title: x\nclients: [A, "B\\e[2J", "B\\e[2J"]\n"\\e]0;owned\\a": 1\nsteps:\n' +
			'  - do: "acquire \\e[2J\\a"\n    expect: {holder: "\\e[31mA", value: 5, clients: {"\\e[2J": {}}, "\\x9b": 1}\n';
		const problems = problemsOf(text);
		expect(problems.length).toBeGreaterThanOrEqual(5);
		for (const problem of problems) {
			expect(problem.line).not.toBeNull();
			expect(problem.message, problem.message).not.toMatch(/[\p{Cc}]/u);
		}
		expect(problems.map(problem => problem.message).join('\n')).toContain('\\x1b[2J');
	});

	test('text that would reach the screen (title, narration, resource, values) holds no escape sequences', () => {
		const text =
			'title: "evil\\e]0;pwned\\a"\nresource: "row\\e[31m"\nclients: [A]\nsteps:\n' +
			'  - do: acquire A\n    say: {en: "hello \\e[2J", ja: "\\u202Eolleh"}\n    expect: {value: "x\\x9b5m"}\n' +
			'  - say: "two lines\\nand a tab\\tare fine; so is 👩\\u200D💻"\n';
		const problems = problemsOf(text);
		expect(problems.map(problem => problem.line)).toEqual([1, 2, 6, 6, 7]);
		for (const problem of problems) expect(problem.message, problem.message).not.toMatch(/[\p{Cc}\u202e]/u);
		expect(problems[0]!.message).toContain("'\\x1b'");
		expect(problems[3]!.message).toContain("'\\u{202e}'");
	});

	test("the YAML parser's own messages, which quote the file, reach the screen escaped", () => {
		const problems = problemsOf(' x: y\ntitle:\n\u202E en: z\n');
		expect(problems.length).toBeGreaterThan(0);
		for (const problem of problems) expect(problem.message, problem.message).not.toMatch(/[\p{Cc}\p{Cf}]/u);
		expect(problems.map(problem => problem.message).join('\n')).toContain('\\u{202e}');
	});

	test('an empty file, or one with only comments, is a problem at line 1', () => {
		for (const [name, text] of [
			['empty.yaml', ''],
			['comments.yaml', '# nothing here\n\n'],
		]) {
			const file = path.join(directory, name!);
			writeFileSync(file, text!);
			expect(loadProblems(file)).toEqual([expect.stringMatching(new RegExp(`^${file}:1: .*expected a scenario`))]);
		}
	});

	test('a title or narration over its limit is refused by every command at its line; 1 MB of it at once', async () => {
		const titled = (words: number) => write(`title-${words}.yaml`, `title: "${'word '.repeat(words)}"\nclients: [A]\nsteps: []\n`);
		// check reports on stdout, the others on stderr; the dashboard refuses the file before it looks for a terminal.
		const said = ({status, stdout, stderr}: CliResult, args: string[]) => {
			expect(status, args.join(' ')).toBe(2);
			return `${stdout}${stderr}`.trimEnd().split('\n');
		};
		for (const args of [['check'], ['trace'], ['print'], ['record', '-o', path.join(directory, 'huge.cast')], []]) {
			expect(said(await callCli([...args, narrated(1000)]), args)).toEqual([
				expect.stringMatching(/say-1000\.yaml:5: step 1: say\.ja: expected at most 2,000 characters, got 5,000$/),
			]);
			expect(said(await callCli([...args, titled(1000)]), args)).toEqual([
				expect.stringMatching(/title-1000\.yaml:1: title: expected at most 120 characters, got 5,000$/),
			]);
		}
		// The size that froze the dashboard once, through the bin: refused as quickly as the file is read.
		expect(said(runBin().hugeNarration, ['check'])).toEqual([
			expect.stringMatching(/say-200000\.yaml:5: step 1: say\.ja: expected at most 2,000 characters, got 1,000,000$/),
		]);
	});

	test('a file over 1 MiB is refused by its size before it is read; one of 1 MiB is read', () => {
		const file = path.join(directory, 'huge.yaml');
		writeFileSync(file, '');
		truncateSync(file, maxScenarioBytes * 30);
		expect(loadProblems(file)).toEqual([`${file}: 31,457,280 bytes is too large for a scenario (at most 1 MiB, 1,048,576 bytes)`]);
		const justOver = write('just-over.yaml', `# ${'x'.repeat(maxScenarioBytes - 2)}\n`);
		expect(loadProblems(justOver)).toEqual([`${justOver}: 1,048,577 bytes is too large for a scenario (at most 1 MiB, 1,048,576 bytes)`]);
		const atTheLimit = write('at-the-limit.yaml', `# ${'x'.repeat(maxScenarioBytes - 3)}\n`);
		expect(loadProblems(atTheLimit)).toEqual([expect.stringMatching(new RegExp(`^${atTheLimit}:1: .*expected a scenario`))]);
	});

	test('duplicate client names are a problem on the second one', () => {
		expect(problemsOf('title: x\nclients:\n  - A\n  - B\n  - A\nsteps: []\n')).toEqual([{line: 5, message: expect.stringContaining("'A' is declared twice")}]);
	});

	test('a step naming an unknown client is a problem on its line, naming the client', () => {
		expect(problemsOf(scenario('  - do: tick\n  - do: [acquire A, write Z]\n'))).toEqual([{line: 5, message: expect.stringContaining("no client named 'Z'")}]);
	});

	test('a list or map used as a key is a problem on its line, and the only output', async () => {
		expect(problemsOf(scenario('  - do: tick\n? [a]\n: b\n'))).toEqual([{line: 5, message: 'YAML: a key must be a word, not a list or a map'}]);
		const file = path.join(directory, 'collection-key.yaml');
		writeFileSync(file, scenario('  - do: tick\n? {a: 1}\n: b\n'));
		const result = await callCli(['trace', file]);
		expect(result.stdout).toBe('');
		expect(result.stderr).toBe(`${file}:5: YAML: a key must be a word, not a list or a map\n`);
		expect(result.status).toBe(2);
	});

	test('a directory given as a file', () => {
		const dir = path.join(directory, 'dir.yaml');
		mkdirSync(dir);
		expect(loadProblems(dir)).toEqual([`${dir}: is a directory, expected a scenario file`]);
	});

	test('a file without read permission is one line, exit 2, even for root', () => {
		const {unreadable: result, unreadableFile: file} = runBin();
		expect(result.stderr).toBe(`${file}: cannot read: permission denied\n`);
		expect(result.stderr).not.toMatch(stackTrace);
		expect(result.status).toBe(2);
	});
});
