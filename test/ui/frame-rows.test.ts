// Ink's log-update as installed (patches/ink+6.8.0+001+log-update-row.patch): its incremental
// writer, which rewrites only the rows that changed, must leave on screen exactly what its standard
// writer, which erases the last frame and writes the new one whole, leaves.

import type {Writable} from 'node:stream';
import xterm from '@xterm/headless';
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {screenText, writeInto} from '../export/terminal.js';
import {inkModule} from './ink-module.js';

interface LogUpdate {
	(text: string): boolean;
	done(): void;
}

const {default: logUpdate} = await inkModule<{default: {create(stream: Writable, options: {incremental: boolean}): LogUpdate}}>('log-update');

const rows = 12;
/** A terminal as a pty gives it to a program: a newline also returns the carriage. */
let shared: xterm.Terminal | undefined;
/** The one terminal, reset (RIS) for each run: the same as a new one, at less cost. */
const terminal = () => {
	if (shared) shared.reset();
	else shared = new xterm.Terminal({cols: 30, rows, allowProposedApi: true, convertEol: true});
	return shared;
};

const line = fc.constantFrom('lock A', 'token 2', '', '  row-42', 'B ✓', 'GC ▒▒▒', 'x'.repeat(29));
/** A frame of `minLength` to `maxLength` lines as Ink hands it over when it is shorter than the terminal: ending in a newline. */
const frame = (minLength: number, maxLength: number) => fc.array(line, {minLength, maxLength}).map(lines => `${lines.join('\n')}\n`);

/** What the screen shows: a space written and a cell never written look the same. */
const visible = (screen: xterm.Terminal) => screenText(screen).map(row => row.trimEnd());

/** The screen after each frame and after the program's end, the frames written into a terminal that starts with a prompt line. */
function screensOf(incremental: boolean, frames: readonly string[]): string[][] {
	const screen = terminal();
	let written = '';
	const stream = {
		write: (text: string) => {
			written += text;
			return true;
		},
	} as unknown as Writable;
	const log = logUpdate.create(stream, {incremental});
	writeInto(screen, '$ dlock-tui\n');
	const screens: string[][] = [];
	for (const text of frames) {
		log(text);
		writeInto(screen, written);
		written = '';
		screens.push(visible(screen));
	}
	log.done();
	// The shell's next prompt.
	writeInto(screen, `${written}$ `);
	screens.push(visible(screen));
	return screens;
}

describe("Ink's log-update", () => {
	// Frames that fit under the line that started the program, with the row their newline moves to.
	// (A frame that grows past the bottom of the screen is another matter, in Ink 7 too: a row the
	// incremental writer skips as unchanged is stepped over with a cursor move, which cannot scroll.)
	test('the incremental writer leaves every frame on screen where and as the standard writer does, and the prompt below the last', () => {
		fc.assert(
			fc.property(fc.array(frame(1, rows - 2), {minLength: 1, maxLength: 6}), frames => {
				const standard = screensOf(false, frames);
				expect(screensOf(true, frames)).toEqual(standard);
				// The standard writer as the expectation: the last frame ends right above the prompt.
				const last = frames.at(-1)!.split('\n').slice(0, -1);
				const prompt = standard.at(-1)!.lastIndexOf('$');
				expect(standard.at(-1)!.slice(prompt - last.length, prompt)).toEqual(last.map(text => text.trimEnd()));
			}),
			{numRuns: 80},
		);
	});

	test("the dashboard's frames, one row shorter than the terminal, stay whole on screen as the standard writer leaves them", () => {
		fc.assert(
			fc.property(fc.array(frame(rows - 1, rows - 1), {minLength: 1, maxLength: 4}), frames => {
				const standard = screensOf(false, frames);
				expect(screensOf(true, frames)).toEqual(standard);
				for (const [index, text] of frames.entries())
					expect(standard[index]!.slice(0, rows - 1)).toEqual(
						text
							.split('\n')
							.slice(0, -1)
							.map(row => row.trimEnd()),
					);
			}),
			{numRuns: 50},
		);
	});

	test('the incremental writer writes only the rows that changed', () => {
		let written = '';
		const stream = {
			write: (text: string) => {
				written += text;
				return true;
			},
		} as unknown as Writable;
		const log = logUpdate.create(stream, {incremental: true});
		log('lock A\ntoken 1\nrow-42\n');
		written = '';
		log('lock A\ntoken 2\nrow-42\n');
		expect(written).toContain('token 2');
		expect(written).not.toContain('lock A');
		expect(written).not.toContain('row-42');
	});
});
