import {render} from 'ink-testing-library';
import {afterEach, describe, expect, test, vi} from 'vitest';
import {loadScenario} from '../../source/scenario/files.js';
import type {Scenario} from '../../source/scenario/parse.js';
import {scenarioOf} from '../scenario/helpers.js';
import {storyboard} from '../../source/export/storyboard.js';
import {stepHoldMs} from '../../source/session/pace.js';
import {App} from '../../source/ui/App.js';
import {keyHelp} from '../../source/ui/keys.js';
import {appProps, tick} from './input.js';

const scenario = loadScenario('gc-pause');

let app: ReturnType<typeof render> | null = null;
afterEach(() => {
	app?.unmount();
	app = null;
});

async function open(lang: 'en' | 'ja' = 'en', shown: Scenario = scenario) {
	app = render(<App {...appProps(shown, lang)} />);
	await tick();
	const press = async (...sequence: string[]) => {
		for (const key of sequence) {
			app!.stdin.write(key);
			await tick();
			// A lone Escape or Delete is told apart from the start of a key sequence one turn later.
			if (key === keys.escape || key === keys.backspace) await tick();
		}
		return app!.lastFrame() ?? '';
	};
	return {press, frame: () => app!.lastFrame() ?? ''};
}

const keys = {
	space: ' ',
	right: '\u001B[C',
	left: '\u001B[D',
	pageDown: '\u001B[6~',
	pageUp: '\u001B[5~',
	home: '\u001B[H',
	end: '\u001B[F',
	tab: '\t',
	down: '\u001B[B',
	up: '\u001B[A',
	escape: '\u001B',
	enter: '\r',
	backspace: '\u007F',
	f5: '\u001B[15~',
	shiftF5: '\u001B[15;2~',
};

describe('the dashboard app', () => {
	test('opens on step 1 of 7 with every pane', async () => {
		const {frame} = await open();
		for (const title of ['Lock service', 'Resource row-42', 'Clients', 'Timeline', 'Story · step 1 of 7']) expect(frame()).toContain(title);
	});

	test('Space, →, PageDown, Enter and l step forward; ←, PageUp, Backspace and h step back', async () => {
		const {press} = await open();
		expect(await press(keys.space)).toContain('step 2 of 7');
		expect(await press(keys.right, keys.pageDown, keys.enter, 'l')).toContain('step 6 of 7');
		expect(await press(keys.left)).toContain('step 5 of 7');
		expect(await press(keys.pageUp, keys.backspace, 'h')).toContain('step 2 of 7');
	});

	test('End on a long scenario says it is working, in either language, and the keys pressed meanwhile act after it', async () => {
		// Writes held in a partition pile up: hundreds of steps, each more work than the one before.
		const long = scenarioOf(
			`title: long\nclients: [A, B]\nsteps:\n  - do: [acquire A, partition A resource]\n${'  - do: [write A, tick 1, acquire B]\n'.repeat(400)}`,
		);
		for (const [lang, working] of [
			['en', /working… step [\d,]+ of 401 \(q quits/],
			['ja', /計算中… ステップ [\d,]+\/401/],
		] as const) {
			const {press, frame} = await open(lang, long);
			await press(keys.end, keys.left, ' ');
			await vi.waitFor(() => expect(frame()).not.toMatch(working), {timeout: 20_000, interval: 50});
			// A frame drawn while it worked said so, however fast the machine finished.
			expect(app!.frames.some(drawn => working.test(drawn))).toBe(true);
			// End, then back to where End was pressed, and the next step from there.
			expect(frame()).toMatch(/step 1 of 401|ステップ 1\/401/);
			app!.unmount();
		}
	});

	test('walking the seven steps ends with the rejected write; Home restarts, End jumps to the end', async () => {
		const {press} = await open();
		const end = await press(keys.end);
		expect(end).toContain('step 7 of 7');
		expect(end).toContain('✗ 1 rejected');
		expect(end).toMatch(/max token 2/);
		expect(await press(keys.home)).toContain('step 1 of 7');
	});

	test('Tab, arrows and digits select a client', async () => {
		const {press} = await open();
		expect(await press(keys.tab)).toMatch(/▸ 2 B/);
		expect(await press(keys.up)).toMatch(/▸ 1 A/);
		expect(await press(keys.down)).toMatch(/▸ 2 B/);
		expect(await press('1')).toMatch(/▸ 1 A/);
	});

	test('p pauses the selected client for the chosen length; + and - change it; e resumes', async () => {
		const {press} = await open();
		await press('2', '+', '+');
		expect(await press('p')).toMatch(/2 B\s+paused by GC until t=7/);
		expect(await press('e')).toMatch(/2 B\s+running/);
		expect(await press('-')).toContain('GC 6');
	});

	test('acting by hand leaves the script and says so; S goes back to it, and ← to the change again', async () => {
		const {press} = await open();
		const acquired = await press('a');
		expect(acquired).toMatch(/holder\s+A\s+token 1/);
		expect(acquired).toContain('OFF SCRIPT: 1 change by hand (S returns to the script, i shows it)');
		expect(await press('S')).not.toContain('OFF SCRIPT');
		expect(await press(keys.left)).toContain('OFF SCRIPT: 1 change by hand');
	});

	test('b and . blank the screen; F5, Shift-F5 and Escape leak into nothing; the key that brings it back does nothing else', async () => {
		const {press} = await open();
		const shown = await press(keys.space);
		expect(await press(keys.f5, keys.shiftF5)).toBe(shown);
		for (const blank of ['b', '.']) {
			const blanked = await press(blank);
			expect(blanked.trim()).toBe('');
			expect(await press(keys.f5, keys.shiftF5)).toBe(blanked);
			for (const key of [keys.escape, 'q', keys.space]) {
				expect(await press(key)).toBe(shown);
				await press(blank);
			}
			expect(await press('l')).toBe(shown);
		}
		expect(await press(keys.space)).toContain('step 3 of 7');
	});

	test('f and F toggle fencing on the client and on the resource', async () => {
		const {press} = await open();
		// The column of who sends its token, left out while every client sends it, shows once one stops.
		expect(await press('f')).toMatch(/sends token[\s\S]*1 A\s+running\s+—\s+no/);
		expect(await press('F')).toContain('FENCING OFF');
		expect(await press('F')).toContain('fencing ON');
	});

	test('t ticks one, T ticks a lease, w writes, c crashes and restarts, r and u renew and release', async () => {
		const {press} = await open();
		expect(await press('t')).toContain('t=1');
		expect(await press('T')).toContain('t=6');
		await press('a', 'w');
		expect(await press('r')).toContain('A renewed its lease until t=11');
		expect(await press('u')).toContain('A released the lock (token 1)');
		expect(await press('c')).toMatch(/1 A\s+crashed/);
		expect(await press('c')).toMatch(/1 A\s+running/);
	});

	test('--autoplay S: a short step stays S seconds, a step with longer narration longer, as a recording holds it', async () => {
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		try {
			const long = 'word '.repeat(40).trim();
			const paced = scenarioOf(`title: t\nclients: [A]\nsteps:\n  - say: short\n  - do: acquire A\n    say: ${long}\n  - do: tick\n    say: the end\n`);
			app = render(<App {...appProps(paced)} autoplay={1} />);
			const turn = () => new Promise(resolve => setImmediate(resolve));
			const later = async (ms: number) => {
				vi.advanceTimersByTime(ms);
				for (let turns = 0; turns < 10; turns += 1) await turn();
				return app!.lastFrame() ?? '';
			};
			await later(0);
			const sessions = storyboard(paced);
			expect(await later(stepHoldMs(sessions[0]!, 'en', 1) - 1)).toContain('step 1 of 3');
			expect(await later(1)).toContain('step 2 of 3');
			// The long narration stays longer than a short step's second.
			expect(stepHoldMs(sessions[1]!, 'en', 1)).toBeGreaterThan(2000);
			expect(await later(stepHoldMs(sessions[1]!, 'en', 1) - 1)).toContain('step 2 of 3');
			expect(await later(1)).toContain('step 3 of 3');
		} finally {
			vi.useRealTimers();
		}
	});

	test('? lists every key; Escape closes it', async () => {
		const {press} = await open();
		const help = await press('?');
		for (const entry of keyHelp) expect(help).toContain(entry.en);
		expect(help).not.toContain('Lock service');
		expect(await press(keys.escape)).toContain('Lock service');
	});

	test(': types a command; a bad one is explained, a good one runs', async () => {
		const {press} = await open();
		await press(':', ...'pause Z 3');
		expect(await press(keys.enter)).toContain("pause: no client named 'Z' (clients: A, B)");
		await press(...Array.from({length: 3}, () => keys.backspace), ...'B 3');
		expect(await press(keys.enter)).toMatch(/2 B\s+paused by GC until t=3/);
		await press(':', 'x');
		expect(await press(keys.escape)).not.toContain(':x');
	});

	test('a scenario opened from the picker starts on its first screen: the Enter that picks it is not a step', async () => {
		const {press} = await open();
		// The picker reads keys once it is on screen: a busy machine may take more than a turn to mount it.
		const openPicker = async () => {
			await press('o');
			await vi.waitFor(() => expect(app!.lastFrame()).toContain('heartbeat'));
		};
		await openPicker();
		await press(keys.enter);
		await vi.waitFor(() => expect(app!.lastFrame()).toContain('Story · step 1 of 7'));
		await openPicker();
		// One arrow at a time, each drawn before the next.
		const highlighted = () =>
			app!
				.lastFrame()
				?.split('\n')
				.find(line => line.includes('▸ ')) ?? '';
		for (const name of ['check-then-pause', 'check-unfenced', 'crash ']) {
			await press(keys.down);
			await vi.waitFor(() => expect(highlighted()).toContain(name));
		}
		await press(keys.enter);
		await vi.waitFor(() => expect(app!.lastFrame()).toContain("Crash: the lease frees a dead holder's lock"));
		expect(app!.lastFrame()).toContain('Story · start');
	});

	test('keys that arrive together in the picker each move it (a held arrow key, a clicker), from the moment it is drawn', async () => {
		const {press} = await open();
		await press('o');
		// No wait after the frame that shows it: the app's one listener hears keys as it is drawn.
		await vi.waitFor(() => expect(app!.lastFrame()).toContain('heartbeat'));
		const highlighted = () =>
			app!
				.lastFrame()
				?.split('\n')
				.find(line => line.includes('▸ ')) ?? '';
		expect(highlighted()).toContain('gc-pause');
		// One write: every key reaches the picker before it draws again.
		await press(keys.down.repeat(3));
		await vi.waitFor(() => expect(highlighted()).toContain('crash '));
		await press(keys.up.repeat(2) + keys.enter);
		await vi.waitFor(() => expect(app!.lastFrame()).toContain('Check, then pause'));
		expect(app!.lastFrame()).toContain('Story · start');
	});

	test('Ctrl-C while typing a command cancels it and leaves the dashboard open', async () => {
		const {press} = await open();
		await press(':', ...'tick 3');
		const cancelled = await press('\u0003');
		expect(cancelled).not.toContain(':tick 3');
		expect(cancelled).toContain('Lock service');
		expect(cancelled).toContain('t=0');
	});

	test("v replays the story with the resource fencing flipped, in the twin scenario's words", async () => {
		const {press} = await open();
		const flipped = await press(keys.end, 'v');
		expect(flipped).toContain('GC pause without fencing');
		expect(flipped).toContain('fencing OFF (variant)');
		expect(flipped).toContain("CORRUPTED at step 7: A's write with stale token 1 accepted");
		expect(flipped).not.toContain('OFF SCRIPT');
		const back = await press('v');
		expect(back).toContain('the fencing token saves row-42');
		expect(back).not.toContain('CORRUPTED');
	});

	test('labels in Japanese', async () => {
		const {press} = await open('ja');
		expect(await press(keys.end)).toContain('ステップ 7/7');
		expect(app!.lastFrame()).toContain('ロックサービス');
	});
});
