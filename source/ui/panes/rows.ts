// The drawing primitive of every pane: a pane is a function from the session and the look to a
// list of rows, a row a list of styled pieces. Rows are fitted to a width here, so no pane can spill
// over or wrap, and painted into one styled string each: the whole screen is one Ink text node.

import chalk, {type BackgroundColorName} from 'chalk';
import type {Session} from '../../session/session.js';
import {drawable} from '../../text/drawable.js';
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
	/** Its columns, measured when it is made: string-width takes microseconds a character of anything but ASCII, and a frame fits its rows more than once. */
	readonly width: number;
}

export type Row = readonly Piece[];

/** A piece of text as terminals draw it alike (drawable.ts): no row can run past the edge, whatever text it shows. */
export function piece(text: string, role: Role = 'plain', width?: number): Piece {
	const shown = drawable(text);
	return {text: shown, role, width: width !== undefined && shown === text ? width : widthOf(shown)};
}

/** A piece of one character repeated `count` times (a rule, a lease bar): as wide as the character times the count, measured once. */
export const repeated = (character: string, count: number, role: Role = 'plain'): Piece => piece(character.repeat(count), role, widthOf(character) * count);

export const rowWidth = (row: Row): number => row.reduce((sum, part) => sum + part.width, 0);

/** Pads a row to exactly `width` columns, or shortens it there, at a word boundary with an ellipsis. */
export function fitRow(row: Row, width: number, ellipsis = '…'): Row {
	// Most rows are fitted already (a pane fits its own, the screen fits them again): they are
	// kept as they are, without a copy of every piece.
	let used = 0;
	let whole = 0;
	while (whole < row.length && used < width) {
		const next = used + row[whole]!.width;
		if (next > width) break;
		used = next;
		whole += 1;
	}
	if (whole === row.length || used >= width) {
		const kept = whole === row.length ? row : row.slice(0, whole);
		return used < width ? [...kept, repeated(' ', width - used)] : kept;
	}
	return cutRow(row, width, ellipsis);
}

/** fitRow for a row that is too wide. */
function cutRow(row: Row, width: number, ellipsis: string): Row {
	const fitted: Piece[] = [];
	let used = 0;
	for (const part of row) {
		if (used >= width) break;
		// Padding and rules are cut anywhere; words get an ellipsis.
		const cut =
			part.width + used <= width
				? part
				: piece(/^[\s\p{Pd}─━·]*$/u.test(part.text) ? cutToWidth(part.text, width - used) : fit(part.text, width - used, ellipsis), part.role);
		fitted.push(cut);
		used += cut.width;
	}
	if (used < width) fitted.push(repeated(' ', width - used));
	return fitted;
}

/** Rows side by side, each column padded to its width. */
export function besideRows(columns: readonly {readonly rows: readonly Row[]; readonly width: number}[], gap: number, ellipsis: string): Row[] {
	const height = Math.max(...columns.map(column => column.rows.length));
	return Array.from({length: height}, (_, index) =>
		columns.flatMap((column, position) => [...(position > 0 ? [repeated(' ', gap)] : []), ...fitRow(column.rows[index] ?? [], column.width, ellipsis)]),
	);
}

/**
 * A row that goes on under the label column above it (`label` blank): when it is too wide for
 * that, it starts at the pane's edge instead, so that it is shown whole rather than cut.
 */
export const underLabel = (label: Piece, content: Row, width: number): Row =>
	label.width + rowWidth(content) <= width ? [label, ...content] : [piece(' '), ...content];

/** A row for the look: with --ascii, symbols in words and key names spelled out. */
export const rowForLook = (row: Row, look: Look): Row => (look.ascii ? row.map(part => piece(asciiText(part.text), part.role)) : row);

/** A pane's title as a rule across its width: `── Lock service ───────── right ──`. */
export function titleRule(title: Row, width: number, look: Look, right: Row = []): Row {
	const line = look.glyphs.rule;
	const lead = [repeated(line, 2, 'decoration'), piece(' '), ...title, piece(' ')];
	const tail = right.length > 0 ? [piece(' '), ...right, piece(' '), repeated(line, 2, 'decoration')] : [];
	const fill = Math.max(0, width - rowWidth(lead) - rowWidth(tail));
	return fitRow([...lead, repeated(line, fill, 'decoration'), ...tail], width);
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
		.map(part => chalkStyled(part.text, look.styles[part.role]))
		.join('');

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

/** A piece as it is painted: its width is no longer needed. */
type Painted = Pick<Piece, 'text' | 'role'>;

/**
 * The blank end of a row shows nothing, and Ink reads every character it is given again on every
 * frame: on a wide terminal much of a row is such padding. A blank row keeps one space, its height.
 */
function withoutTrailingBlank(pieces: Painted[]): Painted[] {
	const last = pieces.at(-1);
	if (last?.role !== 'plain') return pieces;
	const text = last.text.trimEnd();
	if (text === '') return pieces.length === 1 ? [{...last, text: ' '}] : pieces.slice(0, -1);
	return [...pieces.slice(0, -1), {...last, text}];
}

/** Neighbouring pieces of one role become one, so the terminal gets fewer escape codes. */
function mergePieces(row: Row): Painted[] {
	const merged: Painted[] = [];
	for (const {text, role} of row) {
		const last = merged.at(-1);
		if (last && last.role === role) merged[merged.length - 1] = {role, text: last.text + text};
		else merged.push({text, role});
	}
	return merged;
}
