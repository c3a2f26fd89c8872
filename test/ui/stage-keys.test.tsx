// Improvising on stage: a Redlock story's key bar, what `L` set and where it shows, `o` with
// changes by hand, and the picker on a clicker.

import type {Key} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, test} from 'vitest';
import type {Lang} from '../../source/text/narration.js';
import type {Scenario} from '../../source/scenario/parse.js';
import {type Session, startSession} from '../../source/session/session.js';
import {App} from '../../source/ui/App.js';
import {type AppState, hasChangesByHand, initialAppState, pressKeys} from '../../source/ui/appState.js';
import {makeLook} from '../../source/ui/look.js';
import {labelsFor} from '../../source/ui/labels.js';
import {clientsRows} from '../../source/ui/panes/clients.js';
import {keyBarRow} from '../../source/ui/panes/keyBar.js';
import type {Row} from '../../source/ui/panes/rows.js';
import {ScenarioPicker, scenarioShelf} from '../../source/ui/ScenarioPicker.js';
import {LookContext} from '../../source/ui/useLook.js';
import {back, by, next, run} from '../session/helpers.js';
import {builtinScenario} from '../scenario/helpers.js';
import {appProps, noKey, tick} from './input.js';

const lookIn = (lang: Lang) => makeLook({lang, theme: 'dark', ascii: false, color: false});
const textOf = (row: Row) => row.map(part => part.text).join('');
const bar = (session: Session, width: number, lang: Lang = 'en') => textOf(keyBarRow({session, width, look: lookIn(lang), prompt: null, autoplay: null}));
const press = (state: AppState, input: string, key: Partial<Key> = {}) => pressKeys(state, input, {...noKey, ...key}, scenarioShelf('en')).state;
const stateOf = (scenario: Scenario) => initialAppState(startSession(scenario), false);

describe("a Redlock story's key bar", () => {
	test('at 80 columns it shows the selected client and the pause length, as every story does, and the node', () => {
		const redlock = startSession(builtinScenario('redlock-in-flight'));
		expect(bar(redlock, 80)).toBe('Space next  ← back  Tab A  p GC 10  n L1  k crash  N cut  J jump  ? help  q quit');
		expect(bar(redlock, 80, 'ja')).toContain('Tab A  p GC 10  n L1');
		// With room, the words too.
		expect(bar(redlock, 120)).toContain('Tab client A  p GC 10 (-/+)  n node L1  k crash  N cut  J jump');
		expect(bar(startSession(builtinScenario('gc-pause')), 80)).toContain('Tab client A  p GC 5 (-/+)  F fencing');
	});
});

describe('L, the link latency', () => {
	const inFlight = () => stateOf(builtinScenario('redlock-in-flight'));

	test('says what it set and to which links, until the next key', () => {
		const slow = press(inFlight(), 'L');
		expect(slow.notice).toEqual({latency: {client: 'A', peers: ['L1', 'L2', 'L3', 'L4', 'L5'], n: 0}});
		expect(labelsFor('en').latencySet('A', ['L1', 'L2'], 0)).toBe("L: A's messages to and from L1, L2 now arrive at once");
		expect(labelsFor('ja').latencySet('A', ['L1', 'L2'], 3)).toBe('L: A と L1・L2 の間のメッセージは片道 3 tick になる');
		expect(press(slow, 'L').notice).toEqual({latency: {client: 'A', peers: ['L1', 'L2', 'L3', 'L4', 'L5'], n: 10}});
		expect(press(slow, 't').notice).toBeNull();
	});

	test("the notice is the app's top line", async () => {
		const {lastFrame, stdin, unmount} = render(<App {...appProps(builtinScenario('redlock-in-flight'))} />);
		await tick();
		stdin.write('L');
		await tick();
		expect(lastFrame()!.split('\n')[0]).toBe("L: A's messages to and from L1, L2, L3, L4, L5 now arrive at once");
		unmount();
	});

	test("a link's latency other than the story's at its start shows on the client's row", () => {
		const notes = (session: Session, width: number, lang: Lang = 'en') =>
			clientsRows({session, width, look: lookIn(lang)})
				.map(textOf)
				.find(row => row.includes('1 A'))!;
		const start = startSession(builtinScenario('redlock-in-flight'));
		expect(notes(start, 120)).not.toMatch(/latency|→/);
		expect(notes(run(start, by('latency A lock 3')), 120)).toMatch(/checks lease {2}latency lock 3$/);
		expect(notes(run(start, by('latency A lock 3')), 120, 'ja')).toContain('ネットワーク遅延 ロック 3');
		expect(notes(run(start, by('latency A L4 3')), 120)).toContain('latency L4 3');
		expect(notes(run(start, by('latency A lock 3')), 80)).toMatch(/checks {2}→3$/);
		// Back to the story's own: nothing to say.
		expect(notes(run(start, by('latency A lock 3'), by('latency A lock 1')), 120)).not.toContain('latency');
		// Set by the script, it shows too.
		const slowLink = run(startSession(builtinScenario('redlock-slow-link')), next, next, next);
		expect(notes(slowLink, 120)).toContain('latency lock 4');
	});
});

describe('o with changes by hand', () => {
	const improvised = () => ({...stateOf(builtinScenario('redlock-in-flight')), session: run(startSession(builtinScenario('redlock-in-flight')), by('tick'))});

	test('on script it opens the picker at once', () => {
		expect(press(stateOf(builtinScenario('gc-pause')), 'o').picker).not.toBeNull();
	});

	test('off script it asks: o again or y opens the picker, any other key stays and does nothing else', () => {
		const asked = press(improvised(), 'o');
		expect(asked.confirmOpen).toBe(true);
		expect(asked.picker).toBeNull();
		expect(press(asked, 'o').picker).not.toBeNull();
		expect(press(asked, 'y').picker).not.toBeNull();
		for (const [input, key] of [
			[' ', {}],
			['', {escape: true}],
			['q', {}],
			['', {pageDown: true}],
		] as const) {
			const stayed = press(asked, input, key);
			expect(stayed.confirmOpen).toBe(false);
			expect(stayed.picker).toBeNull();
			expect(stayed.session).toBe(asked.session);
		}
	});

	test('the changes by hand are looked for on every place Back and Forward reach', () => {
		const scenario = builtinScenario('gc-pause');
		expect(hasChangesByHand(run(startSession(scenario), next, next))).toBe(false);
		expect(hasChangesByHand(run(startSession(scenario), next, by('tick'), back))).toBe(true);
		expect(hasChangesByHand(run(startSession(scenario), next, by('tick'), {type: 'rejoin'}))).toBe(true);
	});

	test('the question is the top line, in both languages', async () => {
		for (const lang of ['en', 'ja'] as const) {
			const {lastFrame, stdin, unmount} = render(<App {...appProps(builtinScenario('gc-pause'), lang)} />);
			await tick();
			stdin.write('t');
			await tick();
			stdin.write('o');
			await tick();
			expect(lastFrame()!.split('\n')[0]!.startsWith(labelsFor(lang).confirmOpen.slice(0, 30))).toBe(true);
			expect(lastFrame()).toContain(lang === 'en' ? 'o or y opens the list' : 'o か y で一覧を開く');
			unmount();
		}
	});
});

describe('the picker on a clicker', () => {
	const drawn = (state: AppState, lang: Lang = 'en') =>
		render(
			<LookContext value={lookIn(lang)}>
				<ScenarioPicker picker={state.picker!} width={79} height={23} />
			</LookContext>,
		).lastFrame()!;

	test('at 80x24 a list that scrolls names the groups out of view, so that every group can be found', () => {
		const opened = press(stateOf(builtinScenario('gc-pause')), 'o');
		expect(drawn(opened).split('\n').at(-1)).toBe('below: Consul, Redlock');
		expect(drawn(opened, 'ja').split('\n').at(-1)).toBe('下に: Consul・Redlock');
		const last = press(opened, '', {pageUp: true});
		expect(drawn(last)).toContain('▸ redlock-validity');
		expect(drawn(last).split('\n').at(-1)).toBe('above: A generic lock service');
		// Every group's heading is in view at one place or another of the list.
		const headings = new Set<string>();
		let state = opened;
		for (const _ of opened.picker!.choices) {
			for (const line of drawn(state).split('\n')) if (/^[^ ▸]/.test(line)) headings.add(line);
			state = press(state, '', {pageDown: true});
		}
		expect([...headings]).toEqual(expect.arrayContaining(['A generic lock service', 'etcd', 'ZooKeeper', 'Consul', 'Redlock']));
	});

	test('PgDn and PgUp move the highlight as the arrows do, round the list', () => {
		const opened = press(stateOf(builtinScenario('gc-pause')), 'o');
		const count = opened.picker!.choices.length;
		expect(press(opened, '', {pageDown: true}).picker!.index).toBe(1);
		expect(press(opened, '', {pageUp: true}).picker!.index).toBe(count - 1);
	});
});
