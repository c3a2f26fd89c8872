import {readFileSync} from 'node:fs';
import stringWidth from 'string-width';
import {describe, expect, test} from 'vitest';
import {printCommand} from '../../source/model/command.js';
import {builtinNames, loadScenario} from '../../source/scenario/files.js';
import {parseScenario} from '../../source/scenario/parse.js';
import {checkScenario, playScenario} from '../../source/scenario/run.js';

const names = builtinNames();

/** What each built-in scenario ends with: the fact it teaches. */
const endings: Record<string, {value: string | null; violations: number; rejected: number}> = {
	crash: {value: 'B', violations: 0, rejected: 0},
	'fencing-gap': {value: 'B', violations: 0, rejected: 1},
	'gc-pause': {value: 'B', violations: 0, rejected: 1},
	'gc-pause-unfenced': {value: 'A', violations: 1, rejected: 0},
	heartbeat: {value: 'B', violations: 0, rejected: 0},
	'network-delay': {value: 'B', violations: 0, rejected: 1},
	'release-handoff': {value: 'C', violations: 0, rejected: 0},
	'weakest-writer': {value: 'A', violations: 1, rejected: 1},
	'redlock-clock-jump': {value: 'A', violations: 1, rejected: 0},
	'redlock-restart': {value: 'A', violations: 1, rejected: 0},
	'redlock-gc-pause': {value: 'A', violations: 1, rejected: 0},
	partition: {value: 'B', violations: 0, rejected: 1},
	'etcd-revision': {value: 'B', violations: 0, rejected: 1},
	'consul-lock-delay': {value: 'A', violations: 1, rejected: 0},
	'check-then-pause': {value: 'B', violations: 0, rejected: 1},
	'check-unfenced': {value: 'late', violations: 1, rejected: 0},
	'redlock-in-flight': {value: 'A', violations: 1, rejected: 0},
	'redlock-validity': {value: 'B', violations: 0, rejected: 0},
	'redlock-late-write': {value: 'late', violations: 1, rejected: 0},
	'redlock-kept-down': {value: 'A', violations: 1, rejected: 0},
	// Nobody writes: the story is the lock given up, and B's alone.
	'redlock-slow-link': {value: null, violations: 0, rejected: 0},
	'zookeeper-session': {value: 'B', violations: 0, rejected: 1},
	'zookeeper-unfenced': {value: 'late', violations: 1, rejected: 0},
};

describe('the built-in scenarios', () => {
	test('are the documented set', () => {
		expect(names).toEqual(Object.keys(endings).sort());
	});

	test.each(names)('%s passes its own expectations and ends as it teaches', name => {
		const scenario = loadScenario(name);
		expect(checkScenario(scenario)).toEqual([]);
		const world = playScenario(scenario, () => {});
		expect({value: world.resource.value, violations: world.violations, rejected: world.resource.rejected}).toEqual(endings[name]);
	});

	test.each(names)('%s names its sources at the end of its description, in both languages', name => {
		const {description} = loadScenario(name);
		expect(description?.en).toMatch(/\. Sources?: .+\.$/);
		expect(description?.ja).toMatch(/。出典: .+。$/);
	});

	test.each(names)('%s is narrated in English and Japanese on every step, short enough for the story pane', name => {
		const scenario = loadScenario(name);
		for (const narration of [scenario.title, scenario.description]) {
			expect(narration?.en, `${name}: title and description in English`).toBeTruthy();
			expect(narration?.ja, `${name}: title and description in Japanese`).toBeTruthy();
		}
		scenario.steps.forEach((step, index) => {
			const where = `${name} step ${index + 1}`;
			expect(step.say?.en, where).toBeTruthy();
			expect(step.say?.ja, where).toBeTruthy();
			expect(step.say?.ja, `${where}: the Japanese is not a copy of the English`).not.toBe(step.say?.en);
			// About three lines of a story pane at 80 columns.
			expect(stringWidth(step.say!.en!), `${where} (en)`).toBeLessThanOrEqual(160);
			expect(stringWidth(step.say!.ja!), `${where} (ja)`).toBeLessThanOrEqual(200);
			expect(step.expect, `${where} checks something`).not.toBeNull();
		});
	});

	test('gc-pause-unfenced is gc-pause with the resource unfenced', () => {
		const fenced = loadScenario('gc-pause');
		const unfenced = loadScenario('gc-pause-unfenced');
		const commands = (scenario: typeof fenced) => scenario.steps.map(step => step.commands.map(({command}) => printCommand(command)));
		expect(commands(unfenced)).toEqual(commands(fenced));
		expect({...unfenced.setup, fencing: true}).toEqual(fenced.setup);
		expect(unfenced.setup.fencing).toBe(false);
	});

	test('check-unfenced is check-then-pause with the resource unfenced', () => {
		const fenced = loadScenario('check-then-pause');
		const unfenced = loadScenario('check-unfenced');
		const commands = (scenario: typeof fenced) => scenario.steps.map(step => step.commands.map(({command}) => printCommand(command)));
		expect(commands(unfenced)).toEqual(commands(fenced));
		expect({...unfenced.setup, fencing: true}).toEqual(fenced.setup);
	});

	test('zookeeper-unfenced is zookeeper-session with the resource unfenced', () => {
		const fenced = loadScenario('zookeeper-session');
		const unfenced = loadScenario('zookeeper-unfenced');
		const commands = (scenario: typeof fenced) => scenario.steps.map(step => step.commands.map(({command}) => printCommand(command)));
		expect(commands(unfenced)).toEqual(commands(fenced));
		expect({...unfenced.setup, fencing: undefined}).toEqual(fenced.setup);
		expect(unfenced.setup.fencing).toBe(false);
	});

	test('release-handoff hands out tokens 1, 2, 3 and no lease expires', () => {
		const kinds: string[] = [];
		playScenario(loadScenario('release-handoff'), ({played}) => {
			for (const event of played.events) {
				if (event.kind === 'acquired') kinds.push(`${event.client}:${event.token}`);
				if (event.kind === 'expired') kinds.push('expired');
			}
		});
		expect(kinds).toEqual(['A:1', 'B:2', 'C:3']);
	});
});

test('the example scenario in the README is valid and passes its expectations', () => {
	const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
	const example = /## Writing a scenario[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
	expect(example).toBeDefined();
	const parsed = parseScenario(example!, 'README.md');
	expect(parsed.ok && checkScenario(parsed.scenario)).toEqual([]);
});
