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

/** Every so many entries of a history remember their checkpoint, so a frame replays at most that many unseen entries. */
const checkpointEvery = 256;
const checkpoints = new WeakMap<History, Checkpoint>();

/**
 * Marks and spans that end before `from` are left out: they would be off screen, and a long
 * history has thousands of them. What earlier entries began (a belief, a pause) comes from the
 * nearest checkpoint, so a frame costs the same at any length of history.
 */
export function buildTimeline(session: Session, g: Glyphs, from = 0, withNodes = false): Timeline {
	const world = currentWorld(session);
	const now = world.clock;
	const tracks = new Map<string, ClientTrack>(world.clients.map(client => [client.name, {belief: null, pause: null, waiting: null, spans: [], marks: []}]));
	const resource: Mark[] = [];
	/** The token of the resource's last `max` mark: a write shows `max` only when it raises it. */
	let shownMaxToken = 0;
	/** Nothing is drawn while the entries before the window are replayed. */
	let drawFrom = Number.POSITIVE_INFINITY;

	const endBelief = (track: ClientTrack, t: number) => {
		if (track.belief && t > track.belief.from && t >= drawFrom) track.spans.push({from: track.belief.from, to: t, kind: track.belief.kind});
		track.belief = null;
	};
	// The client's writes wait while its link to the resource is cut: they arrive together when it is back.
	const endWaiting = (track: ClientTrack | undefined, t: number) => {
		if (!track || track.waiting === null) return;
		if (t > track.waiting && t >= drawFrom) track.spans.push({from: track.waiting, to: t, kind: 'waits'});
		track.waiting = null;
	};
	const endPause = (track: ClientTrack, t: number) => {
		if (track.pause && t > track.pause.from && t >= drawFrom) track.spans.push({from: track.pause.from, to: t, kind: 'gc'});
		track.pause = null;
	};

	const visit = (event: Event) => {
		const track = 'client' in event ? tracks.get(event.client) : undefined;
		const shown = event.t >= drawFrom;
		const mark = (text: string, role: Role) => shown && track?.marks.push({t: event.t, text, role});
		const markResource = (text: string, role: Role) => shown && resource.push({t: event.t, text, role});
		switch (event.kind) {
			case 'acquired':
				if (track) endBelief(track, event.t);
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
					endBelief(track, event.t);
					track.belief = {kind: 'stale', from: event.t};
				}
				break;
			case 'released':
			case 'release-ignored':
				if (track) endBelief(track, event.t);
				mark(g.released, 'dim');
				break;
			case 'renew-failed':
				if (track?.belief) endBelief(track, event.t);
				mark(g.renewRefused, 'warn');
				break;
			case 'crashed':
				if (track) {
					endBelief(track, event.t);
					endPause(track, event.t);
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
				if (track) endPause(track, event.t);
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
				endWaiting(track, event.t);
				mark(event.violation ? g.violation : g.ok, event.violation ? 'banner' : 'ok');
				const raised = event.maxToken > 0 && event.maxToken !== shownMaxToken;
				if (event.violation) markResource(g.violation, 'banner');
				else {
					markResource(raised ? `max${event.maxToken}` : g.ok, raised ? 'accent' : 'ok');
					if (raised) shownMaxToken = event.maxToken;
				}
				break;
			}
			case 'rejected':
				endWaiting(track, event.t);
				mark(g.bad, 'bad');
				markResource(g.bad, 'bad');
				break;
			case 'fencing':
				if (event.target === 'resource') markResource(event.on ? 'fenced' : 'unfenced', event.on ? 'ok' : 'alarm');
				break;
			default:
				break;
		}
	};
	const visitEntry = (entry: Entry) => {
		for (const played of entry.commands) for (const event of played.events) visit(event);
	};

	// Entries that end at `from` or later may draw; the ones before only begin things.
	const drawn: History[] = [];
	let before: History | null = session.history;
	while (before && before.entry.world.clock >= from) {
		drawn.push(before);
		before = before.previous;
	}
	const replayed: History[] = [];
	let known: History | null = before;
	while (known && !checkpoints.has(known)) {
		replayed.push(known);
		known = known.previous;
	}
	if (known) {
		const checkpoint = checkpoints.get(known)!;
		for (const [name, track] of tracks) Object.assign(track, checkpoint.tracks.get(name));
		shownMaxToken = checkpoint.shownMaxToken;
	}
	for (const node of replayed.reverse()) {
		visitEntry(node.entry);
		if (node.length % checkpointEvery === 0) {
			const saved = new Map([...tracks].map(([name, track]) => [name, {belief: track.belief, pause: track.pause, waiting: track.waiting}]));
			checkpoints.set(node, {tracks: saved, shownMaxToken});
		}
	}
	drawFrom = from;
	for (const node of drawn.reverse()) visitEntry(node.entry);

	let horizon = now;
	for (const [name, track] of tracks) {
		endBelief(track, now);
		if (track.waiting !== null) track.spans.push({from: track.waiting, to: now, kind: 'waits'});
		if (track.pause) {
			track.spans.push({from: track.pause.from, to: Math.max(track.pause.until, now), kind: 'gc'});
			horizon = Math.max(horizon, track.pause.until);
		}
		if (world.lock.holder === name && world.lock.expiry !== null) {
			track.marks.push({t: world.lock.expiry, text: g.expired, role: 'dim'});
			horizon = Math.max(horizon, world.lock.expiry);
		}
	}
	for (const write of world.inflight) {
		tracks.get(write.from)?.marks.push({t: write.arrivesAt, text: g.sent, role: 'dim'});
		horizon = Math.max(horizon, write.arrivesAt);
	}

	const lanes: Lane[] = [...tracks].map(([name, track]) => ({name, of: 'client' as const, spans: track.spans, marks: track.marks}));
	// Only when they are shown: a node's lane reads every command's world, and most frames have no room for them.
	if (withNodes && world.nodes.length > 1) lanes.push(...nodeLanes((before ?? drawn[0]!).entry.world, drawn, g));
	lanes.push({name: world.resource.name, of: 'resource', spans: [], marks: resource});
	return {now, horizon, lanes};
}

/**
 * A lane per node over the entries drawn, from the world before them: each key from its grant
 * (`[A`) to its end (`✂` when it expires by the node's clock), crashes and restarts, and clock
 * jumps (`≈+10`), which break the lane. Keys are read from the world after each command, so
 * nothing before the window has to be replayed.
 */
function nodeLanes(start: World, drawn: readonly History[], g: Glyphs): Lane[] {
	const tracks = start.nodes.map(node => ({holder: node.holder, from: start.clock, spans: [] as Span[], marks: [] as Mark[]}));
	const index = new Map(start.nodes.map((node, at) => [node.name, at]));
	let world = start;
	for (const {entry} of drawn)
		for (const played of entry.commands) {
			const endedAt = new Map<string, number>();
			for (const event of played.events) {
				const node =
					event.kind === 'expired'
						? event.node
						: event.kind === 'node-crashed' || event.kind === 'node-restarted'
							? event.node
							: event.kind === 'jumped'
								? event.target
								: undefined;
				const track = node === undefined ? undefined : tracks[index.get(node) ?? -1];
				if (!track) continue;
				if (event.kind === 'expired') track.marks.push({t: event.t, text: g.expired, role: 'bad'});
				if (event.kind === 'node-crashed') track.marks.push({t: event.t, text: g.crashed, role: 'bad'});
				if (event.kind === 'node-restarted') track.marks.push({t: event.t, text: g.restarted, role: 'accent'});
				if (event.kind === 'jumped') track.marks.push({t: event.t, text: `${g.jumped}${event.by < 0 ? event.by : `+${event.by}`}`, role: 'warn'});
				if (event.kind === 'expired' || event.kind === 'node-crashed') endedAt.set(node!, event.t);
			}
			world = played.world;
			for (const [at, node] of world.nodes.entries()) {
				const track = tracks[at]!;
				if (node.holder === track.holder) continue;
				if (track.holder !== null) track.spans.push({from: track.from, to: endedAt.get(node.name) ?? world.clock, kind: 'holds'});
				track.holder = node.holder;
				track.from = world.clock;
				if (node.holder !== null) track.marks.push({t: world.clock, text: `[${node.holder}`, role: 'accent'});
			}
		}
	return world.nodes.map((node, at) => {
		const track = tracks[at]!;
		const spans = track.holder === null ? track.spans : [...track.spans, {from: track.from, to: world.clock, kind: 'holds' as const}];
		// Where the key will expire, in true time: faint, as every planned thing.
		const marks = node.up && node.expiry !== null ? [...track.marks, {t: node.expiry - node.offset, text: g.expired, role: 'dim' as const}] : track.marks;
		return {name: node.name, of: 'node' as const, spans, marks};
	});
}
