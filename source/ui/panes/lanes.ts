// The timeline as data: from the history's events (each has its time t) to lanes of spans and
// marks, one lane per client and one for the resource, like the chapter's diagram; with several
// lock nodes, one lane per node too: whose key it holds, when it expires, crashes, and clock
// jumps. Pure.

import type {Event} from '../../model/event.js';
import type {World} from '../../model/world.js';
import {type Begun, type Beginnings, beginningsOf, currentWorld, type Entry, followEvent, type History, type Session} from '../../session/session.js';
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
	readonly spans: Span[];
	readonly marks: Mark[];
}

/**
 * The client and resource lanes as the entries of a window of the history draw them from
 * `drawFrom` on, going on from what the history had begun before the window (a belief, a pause),
 * before `now` closes what is still open.
 */
class Drawing {
	readonly tracks: Map<string, ClientTrack>;
	readonly resource: Mark[] = [];
	/** What the events so far have begun and not ended. */
	readonly beginnings: Beginnings;

	constructor(
		readonly g: Glyphs,
		/** Nothing that ends before it is drawn. */
		readonly drawFrom: number,
		world: World,
		begun: Begun,
	) {
		this.tracks = new Map(world.clients.map(client => [client.name, {spans: [], marks: []}]));
		this.beginnings = beginningsOf(begun);
	}

	visitEntry(entry: Entry): void {
		for (const played of entry.commands) for (const event of played.events) this.visit(event);
	}

	private visit(event: Event): void {
		const {g, drawFrom} = this;
		const track = 'client' in event ? this.tracks.get(event.client) : undefined;
		const shown = event.t >= drawFrom;
		const mark = (text: string, role: Role) => shown && track?.marks.push({t: event.t, text, role});
		const markResource = (text: string, role: Role) => shown && this.resource.push({t: event.t, text, role});
		// A write shows `max` only when it raises the token the resource's last `max` mark showed.
		const raised = event.kind === 'accepted' && event.maxToken > 0 && event.maxToken !== this.beginnings.maxToken;
		followEvent(this.beginnings, event, (client, span) => {
			if (span.to >= drawFrom) this.tracks.get(client)?.spans.push(span);
		});
		switch (event.kind) {
			case 'acquired':
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
				if (event.node === undefined) mark(g.expired, 'bad');
				break;
			case 'released':
			case 'release-ignored':
				mark(g.released, 'dim');
				break;
			case 'renew-failed':
				mark(g.renewRefused, 'warn');
				break;
			case 'crashed':
				mark(g.crashed, 'bad');
				break;
			case 'restarted':
				mark(g.restarted, 'accent');
				break;
			case 'paused':
				mark('GC', 'warn');
				break;
			case 'sent':
				mark(g.sent, 'accent');
				break;
			case 'partitioned':
				mark(g.cut, 'warn');
				break;
			case 'healed':
				mark(g.healed, 'ok');
				break;
			case 'accepted':
				mark(event.violation ? g.violation : g.ok, event.violation ? 'banner' : 'ok');
				if (event.violation) markResource(g.violation, 'banner');
				else markResource(raised ? `max${event.maxToken}` : g.ok, raised ? 'accent' : 'ok');
				break;
			case 'rejected':
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

/** The drawing of the entries up to `history` that end at `from` or later, from what the entry before them had begun. */
function drawingFrom(history: History, world: World, g: Glyphs, from: number): Drawing {
	const {drawn, before} = entriesFrom(history, from);
	const drawing = new Drawing(g, from, world, (before ?? drawn[0]!).begun);
	for (const node of drawn) drawing.visitEntry(node.entry);
	return drawing;
}

/**
 * Marks and spans that end before `from` are left out: they would be off screen, and a long
 * history has thousands of them. What earlier entries began (a belief, a pause) each history
 * entry keeps (`begun`), so a frame draws only the entries on screen, at any length of history.
 */
export function buildTimeline(session: Session, g: Glyphs, from = 0, withNodes = false): Timeline {
	const world = currentWorld(session);
	const now = world.clock;
	const drawing = drawingFrom(session.history, world, g, from);

	// What is still open at `now` is closed there.
	let horizon = now;
	const clientLanes = [...drawing.tracks].map(([name, track]) => {
		const {spans, marks} = track;
		const {belief, pause, waiting} = drawing.beginnings.clients.get(name)!;
		if (belief && now > belief.from && now >= from) spans.push({from: belief.from, to: now, kind: belief.kind});
		if (waiting !== null) spans.push({from: waiting, to: now, kind: 'waits'});
		if (pause) {
			spans.push({from: pause.from, to: Math.max(pause.until, now), kind: 'gc'});
			horizon = Math.max(horizon, pause.until);
		}
		if (world.lock.holder === name && world.lock.expiry !== null) {
			marks.push({t: world.lock.expiry, text: g.expired, role: 'decoration'});
			horizon = Math.max(horizon, world.lock.expiry);
		}
		return {name, of: 'client' as const, spans, marks};
	});
	for (const write of world.inflight) {
		clientLanes.find(lane => lane.name === write.from)?.marks.push({t: write.arrivesAt, text: g.sent, role: 'decoration'});
		horizon = Math.max(horizon, write.arrivesAt);
	}
	const lanes: Lane[] = clientLanes;
	// Only when they are shown: a node's lane reads every command's world, and most frames have no room for them.
	if (withNodes && world.nodes.length > 1) lanes.push(...nodeLanes(session.history, from, g));
	lanes.push({name: world.resource.name, of: 'resource', spans: [], marks: drawing.resource});
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
		readonly tracks: NodeTrack[],
		/** The world after the last command drawn. */
		public world: World,
	) {}

	static startingAt(g: Glyphs, world: World): NodeDrawing {
		return new NodeDrawing(
			g,
			world.nodes.map(node => ({holder: node.holder, from: world.clock, spans: [], marks: []})),
			world,
		);
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
				node.up && node.expiry !== null
					? [...track.marks, {t: node.expiry - node.offset, text: this.g.expired, role: 'decoration' as const}]
					: [...track.marks];
			return {name: node.name, of: 'node' as const, spans, marks};
		});
	}
}

function nodeLanes(history: History, from: number, g: Glyphs): Lane[] {
	// Entries that end at `from` or later are drawn, from the world of the entry before them.
	const {drawn, before} = entriesFrom(history, from);
	const drawing = NodeDrawing.startingAt(g, (before ?? drawn[0]!).entry.world);
	for (const node of drawn) drawing.visitEntry(node.entry);
	return drawing.lanes();
}
