import {Box, Text} from 'ink';
import {describe, expect, test} from 'vitest';
import {drawDashboard} from '../../source/export/dashboard.js';
import {renderFrame} from '../../source/export/frame.js';
import {recordCast, recordSvg} from '../../source/export/recording.js';
import {svgLayout, svgStill} from '../../source/export/svg.js';
import {storyboard} from '../../source/export/storyboard.js';
import {loadScenario} from '../../source/scenario/files.js';
import {widthOf} from '../../source/text/width.js';

const {cellWidth, cellHeight, margin} = svgLayout;
const size = {cols: 40, rows: 4};
const still = (frame: readonly string[], theme: 'dark' | 'light' = 'dark') => svgStill({...size, theme, title: 'test'}, frame);

interface Run {
	readonly xs: number[];
	readonly y: number;
	readonly classes: string[];
	readonly text: string;
}

/** The text elements of a picture: each character's x, the row's baseline, the classes and the text. */
function runs(svg: string): Run[] {
	return [...svg.matchAll(/<text x="([\d ]+)" y="(\d+)" class="([^"]+)">([^<]*)<\/text>/g)].map(([, xs, y, classes, text]) => ({
		xs: xs!.split(' ').map(Number),
		y: Number(y),
		classes: classes!.split(' '),
		text: text!
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&quot;/g, '"')
			.replace(/&amp;/g, '&'),
	}));
}

/** The column each character of a run is drawn at. */
const columns = (run: Run) => run.xs.map(x => (x - margin) / cellWidth);

describe('svgStill', () => {
	test('every character sits on its own column: a wide character takes two, the text after it stays on the grid', () => {
		const line = 'ab 日本語 cd ｘ!';
		const [run] = runs(still([line]));
		expect(run!.text).toBe(line);
		// Each character's column is the width of everything before it, as a terminal counts.
		const characters = Array.from(line);
		const expected = characters.map((_, index) => widthOf(characters.slice(0, index).join('')));
		expect(columns(run!)).toEqual(expected);
		// Not the count of characters before it: that is what string-length placement would give.
		expect(columns(run!)).not.toEqual(characters.map((_, index) => index));
	});

	test('a character of two code points gets one column for both, so the characters after it stay on theirs', () => {
		const [run] = runs(still(['😀x']));
		expect(Array.from(run!.text)).toHaveLength(2);
		// SVG counts code points; the emoji's is one code point with a surrogate pair, 'x' is at column 2.
		expect(columns(run!)).toEqual([0, 2]);
	});

	test('rows go down by a cell height, and text is drawn in runs of one style, not a cell each', () => {
		const frame = renderFrame(
			<Box flexDirection="column">
				<Text color="cyan">first row in cyan</Text>
				<Text>
					<Text color="red">red</Text> then plain
				</Text>
			</Box>,
			size,
			true,
		);
		const drawn = runs(still(frame));
		expect(drawn.map(run => run.text)).toEqual(['first row in cyan', 'red', 'then plain']);
		expect(drawn[1]!.y - drawn[0]!.y).toBe(cellHeight);
		expect(drawn[1]!.y).toBe(drawn[2]!.y);
	});

	test('styles are classes defined once and shared by every run that has them; only the classes used are defined', () => {
		const frame = renderFrame(
			<Box flexDirection="column">
				<Text color="cyan" bold>
					one
				</Text>
				<Text color="cyan" bold>
					two
				</Text>
				<Text dimColor>faint</Text>
			</Box>,
			size,
			true,
		);
		const svg = still(frame);
		const drawn = runs(svg);
		expect(drawn[0]!.classes).toEqual(drawn[1]!.classes);
		expect(drawn[0]!.classes).toContain('b');
		expect(drawn[2]!.classes).toContain('d');
		for (const name of new Set(drawn.flatMap(run => run.classes))) expect(svg.match(new RegExp(`\\.${name}\\{`, 'g'))).toHaveLength(1);
		const defined = [...svg.matchAll(/\.([a-z]\d*|[a-z][fg])\{/g)].map(match => match[1]);
		expect(new Set(defined)).toEqual(new Set(drawn.flatMap(run => run.classes)));
		expect(svg).not.toMatch(/style="/);
	});

	test('inverse swaps the colours: the background takes the text colour and the text the background', () => {
		const frame = renderFrame(
			<Text color="red" inverse>
				alarm
			</Text>,
			size,
			true,
		);
		const svg = still(frame);
		const [run] = runs(svg);
		expect(run!.classes).toContain('cg');
		const rect = /<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" class="k1"\/>/.exec(svg);
		expect(rect?.slice(1).map(Number)).toEqual([margin, margin, 'alarm'.length * cellWidth, cellHeight]);
	});

	test('the theme picks the terminal: dark or light background, the same cells', () => {
		const dark = still(['plain text'], 'dark');
		const light = still(['plain text'], 'light');
		const background = (svg: string) => /<rect width="\d+" height="\d+" rx="\d+" fill="(#[0-9a-f]{6})"\/>/.exec(svg)![1]!;
		const luminance = (hex: string) => Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(3, 5), 16) + Number.parseInt(hex.slice(5, 7), 16);
		expect(luminance(background(dark))).toBeLessThan(200);
		expect(luminance(background(light))).toBeGreaterThan(600);
		expect(runs(dark)).toEqual(runs(light));
	});

	test('text that looks like markup stays text; what XML cannot hold becomes U+FFFD', () => {
		const line = '<script>&"x"</script>';
		const svg = still([line]);
		expect(svg).not.toContain('<script');
		expect(runs(svg)[0]!.text).toBe(line);
		expect(runs(still(['a\uFFFFb\uD800c']))[0]!.text).toBe('a\uFFFDb\uFFFDc');
	});
});

describe('recordSvg of the built-in story', () => {
	const story = loadScenario('gc-pause');
	const view = {cols: 80, rows: 24, lang: 'en' as const, theme: 'dark' as const, ascii: false, keyBar: false, color: true};
	const options = {cols: 80, rows: 24, stepDelaySeconds: 3, lang: 'en' as const, theme: 'dark' as const};
	const draw = drawDashboard(view, view, true);
	const svg = recordSvg(story, options, draw);

	test('is self-contained: no script, no link, no outside resource', () => {
		expect(svg.text).not.toMatch(/<script|href|url\(|@import|<image|<foreignObject|\son[a-z]+=/i);
		// The namespace is the only address in it.
		expect([...svg.text.matchAll(/https?:/g)]).toHaveLength(1);
		expect(svg.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
	});

	test('is well under 1 MB at 80x24, a frame a step and the start', () => {
		expect(Buffer.byteLength(svg.text)).toBeLessThan(200_000);
		expect(svg.frames).toBe(storyboard(story).length);
		expect([...svg.text.matchAll(/<g id="s\d+">/g)]).toHaveLength(svg.frames);
	});

	test('holds each frame as long as the cast does, and loops', () => {
		const cast = recordCast(story, options, draw);
		expect(svg.seconds).toBe(cast.seconds);
		const lines = cast.text.trimEnd().split('\n').slice(1);
		const outputTimes = [
			...new Set(
				lines
					.map(line => JSON.parse(line) as [number, string, string])
					.filter(([, kind]) => kind === 'o')
					.map(([at]) => at),
			),
		];
		// Each frame's output in the cast, then the last event that ends it.
		const starts = [...svg.text.matchAll(/@keyframes s\d+\{(?:0%\{visibility:hidden\})?([\d.]+)%\{visibility:visible\}/g)].map(match => Number(match[1]));
		expect(starts).toEqual(outputTimes.slice(0, -1).map(at => Number(((100 * at) / cast.seconds).toFixed(3))));
		expect(svg.text).toContain(`animation:${cast.seconds}s step-end infinite`);
	});
});
