// The stand-in for Ink's log-update: with incremental writing, every frame lands where the last
// one was, as the standard writer draws it, and the program's end leaves the cursor below it.

import type {Writable} from 'node:stream';
import xterm from '@xterm/headless';
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {type LogUpdateModule, withFramesInPlace} from '../../source/render/log-update.js';
import {screenText, writeInto} from '../export/terminal.js';
import {inkModule} from './ink-module.js';

const inkLogUpdate = await inkModule<LogUpdateModule>('log-update');
const ours = withFramesInPlace(inkLogUpdate);

const rows = 12;
/** A terminal as a pty gives it to a program: a newline also returns the carriage. */
const terminal = () => new xterm.Terminal({cols: 30, rows, allowProposedApi: true, convertEol: true});

const line = fc.constantFrom('lock A', 'token 2', '', '  row-42', 'B ✓', 'GC ▒▒▒', 'x'.repeat(29));
/** A frame as Ink hands it over when it is shorter than the terminal: ending in a newline. */
const frame = (minLength: number, maxLength: number) => fc.array(line, {minLength, maxLength}).map(lines => `${lines.join('\n')}\n`);

/** What the screen shows: a space written and a cell never written look the same. */
const visible = (screen: xterm.Terminal) => screenText(screen).map(row => row.trimEnd());

/** The screen after each frame, the frames written by `log` into a terminal that starts with a prompt line. */
async function screensOf(module: LogUpdateModule, incremental: boolean, frames: readonly string[], after = ''): Promise<string[][]> {
	const screen = terminal();
	let written = '';
	const stream = {write: (text: string) => ((written += text), true)} as unknown as Writable;
	const log = module.create(stream, {incremental});
	await writeInto(screen, '$ dlock-tui\n');
	const screens: string[][] = [];
	for (const text of frames) {
		log(text);
		await writeInto(screen, written);
		written = '';
		screens.push(visible(screen));
	}
	log.done();
	await writeInto(screen, written + after);
	screens.push(visible(screen));
	return screens;
}

describe('the log-update stand-in', () => {
	test('with incremental writing, each frame is on screen where and as the standard writer puts it, and what follows comes below', async () => {
		await fc.assert(
			// Frames that fit under the line that started the program, with the row a newline needs.
			fc.asyncProperty(fc.array(frame(1, rows - 2), {minLength: 1, maxLength: 6}), async frames => {
				const standard = await screensOf(inkLogUpdate, false, frames, '$ ');
				const incremental = await screensOf(ours, true, frames, '$ ');
				expect(incremental).toEqual(standard);
				// The frame starts under the line that started it; after the end the prompt follows the last frame.
				const last = frames.at(-1)!.split('\n').slice(0, -1);
				expect(standard.at(-2)!.slice(1, 1 + last.length)).toEqual(last.map(line => line.trimEnd()));
				expect(standard.at(-1)![1 + last.length]).toBe('$');
			}),
			{numRuns: 200},
		);
	});

	test('a frame one row shorter than the terminal, as the dashboard draws, stays on screen whole and ends as the standard writer ends', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(frame(rows - 1, rows - 1), {minLength: 1, maxLength: 4}), async frames => {
				const standard = await screensOf(inkLogUpdate, false, frames, '$ ');
				const incremental = await screensOf(ours, true, frames, '$ ');
				// The incremental writer keeps the cursor on the last row, so the line above stays in view.
				for (const [index, text] of frames.entries()) expect(incremental[index]!.slice(1)).toEqual(text.split('\n').slice(0, -1).map(row => row.trimEnd()));
				expect(incremental.at(-1)).toEqual(standard.at(-1));
			}),
			{numRuns: 100},
		);
	});

	test('writes only the rows that changed', () => {
		let written = '';
		const stream = {write: (text: string) => ((written += text), true)} as unknown as Writable;
		const log = ours.create(stream, {incremental: true});
		log('lock A\ntoken 1\nrow-42\n');
		written = '';
		log('lock A\ntoken 2\nrow-42\n');
		expect(written).toContain('token 2');
		expect(written).not.toContain('lock A');
		expect(written).not.toContain('row-42');
	});

	test('without incremental writing it is Ink’s own', () => {
		const stream = {write: () => true} as unknown as Writable;
		expect(ours.create(stream, {incremental: false}).toString()).toBe(inkLogUpdate.create(stream, {incremental: false}).toString());
	});
});
