// asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): a header line, then one JSON
// event per line. Every time in it comes from the shots' hold times, never from a clock, so the
// same shots give the same bytes.

import type {Frame, FrameSize} from './frame.js';
import type {Palette} from './palette.js';
import {Screen} from './screen.js';

/** What the recording shows for a while. */
export interface Shot {
	readonly frame: Frame;
	/** How long the frame stays before the next shot (or the end). */
	readonly holdMs: number;
	/** A marker label: the player can jump to it and pause on it. */
	readonly marker: string | null;
}

export interface CastHeader extends FrameSize {
	readonly title: string;
	/** The terminal the theme is drawn for: a player shows the recording in its colours, not its own. */
	readonly palette: Palette;
}

type CastEvent = readonly [seconds: number, kind: 'o' | 'm', data: string];

export interface Cast {
	/** The file's text. */
	readonly text: string;
	readonly events: number;
	/** The time of the last event. */
	readonly seconds: number;
}

const hideCursor = '\u001B[?25l';
const showCursor = '\u001B[?25h';

/** Whole milliseconds keep the sum exact; the file shows seconds. */
const seconds = (ms: number) => ms / 1000;

export function asciicast(header: CastHeader, shots: readonly Shot[]): Cast {
	const events: CastEvent[] = [];
	const screen = new Screen(header.cols);
	let at = 0;
	for (const [index, shot] of shots.entries()) {
		const output = (index === 0 ? hideCursor : '') + screen.show(shot.frame);
		if (output !== '') events.push([seconds(at), 'o', output]);
		// After the output at the same time: a player that pauses on the marker shows the new screen.
		if (shot.marker !== null) events.push([seconds(at), 'm', shot.marker]);
		at += shot.holdMs;
	}
	// Leave the terminal usable: cursor on the bottom row, visible again.
	events.push([seconds(at), 'o', `\u001B[${header.rows};1H${showCursor}`]);
	const {palette} = header;
	// The v2 header's `theme`: text and background, and the 16 colours joined by colons.
	const theme = {fg: palette.foreground, bg: palette.background, palette: palette.ansi.join(':')};
	const head = {version: 2, width: header.cols, height: header.rows, title: header.title, theme};
	// One event per line and no blank line after the last (asciinema 2.2 fails on an empty line).
	return {text: `${[head, ...events].map(line => JSON.stringify(line)).join('\n')}\n`, events: events.length, seconds: seconds(at)};
}
