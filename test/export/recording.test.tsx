import {Box, Text} from 'ink';
import {describe, expect, test} from 'vitest';
import {renderFrame} from '../../source/export/frame.js';
import {palettes} from '../../source/export/palette.js';
import {type DrawSession, printPages, recordCast} from '../../source/export/recording.js';
import {type ThemeName, themeNames} from '../../source/ui/look.js';
import {stepSummary, storyboard} from '../../source/export/storyboard.js';
import {builtinScenario, scenarioOf} from '../scenario/helpers.js';
import {currentWorld, stepPosition} from '../../source/session/session.js';
import {playInto, screenText} from './terminal.js';

// A stand-in for the dashboard: the export code must work with any element.
const standIn =
	(cols: number, rows: number, styled = true): DrawSession =>
	session => {
		const world = currentWorld(session);
		const {k, n} = stepPosition(session);
		return renderFrame(
			<Box flexDirection="column" borderStyle="single" width={cols}>
				<Text color="cyan">
					step {k}/{n} t={world.clock}
				</Text>
				<Text>
					holder {world.lock.holder ?? '-'} value {world.resource.value ?? '-'} max {world.resource.maxToken} rejected {world.resource.rejected}
				</Text>
			</Box>,
			{cols, rows},
			styled,
		);
	};

// The seed's story in a file of the test's own, so that editing the built-in text changes nothing here.
const story = scenarioOf(`
title: {en: "GC pause: the fencing token saves row-42", ja: "GC 停止"}
clients: [A, B]
steps:
  - say: {en: Nobody holds the lock yet. row-42 is empty., ja: まだ誰もロックを持っていない。}
  - do: [acquire A, write A]
    say: {en: A acquires the lock with token 1 and writes. row-42 remembers max token 1., ja: A が取得して書く。}
  - do: [tick 2, pause A 5]
    say: At t=2 a GC pause freezes A.
  - do: tick 3
    say: {en: "At t=5 A's lease expires. The lock is free."}
  - do: [acquire B, write B]
    say: B acquires the lock with token 2 and writes.
  - do: tick 2
    say: At t=7 A wakes up as if nothing happened.
  - do: write A
    say: A writes with its old token 1. row-42 has seen token 2, so 1 < 2 is rejected.
`);

function parseCast(text: string) {
	const [headerLine, ...eventLines] = text.slice(0, -1).split('\n');
	return {header: JSON.parse(headerLine!), events: eventLines.map(line => JSON.parse(line) as [number, string, string])};
}

describe('the storyboard', () => {
	test('is the start and then every scripted step', () => {
		const sessions = storyboard(story);
		// gc-pause opens on its first step, which has no commands.
		expect(sessions.map(session => stepPosition(session).k)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(currentWorld(sessions.at(-1)!).resource).toMatchObject({value: 'B', maxToken: 2, rejected: 1});
	});

	test('names a step by its first sentence, else by its commands', () => {
		const scenario = scenarioOf(
			'title: t\nclients: [A]\nsteps:\n  - do: acquire A\n  - do: [write A, tick 2]\n    say: {en: "A writes. Then time passes.", ja: "A が書く。時間が進む。"}\n',
		);
		const [start, first, second] = storyboard(scenario);
		expect(stepSummary(start!, 'en')).toBeNull();
		expect(stepSummary(first!, 'en')).toBe('acquire A');
		expect(stepSummary(second!, 'en')).toBe('A writes.');
		expect(stepSummary(second!, 'ja')).toBe('A が書く。');
	});

	test('keeps a long summary within 60 columns', () => {
		const scenario = scenarioOf(`title: t\nclients: [A]\nsteps:\n  - say: ${'word '.repeat(30)}\n`);
		const summary = stepSummary(storyboard(scenario)[0]!, 'en')!;
		expect(summary.length).toBeLessThanOrEqual(60);
		expect(summary.length).toBeGreaterThan(50);
		// Cut between words, the cut marked.
		expect(summary).toMatch(/^(word )+word…$/);
	});
});

describe('recordCast', () => {
	const options = {cols: 50, rows: 8, stepDelaySeconds: 2, lang: 'en' as const, theme: 'light' as const};
	const cast = recordCast(story, options, standIn(50, 7)).text;
	const {header, events} = parseCast(cast);

	test("writes an asciicast v2 header with the size, the title and the theme's colours, and no time of day", () => {
		const {theme, ...rest} = header as typeof header & {theme: {fg: string; bg: string; palette: string}};
		expect(rest).toEqual({version: 2, width: 50, height: 8, title: 'GC pause: the fencing token saves row-42'});
		// As the v2 format writes them: fg, bg, and 16 colours (black ... bright white) joined by colons.
		const colour = /^#[0-9a-f]{6}$/;
		expect(Object.keys(theme)).toEqual(['fg', 'bg', 'palette']);
		expect(theme.fg).toMatch(colour);
		expect(theme.bg).toMatch(colour);
		const colours = theme.palette.split(':');
		expect(colours).toHaveLength(16);
		for (const each of colours) expect(each).toMatch(colour);
		// The picture of the same recording is painted in the same colours.
		expect(theme).toEqual({fg: palettes.light.foreground, bg: palettes.light.background, palette: palettes.light.ansi.join(':')});
	});

	test('each theme plays in its own colours: light on white, dark and contrast on a dark terminal', () => {
		const themeOf = (theme: ThemeName) => (parseCast(recordCast(story, {...options, theme}, standIn(50, 7)).text).header as {theme: {bg: string}}).theme;
		const brightness = (hex: string) => [1, 3, 5].reduce((sum, at) => sum + Number.parseInt(hex.slice(at, at + 2), 16), 0) / 3;
		expect(brightness(themeOf('light').bg)).toBeGreaterThan(200);
		expect(brightness(themeOf('dark').bg)).toBeLessThan(50);
		expect(brightness(themeOf('contrast').bg)).toBeLessThanOrEqual(brightness(themeOf('dark').bg));
		expect(new Set(themeNames.map(theme => JSON.stringify(themeOf(theme)))).size).toBe(themeNames.length);
	});

	test('ends with one newline and no blank line', () => {
		expect(cast.endsWith(']\n')).toBe(true);
		expect(cast).not.toContain('\n\n');
	});

	test('marks every step with its number and first sentence, after its output', () => {
		const markers = events.filter(([, kind]) => kind === 'm');
		expect(markers.map(([, , label]) => label)).toEqual([
			'1/7 Nobody holds the lock yet.',
			'2/7 A acquires the lock with token 1 and writes.',
			'3/7 At t=2 a GC pause freezes A.',
			"4/7 At t=5 A's lease expires.",
			'5/7 B acquires the lock with token 2 and writes.',
			'6/7 At t=7 A wakes up as if nothing happened.',
			'7/7 A writes with its old token 1.',
		]);
		for (const marker of markers.slice(1)) {
			const output = events[events.indexOf(marker) - 1]!;
			expect(output[1]).toBe('o');
			expect(output[0]).toBe(marker[0]);
		}
	});

	test('times start at 0, never go back, and each step holds at least the step delay', () => {
		const times = events.map(([seconds]) => seconds);
		expect(times[0]).toBe(0);
		const markerTimes = events.filter(([, kind]) => kind === 'm').map(([seconds]) => seconds);
		// The first screen holds longer than a step.
		expect(markerTimes[1]! - markerTimes[0]!).toBeGreaterThan(options.stepDelaySeconds);
		for (let index = 1; index < times.length; index += 1) expect(times[index]!).toBeGreaterThanOrEqual(times[index - 1]!);
		for (let index = 1; index < markerTimes.length; index += 1)
			expect(markerTimes[index]! - markerTimes[index - 1]!).toBeGreaterThanOrEqual(options.stepDelaySeconds);
	});

	test('writes only what changes after the first frame', () => {
		const outputs = events.filter(([, kind]) => kind === 'o').map(([, , data]) => data);
		expect(outputs[0]).toContain('\u001B[2J');
		for (const later of outputs.slice(1)) {
			expect(later).not.toContain('\u001B[2J');
			expect(later.length).toBeLessThan(outputs[0]!.length);
		}
	});

	test("replayed in a terminal, it ends on the story's last screen with the cursor back", () => {
		const terminal = playInto(
			events.filter(([, kind]) => kind === 'o').map(([, , data]) => data),
			header.width,
			header.height,
		);
		const screen = screenText(terminal);
		expect(screen[1]).toContain('step 7/7 t=7');
		expect(screen[2]).toContain('holder B value B max 2 rejected 1');
		expect(screen.at(-1)).toBe('');
		expect(terminal.buffer.active.cursorY).toBe(header.height - 1);
	});

	test('is the same for the same input', () => {
		expect(recordCast(story, options, standIn(50, 7)).text).toBe(cast);
	});
});

describe('printPages', () => {
	const unicodeRule = {rule: '─', ellipsis: '…'};

	test('prints every frame under a rule that names the step, as wide as the frame', () => {
		const pages = printPages(story, {cols: 50, lang: 'en', glyphs: unicodeRule}, standIn(50, 7, false));
		const lines = pages.split('\n');
		const rules = lines.filter(line => line.startsWith('── '));
		expect(rules).toHaveLength(7);
		expect(rules[0]).toBe(`── step 1/7: Nobody holds the lock yet. ${'─'.repeat(10)}`);
		for (const rule of rules) expect([...rule].length).toBe(50);
		expect(lines).toHaveLength(7 * 8);
		expect(pages).not.toContain('\u001B');
	});

	test("never cuts a step's first sentence: whole in the rule, or left to the page", () => {
		const long = scenarioOf(
			'title: Long\nclients: [A]\nsteps:\n  - do: acquire A\n    say: A acquires the lock, and this first sentence is longer than any rule.\n  - do: write A\n    say: A writes.\n',
		);
		const rules = printPages(long, {cols: 40, lang: 'en', glyphs: unicodeRule}, standIn(40, 4, false))
			.split('\n')
			.filter(line => line.startsWith('── step'));
		expect(rules).toEqual([`── step 1/2 ${'─'.repeat(28)}`, `── step 2/2: A writes. ${'─'.repeat(17)}`]);
		for (const lang of ['en', 'ja'] as const) {
			const pages = printPages(builtinScenario('heartbeat'), {cols: 80, lang, glyphs: unicodeRule}, standIn(80, 4, false));
			expect(pages.split('\n').filter(line => line.startsWith('── ') && line.includes('…'))).toEqual([]);
		}
	});

	test('names the start by the scenario title', () => {
		const pages = printPages(
			scenarioOf('title: Two writers\nclients: [A]\nsteps:\n  - do: acquire A\n'),
			{cols: 40, lang: 'en', glyphs: unicodeRule},
			standIn(40, 4, false),
		);
		expect(pages.split('\n')[0]).toBe(`── start: Two writers ${'─'.repeat(18)}`);
	});
});
