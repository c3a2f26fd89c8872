// Frames as grids of terminal cells (which the SVG pictures draw too), and the escape sequences
// that turn one frame into the next by rewriting only the cells that changed: a recording stays
// small and plays without flicker.

import {type AnsiCode, reduceAnsiCodesIncremental, type StyledChar, styledCharsFromTokens, styledCharsToString, tokenize} from '@alcalzone/ansi-tokenize';
import {charactersOf, widthOf} from '../text/width.js';
import type {Frame} from './frame.js';

/** One column of a row: a character starts there (`lead`) or a wide character goes on through it. */
export interface Slot {
	readonly char: StyledChar;
	readonly lead: boolean;
	/** The escape codes of its style, one after another: two slots look alike when these are equal. */
	readonly style: string;
	/** Character and style together: two slots show the same thing when their keys are equal. */
	readonly key: string;
}

const blankChar: StyledChar = {type: 'char', value: ' ', fullWidth: false, styles: []};
const blankSlot: Slot = {char: blankChar, lead: true, style: '', key: ' '};

/** Unchanged cells shorter than this between two changes are rewritten: cheaper than a cursor move. */
const minimumGap = 8;

const csi = '\u001B[';
const moveTo = (row: number, column: number) => `${csi}${row + 1};${column + 1}H`;
const eraseToEndOfLine = `${csi}K`;

/** An SGR sequence (colours and text styles), all Ink writes into a line of the dashboard; split by it, a line keeps it. */
const sgrSequence = /(\u001B\[[\d;]*m)/;
const anyEscape = /[\u001B\u009B]/;

/** The codes of an SGR sequence as ansi-tokenize reads them (`\u001B[1;31m`: bold, then red). */
const codesOf = (sequence: string): AnsiCode[] => tokenize(sequence).filter((token): token is AnsiCode => token.type === 'ansi');

const styleOf = (styles: readonly AnsiCode[]) => styles.map(code => code.code).join('');

/**
 * A line of a frame as exactly `cols` slots, as Ink measures characters (string-width), styled as
 * ansi-tokenize reads the line. Its text between two SGR sequences is read a stretch at a time
 * rather than a character at a time as ansi-tokenize's tokenize does (a tenth of the time); a line
 * with any other escape sequence is left to tokenize.
 */
export function rowSlots(line: string, cols: number): Slot[] {
	const slots: Slot[] = [];
	/** Adds a character's slots; false when it does not fit, and nothing after it will. */
	const place = (char: StyledChar, style: string): boolean => {
		const width = Math.max(1, widthOf(char.value));
		if (slots.length + width > cols) return false;
		const key = `${char.value}\u0000${style}`;
		slots.push({char, lead: true, style, key});
		for (let rest = 1; rest < width; rest += 1) slots.push({char, lead: false, style, key});
		return true;
	};
	const parts = line.split(sgrSequence);
	if (parts.some((part, index) => index % 2 === 0 && anyEscape.test(part))) {
		for (const char of styledCharsFromTokens(tokenize(line))) if (!place(char, styleOf(char.styles))) break;
	} else {
		let styles: AnsiCode[] = [];
		let style = '';
		for (const [index, part] of parts.entries()) {
			// Text and sequences take turns: the odd parts are the sequences.
			if (index % 2 === 1) {
				styles = reduceAnsiCodesIncremental(styles, codesOf(part));
				style = styleOf(styles);
			} else if (!charactersOf(part).every(value => place({type: 'char', value, fullWidth: widthOf(value) > 1, styles}, style))) break;
		}
	}
	while (slots.length < cols) slots.push(blankSlot);
	return slots;
}

const sameSlot = (a: Slot, b: Slot) => a.lead === b.lead && a.key === b.key;
const isBlank = (slot: Slot) => slot.lead && slot.char.value === ' ' && slot.char.styles.length === 0;

/** Column ranges [start, end) where `next` differs from `previous`, close ranges merged. */
function changedRanges(previous: readonly Slot[], next: readonly Slot[]): Array<[number, number]> {
	const ranges: Array<[number, number]> = [];
	for (let column = 0; column < next.length; column += 1) {
		if (sameSlot(previous[column]!, next[column]!)) continue;
		const last = ranges.at(-1);
		if (last && column - last[1] < minimumGap) last[1] = column + 1;
		else ranges.push([column, column + 1]);
	}
	// A range must start and end on whole characters of the new row.
	for (const range of ranges) {
		while (range[0] > 0 && !next[range[0]]!.lead) range[0] -= 1;
		while (range[1] < next.length && !next[range[1]]!.lead) range[1] += 1;
	}
	return ranges;
}

function rewriteRow(row: number, previous: readonly Slot[], next: readonly Slot[]): string {
	let out = '';
	for (const [start, end] of changedRanges(previous, next)) {
		let stop = end;
		// A change followed by nothing but blanks: erase to the end of the row instead of writing spaces.
		const toEnd = next.slice(end).every(isBlank);
		if (toEnd) while (stop > start && isBlank(next[stop - 1]!)) stop -= 1;
		out += moveTo(row, start) + styledText(next.slice(start, stop)) + (toEnd && stop < end ? eraseToEndOfLine : '');
	}
	return out;
}

/**
 * The characters of `slots` with the escape codes that style them, as styledCharsToString writes
 * them. It compares the styles of every two characters side by side; given each stretch of one
 * style as one character, it writes the same codes at a fraction of the cost.
 */
function styledText(slots: readonly Slot[]): string {
	const stretches: StyledChar[] = [];
	let style: string | null = null;
	for (const slot of slots) {
		if (!slot.lead) continue;
		const last = stretches.at(-1);
		if (last !== undefined && slot.style === style) last.value += slot.char.value;
		else stretches.push({...slot.char});
		style = slot.style;
	}
	return styledCharsToString(stretches);
}

interface ShownRow {
	readonly line: string;
	readonly slots: readonly Slot[];
}

/**
 * A terminal of `cols` columns as a recording sees it: what it shows, and the bytes that make it
 * show the next frame. Each row is measured once, when it first appears.
 */
export class Screen {
	private shown: readonly ShownRow[] | null = null;
	private readonly blank: ShownRow;

	constructor(private readonly cols: number) {
		this.blank = {line: '', slots: rowSlots('', cols)};
	}

	/** The first frame clears the terminal and draws what is not blank; later ones rewrite only changed cells. */
	show(frame: Frame): string {
		const previous = this.shown;
		let out = previous === null ? `${csi}H${csi}2J` : '';
		this.shown = frame.map((line, row) => {
			const before = previous?.[row] ?? this.blank;
			if (line === before.line) return before;
			const after = {line, slots: rowSlots(line, this.cols)};
			out += rewriteRow(row, before.slots, after.slots);
			return after;
		});
		return out;
	}
}
