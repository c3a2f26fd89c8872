// The timeline as data: from the history's events (each has its time t) to lanes of spans and
// marks, one lane per client and one for the resource, like the chapter's diagram; for the lock
// service, where it has a story of its own (several nodes, or a lock-delay), a lane per node or
// one lane for them all: whose keys they hold, expiries by a node's own clock, crashes and
// restarts, clock jumps and lock-delay windows. Pure.

import {withLockView} from '../../model/apply.js';
import type {Event} from '../../model/event.js';
import {changedNode, changedWorld, findClient, knownUntil, latencyTo, type Lock, type LockNode, type World} from '../../model/world.js';
import type {PlayedCommand} from '../../scenario/run.js';
import {type Begun, type Beginnings, beginningsOf, currentWorld, type Entry, followEvent, type History, type Session} from '../../session/session.js';
import type {TimelineSign} from '../labels.js';
import type {Glyphs, Role} from '../look.js';

/**
 * `waits`: a write of the client's held in a partition, from its send to when the link is back;
 * `delay`: a node's lock-delay window, when it grants nobody; `request`, `reply`: the client's lock
 * requests travelling to the nodes, and their replies travelling back.
 */
export type SpanKind = 'holds' | 'stale' | 'gc' | 'waits' | 'delay' | 'request' | 'reply';

/** The sign of the legend each kind of span is drawn with. */
export const spanSign: Readonly<Record<SpanKind, TimelineSign>> = {
	holds: 'holds',
	stale: 'stale',
	gc: 'gc',
	waits: 'sent',
	delay: 'lockDelay',
	request: 'request',
	reply: 'reply',
};

/** The lanes of the lock service: one per node, one for them all, or none. */
export type LockLanes = 'nodes' | 'summary' | 'none';

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
	/** The signs of the legend it is drawn with. */
	readonly signs: readonly TimelineSign[];
	/** What it shrinks to where it has no room: a counted mark without its count (`✂` for `✂×5`). */
	readonly short?: Omit<Mark, 't' | 'short'>;
}

export interface Lane {
	readonly name: string;
	readonly of: 'client' | 'node' | 'lock' | 'resource';
	readonly spans: readonly Span[];
	readonly marks: readonly Mark[];
}

export interface Timeline {
	readonly now: number;
	/** The last time worth showing: now, or a known future (lease expiry, end of a pause, an arrival). */
	readonly horizon: number;
	readonly lanes: readonly Lane[];
}

/** A given-up attempt's deletions on their way: sent at `from` to the nodes `to`, `left` of them not arrived, the last due at `until` (null until the world after the send is seen). */
interface Deletions {
	readonly from: number;
	readonly to: readonly string[];
	left: number;
	until: number | null;
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
	/** Replies that reached a frozen client and wait unread, by client: whether each granted. */
	readonly unread = new Map<string, boolean[]>();
	/** A given-up attempt's deletions on their way, by client. */
	readonly deleting = new Map<string, Deletions>();

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
		for (const played of entry.commands) {
			for (const event of played.events) this.visit(event);
			this.followDeletions(played.world);
		}
	}

	/**
	 * A client's deletions travel until the last of them is due, by the latency of its links as it
	 * sent them (the world after the send): done when each has arrived or been lost, or when the
	 * clock has passed the last one's arrival.
	 */
	private followDeletions(world: World): void {
		for (const [name, deleting] of this.deleting) {
			const client = findClient(world, name);
			if (client && deleting.until === null) deleting.until = deleting.from + Math.max(...deleting.to.map(node => latencyTo(client, node)));
			if (deleting.until !== null && world.clock >= deleting.until) this.endDeletions(name, deleting.until);
		}
	}

	/** One of a client's deletions arrived or was lost at `t`. */
	private deletionDone(client: string, t: number): void {
		const deleting = this.deleting.get(client);
		if (!deleting) return;
		deleting.left -= 1;
		if (deleting.left === 0) this.endDeletions(client, t);
	}

	private endDeletions(client: string, t: number): void {
		const deleting = this.deleting.get(client)!;
		if (t > deleting.from && t >= this.drawFrom) this.tracks.get(client)?.spans.push({from: deleting.from, to: t, kind: 'request'});
		this.deleting.delete(client);
	}

	private visit(event: Event): void {
		const {g, drawFrom} = this;
		const track = 'client' in event ? this.tracks.get(event.client) : undefined;
		const shown = event.t >= drawFrom;
		const mark = (text: string, role: Role, ...signs: TimelineSign[]) => shown && track?.marks.push({t: event.t, text, role, signs});
		const markResource = (text: string, role: Role, ...signs: TimelineSign[]) => shown && this.resource.push({t: event.t, text, role, signs});
		// A write shows `max` only when it raises the token the resource's last `max` mark showed.
		const raised = event.kind === 'accepted' && event.maxToken > 0 && event.maxToken !== this.beginnings.maxToken;
		const readMark = (granted: boolean) => (granted ? mark(g.ok, 'ok', 'replyGranted') : mark(g.bad, 'warn', 'replyRefused'));
		followEvent(this.beginnings, event, (client, span) => {
			if (span.to >= drawFrom) this.tracks.get(client)?.spans.push(span);
		});
		switch (event.kind) {
			case 'acquired':
				mark(`[${event.token ?? ''}`, 'accent', event.token === null ? 'acquiredNoToken' : 'acquired');
				break;
			case 'acquire-failed':
			case 'lock-delay':
			case 'acquire-minority':
				// Turned away: someone else holds the lock, the node is in its lock-delay, or too few nodes granted.
				mark(g.acquireRefused, 'warn', 'acquireRefused');
				break;
			case 'unanswered': {
				const [asked, sign] =
					event.request === 'acquire'
						? ['[', 'acquiredNoToken' as const]
						: event.request === 'renew'
							? [g.renewed, 'renewed' as const]
							: [g.released, 'released' as const];
				mark(`${asked}${g.unanswered}`, 'warn', sign, 'unanswered');
				break;
			}
			case 'renewed':
				mark(g.renewed, 'ok', 'renewed');
				break;
			case 'expired':
				// One node's key out of several is not the lock: the lock's lanes show it.
				if (event.node === undefined) mark(g.expired, 'bad', 'expired');
				break;
			case 'released':
			case 'release-ignored':
				mark(g.released, 'dim', 'released');
				break;
			case 'renew-failed':
				mark(g.renewRefused, 'warn', 'renewRefused');
				break;
			case 'restarted':
				mark(g.restarted, 'accent', 'restarted');
				break;
			case 'paused':
				mark('GC', 'warn', 'gc');
				break;
			case 'sent':
				mark(g.sent, 'accent', 'sent');
				break;
			case 'partitioned':
				mark(g.cut, 'warn', 'cut');
				break;
			case 'healed':
				mark(g.healed, 'ok', 'healed');
				break;
			case 'accepted':
				mark(event.violation ? g.violation : g.ok, event.violation ? 'banner' : 'ok', event.violation ? 'violation' : 'ok');
				if (event.violation) markResource(g.violation, 'banner', 'violation');
				else if (raised) markResource(`max${event.maxToken}`, 'accent', 'maxToken');
				else markResource(g.ok, 'ok', 'ok');
				break;
			case 'rejected':
				mark(g.bad, 'bad', 'bad');
				markResource(g.bad, 'bad', 'bad');
				break;
			case 'fencing':
				if (event.target === 'resource') markResource(event.on ? 'fenced' : 'unfenced', event.on ? 'ok' : 'alarm', event.on ? 'fenced' : 'unfenced');
				break;
			case 'reply-arrived':
				// A frozen client reads nothing: the reply waits in its socket until it wakes.
				if (event.unread) {
					this.unread.set(event.client, [...(this.unread.get(event.client) ?? []), event.granted]);
					mark(`${g.reply}${g.unread}`, 'dim', 'replyUnread');
				}
				// A late reply, which the client no longer waits for, is drawn faint.
				else if (event.granted) mark(g.ok, event.ignored ? 'decoration' : 'ok', 'replyGranted');
				else mark(g.bad, event.ignored ? 'decoration' : 'warn', 'replyRefused');
				break;
			case 'resumed':
			case 'crashed':
				// Awake, it reads what waited for it (a crash reads nothing).
				if (event.kind === 'resumed') for (const granted of this.unread.get(event.client) ?? []) readMark(granted);
				else mark(g.crashed, 'bad', 'crashed');
				this.unread.delete(event.client);
				break;
			case 'request-sent':
				// A given-up attempt's deletions leave as any request does; nobody waits for them.
				if (event.undo && event.to.length > 0 && !this.deleting.has(event.client))
					this.deleting.set(event.client, {from: event.t, to: event.to, left: event.to.length, until: null});
				break;
			case 'deletion-arrived':
				this.deletionDone(event.client, event.t);
				break;
			case 'message-lost':
				mark(g.lost, 'bad', 'lost');
				if (event.message === 'request' && event.op === 'release') this.deletionDone(event.client, event.t);
				break;
			case 'decided':
				// Given up for want of validity: as good as turned away (a kept one is told by its acquire or renewal).
				if (!event.kept) mark(event.op === 'acquire' ? g.acquireRefused : g.renewRefused, 'warn', event.op === 'acquire' ? 'acquireRefused' : 'renewRefused');
				break;
			default:
				break;
		}
	}
}

/** Entries of a history, oldest first, and the entry before them (null when there is none). */
interface Entries {
	readonly drawn: readonly History[];
	readonly before: History | null;
}

/** The entries up to `history` that end at `from` or later, oldest first, and the entry before them (null when there is none). */
function entriesFrom(history: History, from: number): Entries {
	const drawn: History[] = [];
	let before: History | null = history;
	while (before && before.entry.world.clock >= from) {
		drawn.push(before);
		before = before.previous;
	}
	return {drawn: drawn.reverse(), before};
}

/** The last `count` entries up to `history`, oldest first, and the entry before them (null when there is none). */
function lastEntries(history: History, count: number): Entries {
	const drawn: History[] = [];
	let before: History | null = history;
	while (before && drawn.length < count) {
		drawn.push(before);
		before = before.previous;
	}
	return {drawn: drawn.reverse(), before};
}

/**
 * Marks and spans that end before `from` are left out: they would be off screen, and a long
 * history has thousands of them. What earlier entries began (a belief, a pause) each history
 * entry keeps (`begun`), so a frame draws only the entries on screen, at any length of history.
 */
export function buildTimeline(session: Session, g: Glyphs, from = 0, locks: LockLanes = 'none', lockLaneName = 'lock'): Timeline {
	const world = currentWorld(session);
	const now = world.clock;
	const entries = entriesFrom(session.history, from);
	const {drawn, before} = entries;
	const drawing = new Drawing(g, from, world, (before ?? drawn[0]!).begun);
	for (const node of drawn) drawing.visitEntry(node.entry);
	const namings = namingsOver(entries);

	// What is still open at `now` is closed there.
	const horizon = knownUntil(world);
	const clientLanes = [...drawing.tracks].map(([name, track]) => {
		const {spans, marks} = track;
		const {belief, pause, waiting, asking, answered} = drawing.beginnings.clients.get(name)!;
		if (belief && now > belief.from && now >= from) spans.push({from: belief.from, to: now, kind: belief.kind});
		if (waiting !== null) spans.push({from: waiting, to: now, kind: 'waits'});
		// Requests on their way run to the last one's arrival, replies to the last one due: what is to come is drawn faint.
		if (asking !== null) spans.push({from: asking.from, to: Math.max(now, lastArrival(world, name)), kind: 'request'});
		if (answered !== null) spans.push({from: answered.from, to: answered.until, kind: 'reply'});
		if (pause) spans.push({from: pause.from, to: Math.max(pause.until, now), kind: 'gc'});
		const deleting = drawing.deleting.get(name);
		if (deleting) spans.push({from: deleting.from, to: Math.max(now, deleting.until ?? now), kind: 'request'});
		if (world.lock.holder === name && world.lock.expiry !== null) marks.push({t: world.lock.expiry, text: g.expired, role: 'decoration', signs: ['expired']});
		return {name, of: 'client' as const, spans: spans.flatMap(span => borneOut(span, name, namings)), marks: countedAlike(marks, g)};
	});
	for (const write of world.inflight)
		clientLanes.find(lane => lane.name === write.from)?.marks.push({t: write.arrivesAt, text: g.sent, role: 'decoration', signs: ['sent']});
	const lanes: Lane[] = clientLanes;
	// Only when they are shown: the lock's lanes read every command's world, and most frames have no room for them.
	if (locks !== 'none' && hasLockStory(world)) lanes.push(...lockLanes(entries, g, locks, lockLaneName));
	lanes.push({name: world.resource.name, of: 'resource', spans: [], marks: drawing.resource});
	return {now, horizon, lanes};
}

/**
 * A belief's span as the lock service bears it out: the client holds (`─`) while the service
 * names it, and its belief is stale (`┄`) while it does not, whatever the client's own count says.
 */
function borneOut(span: Span, client: string, namings: readonly Naming[]): Span[] {
	if (span.kind !== 'holds' && span.kind !== 'stale') return [span];
	const spans: Span[] = [];
	let at = span.from;
	for (const naming of namings) {
		if (naming.holder !== client) continue;
		// A naming that began before the entries read covers the belief's start too.
		const from = naming.earlier ? at : Math.max(at, naming.from);
		const to = Math.min(span.to, naming.to ?? span.to);
		if (to <= from) continue;
		if (from > at) spans.push({from: at, to: from, kind: 'stale'});
		spans.push({from, to, kind: 'holds'});
		at = to;
	}
	if (at < span.to) spans.push({from: at, to: span.to, kind: 'stale'});
	return spans;
}

/** When the last of a client's lock requests on their way arrives at its node (0 when none is). */
const lastArrival = (world: World, client: string): number =>
	Math.max(0, ...world.messages.filter(message => message.kind === 'request' && !message.undo && message.from === client).map(message => message.arrivesAt));

/** The marks of one message each: several nodes' alike at one moment are counted. */
const messageSigns: ReadonlySet<TimelineSign> = new Set(['replyGranted', 'replyRefused', 'replyUnread', 'lost']);

/** The marks of what came of a request: where one stands, it tells the replies read at that moment. */
const outcomeSigns: ReadonlySet<TimelineSign> = new Set(['acquired', 'acquiredNoToken', 'acquireRefused', 'renewed', 'renewRefused', 'released', 'unanswered']);

const isReply = (mark: Mark) => mark.signs[0] === 'replyGranted' || mark.signs[0] === 'replyRefused';

/**
 * Replies of one kind read at one moment, or messages lost, counted (`✓×5`, the sign for several
 * nodes): five marks would not fit a tick. Replies read as the client decides are left to its
 * decision's mark (`[`, `[✗`): the way back (`←`) ends there, and a tick has room for one mark.
 */
function countedAlike(marks: readonly Mark[], g: Glyphs): Mark[] {
	const decided = new Set(marks.filter(mark => mark.signs.some(sign => outcomeSigns.has(sign))).map(mark => mark.t));
	const counted = (mark: Mark) => messageSigns.has(mark.signs[0]!);
	const key = (mark: Mark) => `${mark.t} ${mark.signs[0]} ${mark.role}`;
	const counts = new Map<string, number>();
	for (const mark of marks) if (counted(mark)) counts.set(key(mark), (counts.get(key(mark)) ?? 0) + 1);
	const told = new Set<string>();
	return marks.flatMap(mark => {
		if (!counted(mark)) return [mark];
		if (isReply(mark) && decided.has(mark.t)) return [];
		const count = counts.get(key(mark))!;
		if (told.has(key(mark))) return [];
		told.add(key(mark));
		return count === 1 ? [mark] : [{...mark, text: `${mark.text}${g.times}${count}`, signs: [...mark.signs, 'onNodes' as const], short: mark}];
	});
}

/** The lock service has a story of its own to draw: several nodes, or a lock-delay. */
export const hasLockStory = (world: World): boolean => world.nodes.length > 1 || world.lockDelay > 0;

/** Something a node did at a moment: its mark on the node's own lane, and what goes into the lane for them all. */
interface NodeMark extends Mark {
	readonly node: number;
	/** The client a key was granted to, for a grant. */
	readonly granted?: string;
}

interface NodeTrack {
	/** Whose key the node holds, and since when. */
	holder: string | null;
	from: number;
	/** When its lock-delay ends, in true time, and since when it runs; null when it is in none. */
	delay: {readonly from: number; readonly until: number} | null;
	readonly spans: Span[];
}

/**
 * The lock's lanes over the entries drawn, from the world before them: each key from its grant
 * (`[A`) to its end (`✂` when it expires by the node's clock), crashes and restarts, clock jumps
 * (`≈+10`) and lock-delay windows. Keys and windows are read from the world after each command, so
 * nothing before the window has to be replayed.
 */
class NodeDrawing {
	readonly marks: NodeMark[] = [];

	constructor(
		readonly g: Glyphs,
		readonly tracks: NodeTrack[],
		/** The world after the last command drawn. */
		public world: World,
	) {}

	static startingAt(g: Glyphs, world: World): NodeDrawing {
		return new NodeDrawing(
			g,
			world.nodes.map(node => ({holder: node.holder, from: world.clock, delay: delayOf(node, world), spans: []})),
			world,
		);
	}

	visitEntry(entry: Entry): void {
		const {g, tracks} = this;
		for (const played of entry.commands) {
			// Few commands end a key: the map is made for those only.
			let endedAt: Map<string, number> | undefined;
			for (const event of played.events) {
				// One node's expiry is the lock's, on its holder's lane: an expiry here names its node.
				const name =
					event.kind === 'expired' ||
					event.kind === 'node-crashed' ||
					event.kind === 'node-restarted' ||
					event.kind === 'request-arrived' ||
					event.kind === 'deletion-arrived'
						? event.node
						: event.kind === 'jumped'
							? event.target
							: undefined;
				const node = name === undefined ? -1 : this.world.nodes.findIndex(candidate => candidate.name === name);
				if (node < 0) continue;
				const mark = (text: string, role: Role, sign: TimelineSign) => this.marks.push({t: event.t, text, role, signs: [sign], node});
				if (event.kind === 'expired') mark(g.expired, 'bad', 'expired');
				if (event.kind === 'node-crashed') mark(g.crashed, 'bad', 'crashed');
				if (event.kind === 'node-restarted') mark(g.restarted, 'accent', 'restarted');
				if (event.kind === 'jumped') mark(`${g.jumped}${event.by < 0 ? event.by : `+${event.by}`}`, 'warn', 'jumped');
				const deleted = (event.kind === 'request-arrived' && event.op === 'release' && event.granted) || (event.kind === 'deletion-arrived' && event.deleted);
				if (event.kind === 'expired' || event.kind === 'node-crashed' || deleted) {
					endedAt ??= new Map();
					endedAt.set(name!, event.t);
				}
				// A request that takes time is granted when it arrives, which may be long before the command ends (a tick).
				if (event.kind === 'request-arrived' && event.op === 'acquire' && event.granted) this.grant(node, event.client, event.t);
			}
			const world = played.world;
			this.world = world;
			for (let at = 0; at < world.nodes.length; at += 1) {
				const node = world.nodes[at]!;
				const track = tracks[at]!;
				const delay = delayOf(node, world);
				if (delay?.until !== track.delay?.until) {
					// A window cut short (a restart that forgot it) ends now.
					if (track.delay) track.spans.push({from: track.delay.from, to: Math.min(track.delay.until, world.clock), kind: 'delay'});
					track.delay = delay;
				}
				if (node.holder === track.holder) continue;
				if (track.holder !== null) track.spans.push({from: track.from, to: endedAt?.get(node.name) ?? world.clock, kind: 'holds'});
				track.holder = null;
				if (node.holder !== null) this.grant(at, node.holder, world.clock);
			}
		}
	}

	/** The node's key is the client's from `t` on: a key it held before ends there. */
	private grant(at: number, client: string, t: number): void {
		const track = this.tracks[at]!;
		if (track.holder !== null) track.spans.push({from: track.from, to: t, kind: 'holds'});
		track.holder = client;
		track.from = t;
		this.marks.push({t, text: `[${client}`, role: 'accent', signs: ['nodeKey'], node: at, granted: client});
	}

	/** Each node's spans, what is still open closed on copies: a key at now, a lock-delay window at its end. */
	private spansOf(at: number): Span[] {
		const track = this.tracks[at]!;
		return [
			...track.spans,
			...(track.holder === null ? [] : [{from: track.from, to: this.world.clock, kind: 'holds' as const}]),
			...(track.delay === null ? [] : [{from: track.delay.from, to: track.delay.until, kind: 'delay' as const}]),
		];
	}

	/** A lane per node. */
	nodeLanes(): Lane[] {
		const {world} = this;
		return world.nodes.map((node, at) => {
			const marks: Mark[] = this.marks.filter(mark => mark.node === at);
			// Where the key will expire, in true time: faint, as every planned thing.
			if (node.up && node.expiry !== null) marks.push({t: node.expiry - node.offset, text: this.g.expired, role: 'decoration', signs: ['expired']});
			return {name: node.name, of: 'node' as const, spans: this.spansOf(at), marks};
		});
	}

	/**
	 * One lane for every node: at each moment what each node did, after its name (`L3≈+10✂`; one
	 * node needs none), what several did alike counted instead (`✂×5`), then the keys granted the
	 * same way (`L3[B`, `[B×3`).
	 */
	summaryLane(name: string): Lane {
		const {g, world} = this;
		const several = world.nodes.length > 1;
		const marks: Mark[] = [];
		for (const t of [...new Set(this.marks.map(mark => mark.t))].sort((a, b) => a - b)) {
			const now = this.marks.filter(mark => mark.t === t);
			// What each node did, in the order of the nodes: its events run together, or the key it granted.
			const done = world.nodes.flatMap((node, at) => {
				const events = now.filter(mark => mark.node === at && mark.granted === undefined);
				const grants = now.filter(mark => mark.node === at && mark.granted !== undefined);
				return [
					...(events.length > 0
						? [{node: node.name, text: events.map(mark => mark.text).join(''), role: events[0]!.role, signs: events.flatMap(mark => mark.signs)}]
						: []),
					// One node's key is the lock: its holder's lane shows it.
					...(several ? grants.map(mark => ({node: node.name, text: mark.text, role: mark.role, signs: mark.signs})) : []),
				];
			});
			for (const text of new Set(done.map(each => each.text))) {
				const alike = done.filter(each => each.text === text);
				const {role, signs} = alike[0]!;
				if (!several) marks.push({t, text, role, signs});
				else if (alike.length === 1) marks.push({t, text: `${alike[0]!.node}${text}`, role, signs});
				else marks.push({t, text: `${text}${g.times}${alike.length}`, role, signs: [...signs, 'onNodes'], short: {text, role, signs}});
			}
		}
		// A window drawn over another is the same glyph: the lane shows when any node grants nobody.
		const spans = world.nodes.flatMap((_, at) => this.spansOf(at).filter(span => span.kind === 'delay'));
		return {name, of: 'lock', spans, marks};
	}
}

/** A node's lock-delay window still to run, in true time: it began at the expiry, a lock-delay before its end. */
const delayOf = (node: World['nodes'][number], world: World) =>
	node.delayUntil !== null && node.delayUntil - node.offset > world.clock
		? {from: node.delayUntil - world.lockDelay - node.offset, until: node.delayUntil - node.offset}
		: null;

function lockLanes({drawn, before}: Entries, g: Glyphs, locks: 'nodes' | 'summary', name: string): Lane[] {
	// Entries that end at `from` or later are drawn, from the world of the entry before them.
	const drawing = NodeDrawing.startingAt(g, (before ?? drawn[0]!).entry.world);
	for (const node of drawn) drawing.visitEntry(node.entry);
	return locks === 'nodes' && drawing.world.nodes.length > 1 ? drawing.nodeLanes() : [drawing.summaryLane(name)];
}

/** How the lock service stopped naming a holder: its key or keys expired, were deleted (a release, a give-up's deletions), or were lost (a node crashed). */
export type NamingEnd = 'expired' | 'released' | 'lost';

/**
 * A time the lock service named a client as the lock's holder: its one node's key, or with
 * several nodes the client's keys on a majority of the nodes that are up. With several nodes
 * this is a grant: it begins when the keys first stand on a majority, and ends when they no
 * longer do.
 */
export interface Naming {
	readonly holder: string;
	/** The token of its key (one node): from the node's grant, or once the world after a command shows it. */
	readonly token: number | null;
	readonly from: number;
	/** Null while the service still names it. */
	readonly to: number | null;
	readonly end: NamingEnd | null;
	/** It began before the entries read: `from` is only where they begin. */
	readonly earlier: boolean;
}

type Open<T> = {-readonly [K in keyof T]: T[K]};

/** What an event does to one node's key, at its time: who holds it now, whether the node is up, and how a naming it ends ends. */
function keyChange(event: Event, nodes: readonly LockNode[]): {readonly at: number; readonly changes: Partial<LockNode>; readonly end: NamingEnd} | null {
	const at = (name: string | undefined) => (name === undefined ? (nodes.length === 1 ? 0 : -1) : nodes.findIndex(node => node.name === name));
	const change = (name: string | undefined, changes: Partial<LockNode>, end: NamingEnd) => {
		const index = at(name);
		return index < 0 ? null : {at: index, changes, end};
	};
	switch (event.kind) {
		case 'request-arrived':
			if (!event.granted || event.op === 'renew') return null;
			return change(event.node, event.op === 'acquire' ? {holder: event.client, token: event.token ?? null} : {holder: null, token: null}, 'released');
		case 'deletion-arrived':
			return event.deleted && nodes[at(event.node)]?.holder === event.client ? change(event.node, {holder: null}, 'released') : null;
		// One node's expiry names no node: it is the lock's.
		case 'expired':
			return change(event.node, {holder: null}, 'expired');
		case 'node-crashed':
			return change(event.node, event.lostKey === null ? {up: false} : {up: false, holder: null}, 'lost');
		case 'node-restarted':
			return change(event.node, {up: true}, 'lost');
		default:
			return null;
	}
}

/** How the keys that a command ended without an event of their own ended: by the events it made. */
function endOf(events: readonly Event[]): NamingEnd {
	for (let at = events.length - 1; at >= 0; at -= 1) {
		const {kind} = events[at]!;
		if (kind === 'expired') return 'expired';
		if (kind === 'node-crashed') return 'lost';
	}
	return 'released';
}

/**
 * Who the lock service named, over the entries read, from the world before them on: at the time
 * of each event that changes a key within a command (a tick runs many times), and as the world
 * after each command says.
 */
class Namings {
	readonly list: Open<Naming>[] = [];
	private open: Open<Naming> | null = null;
	private world: World;
	private nodes: readonly LockNode[];

	constructor(world: World, startsHistory: boolean) {
		this.world = world;
		this.nodes = world.nodes;
		this.name(world.lock, world.clock, 'released', !startsHistory);
	}

	visitCommand(played: PlayedCommand): void {
		for (const event of played.events) {
			const change = keyChange(event, this.nodes);
			if (change === null) continue;
			this.nodes = this.nodes.map((node, at) => (at === change.at ? changedNode(node, change.changes) : node));
			this.name(withLockView(changedWorld(this.world, {nodes: this.nodes})).lock, event.t, change.end);
		}
		this.world = played.world;
		this.nodes = played.world.nodes;
		this.name(played.world.lock, played.world.clock, endOf(played.events));
	}

	private name(lock: Lock, t: number, end: NamingEnd, earlier = false): void {
		const {open} = this;
		if (open !== null && lock.holder === open.holder) {
			if (lock.token !== null) open.token = lock.token;
			return;
		}
		if (open === null && lock.holder === null) return;
		if (open !== null) {
			open.to = t;
			open.end = end;
		}
		this.open = lock.holder === null ? null : {holder: lock.holder, token: lock.token, from: t, to: null, end: null, earlier};
		if (this.open) this.list.push(this.open);
	}
}

/** Who the lock service named over these entries, oldest first. */
function namingsOver({drawn, before}: Entries): Naming[] {
	const namings = new Namings((before ?? drawn[0]!).entry.world, before === null);
	for (const node of drawn) for (const played of node.entry.commands) namings.visitCommand(played);
	return namings.list;
}

/**
 * The last `count` times the lock service named a holder (with several nodes, its grants), newest
 * first: read from the end of the history, no further back than they go.
 */
export function latestNamings(history: History, count: number): Naming[] {
	if (count <= 0) return [];
	for (let entries = 16; ; entries *= 2) {
		const read = lastEntries(history, entries);
		const namings = namingsOver(read).filter(naming => !naming.earlier);
		if (namings.length >= count || read.before === null) return namings.slice(-count).reverse();
	}
}
