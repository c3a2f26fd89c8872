// What the terminal sends that nobody typed. Ink splits its input into events (a key, an escape
// sequence, a run of text up to the next ESC) but knows only keys: an answer to a query (a DCS
// string, `ESC P … ESC \`), a colour report (OSC) or a mouse report reaches the app as letters
// and digits, which would quit, step or select. Ink has no reader for these, so this one, a small
// state machine over Ink's events, tells them apart from keys: a report is read whole and
// dropped, whatever it holds.

import type {Key} from 'ink';

/**
 * Where the reader is: between keys, inside a control string (DCS, OSC, APC, PM, SOS) that only
 * its terminator ends, or inside an X10 mouse report (`ESC [ M` and three bytes) with this many
 * bytes still to come.
 */
export type ReportState = null | {readonly inside: 'string'} | {readonly inside: 'mouse'; readonly left: number};

/** What one event holds for the keys: all of it, as Ink read it (a key), or only this text (`''`: none of it). */
export interface ReportRead {
	readonly state: ReportState;
	readonly keys: 'all' | string;
}

const esc = '\u001B';
/** The introducers of the control strings, after ESC: DCS, OSC, APC, PM, SOS. */
const stringIntroducers = new Set(['P', ']', '_', '^', 'X']);
/** String terminator (the 7-bit ST is `ESC \`, read as its own event): BEL ends an OSC, CAN and SUB cancel any string, U+009C is the 8-bit ST. */
const stringEnd = /[\u0007\u0018\u001A\u009C]/;
const x10Mouse = `${esc}[M`;
const pasteMarkers = new Set([`${esc}[200~`, `${esc}[201~`]);
const ctrlC = '\u0003';

/** The keys the app has a use for among the escape sequences Ink names. */
const isNamedKey = (key: Key): boolean =>
	key.upArrow ||
	key.downArrow ||
	key.leftArrow ||
	key.rightArrow ||
	key.pageUp ||
	key.pageDown ||
	key.home ||
	key.end ||
	key.return ||
	key.escape ||
	key.tab ||
	key.backspace ||
	key.delete;

const between = (keys: ReportRead['keys']): ReportRead => ({state: null, keys});

/**
 * Reads one event as Ink split it (`sequence`, with its ESC) and decoded it (`key`). Inside a report
 * a new escape sequence ends it and is read as usual, as terminals do, so that a lone ESC (the
 * Escape key) gets out of a string that never ends; Ctrl-C always counts.
 */
export function readReports(state: ReportState, sequence: string, key: Key): ReportRead {
	if (sequence === ctrlC) return between('all');
	const escaped = sequence.startsWith(esc);
	if (state?.inside === 'string' && !escaped) {
		const end = stringEnd.exec(sequence);
		return end ? between(sequence.slice(end.index + 1)) : {state, keys: ''};
	}
	if (state?.inside === 'mouse' && !escaped) {
		const bytes = [...sequence];
		if (bytes.length < state.left) return {state: {inside: 'mouse', left: state.left - bytes.length}, keys: ''};
		return between(bytes.slice(state.left).join(''));
	}
	if (state?.inside === 'string' && sequence === `${esc}\\`) return between('');
	if (!escaped || sequence.length === 1) return between('all');
	if (sequence.length === 2 && stringIntroducers.has(sequence[1]!)) return {state: {inside: 'string'}, keys: ''};
	if (sequence === x10Mouse) return {state: {inside: 'mouse', left: 3}, keys: ''};
	// Any other sequence is read whole (Ink did that) and, unless it is a key the app knows, dropped:
	// SGR mouse reports, focus in and out, function keys, Alt with a letter.
	return between(pasteMarkers.has(sequence) || isNamedKey(key) ? 'all' : '');
}
