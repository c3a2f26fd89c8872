import {mkdtempSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Key} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, test} from 'vitest';
import {builtinGroups, builtinNames, loadScenario} from '../../source/scenario/files.js';
import type {Lang} from '../../source/text/narration.js';
import type {Scenario} from '../../source/scenario/parse.js';
import {startSession} from '../../source/session/session.js';
import {App} from '../../source/ui/App.js';
import {type AppState, initialAppState, pressKeys} from '../../source/ui/appState.js';
import {makeLook} from '../../source/ui/look.js';
import {ScenarioPicker, scenarioShelf} from '../../source/ui/ScenarioPicker.js';
import {LookContext} from '../../source/ui/useLook.js';
import {temporaryDirectory} from '../run-cli.js';
import {builtinScenario} from '../scenario/helpers.js';
import {appProps, noKey, tick} from './input.js';

const lookIn = (lang: Lang) => makeLook({lang, theme: 'dark', ascii: false, color: false});

const press = (input: string, key: Partial<Key> = {}) => ({input, key: {...noKey, ...key}});
const picks = {down: press('', {downArrow: true}), up: press('', {upArrow: true}), enter: press('\r', {return: true})};

/** The app's state after `o` on `current`, then `presses`. */
function pickIn(current: Scenario, lang: Lang, ...presses: ReturnType<typeof press>[]): AppState {
	const shelf = scenarioShelf(lang);
	const opened = pressKeys(initialAppState(startSession(current), false), 'o', noKey, shelf).state;
	return presses.reduce((state, {input, key}) => pressKeys(state, input, key, shelf).state, opened);
}

// 23 rows: what the app gives the picker on a terminal of 24.
const picker = (state: AppState, lang: Lang, width: number, height = 23) =>
	render(
		<LookContext value={lookIn(lang)}>
			<ScenarioPicker picker={state.picker!} width={width} height={height} />
		</LookContext>,
	);
const down = '\u001B[B';

async function pressIn(stdin: {write: (data: string) => void}, ...keys: string[]) {
	for (const key of keys) {
		await tick();
		stdin.write(key);
		await tick();
	}
}

/** Waits for the file watcher (an event, not a duration) by looking at each new frame. */
async function frameWith(lastFrame: () => string | undefined, text: string): Promise<string> {
	for (let attempt = 0; attempt < 500; attempt += 1) {
		const frame = lastFrame() ?? '';
		if (frame.includes(text)) return frame;
		await new Promise(resolve => setTimeout(resolve, 10));
	}
	throw new Error(`never showed ${JSON.stringify(text)}; last frame:\n${lastFrame()}`);
}

const directory = temporaryDirectory('dlock-reload-');

function scenarioFile(text: string): string {
	const file = path.join(mkdtempSync(path.join(directory, 'talk-')), 'talk.yaml');
	writeFileSync(file, text);
	return file;
}

const talk = (say: string) => `title: My talk\nclients: [A, B]\nsteps:\n  - do: acquire A\n    say: ${say}\n  - do: tick\n    say: second\n`;

describe('the scenario picker', () => {
	test('lists every built-in scenario by name and title, and opens the one chosen', () => {
		// Rows enough for the whole list (at 80x24 it scrolls: see below).
		const {lastFrame} = picker(pickIn(builtinScenario('gc-pause'), 'en'), 'en', 80, 40);
		for (const name of builtinNames()) expect(lastFrame()).toContain(name);
		expect(lastFrame()).toMatch(/gc-pause-unfenced\s+GC pause without fencing: row-42 is corrupted/);
		const opened = pickIn(builtinScenario('gc-pause'), 'en', picks.down, picks.enter);
		expect(opened.picker).toBeNull();
		expect(opened.session.scenario.title.en).toBe("Check, then pause: the careful client's write is rejected");
	});

	test('the arrows, j and k move round the list; Esc goes back to the scenario on screen', () => {
		const count = pickIn(builtinScenario('gc-pause'), 'en').picker!.choices.length;
		expect(pickIn(builtinScenario('gc-pause'), 'en', picks.up).picker!.index).toBe(count - 1);
		expect(pickIn(builtinScenario('gc-pause'), 'en', picks.up, picks.down, press('j'), press('j'), press('k')).picker!.index).toBe(1);
		expect(pickIn(builtinScenario('gc-pause'), 'en', ...Array.from({length: count}, () => picks.down)).picker!.index).toBe(0);
		const back = pickIn(builtinScenario('gc-pause'), 'en', picks.down, press('', {escape: true}));
		expect(back.picker).toBeNull();
		expect(back.session.scenario.title.en).toBe('GC pause: the fencing token saves row-42');
	});

	test('groups them under a heading per backend, read from each setup, the default scenario first', () => {
		for (const lang of ['en', 'ja'] as const) {
			const rows = (picker(pickIn(builtinScenario('gc-pause'), lang), lang, 79, 40).lastFrame() ?? '').split('\n');
			expect(rows.length).toBeLessThanOrEqual(40);
			const groups = builtinGroups(lang);
			expect(rows[3]).toBe(groups[0]!.heading);
			expect(rows[4]).toMatch(new RegExp(`^${lookIn(lang).glyphs.pointer} gc-pause `));
			for (const group of groups) {
				const at = rows.indexOf(group.heading);
				expect(rows.slice(at + 1, at + 1 + group.scenarios.length).map(row => row.slice(2).split(' ')[0])).toEqual(
					group.scenarios.map(scenario => scenario.name),
				);
				for (const scenario of group.scenarios) expect(builtinScenario(scenario.name).setup.backend ?? 'generic').toBe(group.backend);
			}
			expect(groups.map(group => group.backend)).toEqual(['generic', 'etcd', 'zookeeper', 'consul', 'redlock']);
		}
	});

	test("under the list, where the rows allow, the highlighted scenario's description with its sources", () => {
		const description = (name: string) => builtinScenario(name).description!.en!;
		const frame = (state: AppState) => picker(state, 'en', 79, 40).lastFrame() ?? '';
		const text = (state: AppState) => frame(state).replace(/\s+/g, ' ');
		expect(frame(pickIn(builtinScenario('gc-pause'), 'en')).split('\n').length).toBeLessThanOrEqual(40);
		expect(text(pickIn(builtinScenario('gc-pause'), 'en'))).toContain(description('gc-pause'));
		const moved = text(pickIn(builtinScenario('gc-pause'), 'en', picks.down));
		expect(moved).toContain(description('check-then-pause'));
		expect(moved).toContain('Sources: Kleppmann (2016)');
		// At 80x24 the list takes every row: no description rather than part of one.
		expect(picker(pickIn(builtinScenario('gc-pause'), 'en'), 'en', 79).lastFrame()).not.toContain('Source');
	});

	test('on fewer rows the list scrolls, headings and all within the height, the highlighted line always on it', () => {
		const pointer = `${lookIn('en').glyphs.pointer} `;
		let state = pickIn(builtinScenario('gc-pause'), 'en');
		for (let moves = 0; moves <= 20; moves += 1) {
			const frame = picker(state, 'en', 79, 12).lastFrame()!;
			expect(frame.split('\n').length).toBeLessThanOrEqual(12);
			const highlighted = frame.split('\n').find(line => line.startsWith(pointer));
			expect(highlighted?.slice(pointer.length).split(' ')[0]).toBe(state.picker!.choices[state.picker!.index]!.name);
			state = pressKeys(state, '', picks.down.key, scenarioShelf('en')).state;
		}
	});

	test('at 80 columns every title shows whole, a long one as its short title', () => {
		for (const lang of ['en', 'ja'] as const) {
			const frame = picker(pickIn(builtinScenario('gc-pause'), lang), lang, 79).lastFrame() ?? '';
			expect(frame).not.toContain('…');
			expect(frame).toContain(lang === 'en' ? 'Weakest writer: one tokenless client corrupts row-42' : '最も弱い書き手: トークンなしの 1 台が row-42 を壊す');
		}
	});

	test('titles follow the language', () => {
		const {lastFrame} = picker(pickIn(builtinScenario('gc-pause'), 'ja'), 'ja', 80);
		expect(lastFrame()).toContain('シナリオを開く');
		expect(lastFrame()).toContain('クラッシュ: 持ち主が死んでもリースがロックを解放する');
	});

	test('the file opened from the command line comes first; if it has broken since, it says why and stays', () => {
		const file = scenarioFile(talk('first'));
		const current = loadScenario(file);
		expect(picker(pickIn(current, 'en'), 'en', 100).lastFrame()!.split('\n')[3]).toMatch(/talk\.yaml\s+My talk/);
		writeFileSync(file, 'title: My talk\nclients: [A]\nsteps:\n  - do: aquire A\n');
		const refused = pickIn(current, 'en', picks.enter);
		expect(refused.picker).not.toBeNull();
		expect(refused.session.scenario).toBe(current);
		expect(picker(refused, 'en', 100).lastFrame()).toContain("talk.yaml:4: step 1: unknown command 'aquire'");
	});
});

describe('the dashboard with a scenario file', () => {
	const app = (file: string) => render(<App {...appProps(loadScenario(file))} />);

	test('o opens the picker, Esc goes back, Enter opens the chosen scenario', async () => {
		const {lastFrame, stdin, unmount} = app(scenarioFile(talk('first')));
		await pressIn(stdin, 'o');
		expect(lastFrame()).toContain('Open a scenario');
		await pressIn(stdin, '\u001B');
		await frameWith(lastFrame, 'Lock service');
		await pressIn(stdin, 'o', down, '\r');
		await frameWith(lastFrame, 'GC pause: the fencing token saves row-42');
		unmount();
	});

	test('an edited file reloads on the same step; a broken edit keeps the dashboard and says why', async () => {
		const file = scenarioFile(talk('first'));
		const {lastFrame, stdin, unmount} = app(file);
		await pressIn(stdin, ' ');
		expect(lastFrame()).toContain('first');
		writeFileSync(file, talk('the first step, rewritten'));
		expect(await frameWith(lastFrame, 'the first step, rewritten')).toMatch(/step 1 of 2/);
		writeFileSync(file, talk('first').replace('acquire A', 'acquire Z'));
		const broken = await frameWith(lastFrame, 'not reloaded');
		expect(broken).toMatch(/not reloaded \(1 problem\): \S*talk\.yaml:4: step 1: acquire/);
		expect(broken).toContain('the first step, rewritten');
		writeFileSync(file, talk('fixed'));
		expect(await frameWith(lastFrame, 'fixed')).not.toContain('not reloaded');
		unmount();
	});

	test('why a reload failed is wrapped over the rows the dashboard can spare, the fix first', async () => {
		const file = scenarioFile(talk('first'));
		const {lastFrame, unmount} = app(file);
		await frameWith(lastFrame, 'My talk');
		writeFileSync(file, talk('first').replace('acquire A', 'aquire A'));
		const broken = await frameWith(lastFrame, 'not reloaded');
		// The fix first, then as much of the rest as the rows the dashboard can spare at 100x24 hold.
		const notice = broken.split('\n').slice(0, 2).join(' ').replace(/\s+/g, ' ');
		expect(notice).toMatch(
			/^not reloaded \(1 problem\): did you mean 'acquire'\? \S*talk\.yaml:4: step 1: unknown command 'aquire': expected one of tick, acquire,/,
		);
		expect(broken).toContain('Story');
		unmount();
	});
});
