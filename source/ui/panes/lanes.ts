// The timeline as data: from the history's events (each has its time t) to lanes of spans and
// marks, one lane per client and one for the resource, like the chapter's diagram; with several
// lock nodes, one lane per node too: whose key it holds, when it expires, crashes, and clock
// jumps. Pure.

import type {Event} from '../../model/event.js';
import type {World} from '../../model/world.js';
import {currentWorld, type Entry, type History, type Session} from '../../session/session.js';
import type {Glyphs, Role} from '../look.js';

/** `waits`: a write of the client's held in a partition, from its send to when the link is back. */
export type SpanKind = 'holds' | 'stale' | 'gc' | 'waits';

export interface Span {
	readonly from: number;
	/** Exclusive; may lie in the future (a GC pause that will end, planned). */
	readonly to: number;
	readonly kind: SpanKind;
}

export interface Mark {
	readonly t: number;
	readonly text: string;
	readonly role: Role;
}

export interface Lane {
	readonly name: string;
	readonly of: 'client' | 'node' | 'resource';
	readonly spans: readonly Span[];
	readonly marks: readonly Mark[];
}

export interface Timeline {
	readonly now: number;
	/** The last time worth showing: now, or a known future (lease expiry, end of a pause, an arrival). */
	readonly horizon: number;
	readonly lanes: readonly Lane[];
}

interface ClientTrack {
	belief: {kind: 'holds' | 'stale'; from: number} | null;
	pause: {from: number; until: number} | null;
	/** Since when a write of it waits in a partition. */
	waiting: number | null;
	readonly spans: Span[];
	readonly marks: Mark[];
}

/** What the events up to a point of the history have begun and not ended: all later drawing needs of them. */
interface Checkpoint {
	readonly tracks: ReadonlyMap<string, Pick<ClientTrack, 'belief' | 'pause' | 'waiting'>>;
	readonly shownMaxToken: number;
}

/**
 * Every so many entries of a history remember their checkpoint, so a frame replays at most that
 * many unseen entries: a few hundred bytes each, against a few entries replayed on every frame.
 */
const checkpointEvery = 32;
const checkpoints = new WeakMap<History, Checkpoint>();

/**
 * The client and resource lanes as the events up to a point of the history draw them from
 * `drawFrom` on, before `now` closes what is still open (a belief, a pause).
 */
class Drawing {
	/** The token of the resource's last `max` mark: a write shows `max` only when it raises it. */
	shownMaxToken = 0;

	constructor(
		readonly g: Glyphs,
		/** Nothing that ends before it is drawn (while the entries before the window are replayed, nothing at all). */
		public drawFrom: number,
		readonly tracks: Map<string, ClientTrack>,
		readonly resource: Mark[] = [],
	) {}

	static empty(g: Glyphs, world: World, drawFrom: number): Drawing {
		return new Drawing(g, drawFrom, new Map(world.clients.map(client => [client.name, {belief: null, pause: null, waiting: null, spans: [], marks: []}])));
	}

	/** A copy that goes on from here, without what ends before `from`. */
	from(from: number): Drawing {
		const tracks = new Map(
			[...this.tracks].map(([name, track]) => [
				name,
				{...track, spans: track.spans.filter(span => span.to >= from), marks: track.marks.filter(mark => mark.t >= from)},
			]),
		);
		const copy = new Drawing(
			this.g,
			from,
			tracks,
			this.resource.filter(mark => mark.t >= from),
		);
		copy.shownMaxToken = this.shownMaxToken;
		return copy;
	}

	/** Whether it draws the lanes of these clients, in this order. */
	hasClients(world: World): boolean {
		const names = [...this.tracks.keys()];
		return names.length === world.clients.length && world.clients.every((client, index) => names[index] === client.name);
	}

	visitEntry(entry: Entry): void {
		for (const played of entry.commands) for (const event of played.events) this.visit(event);
	}

	private endBelief(track: ClientTrack, t: number): void {
		if (track.belief && t > track.belief.from && t >= this.drawFrom) track.spans.push({from: track.belief.from, to: t, kind: track.belief.kind});
		track.belief = null;
	}

	// The client's writes wait while its link to the resource is cut: they arrive together when it is back.
	private endWaiting(track: ClientTrack | undefined, t: number): void {
		if (!track || track.waiting === null) return;
		if (t > track.waiting && t >= this.drawFrom) track.spans.push({from: track.waiting, to: t, kind: 'waits'});
		track.waiting = null;
	}

	private endPause(track: ClientTrack, t: number): void {
		if (track.pause && t > track.pause.from && t >= this.drawFrom) track.spans.push({from: track.pause.from, to: t, kind: 'gc'});
		track.pause = null;
	}

	private visit(event: Event): void {
		const {g} = this;
		const track = 'client' in event ? this.tracks.get(event.client) : undefined;
		const shown = event.t >= this.drawFrom;
		const mark = (text: string, role: Role) => shown && track?.marks.push({t: event.t, text, role});
		const markResource = (text: string, role: Role) => shown && this.resource.push({t: event.t, text, role});
		switch (event.kind) {
			case 'acquired':
				if (track) this.endBelief(track, event.t);
				if (track) track.belief = {kind: 'holds', from: event.t};
				mark(`[${event.token ?? ''}`, 'accent');
				break;
			case 'acquire-failed':
				// Turned away by the lock service: someone else holds the lock.
				mark(g.acquireRefused, 'warn');
				break;
			case 'renewed':
				mark(g.renewed, 'ok');
				break;
			case 'expired':
				// One node's key out of several is not the lock: the lock pane shows who keeps a majority.
				if (event.node !== undefined) break;
				mark(g.expired, 'bad');
				if (track?.belief) {
					this.endBelief(track, event.t);
					track.belief = {kind: 'stale', from: event.t};
				}
				break;
			case 'released':
			case 'release-ignored':
				if (track) this.endBelief(track, event.t);
				mark(g.released, 'dim');
				break;
			case 'renew-failed':
				if (track?.belief) this.endBelief(track, event.t);
				mark(g.renewRefused, 'warn');
				break;
			case 'crashed':
				if (track) {
					this.endBelief(track, event.t);
					this.endPause(track, event.t);
				}
				mark(g.crashed, 'bad');
				break;
			case 'restarted':
				mark(g.restarted, 'accent');
				break;
			case 'paused':
				if (track) track.pause = {from: event.t, until: event.until};
				mark('GC', 'warn');
				break;
			case 'resumed':
				if (track) this.endPause(track, event.t);
				break;
			case 'sent':
				mark(g.sent, 'accent');
				if (event.stuck && track && track.waiting === null) track.waiting = event.t;
				break;
			case 'partitioned':
				mark(g.cut, 'warn');
				break;
			case 'healed':
				mark(g.healed, 'ok');
				break;
			case 'accepted': {
				this.endWaiting(track, event.t);
				mark(event.violation ? g.violation : g.ok, event.violation ? 'banner' : 'ok');
				const raised = event.maxToken > 0 && event.maxToken !== this.shownMaxToken;
				if (event.violation) markResource(g.violation, 'banner');
				else {
					markResource(raised ? `max${event.maxToken}` : g.ok, raised ? 'accent' : 'ok');
					if (raised) this.shownMaxToken = event.maxToken;
				}
				break;
			}
			case 'rejected':
				this.endWaiting(track, event.t);
				mark(g.bad, 'bad');
				markResource(g.bad, 'bad');
				break;
			case 'fencing':
				if (event.target === 'resource') markResource(event.on ? 'fenced' : 'unfenced', event.on ? 'ok' : 'alarm');
				break;
			default:
				break;
		}
	}
}

/**
 * The drawings of the last few frames, by the history entry they were drawn at: the next step
 * draws only its own entry on top of the step before it, and a step shown again is drawn already.
 */
const recentDrawings = new Map<History, Drawing>();
const recentKept = 4;

function remember<T>(recent: Map<History, T>, history: History, drawing: T): void {
	recent.delete(history);
	recent.set(history, drawing);
	if (recent.size > recentKept) recent.delete(recent.keys().next().value!);
}

/** What the lanes of clients and of nodes both draw with: a copy for the next frame, and one entry more. */
interface Redrawable<T> {
	readonly g: Glyphs;
	readonly drawFrom: number;
	from(from: number): T;
	visitEntry(entry: Entry): void;
}

/**
 * A drawing of `history` remembered, or one of the entry before it with this entry drawn on top,
 * or null; `fits` says whether a drawing has the lanes the world now has.
 */
function fromRecent<T extends Redrawable<T>>(
	recent: ReadonlyMap<History, T>,
	history: History,
	g: Glyphs,
	from: number,
	fits: (drawing: T) => boolean,
): T | null {
	const usable = (drawing: T | undefined): drawing is T => drawing !== undefined && drawing.g === g && drawing.drawFrom <= from && fits(drawing);
	const same = recent.get(history);
	if (usable(same)) return same.from(from);
	const before = history.previous ? recent.get(history.previous) : undefined;
	if (!usable(before)) return null;
	const drawing = before.from(from);
	drawing.visitEntry(history.entry);
	return drawing;
}

/** The entries up to `history` that end at `from` or later, oldest first, and the entry before them (null when there is none). */
function entriesFrom(history: History, from: number): {readonly drawn: History[]; readonly before: History | null} {
	const drawn: History[] = [];
	let before: History | null = history;
	while (before && before.entry.world.clock >= from) {
		drawn.push(before);
		before = before.previous;
	}
	return {drawn: drawn.reverse(), before};
}

/** The drawing of the entries up to `history` from `from` on, replayed from the nearest checkpoint. */
function drawingFromCheckpoint(history: History, world: World, g: Glyphs, from: number): Drawing {
	const drawing = Drawing.empty(g, world, Number.POSITIVE_INFINITY);
	// Entries that end at `from` or later may draw; the ones before only begin things.
	const {drawn, before} = entriesFrom(history, from);
	const replayed: History[] = [];
	let known: History | null = before;
	while (known && !checkpoints.has(known)) {
		replayed.push(known);
		known = known.previous;
	}
	if (known) {
		const checkpoint = checkpoints.get(known)!;
		for (const [name, track] of drawing.tracks) Object.assign(track, checkpoint.tracks.get(name));
		drawing.shownMaxToken = checkpoint.shownMaxToken;
	}
	for (const node of replayed.reverse()) {
		drawing.visitEntry(node.entry);
		if (node.length % checkpointEvery === 0) {
			const saved = new Map([...drawing.tracks].map(([name, track]) => [name, {belief: track.belief, pause: track.pause, waiting: track.waiting}]));
			checkpoints.set(node, {tracks: saved, shownMaxToken: drawing.shownMaxToken});
		}
	}
	drawing.drawFrom = from;
	for (const node of drawn) drawing.visitEntry(node.entry);
	return drawing;
}

/**
 * Marks and spans that end before `from` are left out: they would be off screen, and a long
 * history has thousands of them. What earlier entries began (a belief, a pause) comes from the
 * frame before, when it was the step before or this one, else from the nearest checkpoint, so a
 * frame costs the same at any length of history, and stepping on costs one entry.
 */
export function buildTimeline(session: Session, g: Glyphs, from = 0, withNodes = false): Timeline {
	const world = currentWorld(session);
	const now = world.clock;
	const recent = fromRecent(recentDrawings, session.history, g, from, drawing => drawing.hasClients(world));
	const drawing = recent ?? drawingFromCheckpoint(session.history, world, g, from);
	remember(recentDrawings, session.history, drawing);

	// What is still open at `now` is closed on copies: the drawing stays as the next frame needs it.
	let horizon = now;
	const clientLanes = [...drawing.tracks].map(([name, track]) => {
		const spans = [...track.spans];
		const marks = [...track.marks];
		if (track.belief && now > track.belief.from && now >= from) spans.push({from: track.belief.from, to: now, kind: track.belief.kind});
		if (track.waiting !== null) spans.push({from: track.waiting, to: now, kind: 'waits'});
		if (track.pause) {
			spans.push({from: track.pause.from, to: Math.max(track.pause.until, now), kind: 'gc'});
			horizon = Math.max(horizon, track.pause.until);
		}
		if (world.lock.holder === name && world.lock.expiry !== null) {
			marks.push({t: world.lock.expiry, text: g.expired, role: 'dim'});
			horizon = Math.max(horizon, world.lock.expiry);
		}
		return {name, of: 'client' as const, spans, marks};
	});
	for (const write of world.inflight) {
		clientLanes.find(lane => lane.name === write.from)?.marks.push({t: write.arrivesAt, text: g.sent, role: 'dim'});
		horizon = Math.max(horizon, write.arrivesAt);
	}
	const lanes: Lane[] = clientLanes;
	// Only when they are shown: a node's lane reads every command's world, and most frames have no room for them.
	if (withNodes && world.nodes.length > 1) lanes.push(...nodeLanes(session.history, from, g));
	lanes.push({name: world.resource.name, of: 'resource', spans: [], marks: [...drawing.resource]});
	return {now, horizon, lanes};
}

interface NodeTrack {
	/** Whose key the node holds, and since when. */
	holder: string | null;
	from: number;
	readonly spans: Span[];
	readonly marks: Mark[];
}

/**
 * A lane per node over the entries drawn, from the world before them: each key from its grant
 * (`[A`) to its end (`✂` when it expires by the node's clock), crashes and restarts, and clock
 * jumps (`≈+10`), which break the lane. Keys are read from the world after each command, so
 * nothing before the window has to be replayed.
 */
class NodeDrawing {
	constructor(
		readonly g: Glyphs,
		readonly drawFrom: number,
		readonly tracks: NodeTrack[],
		/** The world after the last command drawn. */
		public world: World,
	) {}

	static startingAt(g: Glyphs, world: World, drawFrom: number): NodeDrawing {
		return new NodeDrawing(
			g,
			drawFrom,
			world.nodes.map(node => ({holder: node.holder, from: world.clock, spans: [], marks: []})),
			world,
		);
	}

	/**
	 * A copy that goes on from here, without what ends before `from`. A key held since before the
	 * window keeps its earlier start: either way it is drawn from the window's left edge.
	 */
	from(from: number): NodeDrawing {
		const tracks = this.tracks.map(track => ({
			...track,
			spans: track.spans.filter(span => span.to >= from),
			marks: track.marks.filter(mark => mark.t >= from),
		}));
		return new NodeDrawing(this.g, from, tracks, this.world);
	}

	hasNodes(world: World): boolean {
		return this.world.nodes.length === world.nodes.length && world.nodes.every((node, at) => this.world.nodes[at]!.name === node.name);
	}

	visitEntry(entry: Entry): void {
		const {g, tracks} = this;
		for (const played of entry.commands) {
			// Few commands end a key: the map is made for those only.
			let endedAt: Map<string, number> | undefined;
			for (const event of played.events) {
				const node =
					event.kind === 'expired'
						? event.node
						: event.kind === 'node-crashed' || event.kind === 'node-restarted'
							? event.node
							: event.kind === 'jumped'
								? event.target
								: undefined;
				const track = node === undefined ? undefined : tracks[this.world.nodes.findIndex(candidate => candidate.name === node)];
				if (!track) continue;
				if (event.kind === 'expired') track.marks.push({t: event.t, text: g.expired, role: 'bad'});
				if (event.kind === 'node-crashed') track.marks.push({t: event.t, text: g.crashed, role: 'bad'});
				if (event.kind === 'node-restarted') track.marks.push({t: event.t, text: g.restarted, role: 'accent'});
				if (event.kind === 'jumped') track.marks.push({t: event.t, text: `${g.jumped}${event.by < 0 ? event.by : `+${event.by}`}`, role: 'warn'});
				if (event.kind === 'expired' || event.kind === 'node-crashed') {
					endedAt ??= new Map();
					endedAt.set(node!, event.t);
				}
			}
			const world = played.world;
			this.world = world;
			for (let at = 0; at < world.nodes.length; at += 1) {
				const node = world.nodes[at]!;
				const track = tracks[at]!;
				if (node.holder === track.holder) continue;
				if (track.holder !== null) track.spans.push({from: track.from, to: endedAt?.get(node.name) ?? world.clock, kind: 'holds'});
				track.holder = node.holder;
				track.from = world.clock;
				if (node.holder !== null) track.marks.push({t: world.clock, text: `[${node.holder}`, role: 'accent'});
			}
		}
	}

	/** The lanes, what is still held closed at now on copies. */
	lanes(): Lane[] {
		const {world} = this;
		return world.nodes.map((node, at) => {
			const track = this.tracks[at]!;
			const spans = track.holder === null ? [...track.spans] : [...track.spans, {from: track.from, to: world.clock, kind: 'holds' as const}];
			// Where the key will expire, in true time: faint, as every planned thing.
			const marks =
				node.up && node.expiry !== null ? [...track.marks, {t: node.expiry - node.offset, text: this.g.expired, role: 'dim' as const}] : [...track.marks];
			return {name: node.name, of: 'node' as const, spans, marks};
		});
	}
}

const recentNodeDrawings = new Map<History, NodeDrawing>();

function nodeLanes(history: History, from: number, g: Glyphs): Lane[] {
	const world = history.entry.world;
	let drawing = fromRecent(recentNodeDrawings, history, g, from, recent => recent.hasNodes(world));
	if (drawing === null) {
		// Entries that end at `from` or later are drawn, from the world of the entry before them.
		const {drawn, before} = entriesFrom(history, from);
		drawing = NodeDrawing.startingAt(g, (before ?? drawn[0]!).entry.world, from);
		for (const node of drawn) drawing.visitEntry(node.entry);
	}
	remember(recentNodeDrawings, history, drawing);
	return drawing.lanes();
}
