// The stand-in for Ink's Output must draw what Ink's own draws, whatever it is given (the same
// text always, the same bytes for any frame it does not write straight through, and in a straight
// frame every cell as Ink's tokenizer reads it), and must write every frame of the dashboard straight.

import {styledCharsFromTokens, tokenize} from '@alcalzone/ansi-tokenize';
import defaultChalk, {Chalk} from 'chalk';
import fc from 'fast-check';
import {describe, expect, onTestFinished, test} from 'vitest';
import {endsUnstyled, type InkOutput, type InkOutputClass, type OutputOperation, withStraightRows} from '../../source/render/output.js';
import {loadScenario} from '../../source/scenario/files.js';
import {reduceSession, startSession} from '../../source/session/session.js';
import {dashboardRows} from '../../source/ui/Dashboard.js';
import {makeLook} from '../../source/ui/look.js';
import {paintRow} from '../../source/ui/panes/rows.js';
import {playInto, screenCells, screenText} from '../export/terminal.js';
import {inkModule} from './ink-module.js';

const InkOriginal = await inkModule<InkOutputClass>('output');
const Straight = withStraightRows(InkOriginal);

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

const piece = fc.tuple(fc.constantFrom('a', 'Zz', ' ', '  ', '日本', '✓', '─', 'x ', 'é'), fc.nat(styles.length - 1)).map(([text, style]) => styles[style]!(text));
const line = fc.array(piece, {maxLength: 5}).map(pieces => pieces.join(''));
// Mostly what the dashboard writes (whole rows at the left edge), sometimes what it never does.
const operation: fc.Arbitrary<Operation> = fc.oneof(
	{weight: 6, arbitrary: fc.record({type: fc.constant('write' as const), x: fc.constant(0), y: fc.nat(5), text: line, bold: fc.boolean()})},
	{weight: 1, arbitrary: fc.record({type: fc.constant('write' as const), x: fc.nat(8), y: fc.integer({min: -1, max: 5}), text: fc.array(line, {minLength: 1, maxLength: 3}).map(lines => lines.join('\n')), bold: fc.boolean()})},
	{weight: 1, arbitrary: fc.record({type: fc.constant('write' as const), x: fc.constant(0), y: fc.nat(5), text: fc.constantFrom('\u001B[1mopen', 'a\u001B[2Kb', '\u001B[5;1mx\u001B[0m', '\u001B[38;5;9mx\u001B[39m', '\u001B[58;5;1mx'), bold: fc.boolean()})},
	{weight: 1, arbitrary: fc.record({type: fc.constant('clip' as const), x1: fc.nat(6), x2: fc.integer({min: 4, max: 30}), y1: fc.nat(2), y2: fc.integer({min: 2, max: 6})})},
	{weight: 1, arbitrary: fc.constant({type: 'unclip' as const})},
);

// A <Text bold> puts its style on each line through a transformer, as Ink's Text does.
const bold = (text: string) => chalk.bold(text);
// Both Outputs drop a write of nothing.
const operationsFor = (operations: readonly Operation[]): OutputOperation[] =>
	operations.filter(operation => operation.type !== 'write' || operation.text !== '').map(operation => (operation.type === 'write' ? {...operation, transformers: operation.bold ? [bold] : []} : operation.type === 'clip' ? {type: 'clip', clip: operation} : operation));

function draw(Output: InkOutputClass, width: number, height: number, operations: readonly Operation[]): string {
	const output: InkOutput = new Output({width, height});
	for (const operation of operationsFor(operations)) {
		if (operation.type === 'write') output.write(operation.x, operation.y, operation.text, {transformers: operation.transformers});
		else if (operation.type === 'clip') output.clip(operation.clip);
		else output.unclip();
	}
	const {output: text, height: drawnHeight} = output.get();
	expect(drawnHeight).toBe(height);
	return text;
}

const played = (output: string, height: number) => playInto([output.replaceAll('\n', '\r\n')], 60, height + 2);
const cellsOf = async (output: string, height: number) => screenCells(await played(output, height));
const textOf = async (output: string, height: number) => screenText(await played(output, height));

/**
 * A row of text cell by cell, as Ink's own tokenizer reads it, each cell written with its styles in
 * full. Ink's Output joins the same cells more tersely, and sometimes wrongly: after bold and dim
 * together, one code ends both, and bold is not begun again.
 */
const cellByCell = (row: string): string =>
	`${styledCharsFromTokens(tokenize(row)).map(cell => `\u001B[0m${cell.styles.map(style => style.code).join('')}${cell.value}`).join('')}\u001B[0m`;

/** A frame of whole lines at the left edge, none on a row of another: the frames the stand-in may write straight through. */
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
			if (operation.y + index < height) rows[operation.y + index] = cellByCell(operation.transformers.reduce((text, transform) => transform(text, index), line));
		}
	}
	return rows.join('\n');
}

describe('the Output stand-in', () => {
	test("draws what Ink's Output draws: the same text always, and the same bytes whenever it does not write rows straight through", async () => {
		await fc.assert(
			fc.asyncProperty(fc.integer({min: 1, max: 30}), fc.integer({min: 1, max: 6}), fc.array(operation, {maxLength: 10}), async (width, height, operations) => {
				const ours = draw(Straight, width, height, operations);
				const ink = draw(InkOriginal, width, height, operations);
				expect(ours.split('\n')).toHaveLength(ink.split('\n').length);
				expect(await textOf(ours, height)).toEqual(await textOf(ink, height));
				if (ours !== ink) {
					// Only a straight frame may differ in its bytes, and it shows each cell as Ink's tokenizer reads it.
					expect(isStraight(operationsFor(operations), height)).toBe(true);
					expect(await cellsOf(ours, height)).toEqual(await cellsOf(straightFrame(operationsFor(operations), height), height));
				}
			}),
			{numRuns: 300},
		);
	});

	test('passes rows of styled text through as they are, but for the blank at their end', () => {
		const rows = [chalk.red('lock ') + chalk.bold.inverse(' A ') + '   ', '', `${chalk.dim('─'.repeat(5))}  `];
		const output = draw(Straight, 20, 4, rows.map((text, y) => ({type: 'write', x: 0, y, text, bold: false})));
		expect(output).toBe([...rows.map(row => row.trimEnd()), ''].join('\n'));
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

	test("takes the fast way for every row of the dashboard: Ink's Output is never needed", () => {
		const refuse = class {
			constructor() {
				throw new Error("Ink's Output was needed");
			}
		} as unknown as InkOutputClass;
		const Fast = withStraightRows(refuse);
		let session = startSession(loadScenario('gc-pause'));
		// Rows are styled with the shared chalk, whose level follows the terminal: this test wants escape codes.
		const level = defaultChalk.level;
		defaultChalk.level = 3;
		onTestFinished(() => {
			defaultChalk.level = level;
		});
		for (let step = 0; step < 12; step += 1) {
			for (const [theme, color, ascii] of [['dark', true, false], ['light', false, true]] as const) {
				const look = makeLook({lang: step % 2 ? 'ja' : 'en', theme, ascii, color});
				const rows = dashboardRows({session, width: 120, height: 40}, look);
				const output = new Fast({width: 120, height: rows.length});
				for (const [y, row] of rows.entries()) output.write(0, y, paintRow(row, look), {transformers: []});
				expect(output.get().output.split('\n')).toHaveLength(rows.length);
			}
			session = reduceSession(session, {type: 'next'});
		}
	});
});
