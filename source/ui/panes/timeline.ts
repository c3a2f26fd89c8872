// The timeline: a lane per client and one for the resource, drawn from the history's events; for
// the lock service, a lane per node where the screen has the rows, else one lane for them all.
// Time runs left to right at one number of columns per tick for the whole story, chosen from
// how far its script reaches; when the story outgrows the width, the window scrolls to keep now
// (and what is known of the future) in view. The legend names every sign drawn.

import {knownUntil, type World} from '../../model/world.js';
import {currentWorld, type Session} from '../../session/session.js';
import {cutToWidth, pad} from '../../text/fit.js';
import {charactersOf, widthOf} from '../../text/width.js';
import {labelsFor, type TimelineSign, timelineLegend} from '../labels.js';
import type {Glyphs, Role} from '../look.js';
import {buildTimeline, hasLockStory, type Lane, type LockLanes, type SpanKind, spanSign} from './lanes.js';
import {type PaneProps, piece, type Row, rowWidth, titleRule} from './rows.js';

/** Columns per tick: at least enough for a mark like `[2` and a space, not so many that the story looks sparse. */
const minColumnsPerTick = 3;
const maxColumnsPerTick = 12;

export interface TimeWindow {
	readonly start: number;
	readonly columnsPerTick: number;
}

/**
 * Columns per tick for the story: all of it up to `reach` (and a tick more) in `width` columns
 * where it fits. `reach` is the furthest the script goes, or the story where it went further by
 * hand, so the scale changes only off script.
 */
export const columnsPerTickFor = (reach: number, width: number): number =>
	Math.max(minColumnsPerTick, Math.min(maxColumnsPerTick, Math.floor(width / (reach + 2))));

/**
 * The window over time that fits `width` columns: up to one tick past the horizon, but never
 * so far ahead that now (with a little of the past) leaves the screen.
 */
function timeWindow(now: number, horizon: number, width: number, columnsPerTick: number): TimeWindow {
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
				: kind === 'delay'
					? {text: g.lockDelay, role: 'warn'}
					: kind === 'request'
						? {text: g.request, role: 'accent'}
						: kind === 'reply'
							? {text: g.reply, role: 'accent'}
							: {text: g.holds, role: 'accent'};

/** A lane drawn: its row, and the signs of the legend it shows. */
interface DrawnLane {
	readonly row: Row;
	readonly signs: ReadonlySet<TimelineSign>;
}

/**
 * A lane as one cell per column (the text and role of each), then as runs of one role. The marks
 * of one tick stand on its column, a blank between them; they run on into the ticks after it
 * only up to a blank before the next tick's marks, and what finds no room there is left out.
 */
function drawLane(lane: Lane, window: TimeWindow, width: number, now: number, g: Glyphs): DrawnLane {
	const texts: string[] = new Array<string>(width).fill(' ');
	const roles: Role[] = new Array<Role>(width).fill('plain');
	// The sign of the span each column shows, until a mark covers it: the legend names what is seen.
	const spanSigns: (TimelineSign | null)[] = new Array<TimelineSign | null>(width).fill(null);
	const signs = new Set<TimelineSign>();
	const column = (t: number) => (t - window.start) * window.columnsPerTick;
	// Spans first (a lock-delay window, a GC pause, lock messages on their way to a paused client too, then a write waiting in a
	// partition, over a belief), then marks on top.
	const layer = (kind: SpanKind) => (kind === 'waits' ? 3 : kind === 'request' || kind === 'reply' ? 2 : kind === 'gc' ? 1 : 0);
	const ordered = [...lane.spans].sort((a, b) => layer(a.kind) - layer(b.kind));
	for (const span of ordered) {
		const style = spanStyle(span.kind, g);
		// What is only planned (the rest of a pause) is drawn faint.
		for (let x = Math.max(0, column(span.from)); x < Math.min(width, column(span.to)); x += 1) {
			texts[x] = style.text;
			spanSigns[x] = spanSign[span.kind];
			roles[x] = x > column(now) ? 'decoration' : style.role;
		}
	}
	const marks = [...lane.marks].sort((a, b) => a.t - b.t);
	for (let first = 0; first < marks.length; ) {
		const {t} = marks[first]!;
		let next = first;
		while (next < marks.length && marks[next]!.t === t) next += 1;
		// A blank column before the next tick's marks.
		const limit = next < marks.length ? Math.min(width, column(marks[next]!.t) - 1) : width;
		let x = column(t);
		for (let at = first; at < next && x >= 0 && x < limit; at += 1) {
			// A counted mark without room for its count is drawn without it, never with half of it.
			const whole = marks[at]!;
			const mark = whole.short && x + (at > first ? 1 : 0) + widthOf(whole.text) > limit ? whole.short : whole;
			// Whole marks only, but for the first of a tick: it is cut rather than lost.
			if (at > first && x + 1 + widthOf(mark.text) > limit) break;
			if (at > first) {
				texts[x] = ' ';
				roles[x] = 'plain';
				spanSigns[x] = null;
				x += 1;
			}
			for (const sign of mark.signs) signs.add(sign);
			for (const character of charactersOf(mark.text)) {
				const characterWidth = widthOf(character);
				if (x + characterWidth > limit) break;
				for (let fill = 0; fill < characterWidth; fill += 1) {
					texts[x + fill] = fill === 0 ? character : '';
					roles[x + fill] = mark.role;
					spanSigns[x + fill] = null;
				}
				x += characterWidth;
			}
		}
		first = next;
	}
	for (const sign of spanSigns) if (sign !== null) signs.add(sign);
	return {row: runsOf(texts, roles), signs};
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

/**
 * The names of every lane the world can have, whichever of the lock's lanes are shown: the names'
 * column, and so the scale, stays as it is when the room for them changes.
 */
const laneNames = (world: World, lockLane: string): string[] => [
	...world.clients.map(client => client.name),
	...(hasLockStory(world) ? [...world.nodes.map(node => node.name), lockLane] : []),
	world.resource.name,
];

export interface TimelineProps extends PaneProps {
	readonly lockLanes?: LockLanes;
	/** Rows the legend may take under the title: what does not fit there is left out. */
	readonly legendRows?: number;
}

/** The timeline's rows with no lock lanes and its legend on its title: its title, a lane per client and the resource's, the axis. */
export const timelineBaseHeight = (world: World): number => world.clients.length + 3;

/**
 * The timeline in at most `spare` rows more than its base height: the lock's lanes one per node
 * where they and the whole legend fit, else one lane for them all. Where they do not, in the
 * `squeezed` rows the panes above leave by giving up what they can (the clients' headings): one
 * lane for the nodes and the legend in what is left (its last row ending in an ellipsis where signs
 * give way), else none and the legend in what is left.
 */
export function timelineRowsIn(props: PaneProps, spare: number, squeezed: number): Row[] {
	const world = currentWorld(props.session);
	const base = timelineBaseHeight(world);
	const tries: readonly (readonly [LockLanes, number])[] = hasLockStory(world)
		? [...(world.nodes.length > 1 && spare >= world.nodes.length ? [['nodes', spare] as const] : []), ['summary', spare], ['summary', squeezed]]
		: [['none', spare]];
	for (const [lockLanes, room] of tries) {
		const rows = timelineRows({...props, lockLanes});
		if (rows.length - base <= room) return rows;
	}
	// The legend's rows under the title give way to the lock's one lane; the story's narration does not.
	if (hasLockStory(world) && squeezed >= 1) return timelineRows({...props, lockLanes: 'summary', legendRows: Math.max(0, squeezed - 1)});
	return timelineRows({...props, lockLanes: 'none', legendRows: Math.max(0, squeezed)});
}

export function timelineRows({session, width, look, lockLanes = 'none', legendRows = Number.POSITIVE_INFINITY}: TimelineProps): Row[] {
	const g = look.glyphs;
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const nameWidth = Math.min(14, Math.max(...laneNames(world, labels.lockLane).map(widthOf))) + 2;
	const plot = Math.max(1, width - nameWidth);
	const horizon = knownUntil(world);
	const window = timeWindow(world.clock, horizon, plot, columnsPerTickFor(storyReach(session, horizon), plot));
	const timeline = buildTimeline(session, g, window.start, lockLanes, labels.lockLane);
	const name = (text: string, role: Role) => piece(` ${pad(cutToWidth(text, nameWidth - 2), nameWidth - 1)}`, role);

	const drawn = timeline.lanes.map(lane => ({lane, ...drawLane(lane, window, plot, timeline.now, g)}));
	const lanes = drawn.map(({lane, row}, index) => [
		name(lane.name, lane.of === 'resource' ? 'accent' : lane.of === 'client' && index === session.selected ? 'selected' : 'label'),
		...row,
	]);
	const axis: Row = [name('t', 'label'), ...drawAxis(timeline.now, window, plot)];
	const shown = new Set(drawn.flatMap(({signs}) => [...signs]));
	const {title, more} = legendOf({width, look}, shown, legendRows);
	return [title, ...more, ...lanes, axis];
}

/** How far the story reaches: its script's reach, or further where it went further by hand. */
const storyReach = (session: Session, horizon: number) => Math.max(session.scriptReach, horizon);

/**
 * The pane's title, with the signs drawn beside it as far as they fit, and the rest on rows
 * under it, each sign whole: at most `rows` of them, the last ending in an ellipsis where signs
 * are left out (the help lists every one).
 */
function legendOf({width, look}: Pick<PaneProps, 'width' | 'look'>, shown: ReadonlySet<TimelineSign>, rows: number): {title: Row; more: Row[]} {
	const title = [piece(labelsFor(look.lang).timelinePane, 'title')];
	const entries = timelineLegend(look.glyphs, look.lang)
		.filter(({name}) => shown.has(name))
		.map(({sign, meaning}) => `${sign} ${meaning}`);
	// The title's row keeps its rule's ends, the title and a space each side of both.
	const rooms = (line: number) => (line === 0 ? width - rowWidth(title) - 9 : width - 2);
	const lines: string[][] = [[]];
	let room = rooms(0);
	for (const entry of entries) {
		const line = lines.at(-1)!;
		const needed = widthOf(entry) + (line.length > 0 ? 2 : 0);
		if (needed > room && (line.length > 0 || lines.length === 1)) {
			lines.push([entry]);
			room = rooms(lines.length - 1) - widthOf(entry);
		} else {
			line.push(entry);
			room -= needed;
		}
	}
	const kept = lines.slice(0, rows + 1);
	if (kept.length < lines.length) {
		// The last row kept makes room for the ellipsis by giving up its last signs.
		const last = kept.at(-1)!;
		const ellipsis = look.glyphs.ellipsis;
		while (last.length > 0 && widthOf([...last, ellipsis].join('  ')) > rooms(kept.length - 1)) last.pop();
		last.push(ellipsis);
	}
	const [first, ...rest] = kept;
	const signs = first!.length > 0 ? [piece(first!.join('  '), 'label')] : [];
	return {title: titleRule(title, width, look, signs), more: rest.map(line => [piece(` ${line.join('  ')}`, 'label')])};
}
