import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {maxDrawnSteps} from '../../source/commands/drawable.js';
import {stepSummary, storyboard} from '../../source/export/storyboard.js';
import {loadScenario} from '../../source/scenario/files.js';
import {labelsFor} from '../../source/ui/labels.js';
import {callCli, temporaryDirectory} from '../run-cli.js';

const scenarioNames = readdirSync(new URL('../../scenarios/', import.meta.url))
	.filter(file => file.endsWith('.yaml'))
	.map(file => file.slice(0, -'.yaml'.length));
const directory = temporaryDirectory('dlock-print-');
const goldenDirectory = new URL('../golden/', import.meta.url);
const goldenNames = readdirSync(goldenDirectory)
	.filter(file => file.endsWith('.txt'))
	.map(file => file.slice(0, -'.txt'.length));

describe('golden files: dlock-tui print of every built-in scenario at 80x24', () => {
	test.each(scenarioNames)('%s', async name => {
		if (!goldenNames.includes(name)) expect.fail(`test/golden/${name}.txt is missing: run npm run golden, read the new file, commit it`);
		const golden = readFileSync(new URL(`${name}.txt`, goldenDirectory), 'utf8');
		const {status, stdout, stderr} = await callCli(['print', name]);
		expect(stderr).toBe('');
		expect(status).toBe(0);
		expect(stdout, `the screen of ${name} changed: if on purpose, run npm run golden, read the diff, commit it`).toBe(golden);
	});

	test('every golden file has its scenario', async () => {
		expect(
			goldenNames.filter(name => !scenarioNames.includes(name)),
			'golden files without a scenario: run npm run golden',
		).toEqual([]);
	});
});

describe('dlock-tui print', () => {
	// The built-in story's words are the scenario file's business: the expectations come from it.
	const story = loadScenario('gc-pause');
	const steps = story.steps.length;
	const lastRule = (lang: 'en' | 'ja') => `── ${labelsFor(lang).stepShort(steps, steps)}: ${stepSummary(storyboard(story).at(-1)!, lang)} `;

	test('puts every step under a rule that names it, in plain text', async () => {
		const {status, stdout} = await callCli(['print', 'gc-pause', '--cols', '100', '--rows', '30']);
		expect(status).toBe(0);
		expect(stdout).not.toContain('\u001B');
		// The pages and a line break: a page's blank rows at the end are rows all the same.
		const lines = stdout.slice(0, -1).split('\n');
		const rules = lines.filter(line => line.startsWith('── step '));
		expect(rules.map(rule => rule.match(/^── step (\d+\/\d+): /)![1])).toEqual(story.steps.map((_, index) => `${index + 1}/${steps}`));
		expect(rules.at(-1)!.startsWith(lastRule('en'))).toBe(true);
		expect(rules.at(-1)).toMatch(/ ─+$/);
		// Each page: the rule and the dashboard in one row less than the terminal.
		expect(lines).toHaveLength(steps * 30);
		for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
	});

	test('--color keeps the styling, --lang ja the Japanese narration', async () => {
		const {status, stdout} = await callCli(['print', 'gc-pause', '--color', '--lang', 'ja']);
		expect(status).toBe(0);
		expect(stdout).toContain('\u001B[');
		expect(stdout).toContain(lastRule('ja'));
		// The rules speak Japanese too.
		expect(stdout).toContain(`── ステップ ${steps}/${steps}: `);
		expect(stdout).not.toMatch(/^── (step|start)/m);
		expect((await callCli(['print', 'crash', '--lang', 'ja'])).stdout).toMatch(/^── 開始: /);
	});

	test('--ascii draws the rules in ASCII', async () => {
		const {status, stdout} = await callCli(['print', 'gc-pause', '--ascii']);
		expect(status).toBe(0);
		const rules = stdout.split('\n').filter(line => line.startsWith('-- step '));
		expect(rules).toHaveLength(steps);
		for (const rule of rules) expect(rule).toMatch(/^-- step \d+\/\d+: [\x20-\x7e]+ -{2,}$/);
	});

	test('no key bar and no key hints unless --keys: the row goes to the story', async () => {
		const labels = labelsFor('en');
		const keyBarEnd = `q ${labels.keyBar.quit}`;
		// What print draws without the key bar: the golden file, as the golden test checks.
		const without = readFileSync(new URL('gc-pause.txt', goldenDirectory), 'utf8').slice(0, -1).split('\n');
		const {status, stdout} = await callCli(['print', 'gc-pause', '--keys']);
		expect(status).toBe(0);
		const withKeys = stdout.slice(0, -1).split('\n');
		expect(withKeys.filter(line => line.endsWith(keyBarEnd))).toHaveLength(steps);
		expect(without.filter(line => line.includes(keyBarEnd))).toEqual([]);
		// The end says how to play it again only where a key can be pressed.
		expect(withKeys.filter(line => line.includes(labels.theEnd))).toHaveLength(1);
		expect(without.filter(line => line.includes(labels.theEnd))).toEqual([]);
		expect(without.filter(line => line.includes(` · ${labels.theEndWatched} ─`))).toHaveLength(1);
		// As many lines a page; the story has one more, so the last step's log shows one more event.
		expect(without).toHaveLength(withKeys.length);
		const lastPage = (page: readonly string[]) => page.slice(page.findLastIndex(line => line.startsWith('── step ')));
		const storyOf = (page: readonly string[]) =>
			page.slice(page.findIndex(line => line.startsWith('── Story'))).filter(line => line.trim() !== '' && !line.endsWith(keyBarEnd));
		expect(storyOf(lastPage(without)).length).toBe(storyOf(lastPage(withKeys)).length + 1);
		expect((await callCli(['print', 'gc-pause', '--no-keys'])).stdout).toBe(`${without.join('\n')}\n`);
	});
});

describe('print and record: bad options', () => {
	test.each([
		[['print', 'gc-pause', '--cols', 'wide'], "--cols: expected a whole number from 68 to 1000, got 'wide'"],
		[['print', 'gc-pause', '--rows', '3'], "--rows: expected a whole number from 20 to 500, got '3'"],
		[['print', 'gc-pause', '--cols', '80.5'], "--cols: expected a whole number from 68 to 1000, got '80.5'"],
		[['print', 'gc-pause', '--lang', 'fr'], "--lang: expected one of en, ja, got 'fr'"],
		[['print', 'gc-pause', '--theme', 'neon'], "--theme: expected one of dark, light, contrast, got 'neon'"],
		[['record', 'gc-pause'], 'record: missing -o FILE'],
		[['record', 'gc-pause', '-o', 'x.cast', '--step-delay', '-1'], "--step-delay: expected a number of seconds from 0.1 to 600, got '-1'"],
		[['record', 'gc-pause', '-o', 'x.cast', '--step-delay', 'soon'], "--step-delay: expected a number of seconds from 0.1 to 600, got 'soon'"],
		[['print'], 'print: expected one scenario'],
		[['record', '-o', 'x.cast'], 'record: expected one scenario'],
		[['print', 'gc-pause', '--cols', '20'], "--cols: expected a whole number from 68 to 1000, got '20'"],
		[['record', 'gc-pause', '-o', 'x.cast', '--rows', '21'], '--rows: 21 is too low for the dashboard of this scenario, which needs at least'],
	])('%j', async (args, message) => {
		const {status, stdout, stderr} = await callCli(args);
		expect(status).toBe(2);
		expect(stdout).toBe('');
		expect(stderr.trimEnd().split('\n')).toHaveLength(1);
		expect(stderr).toContain(message);
	});

	test('a scenario too long to watch is refused, not drawn for minutes', async () => {
		const file = path.join(directory, 'long.yaml');
		writeFileSync(file, `title: long\nclients: [A]\nsteps:\n${'  - do: tick\n'.repeat(maxDrawnSteps + 1)}`);
		for (const command of ['print', 'record']) {
			const {status, stderr} = await callCli([command, file, '-o', path.join(path.dirname(file), 'long.cast')].slice(0, command === 'print' ? 2 : 4));
			expect(status).toBe(2);
			expect(stderr).toContain(`${command}: ${file} has ${maxDrawnSteps + 1} steps; ${command} draws at most ${maxDrawnSteps}`);
		}
	});

	test('an unwritable -o names the file', async () => {
		const {status, stderr} = await callCli(['record', 'gc-pause', '-o', '/nonexistent-directory/demo.cast']);
		expect(status).toBe(2);
		expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining("-o: cannot write '/nonexistent-directory/demo.cast': no such directory")]);
	});
});
