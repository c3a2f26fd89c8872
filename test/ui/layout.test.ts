// The dashboard's layout as a person at the usual sizes sees it: nothing cut short, every pane
// given the room a large terminal has, and a frame's cost bounded by what it shows.

import {isDeepStrictEqual} from 'node:util';
import {describe, expect, test} from 'vitest';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames} from '../../source/scenario/files.js';
import type {Lang} from '../../source/text/narration.js';
import {historyCommands, reduceSession, type Session, type SessionAction, startSession} from '../../source/session/session.js';
import {wrap} from '../../source/text/fit.js';
import {widthOf} from '../../source/text/width.js';
import {dashboardRows, minimumSize} from '../../source/ui/Dashboard.js';
import {makeLook} from '../../source/ui/look.js';
import {headerRow, titleFits} from '../../source/ui/panes/header.js';
import {keyBarRow, promptRows} from '../../source/ui/panes/keyBar.js';
import {commandProblemText} from '../../source/words/describe.js';
import type {Row} from '../../source/ui/panes/rows.js';
import {expectEqual} from '../expect-equal.js';
import {builtinScenario, scenarioOf} from '../scenario/helpers.js';
import type {Scenario} from '../../source/scenario/parse.js';

/** One look per language, as the dashboard keeps one: rows built for a look are kept with it. */
const looks = {en: makeLook({lang: 'en', theme: 'dark', ascii: false, color: false}), ja: makeLook({lang: 'ja', theme: 'dark', ascii: false, color: false})};
const lookIn = (lang: Lang) => looks[lang];
const textOf = (row: Row) => row.map(part => part.text).join('');
const linesOf = (session: Session, width: number, height: number, lang: Lang) => dashboardRows({session, width, height}, lookIn(lang)).map(textOf);

/** Every screen of a scenario's script, forward to the end and back to the start. */
function* everyStep(session: Session): Generator<Session> {
	const forward = [session];
	for (let next = reduceSession(session, {type: 'next'}); next !== forward.at(-1); next = reduceSession(forward.at(-1)!, {type: 'next'})) forward.push(next);
	yield* forward;
	let back = forward.at(-1)!;
	for (let previous = reduceSession(back, {type: 'back'}); previous !== back; previous = reduceSession(back, {type: 'back'})) {
		back = previous;
		yield back;
	}
}

/**
 * Every session of a script (a built-in's, by default), forward and back, with the first session
 * equal to each, field for field (going back can give a session equal to one before it): played
 * once, read at every size.
 */
const played = new Map<string, {readonly session: Session; readonly same: number}[]>();
function sessionsOf(name: string, scenario = () => builtinScenario(name)) {
	let sessions = played.get(name);
	if (!sessions) {
		const steps = [...everyStep(startSession(scenario()))];
		sessions = steps.map(session => ({session, same: steps.findIndex(earlier => isDeepStrictEqual(earlier, session))}));
		played.set(name, sessions);
	}
	return sessions;
}

/**
 * Every screen of a script (a built-in's, by default), forward and back, drawn at a size, with
 * the step each shows. Several checks read the same screens: each is drawn once. A session that
 * going back makes equal, field for field, to one drawn already is the same picture: it is not
 * drawn again.
 */
const drawn = new Map<string, {readonly step: number; readonly lines: string[]}[]>();
function screensOf(name: string, lang: Lang, width: number, height: number, scenario?: () => Scenario) {
	const key = `${name} ${lang} ${width}x${height}`;
	let screens = drawn.get(key);
	if (!screens) {
		screens = [];
		for (const [index, {session, same}] of sessionsOf(name, scenario).entries())
			screens.push({step: session.history.entry.step, lines: same < index ? screens[same]!.lines : linesOf(session, width, height, lang)});
		drawn.set(key, screens);
	}
	return screens;
}

const sizes = [
	[80, 24],
	[120, 40],
	[200, 60],
] as const;

/** The timeline's legend where its last signs gave way to the lock's lane: whole signs, then an ellipsis (the help lists them all). */
const legendGivenWay = / {2}…[ ─]*$/;

describe('nothing is cut short', () => {
	for (const name of builtinNames())
		for (const lang of ['en', 'ja'] as const)
			test(`${name} in ${lang}, at 80x24, 120x40 and 200x60, forward and back`, () => {
				for (const [width, rows] of sizes)
					for (const {step, lines} of screensOf(name, lang, width, rows - 1))
						expectEqual(
							lines.filter(line => line.includes('…') && !legendGivenWay.test(line)),
							[],
							`${width}x${rows} step ${step}`,
						);
			});

	test("the clients' headings show at every step from 120x40 up; at 80x24 the node rows give way before them", () => {
		const headings = {en: /^ {2}client {2}status/, ja: /^ {2}名前 {2}状態/};
		const nodeRow = /^[ ▸]L\d+ {2,}/;
		for (const name of builtinNames())
			for (const lang of ['en', 'ja'] as const)
				for (const [width, rows] of sizes)
					for (const {step, lines} of screensOf(name, lang, width, rows - 1)) {
						const where = `${name} ${lang} ${width}x${rows} step ${step}`;
						if (lines.some(line => headings[lang].test(line))) continue;
						expect(width, where).toBe(80);
						expect(
							lines.filter(line => nodeRow.test(line)),
							where,
						).toEqual([]);
					}
		// A recording's screen has the key bar's row too.
		for (const name of builtinNames())
			for (const {session} of sessionsOf(name)) {
				const lines = dashboardRows({session, width: 80, height: 24, keyBar: false}, lookIn('en')).map(textOf);
				if (!lines.some(line => headings.en.test(line)))
					expect(
						lines.filter(line => nodeRow.test(line)),
						`${name} step ${session.history.entry.step}`,
					).toEqual([]);
			}
	});

	test("at 80x24 a story's lock lane, once shown, gives way to the node rows at no later step", () => {
		const nodeRow = /^[ ▸]L\d+ {2,}/;
		const lockLane = /^ lock {3}/;
		for (const name of builtinNames())
			for (const keyBar of [true, false]) {
				let laneShown = false;
				// Forward only: going back, a lane may have nothing left to show.
				for (const session of storyboard(builtinScenario(name))) {
					const lines = dashboardRows({session, width: 80, height: keyBar ? 23 : 24, keyBar}, lookIn('en')).map(textOf);
					const where = `${name} step ${session.history.entry.step}${keyBar ? '' : ' without the key bar'}`;
					if (lines.some(line => nodeRow.test(line)) && laneShown)
						expect(
							lines.some(line => lockLane.test(line)),
							where,
						).toBe(true);
					laneShown ||= lines.some(line => lockLane.test(line));
				}
			}
	});

	test('a five-node world by hand (cuts, a node crash, clock jumps, a paused write) at 80x24 and 120x40', () => {
		const keys: SessionAction[] = [
			{type: 'next'},
			{type: 'hand', verb: 'cut-or-heal-resource'},
			{type: 'select-next-node'},
			{type: 'hand', verb: 'cut-or-heal-node'},
			{type: 'hand', verb: 'jump-node'},
			{type: 'hand', verb: 'jump-client'},
			{type: 'hand', verb: 'crash-or-restart-node'},
			{type: 'hand', verb: 'acquire'},
			{type: 'hand', verb: 'write-paused'},
			{type: 'select-next'},
			{type: 'hand', verb: 'cut-or-heal-lock'},
			{type: 'hand', verb: 'write'},
		];
		let session = startSession(builtinScenario('redlock-clock-jump'));
		for (const action of keys) {
			session = reduceSession(session, action);
			for (const [width, rows] of [
				[80, 24],
				[120, 40],
			] as const)
				for (const lang of ['en', 'ja'] as const) {
					const lines = linesOf(session, width, rows - 1, lang);
					expect(lines, `${action.type} ${width}x${rows} ${lang}`).toHaveLength(rows - 1);
					expectEqual(
						lines.filter(line => line.includes('…') && !legendGivenWay.test(line)),
						[],
						`${JSON.stringify(action)} ${width}x${rows} ${lang}`,
					);
				}
		}
		expect(historyCommands(session).slice(-9)).toEqual([
			'partition A resource',
			'partition A L2',
			'jump L2 +10',
			'jump A +10',
			'crash L2',
			'acquire A',
			'write A pause=10',
			'partition B',
			'write B',
		]);
	});

	test("at each built-in's smallest size the story's narration and latest event are whole", () => {
		for (const name of builtinNames())
			for (const lang of ['en', 'ja'] as const) {
				const start = startSession(builtinScenario(name));
				for (const width of [68, 80]) {
					const {height} = minimumSize(start, width);
					for (const {step, lines} of screensOf(name, lang, width, height - 1)) {
						const story = lines.slice(lines.findIndex(line => /── (Story|筋書き)/.test(line)));
						expectEqual(
							story.filter(line => line.includes('…')),
							[],
							`${name} ${lang} ${width}x${height} step ${step}`,
						);
					}
				}
			}
	});

	test("heartbeat's punchline and heartbeat column at 80x24", () => {
		const session = [...everyStep(startSession(builtinScenario('heartbeat')))];
		const end = session.find(each => each.history.entry.step === 7)!;
		expect(linesOf(end, 80, 23, 'en').join('\n')).toMatch(/learns it lost\s+token 1/);
		const paused = session.find(each => each.history.entry.step === 5)!;
		expect(linesOf(paused, 80, 23, 'en').join('\n')).toMatch(/paused by GC until t=17\s+token 1 stale\s+silent/);
	});

	test('a title that does not fit gives way to the short title, then is cut', () => {
		const long = 'A title that goes on and on, well past what eighty columns of a terminal hold';
		const withShort = startSession(scenarioOf(`title: "${long}"\nshort: {en: Short one, ja: 短い題}\nclients: [A]\nsteps:\n  - do: tick\n`, 'x.yaml'));
		expect(textOf(headerRow({session: withShort, width: 80, look: lookIn('en')}))).toContain('Short one');
		expect(textOf(headerRow({session: withShort, width: 120, look: lookIn('en')}))).toContain(long);
		expect(textOf(headerRow({session: withShort, width: 80, look: lookIn('ja')}))).toContain('短い題');
		expect(titleFits(withShort.scenario, 'en', 80)).toBe(true);
		const without = startSession(scenarioOf(`title: "${long}"\nclients: [A]\nsteps:\n  - do: tick\n`, 'x.yaml'));
		expect(textOf(headerRow({session: without, width: 80, look: lookIn('en')}))).toContain('…');
		expect(titleFits(without.scenario, 'en', 80)).toBe(false);
		for (const name of builtinNames())
			for (const lang of ['en', 'ja'] as const) expect(titleFits(builtinScenario(name), lang, 80), `${name} ${lang}`).toBe(true);
	});
});

describe('a large terminal', () => {
	/** Blank rows among all rows of every screen of every built-in, as print and record draw them (one row kept free). */
	function blankShare(width: number, rows: number): number {
		let blank = 0;
		let all = 0;
		for (const name of builtinNames())
			for (const lang of ['en', 'ja'] as const)
				for (const {lines} of screensOf(name, lang, width, rows - 1)) {
					blank += lines.filter(line => line.trim() === '').length;
					all += lines.length;
				}
		return blank / all;
	}

	// Most blank rows are in a story's first steps, where little has happened yet and the steps to
	// come are not shown unless asked.
	for (const [width, rows] of [
		[120, 40],
		[200, 60],
	] as const)
		test(`at ${width}x${rows} at most 20% of the rows drawn are blank`, () => {
			expect(blankShare(width, rows)).toBeLessThanOrEqual(0.2);
		});

	test("the rows the story leaves go to the grants, the earlier writes and each client's latest events", () => {
		const steps = [...everyStep(startSession(builtinScenario('gc-pause')))];
		// Step 5: B holds token 2, A's lease (token 1) ran out, both wrote.
		const fifth = steps.find(session => session.history.entry.step === 5)!;
		const en = linesOf(fifth, 200, 59, 'en').join('\n');
		expect(en).toMatch(/grants +token 2 to B at t=5\s[^\n]*t=0 ✓ A "A" token 1 *\n +token 1 to A at t=0, expired at t=5/);
		expect(en).toMatch(
			/1 A .*\n( +t=0 A acquired the lock.*\n)?( +t=0 A's write "A" accepted \(token 1\) *\n)? +t=2 A is paused by GC until t=7 *\n +t=5 A's lease expired/,
		);
		expect(en).toMatch(/2 B .*\n +t=5 B acquired the lock with token 2 \(lease until t=10\) *\n +t=5 B's write "B" accepted \(token 2\)/);
		const ja = linesOf(fifth, 200, 59, 'ja').join('\n');
		expect(ja).toContain('付与');
		expect(ja).toContain('トークン 1 → A (t=0)、t=5 に失効');
		// Before anything has happened there is no history to show; at 80x24 the story keeps every row.
		expect(linesOf(steps[0]!, 200, 59, 'en').join('\n')).not.toContain('grants');
		expect(linesOf(fifth, 80, 23, 'en').join('\n')).not.toMatch(/grants|t=0 ✓ A/);
	});

	test('four clients and more still fit, with their history, at 120x40 and 200x60', () => {
		const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];
		const steps = names.flatMap(name => [
			`  - {do: acquire ${name}, say: ${name} acquires}`,
			`  - {do: write ${name} v${name}, say: ${name} writes}`,
			'  - do: tick 5',
		]);
		const scenario = () => scenarioOf(`title: five\nlease: 3\nclients: [${names.join(', ')}]\nsteps:\n${steps.join('\n')}\n`, 'five.yaml');
		// What is wrong with each screen, listed, in one check.
		const wrong: string[] = [];
		for (const [width, rows] of [
			[120, 40],
			[200, 60],
		] as const)
			for (const lang of ['en', 'ja'] as const)
				for (const {step, lines} of screensOf('five clients', lang, width, rows - 1, scenario)) {
					const where = `${width}x${rows} ${lang} step ${step}`;
					const text = lines.join('\n');
					if (lines.length !== rows - 1) wrong.push(`${where}: ${lines.length} rows`);
					wrong.push(...lines.filter(line => line.includes('…')).map(line => `${where}: cut short: ${line}`));
					wrong.push(...names.filter(name => !new RegExp(`\\d ${name} `).test(text)).map(name => `${where}: no row for ${name}`));
					if (!/q (quit|終了)/.test(lines.at(-1) ?? '')) wrong.push(`${where}: no key bar`);
				}
		expectEqual(wrong, []);
	});

	test('at 200x60 the signs are listed under the keys, where the rows are to spare', () => {
		const lines = linesOf(startSession(builtinScenario('gc-pause')), 200, 59, 'en');
		const signs = lines.findIndex(line => line.includes('── Signs'));
		expect(signs).toBeGreaterThan(lines.findIndex(line => line.includes('── Keys')));
		expect(lines.slice(signs).join('\n')).toContain('lease expired');
	});

	test('without the key bar (a recording) no key is listed, and the signs still are, at the bottom', () => {
		const session = startSession(builtinScenario('gc-pause'));
		const withKeys = dashboardRows({session, width: 200, height: 59}, lookIn('en')).map(textOf);
		const watched = dashboardRows({session, width: 200, height: 59, keyBar: false}, lookIn('en')).map(textOf);
		expect(watched.some(line => line.includes('── Keys'))).toBe(false);
		expect(watched.some(line => /q (quit|終了)/.test(line))).toBe(false);
		const signs = watched.findIndex(line => line.includes('── Signs'));
		expect(signs).toBeGreaterThan(0);
		expect(watched.slice(signs)).toEqual(
			withKeys.slice(
				withKeys.findIndex(line => line.includes('── Signs')),
				-1,
			),
		);
		expect(watched.slice(signs).join('\n')).toContain('lease expired');
	});

	test('a step of the story so far or still to come is shown whole or not at all', () => {
		for (const name of builtinNames()) {
			const scenario = builtinScenario(name);
			for (const [width, rows] of sizes)
				for (const {lines} of screensOf(name, 'en', width, rows - 1)) {
					// Lines may break after a hyphen (`row-` / `42`): compared without spaces.
					const text = lines.join('').replace(/\s+/g, '');
					for (const [, k] of lines.join('\n').matchAll(/^ (\d+)\/\d+ /gm))
						expect(text).toContain(`${k}/${scenario.steps.length}${scenario.steps[Number(k) - 1]!.say!.en!}`.replace(/\s+/g, ''));
				}
		}
	});

	test('its room goes to the story so far and every key; to what is about to come only when asked', () => {
		const steps = [...everyStep(startSession(builtinScenario('gc-pause')))];
		const middle = linesOf(steps[3]!, 200, 59, 'en').join('\n');
		expect(middle).toMatch(/1\/7 Nobody holds the lock yet/);
		expect(middle).not.toMatch(/7\/7 A writes/);
		expect(middle).toContain('advance the clock 1 tick / one lease');
		const asked = linesOf(reduceSession(steps[3]!, {type: 'toggle-script'}), 200, 59, 'en').join('\n');
		expect(asked).toMatch(/5\/7 B acquires[\s\S]*7\/7 A writes with its old token 1/);
		expect(linesOf(steps[3]!, 80, 23, 'en').join('\n')).not.toContain('1/7');
	});
});

describe('the command line', () => {
	const session = startSession(builtinScenario('gc-pause'));
	const pane = {session, width: 80, look: lookIn('en')};

	test('a command longer than the screen scrolls: the end being typed stays in view', () => {
		const text = `write A ${'x'.repeat(100)}end`;
		const [line] = promptRows(pane, {text, error: null});
		expect(textOf(line!)).toMatch(/^:….*xend_$/);
		expect(widthOf(textOf(line!))).toBeLessThanOrEqual(80);
	});

	test('the error stays whole above the line, however long the command', () => {
		const clients = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India'].map(name => `${name}Replica`);
		const error = {problem: {kind: 'no-client-named', verb: 'write', word: 'Zulu', clients}, hint: null} as const;
		const rows = promptRows(pane, {text: 'x'.repeat(200), error});
		expect(rows.length).toBeGreaterThan(2);
		expect(
			rows
				.slice(0, -1)
				.map(row => textOf(row).trim())
				.join(' '),
		).toBe(commandProblemText(error.problem));
		const screen = dashboardRows({session, width: 80, height: 23, prompt: {text: 'x'.repeat(200), error}}, lookIn('en')).map(textOf);
		expect(screen).toHaveLength(23);
		expect(screen.at(-1)).toMatch(/^:…x+_$/);
		expect(screen.join(' ')).toContain('IndiaReplica');
	});
});

test('the key bar keeps F (resource fencing) at 80 columns, in English and Japanese', () => {
	const session = startSession(builtinScenario('gc-pause'));
	for (const lang of ['en', 'ja'] as const)
		for (const autoplay of [null, 3]) {
			const bar = textOf(keyBarRow({session, width: 80, look: lookIn(lang), prompt: null, autoplay}));
			expect(bar).toMatch(/F (fencing|フェンシング)/);
			expect(bar).toMatch(/\? (help|ヘルプ) {2}q (quit|終了)$/);
		}
});

test('on a world without tokens the key bar shows x (cut) instead of F at 80 columns, in English and Japanese', () => {
	const redis = startSession(scenarioOf('title: r\nbackend: redis\nclients: [A, B]\nsteps:\n  - do: tick\n'));
	// With several nodes the node keys come first, and F is not there either.
	const redlock = startSession(builtinScenario('redlock-clock-jump'));
	for (const lang of ['en', 'ja'] as const) {
		const bar = textOf(keyBarRow({session: redis, width: 80, look: lookIn(lang), prompt: null, autoplay: null}));
		expect(bar).toMatch(/x (cut\/heal|切断\/復旧)/);
		expect(bar).not.toMatch(/F (fencing|フェンシング)/);
		expect(bar).toMatch(/\? (help|ヘルプ) {2}q (quit|終了)$/);
		expect(textOf(keyBarRow({session: redlock, width: 80, look: lookIn(lang), prompt: null, autoplay: null}))).not.toMatch(/F (fencing|フェンシング)/);
	}
});

describe('bounded work', () => {
	/** Counts the pieces of text Intl.Segmenter hands out (words, characters) while `run` runs. */
	function segmentsRead(run: () => void): number {
		const original = Intl.Segmenter.prototype.segment;
		let count = 0;
		Intl.Segmenter.prototype.segment = function (this: Intl.Segmenter, text: string) {
			const segments = original.call(this, text);
			return {
				[Symbol.iterator]: function* () {
					for (const segment of segments) {
						count += 1;
						yield segment;
					}
				},
				containing: (index?: number) => segments.containing(index),
			} as Intl.Segments;
		};
		try {
			run();
		} finally {
			Intl.Segmenter.prototype.segment = original;
		}
		return count;
	}

	test('a 1 MB narration, title and description cost a frame what the screen shows', () => {
		// Files may not hold such text (the schema's limits); the layout does not count on that.
		const megabyte = (words: string) => words.repeat(Math.ceil(1_000_000 / words.length));
		const text = megabyte('été, ロック ');
		const small = scenarioOf('title: t\ndescription: d\nclients: [A]\nsteps:\n  - say: s\n  - do: tick\n    say: s\n', 'huge.yaml');
		const [first, second] = small.steps;
		const session = startSession({
			...small,
			title: {en: text},
			description: {en: text},
			steps: [
				{...first!, say: {en: text}},
				{...second!, say: {en: megabyte('x')}},
			],
		});
		for (const current of [session, reduceSession(session, {type: 'next'})]) {
			let lines: string[] = [];
			const read = segmentsRead(() => {
				lines = linesOf(current, 80, 23, 'en');
			});
			expect(lines).toHaveLength(23);
			expect(lines.join('')).toContain('…');
			// A screen is 80x23 cells: reading ten times that is plenty, the text is a thousand times more.
			expect(read).toBeLessThan(80 * 23 * 10);
		}
	});

	test('wrap reads no further than the lines asked for', () => {
		const text = 'word '.repeat(200_000);
		expect(wrap(text, 40, 3)).toEqual([
			'word word word word word word word word',
			'word word word word word word word word',
			'word word word word word word word word',
		]);
		expect(segmentsRead(() => wrap(text, 40, 3))).toBeLessThan(1000);
	});
});
