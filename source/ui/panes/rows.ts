// The drawing primitive of every pane: a pane is a function from the session and the look to a
// list of rows, a row a list of styled pieces. Rows are fitted to a width here, so no pane can spill
// over or wrap, and painted into one styled string each: the whole screen is one Ink text node.

import chalk, {type BackgroundColorName} from 'chalk';
import type {Session} from '../../session/session.js';
import {cutToWidth, fit} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {asciiText, type Look, type Role, type Style} from '../look.js';

/** What every pane is drawn from. */
export interface PaneProps {
	readonly session: Session;
	readonly width: number;
	readonly look: Look;
}

/** A pane that can show more of what happened when the screen has rows to spare. */
export interface GrowingPaneProps extends PaneProps {
	/** Rows it may add to its usual ones, whole rows of its history only (default none). */
	readonly more?: number;
}

export interface Piece {
	readonly text: string;
	readonly role: Role;
}

export type Row = readonly Piece[];

export const piece = (text: string, role: Role = 'plain'): Piece => ({text, role});

export const rowWidth = (row: Row): number => row.reduce((sum, part) => sum + widthOf(part.text), 0);

/**
 * Titles and rows side by side, by the width they were fitted to: the screen fits every row
 * again, and a row it knows is that wide already is not measured piece by piece a second time.
 */
const fittedWidths = new WeakMap<Row, number>();

/** A row fitted to `width`, remembered as such. */
function knownFitted(row: Row, width: number): Row {
	fittedWidths.set(row, width);
	return row;
}

/** Pads a row to exactly `width` columns, or shortens it there, at a word boundary with an ellipsis. */
export function fitRow(row: Row, width: number, ellipsis = '…'): Row {
	if (fittedWidths.get(row) === width) return row;
	// Most rows are fitted already (a pane fits its own, the screen fits them again): they are
	// kept as they are, without a copy of every piece.
	let used = 0;
	let whole = 0;
	while (whole < row.length && used < width) {
		const next = used + widthOf(row[whole]!.text);
		if (next > width) break;
		used = next;
		whole += 1;
	}
	if (whole === row.length || used >= width) {
		const kept = whole === row.length ? row : row.slice(0, whole);
		return used < width ? [...kept, piece(' '.repeat(width - used))] : kept;
	}
	return cutRow(row, width, ellipsis);
}

/** fitRow for a row that is too wide. */
function cutRow(row: Row, width: number, ellipsis: string): Row {
	const fitted: Piece[] = [];
	let used = 0;
	for (const part of row) {
		if (used >= width) break;
		const overflows = widthOf(part.text) + used > width;
		// Padding and rules are cut anywhere; words get an ellipsis.
		const text = !overflows ? part.text : /^[\s\p{Pd}─━·]*$/u.test(part.text) ? cutToWidth(part.text, width - used) : fit(part.text, width - used, ellipsis);
		fitted.push({...part, text});
		used += widthOf(text);
	}
	if (used < width) fitted.push(piece(' '.repeat(width - used)));
	return fitted;
}

/** Rows side by side, each column padded to its width. */
export function besideRows(columns: readonly {readonly rows: readonly Row[]; readonly width: number}[], gap: number, ellipsis: string): Row[] {
	const height = Math.max(...columns.map(column => column.rows.length));
	const width = columns.reduce((sum, column) => sum + column.width, gap * (columns.length - 1));
	return Array.from({length: height}, (_, index) => {
		const row = columns.flatMap((column, position) => [
			...(position > 0 ? [piece(' '.repeat(gap))] : []),
			...fitRow(column.rows[index] ?? [], column.width, ellipsis),
		]);
		return knownFitted(row, width);
	});
}

/**
 * A row that goes on under the label column above it (`label` blank): when it is too wide for
 * that, it starts at the pane's edge instead, so that it is shown whole rather than cut.
 */
export const underLabel = (label: Piece, content: Row, width: number): Row =>
	widthOf(label.text) + rowWidth(content) <= width ? [label, ...content] : [piece(' '), ...content];

/** A row for the look: with --ascii, symbols in words and key names spelled out. */
export const rowForLook = (row: Row, look: Look): Row => (look.ascii ? row.map(part => ({...part, text: asciiText(part.text)})) : row);

/** A pane's title as a rule across its width: `── Lock service ───────── right ──`. */
export function titleRule(title: Row, width: number, look: Look, right: Row = []): Row {
	const line = look.glyphs.rule;
	const lead = [piece(line.repeat(2), 'dim'), piece(' '), ...title, piece(' ')];
	const tail = right.length > 0 ? [piece(' '), ...right, piece(' '), piece(line.repeat(2), 'dim')] : [];
	const fill = Math.max(0, width - rowWidth(lead) - rowWidth(tail));
	return knownFitted(fitRow([...lead, piece(line.repeat(fill), 'dim'), ...tail], width), width);
}

/** Rows exactly `height` tall: cut at the bottom or padded with blank rows. */
export const fitHeight = (rows: readonly Row[], height: number): Row[] => [
	...rows.slice(0, height),
	...Array.from({length: Math.max(0, height - rows.length)}, () => []),
];

/** A row for the look, fitted to `width`: what the screen shows of it. */
export const shownRow = (row: Row, width: number, look: Look): Row => fitRow(rowForLook(row, look), width, look.glyphs.ellipsis);

/** A fitted row as one styled string. */
export const paintRow = (row: Row, look: Look): string =>
	withoutTrailingBlank(mergePieces(row))
		.map(part => styled(part.text, look.styles[part.role]))
		.join('');

/** The codes chalk puts before and after a text for a style, at the chalk level they were made at. */
interface StyleCodes {
	readonly level: number;
	readonly open: string;
	readonly close: string;
}

const styleCodes = new WeakMap<Style, StyleCodes>();
const sample = 'x';

/**
 * Text styled as chalkStyled styles it. Every chalk call builds its styler anew, and a frame paints
 * hundreds of pieces: the codes around a text are made once per style, from a sample text. They
 * are the same for any text without escape codes or line breaks, the only things chalk rewrites.
 */
function styled(text: string, style: Style): string {
	if (text === '' || text.includes('\u001B') || text.includes('\n')) return chalkStyled(text, style);
	let codes = styleCodes.get(style);
	if (codes?.level !== chalk.level) {
		const painted = chalkStyled(sample, style);
		const at = painted.indexOf(sample);
		codes = {level: chalk.level, open: painted.slice(0, at), close: painted.slice(at + sample.length)};
		styleCodes.set(style, codes);
	}
	return codes.open + text + codes.close;
}

/** Text styled with the calls Ink's <Text> makes for these props, in its order, so frames stay byte for byte the same. */
function chalkStyled(text: string, style: Style): string {
	let result = text;
	if (style.dimColor) result = chalk.dim(result);
	if (style.color) result = chalk[style.color](result);
	if (style.backgroundColor) result = chalk[`bg${style.backgroundColor[0]!.toUpperCase()}${style.backgroundColor.slice(1)}` as BackgroundColorName](result);
	if (style.bold) result = chalk.bold(result);
	if (style.inverse) result = chalk.inverse(result);
	return result;
}

/**
 * The blank end of a row shows nothing, and Ink reads every character it is given again on every
 * frame: on a wide terminal much of a row is such padding. A blank row keeps one space, its height.
 */
function withoutTrailingBlank(pieces: Piece[]): Piece[] {
	const last = pieces.at(-1);
	if (last?.role !== 'plain') return pieces;
	const text = last.text.trimEnd();
	if (text === '') return pieces.length === 1 ? [{...last, text: ' '}] : pieces.slice(0, -1);
	return [...pieces.slice(0, -1), {...last, text}];
}

/** Neighbouring pieces of one role become one, so the terminal gets fewer escape codes. */
function mergePieces(row: Row): Piece[] {
	const merged: Piece[] = [];
	for (const part of row) {
		const last = merged.at(-1);
		if (last && last.role === part.role) merged[merged.length - 1] = {role: part.role, text: last.text + part.text};
		else merged.push(part);
	}
	return merged;
}

/**
 * `build` remembered for each look and width: rows that depend on nothing else (the key list, the
 * signs, the timeline's title) are made once, not on every frame.
 */
export function rowsPerLook<T extends Row | Row[]>(build: (width: number, look: Look) => T): (pane: Pick<PaneProps, 'width' | 'look'>) => T {
	const made = new WeakMap<Look, Map<number, T>>();
	return ({width, look}) => {
		const byWidth = made.get(look) ?? new Map<number, T>();
		made.set(look, byWidth);
		const rows = byWidth.get(width) ?? build(width, look);
		byWidth.set(width, rows);
		return rows;
	};
}

/**
 * `build` remembering its last answer, for the same arguments (compared with ===): while the
 * dashboard lays out a screen it asks a pane for the same part more than once.
 */
export function rememberLast<A extends readonly unknown[], T>(build: (...args: A) => T): (...args: A) => T {
	let last: {readonly args: A; readonly value: T} | null = null;
	return (...args) => {
		if (last?.args.length === args.length && last.args.every((arg, index) => arg === args[index])) return last.value;
		const value = build(...args);
		last = {args, value};
		return value;
	};
}
