// The top row: the program's name, the scenario's title (or its short title where the title does
// not fit; the twin's title when the story is played with the resource's fencing flipped) and the clock. Apart from the dashboard so that `check` can ask whether a title fits
// without loading Ink.

import {type Lang, type Narration, narrationIn} from '../../text/narration.js';
import type {Scenario} from '../../scenario/parse.js';
import {currentWorld, flippedFencing, flippedWording, storyTitle} from '../../session/session.js';
import {drawable} from '../../text/drawable.js';
import {fit} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {labelsFor} from '../labels.js';
import {type PaneProps, piece, type Row, rowWidth} from './rows.js';

const brand: Row = [piece(' dlock-tui ', 'accent'), piece(' ')];
const clockLabel = (clock: number) => `t=${clock} `;

/** Room for the title in the header at `width` columns, at clock `clock`. */
const titleRoom = (width: number, clock: number) => width - rowWidth(brand) - widthOf(clockLabel(clock)) - 1;

/** A title as drawn (drawable.ts): fit gives a text back unchanged only if it was drawable already. */
const drawnTitle = (title: Narration, lang: Lang) => drawable(narrationIn(title, lang));

/** Whether a drawn title shows whole in `room` columns. */
const showsWhole = (title: string, room: number) => fit(title, room) === title;

/** The title, or the scenario's short title where the title does not fit; cut only when neither does. */
function headerTitle(full: Narration, shortTitle: Narration | null, lang: Lang, room: number, ellipsis: string): string {
	const title = drawnTitle(full, lang);
	const short = shortTitle === null ? null : drawnTitle(shortTitle, lang);
	return fit(short !== null && !showsWhole(title, room) ? short : title, room, ellipsis);
}

/** Whether the title or the short title shows whole at `width` columns (while the clock has at most three digits). */
export function titleFits(scenario: Scenario, lang: Lang, width: number): boolean {
	const room = titleRoom(width, 100);
	return [scenario.title, scenario.short].some(title => title !== null && showsWhole(drawnTitle(title, lang), room));
}

export function headerRow({session, width, look}: PaneProps): Row {
	const {clock} = currentWorld(session);
	const right: Row = [piece(clockLabel(clock), 'title')];
	// A variant no twin tells keeps the scenario's title, which speaks of the other fencing: it says which is played.
	const fencing = flippedFencing(session);
	const twin = flippedWording(session);
	const variant = fencing !== null && !twin ? `${labelsFor(look.lang).flipped(fencing)} · ` : '';
	const room = Math.max(0, titleRoom(width, clock) - widthOf(variant));
	const title = headerTitle(storyTitle(session), twin ? null : session.scenario.short, look.lang, room, look.glyphs.ellipsis);
	const left: Row = [...brand, piece(variant + title)];
	return [...left, piece(' '.repeat(Math.max(1, width - rowWidth(left) - rowWidth(right)))), ...right];
}
