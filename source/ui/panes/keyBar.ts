// The one-line key bar: the keys a presenter needs most, shortened to the width; or, while a
// command is being typed, the command line.

import {selectedClientName} from '../../session/session.js';
import {tailToWidth, wrap} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {labelsFor} from '../labels.js';
import {type PaneProps, piece, type Row, rowWidth} from './rows.js';

export interface Prompt {
	readonly text: string;
	/** Why the last command typed could not be read, shown until the text changes. */
	readonly error: string | null;
}

export interface KeyBarProps extends PaneProps {
	readonly prompt: Prompt | null;
	/** Seconds between steps while autoplay runs, else null. */
	readonly autoplay: number | null;
}

/**
 * The command line being typed, on the bottom row: when it is wider than the screen it scrolls to
 * show its end; the reason the last command could not be read is wrapped above it, whole.
 */
export function promptRows({width, look}: PaneProps, prompt: Prompt): Row[] {
	const g = look.glyphs;
	const cursor = '_';
	const room = width - 1 - widthOf(cursor);
	const shown = widthOf(prompt.text) <= room ? prompt.text : g.ellipsis + tailToWidth(prompt.text, room - widthOf(g.ellipsis));
	const line: Row = [piece(':', 'key'), piece(shown), piece(cursor, 'accent')];
	const error = prompt.error === null ? [] : wrap(prompt.error, width - 1).map(text => [piece(` ${text}`, 'warn')]);
	return [...error, line];
}

export function keyBarRow({session, width, look, prompt, autoplay}: KeyBarProps): Row {
	const words = labelsFor(look.lang).keyBar;
	if (prompt) return promptRows({session, width, look}, prompt).at(-1)!;
	const client = selectedClientName(session) ?? '-';
	// In the order shown, each with its rank: on a narrow bar the keys ranked last go first.
	const items: {key: string; what: string; rank: number}[] = [
		{key: 'Space', what: words.next, rank: 0},
		{key: '←', what: words.back, rank: 1},
		{key: 'Tab', what: `${words.client} ${client}`, rank: 4},
		{key: 'p', what: `GC ${session.pauseLength} (-/+)`, rank: 3},
		{key: 'a', what: words.acquire, rank: 5},
		{key: 'w', what: words.write, rank: 6},
		// Turning fencing off and on is what a speaker shows most: it stays as long as anything does.
		{key: 'F', what: words.fencing, rank: 2},
		{key: 't', what: 'tick', rank: 8},
		{key: ':', what: words.command, rank: 7},
		// Help and quit always stay.
		{key: '?', what: words.help, rank: -1},
		{key: 'q', what: words.quit, rank: -1},
	];
	const lead: Row = autoplay === null ? [] : [piece(` ${words.auto} ${autoplay}s `, 'alarm'), piece(' ')];
	const render = (list: readonly {key: string; what: string}[]): Row => [
		...lead,
		...list.flatMap(({key, what}, index) => [...(index > 0 ? [piece('  ')] : []), piece(key, 'key'), piece(` ${what}`, 'dim')]),
	];
	for (let below = items.length; below > 0; below -= 1) {
		const row = render(items.filter(item => item.rank < below));
		if (rowWidth(row) <= width) return row;
	}
	return render(items.filter(item => item.rank < 0));
}
