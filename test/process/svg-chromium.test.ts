// The SVG pictures as a browser shows them: Chromium renders a still headless, and the picture is
// compared with the terminal's cells, as @xterm/headless shows the recording of the same story.
// Needs Debian's chromium-headless-shell or chromium (and a Japanese font, fonts-vlgothic); .ci/run
// installs them.

import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {decode} from 'fast-png';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {svgLayout} from '../../source/export/svg.js';
import {playInto, type Terminal} from '../export/terminal.js';
import {callCli, temporaryDirectory} from '../run-cli.js';
import {Chromium, chromiumCommand} from './chromium.js';
import {requiredUnderCi} from './required-tools.js';

const directory = temporaryDirectory('dlock-chromium-');

interface Picture {
	readonly width: number;
	readonly height: number;
	/** The colour at a pixel, [r, g, b]. */
	readonly at: (x: number, y: number) => readonly [number, number, number];
}

let shots = 0;
let browser: Chromium;
/** The pictures taken, by what was drawn: the same SVG is drawn by two tests (the last still of gc-pause). */
const pictures = new Map<string, Promise<Picture>>();

/** The SVG as Chromium draws it headless, at its own size, one device pixel a CSS pixel. */
function screenshot(svg: string, options: {readonly reducedMotion?: boolean} = {}): Promise<Picture> {
	const key = JSON.stringify([svg, options.reducedMotion ?? false]);
	let picture = pictures.get(key);
	if (picture === undefined) {
		picture = takeScreenshot(svg, options);
		pictures.set(key, picture);
	}
	return picture;
}

async function takeScreenshot(svg: string, options: {readonly reducedMotion?: boolean}): Promise<Picture> {
	shots += 1;
	const file = path.join(directory, `${shots}.svg`);
	writeFileSync(file, svg);
	const [width, height] = [/ width="(\d+)"/, / height="(\d+)"/].map(pattern => Number(pattern.exec(svg)![1]));
	const image = decode(await browser.screenshot(`file://${file}`, {width: width!, height: height!, ...options}));
	const channels = image.channels;
	return {
		width: image.width,
		height: image.height,
		at: (x, y) => {
			const index = (Math.floor(y) * image.width + Math.floor(x)) * channels;
			return [image.data[index]!, image.data[index + 1]!, image.data[index + 2]!];
		},
	};
}

const differ = (a: readonly number[], b: readonly number[]) => Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!) > 60;

/**
 * Where the picture disagrees with the terminal, cell by cell: a blank cell with ink in it, a
 * character (a wide one over both its cells) with none, a coloured background not drawn. Each
 * cell is looked at inside a border of 2 pixels, which glyphs may paint across.
 */
function disagreements(picture: Picture, terminal: Terminal): string[] {
	const {cellWidth, cellHeight, margin} = svgLayout;
	const scale = picture.width / (2 * margin + terminal.cols * cellWidth);
	const background = picture.at(2, picture.height / 2);
	const box = (column: number, row: number, cells: number) => ({
		left: (margin + column * cellWidth) * scale,
		right: (margin + (column + cells) * cellWidth) * scale,
		top: (margin + row * cellHeight) * scale,
		bottom: (margin + (row + 1) * cellHeight) * scale,
	});
	const inked = (area: ReturnType<typeof box>, ground: readonly number[]) => {
		for (let y = Math.ceil(area.top + 2); y < area.bottom - 2; y += 1) {
			for (let x = Math.ceil(area.left + 2); x < area.right - 2; x += 1) if (differ(picture.at(x, y), ground)) return true;
		}
		return false;
	};
	const problems: string[] = [];
	const buffer = terminal.buffer.active;
	for (let row = 0; row < terminal.rows; row += 1) {
		const line = buffer.getLine(buffer.viewportY + row)!;
		for (let column = 0; column < terminal.cols; column += 1) {
			const cell = line.getCell(column)!;
			if (cell.getWidth() === 0) continue;
			const area = box(column, row, cell.getWidth());
			const coloured = !cell.isBgDefault() || cell.isInverse() !== 0;
			const ground = coloured ? picture.at(area.left + 1, area.top + 1) : background;
			if (coloured && !differ(ground, background)) problems.push(`${column},${row}: no background drawn`);
			const blank = (cell.getChars() || ' ') === ' ';
			if (blank && inked(area, ground)) problems.push(`${column},${row}: ink in a blank cell`);
			if (!blank && !inked(area, ground)) problems.push(`${column},${row}: ${cell.getChars()} not drawn`);
		}
	}
	return problems;
}

/** How many steps gc-pause has, read once from its print. */
let stepCount: Promise<number> | undefined;
const steps = () => {
	stepCount ??= callCli(['print', 'gc-pause']).then(({stdout}) => Number(/^── step \d+\/(\d+)/m.exec(stdout)![1]));
	return stepCount;
};

/** The last screen of a story, as the terminal shows the cast and as Chromium shows the still. */
async function lastScreen(options: readonly string[]): Promise<{terminal: Terminal; svg: string}> {
	const cast = (await callCli(['record', 'gc-pause', '--no-keys', '--format', 'cast', '-o', '-', ...options])).stdout;
	const lines = cast.trimEnd().split('\n');
	const header = JSON.parse(lines[0]!) as {width: number; height: number};
	const outputs = lines
		.slice(1)
		.map(line => JSON.parse(line) as [number, string, string])
		.filter(([, kind]) => kind === 'o')
		.map(([, , data]) => data);
	const terminal = playInto(outputs, header.width, header.height);
	const {stdout: svg} = await callCli(['print', 'gc-pause', '--format', 'svg', '--step', String(await steps()), '-o', '-', ...options]);
	return {terminal, svg};
}

/** Every character placed by its count of characters, as tools that measure string length do. */
const placedByLength = (svg: string) =>
	svg.replace(/<text x="(\d+)[\d ]*"( y="\d+" class="[^"]+">)([^<]*)</g, (_, first: string, rest: string, text: string) => {
		const xs = Array.from(text).map((_, index) => Number(first) + index * svgLayout.cellWidth);
		return `<text x="${xs.join(' ')}"${rest}${text}<`;
	});

requiredUnderCi('chromium-headless-shell (or chromium)', chromiumCommand !== null, 'apt-get install chromium-headless-shell');
describe.skipIf(chromiumCommand === null)('the SVG pictures in Chromium', () => {
	beforeAll(() => {
		browser = new Chromium(chromiumCommand!, path.join(directory, 'profile'));
	});
	afterAll(() => browser?.close());

	test.each([
		['English, dark', []],
		['Japanese, light', ['--lang', 'ja', '--theme', 'light']],
		['Japanese, dark, ASCII', ['--lang', 'ja', '--ascii']],
	])(
		'%s: every cell of the terminal is where the picture draws it',
		async (_, options) => {
			const {terminal, svg} = await lastScreen(options);
			// The last screen has coloured backgrounds (the alarm line) for the check to look at.
			const buffer = terminal.buffer.active;
			const rows = Array.from({length: terminal.rows}, (_, row) => buffer.getLine(buffer.viewportY + row)!);
			expect(rows.some(line => Array.from({length: terminal.cols}, (_, column) => line.getCell(column)!).some(cell => !cell.isBgDefault()))).toBe(true);
			const picture = await screenshot(svg);
			expect(picture.width).toBe(Number(/ width="(\d+)"/.exec(svg)![1]));
			expect(disagreements(picture, terminal)).toEqual([]);
		},
		120_000,
	);

	test('the check sees Japanese placed by string length: the columns after a wide character move', async () => {
		const {terminal, svg} = await lastScreen(['--lang', 'ja']);
		expect(placedByLength(svg)).not.toBe(svg);
		expect(disagreements(await screenshot(placedByLength(svg)), terminal).length).toBeGreaterThan(20);
	}, 120_000);

	/** Pixels that differ between two pictures of one size. */
	const pixelsApart = (one: Picture, other: Picture) => {
		let different = 0;
		for (let y = 0; y < one.height; y += 1) for (let x = 0; x < one.width; x += 1) if (differ(one.at(x, y), other.at(x, y))) different += 1;
		return different;
	};
	const still = async (step: number) => await screenshot((await callCli(['print', 'gc-pause', '--format', 'svg', '--step', String(step), '-o', '-'])).stdout);

	test('the animation opens on the first frame alone; with less motion asked for, it shows the last', async () => {
		const {stdout: animation} = await callCli(['record', 'gc-pause', '--format', 'svg', '-o', '-']);
		expect(pixelsApart(await screenshot(animation), await still(1))).toBe(0);
		expect(pixelsApart(await screenshot(animation, {reducedMotion: true}), await still(await steps()))).toBe(0);
	}, 120_000);
});
