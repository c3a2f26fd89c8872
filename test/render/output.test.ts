// Ink's Output as installed writes a frame of whole styled lines at the left edge straight through
// (patches/ink+6.8.0+003+straight-rows.patch) and draws any other frame cell by cell, as Ink always
// did. On the same frame the two ways must agree: the same text always, the same bytes for any frame
// not written straight through, and in a straight frame every cell as Ink's tokenizer reads it. And
// every frame of the dashboard must be written straight.

import {styledCharsFromTokens, tokenize} from '@alcalzone/ansi-tokenize';
import defaultChalk, {Chalk} from 'chalk';
import fc from 'fast-check';
import {describe, expect, onTestFinished, test} from 'vitest';
import {loadScenario} from '../../source/scenario/files.js';
import {reduceSession, startSession} from '../../source/session/session.js';
import {dashboardRows} from '../../source/ui/Dashboard.js';
import {makeLook} from '../../source/ui/look.js';
import {paintRow} from '../../source/ui/panes/rows.js';
import {playInto, screenCells, screenText, type Terminal, writeInto} from '../export/terminal.js';
import {inkModule} from './ink-module.js';

/** One of Ink's per-line transforms: what a <Text>'s colour props and <Transform> do to a line. */
type Transformer = (line: string, index: number) => string;

interface Clip {
	readonly x1: number;
	readonly x2: number;
	readonly y1: number;
	readonly y2: number;
}

/** Ink's Output, the grid a frame is drawn into, with the patch's two ways of reading it. */
interface InkOutput {
	write(x: number, y: number, text: string, options: {transformers: Transformer[]}): void;
	clip(clip: Clip): void;
	unclip(): void;
	/** The frame: straight through when it can be, else cell by cell. */
	get(): {output: string; height: number};
	/** The frame cell by cell, as Ink's own Output always drew it. */
	getByCharacter(): {output: string; height: number};
	/** The frame's rows if it can be written straight through, else undefined. */
	straightRows(): string[] | undefined;
}

const {default: Output, endsUnstyled} = await inkModule<{
	default: new (options: {width: number; height: number}) => InkOutput;
	endsUnstyled: (line: string) => boolean;
}>('output');

const chalk = new Chalk({level: 3});
const styles = [
	(text: string) => text,
	chalk.bold,
	chalk.dim,
	chalk.inverse,
	chalk.red,
	chalk.bgBlue,
	chalk.hex('#ff8800'),
	chalk.bgAnsi256(200),
	chalk.bold.dim,
	chalk.italic.underline.strikethrough,
	(text: string) => chalk.cyan(`a${chalk.bold(text)}b`),
];

type Operation =
	| {type: 'write'; x: number; y: number; text: string; bold: boolean}
	| {type: 'clip'; x1: number; x2: number; y1: number; y2: number}
	| {type: 'unclip'};

const piece = fc
	.tuple(fc.constantFrom('a', 'Zz', ' ', '  ', '日本', '✓', '─', 'x ', 'é'), fc.nat(styles.length - 1))
	.map(([text, style]) => styles[style]!(text));
const line = fc.array(piece, {maxLength: 5}).map(pieces => pieces.join(''));
// Mostly what the dashboard writes (whole rows at the left edge), sometimes what it never does.
const operation: fc.Arbitrary<Operation> = fc.oneof(
	{weight: 6, arbitrary: fc.record({type: fc.constant('write' as const), x: fc.constant(0), y: fc.nat(5), text: line, bold: fc.boolean()})},
	{
		weight: 1,
		arbitrary: fc.record({
			type: fc.constant('write' as const),
			x: fc.nat(8),
			y: fc.integer({min: -1, max: 5}),
			text: fc.array(line, {minLength: 1, maxLength: 3}).map(lines => lines.join('\n')),
			bold: fc.boolean(),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			type: fc.constant('write' as const),
			x: fc.constant(0),
			y: fc.nat(5),
			text: fc.constantFrom('\u001B[1mopen', 'a\u001B[2Kb', '\u001B[5;1mx\u001B[0m', '\u001B[38;5;9mx\u001B[39m', '\u001B[58;5;1mx'),
			bold: fc.boolean(),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			type: fc.constant('clip' as const),
			x1: fc.nat(6),
			x2: fc.integer({min: 4, max: 30}),
			y1: fc.nat(2),
			y2: fc.integer({min: 2, max: 6}),
		}),
	},
	{weight: 1, arbitrary: fc.constant({type: 'unclip' as const})},
);

// A <Text bold> puts its style on each line through a transformer, as Ink's Text does.
const bold = (text: string) => chalk.bold(text);
// Both Outputs drop a write of nothing.
type OutputOperation =
	| {readonly type: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly transformers: Transformer[]}
	| {readonly type: 'clip'; readonly clip: Clip}
	| {readonly type: 'unclip'};

const operationsFor = (operations: readonly Operation[]): OutputOperation[] =>
	operations
		.filter(operation => operation.type !== 'write' || operation.text !== '')
		.map(operation =>
			operation.type === 'write'
				? {...operation, transformers: operation.bold ? [bold] : []}
				: operation.type === 'clip'
					? {type: 'clip', clip: operation}
					: operation,
		);

/** A frame drawn into Ink's Output. */
function frameOf(width: number, height: number, operations: readonly Operation[]): InkOutput {
	const output = new Output({width, height});
	for (const operation of operationsFor(operations)) {
		if (operation.type === 'write') output.write(operation.x, operation.y, operation.text, {transformers: operation.transformers});
		else if (operation.type === 'clip') output.clip(operation.clip);
		else output.unclip();
	}
	return output;
}

/** The text of a frame read one way, which keeps every row of the frame. */
function read(frame: InkOutput, way: 'get' | 'getByCharacter', height: number): string {
	const {output, height: drawnHeight} = frame[way]();
	expect(drawnHeight).toBe(height);
	return output;
}

/** A terminal for each height, reset (RIS) for each frame: the same as a new one, at less cost. */
const terminals = new Map<number, Terminal>();
function played(output: string, height: number): Terminal {
	let terminal = terminals.get(height);
	if (terminal) terminal.reset();
	else {
		terminal = playInto([], 60, height + 2);
		terminals.set(height, terminal);
	}
	writeInto(terminal, output.replaceAll('\n', '\r\n'));
	return terminal;
}
const cellsOf = (output: string, height: number) => screenCells(played(output, height));
const textOf = (output: string, height: number) => screenText(played(output, height));

/**
 * A row of text cell by cell, as Ink's own tokenizer reads it, each cell written with its styles in
 * full. Ink's Output joins the same cells more tersely, and sometimes wrongly: after bold and dim
 * together, one code ends both, and bold is not begun again.
 */
const cellByCell = (row: string): string =>
	`${styledCharsFromTokens(tokenize(row))
		.map(cell => `\u001B[0m${cell.styles.map(style => style.code).join('')}${cell.value}`)
		.join('')}\u001B[0m`;

/** A frame of whole lines at the left edge, none on a row of another: the frames that may be written straight through. */
const isStraight = (operations: readonly OutputOperation[], height: number): boolean => {
	const rows = new Set<number>();
	for (const operation of operations) {
		if (operation.type !== 'write' || operation.x !== 0 || operation.y < 0) return false;
		for (let index = 0; index < operation.text.split('\n').length; index += 1) {
			// Rows below the frame are dropped.
			if (operation.y + index < height && rows.has(operation.y + index)) return false;
			rows.add(operation.y + index);
		}
	}
	return true;
};

/** What a straight frame should show: each line where it was written, cell by cell. */
function straightFrame(operations: readonly OutputOperation[], height: number): string {
	const rows = Array.from({length: height}, () => '');
	for (const operation of operations) {
		if (operation.type !== 'write') continue;
		for (const [index, line] of operation.text.split('\n').entries()) {
			if (operation.y + index < height)
				rows[operation.y + index] = cellByCell(operation.transformers.reduce((text, transform) => transform(text, index), line));
		}
	}
	return rows.join('\n');
}

describe("Ink's Output", () => {
	test("a frame read straight through or cell by cell: the same text always, the same bytes whenever it is not written straight, and each cell as Ink's tokenizer reads it", () => {
		fc.assert(
			fc.property(fc.integer({min: 1, max: 30}), fc.integer({min: 1, max: 6}), fc.array(operation, {maxLength: 10}), (width, height, operations) => {
				const frame = frameOf(width, height, operations);
				const straight = read(frame, 'get', height);
				const byCharacter = read(frame, 'getByCharacter', height);
				expect(straight.split('\n')).toHaveLength(byCharacter.split('\n').length);
				expect(textOf(straight, height)).toEqual(textOf(byCharacter, height));
				if (straight !== byCharacter) {
					// Only a straight frame may differ in its bytes, and it shows each cell as Ink's tokenizer reads it.
					expect(isStraight(operationsFor(operations), height)).toBe(true);
					expect(cellsOf(straight, height)).toEqual(cellsOf(straightFrame(operationsFor(operations), height), height));
				}
			}),
			{numRuns: 150},
		);
	});

	test('passes rows of styled text through as they are, but for the blank at their end', () => {
		const rows = [`${chalk.red('lock') + chalk.red(' A') + chalk.bold.inverse(' B ')}   `, '', `${chalk.dim('─'.repeat(5))}  `];
		const frame = frameOf(
			20,
			4,
			rows.map((text, y) => ({type: 'write', x: 0, y, text, bold: false})),
		);
		expect(read(frame, 'get', 4)).toBe([...rows.map(row => row.trimEnd()), ''].join('\n'));
		// Cell by cell, Ink writes the same cells in other bytes: one red run, not two.
		expect(read(frame, 'getByCharacter', 4)).not.toBe(read(frame, 'get', 4));
	});

	test('knows a line that leaves every style it opens ended from one that does not', () => {
		expect(endsUnstyled('plain')).toBe(true);
		expect(endsUnstyled(chalk.bold.red('x') + chalk.bgHex('#102030')('y'))).toBe(true);
		expect(endsUnstyled('\u001B[1mbold')).toBe(false);
		expect(endsUnstyled('\u001B[1;2mx\u001B[0m')).toBe(true);
		expect(endsUnstyled('\u001B[38;2;1;2;3mx\u001B[39m')).toBe(true);
		expect(endsUnstyled('\u001B[38;2;1mx\u001B[39m')).toBe(false);
		expect(endsUnstyled('a\u001B[2Kb')).toBe(false);
		expect(endsUnstyled('a\u009B1mb')).toBe(false);
	});

	test('writes every frame of the dashboard straight through', () => {
		let session = startSession(loadScenario('gc-pause'));
		// Rows are styled with the shared chalk, whose level follows the terminal: this test wants escape codes.
		const level = defaultChalk.level;
		defaultChalk.level = 3;
		onTestFinished(() => {
			defaultChalk.level = level;
		});
		for (let step = 0; step < 12; step += 1) {
			for (const [theme, color, ascii] of [
				['dark', true, false],
				['light', false, true],
			] as const) {
				const look = makeLook({lang: step % 2 ? 'ja' : 'en', theme, ascii, color});
				const rows = dashboardRows({session, width: 120, height: 40}, look).map(row => paintRow(row, look));
				const frame = new Output({width: 120, height: rows.length});
				for (const [y, row] of rows.entries()) frame.write(0, y, row, {transformers: []});
				expect(frame.straightRows()).toEqual(rows.map(row => row.trimEnd()));
			}
			session = reduceSession(session, {type: 'next'});
		}
	});
});
