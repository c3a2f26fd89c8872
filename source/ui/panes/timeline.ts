// The timeline: a lane per client and one for the resource, drawn from the history's events;
// where the screen has the rows, a lane per lock node too.
// Time runs left to right at a fixed number of columns per tick; when the story outgrows the
// width, the window scrolls to keep now (and what is known of the future) in view.

import {currentWorld} from '../../session/session.js';
import {cutToWidth, pad} from '../../text/fit.js';
import {charactersOf, widthOf} from '../../text/width.js';
import {labelsFor, legend} from '../labels.js';
import type {Glyphs, Role} from '../look.js';
import {buildTimeline, type Lane, type SpanKind} from './lanes.js';
import {type PaneProps, piece, type Row, rowWidth, titleRule} from './rows.js';

/** Columns per tick: enough for marks like `[2 ✓`, not so many that the story looks sparse. */
const minColumnsPerTick = 4;
const maxColumnsPerTick = 12;

export interface TimeWindow {
	readonly start: number;
	readonly columnsPerTick: number;
}

/**
 * The window over time that fits `width` columns: up to one tick past the horizon, but never
 * so far ahead that now (with a little of the past) leaves the screen.
 */
function timeWindow(now: number, horizon: number, width: number): TimeWindow {
	const ticks = horizon + 2;
	const columnsPerTick = Math.max(minColumnsPerTick, Math.min(maxColumnsPerTick, Math.floor(width / ticks)));
	const visible = Math.max(1, Math.floor(width / columnsPerTick));
	return {start: Math.max(0, Math.min(horizon + 2 - visible, now - Math.floor(visible / 4))), columnsPerTick};
}

const spanStyle = (kind: SpanKind, g: Glyphs): {readonly text: string; readonly role: Role} =>
	kind === 'gc'
		? {text: g.gc, role: 'warn'}
		: kind === 'stale'
			? {text: g.stale, role: 'bad'}
			: kind === 'waits'
				? {text: g.sent, role: 'warn'}
				: {text: g.holds, role: 'accent'};

/** A lane as one cell per column (the text and role of each), then as runs of one role. */
function drawLane(lane: Lane, window: TimeWindow, width: number, now: number, g: Glyphs): Row {
	const texts: string[] = new Array<string>(width).fill(' ');
	const roles: Role[] = new Array<Role>(width).fill('plain');
	const column = (t: number) => (t - window.start) * window.columnsPerTick;
	// Spans first (a GC pause, then a write waiting in a partition, over a belief), then marks on top.
	const layer = (kind: SpanKind) => (kind === 'waits' ? 2 : kind === 'gc' ? 1 : 0);
	const ordered = [...lane.spans].sort((a, b) => layer(a.kind) - layer(b.kind));
	for (const span of ordered) {
		const style = spanStyle(span.kind, g);
		// What is only planned (the rest of a pause) is drawn faint.
		for (let x = Math.max(0, column(span.from)); x < Math.min(width, column(span.to)); x += 1) {
			texts[x] = style.text;
			roles[x] = x > column(now) ? 'decoration' : style.role;
		}
	}
	// Marks that would touch (two things on one tick, or a long one running into the next) are
	// kept a column apart, the later one shifted right, so that `max2` and `✓` never read as `max2✓`.
	let cursor = 0;
	for (const mark of [...lane.marks].sort((a, b) => a.t - b.t)) {
		const at = Math.max(column(mark.t), cursor);
		if (column(mark.t) < 0 || at >= width) continue;
		let x = at;
		for (const character of charactersOf(mark.text)) {
			const characterWidth = widthOf(character);
			if (x + characterWidth > width) break;
			texts[x] = character;
			roles[x] = mark.role;
			for (let fill = 1; fill < characterWidth; fill += 1) {
				texts[x + fill] = '';
				roles[x + fill] = mark.role;
			}
			x += characterWidth;
		}
		cursor = x + 1;
	}
	return runsOf(texts, roles);
}

/**
 * Neighbouring columns of one role as one piece: a lane is a few runs, and every piece costs each
 * frame. A run is as wide as its columns (a wide character's second column holds nothing).
 */
function runsOf(texts: readonly string[], roles: readonly Role[]): Row {
	const runs: Row[number][] = [];
	let from = 0;
	for (let x = 1; x <= texts.length; x += 1) {
		if (x < texts.length && roles[x] === roles[from]) continue;
		runs.push(piece(texts.slice(from, x).join(''), roles[from], x - from));
		from = x;
	}
	return runs;
}

function drawAxis(now: number, window: TimeWindow, width: number): Row {
	const row: Row[number][] = [];
	let used = 0;
	for (let t = window.start; ; t += 1) {
		const x = (t - window.start) * window.columnsPerTick;
		const label = String(t);
		if (x + widthOf(label) > width) break;
		if (x < used) continue;
		row.push(piece(' '.repeat(x - used)), piece(label, t === now ? 'title' : 'dim'));
		used = x + widthOf(label);
	}
	return row;
}

export function timelineRows({session, width, look, nodeLanes = false}: PaneProps & {readonly nodeLanes?: boolean}): Row[] {
	const g = look.glyphs;
	// The window starts at most this many ticks before now (lanes leave it fewer columns than `width`).
	const timeline = buildTimeline(session, g, currentWorld(session).clock - Math.floor(width / minColumnsPerTick), nodeLanes);
	const nameWidth = Math.min(14, Math.max(...timeline.lanes.map(lane => widthOf(lane.name)))) + 2;
	const plot = Math.max(1, width - nameWidth);
	const window = timeWindow(timeline.now, timeline.horizon, plot);
	const name = (text: string, role: Role) => piece(` ${pad(cutToWidth(text, nameWidth - 2), nameWidth - 1)}`, role);

	const lanes = timeline.lanes.map((lane, index) => [
		name(lane.name, lane.of === 'resource' ? 'accent' : lane.of === 'client' && index === session.selected ? 'selected' : 'label'),
		...drawLane(lane, window, plot, timeline.now, g),
	]);
	const axis: Row = [name('t', 'label'), ...drawAxis(timeline.now, window, plot)];
	return [timelineTitle({width, look}), ...lanes, axis];
}

/** The pane's title, with the commonest signs that fit beside it; `?` lists them all. */
const timelineTitle = ({width, look}: Pick<PaneProps, 'width' | 'look'>): Row => {
	const title = [piece(labelsFor(look.lang).timelinePane, 'title')];
	const signs: Row[number][] = [];
	for (const {sign, meaning} of legend(look.glyphs, look.lang)) {
		const next = [...signs, ...(signs.length > 0 ? [piece('  ')] : []), piece(`${sign} ${meaning}`, 'dim')];
		if (rowWidth(title) + rowWidth(next) + 10 > width) break;
		signs.splice(0, signs.length, ...next);
	}
	return titleRule(title, width, look, signs);
};
