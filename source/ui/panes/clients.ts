// The clients, one row each, and the lesson in one line: which clients believe they hold the
// lock, and which one (if any) the lock service agrees with. In worlds that have them, each
// client's own clock, whether it checks its lease, its cut links, and writes held back or waiting
// in a partition. With rows to spare, each client's latest events under its row: what it last did
// or had done to it.

import {lockPeer, resourceTarget} from '../../model/command.js';
import {believers, type Client, createWorld, type InflightWrite, latencyTo, majority, reaches, type RequestOp, type World} from '../../model/world.js';
import type {Event} from '../../model/event.js';
import {describeEvent} from '../../words/describe.js';
import {currentWorld, type Session, visitEventsBackwards} from '../../session/session.js';
import {pad, wrap} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {type Labels, labelsFor} from '../labels.js';
import type {Glyphs, Look, Role} from '../look.js';
import {type GrowingPaneProps, piece, type Row, rowWidth, titleRule} from './rows.js';

const agrees = (world: World, client: Client) => client.holds && world.lock.holder === client.name && world.lock.token === client.token;

/** Running, paused or crashed; and, while it waits for replies, what it asked when and what has come back (a paused client's too: they wait for it). */
function status(client: Client, labels: Labels, short: boolean): [string, Role] {
	if (client.status === 'crashed') return [labels.crashed, 'bad'];
	const paused = client.status === 'paused' ? (short ? labels.pausedShort : labels.pausedUntil)(client.pausedUntil!) : null;
	const waits = client.waiting === null ? null : (short ? labels.waitingShort : labels.waitingFor)(client.waiting, paused !== null);
	if (paused === null && waits === null) return [labels.running, 'plain'];
	return [[paused, waits].filter(part => part !== null).join(' · '), paused === null ? 'accent' : 'warn'];
}

function heartbeat(client: Client, labels: Labels): [string, Role] {
	if (client.renewEvery === null) return [labels.manual, 'dim'];
	if (client.status !== 'running') return [labels.silent, 'warn'];
	return [labels.every(client.renewEvery), 'plain'];
}

/** Each client's latest events, up to `count` each, newest first, read back from the end of the history no further than they go. */
function latestEventsOf(session: Session, names: readonly string[], count: number): Map<string, Event[]> {
	const found = new Map(names.map(name => [name, [] as Event[]]));
	let complete = 0;
	if (count > 0)
		visitEventsBackwards(session, event => {
			const events = found.get('client' in event ? event.client : event.kind === 'fencing' ? event.target : '');
			if (events && events.length < count) {
				events.push(event);
				if (events.length === count) complete += 1;
			}
			return complete === names.length;
		});
	return found;
}

/** What the script does that the table must have room for: a client's clock jumped, its links cut, a write held back by a pause. */
interface ScriptReach {
	readonly jumpsClient: boolean;
	/** Per client, the peers its partitions name (`lock`: every node). */
	readonly cuts: ReadonlyMap<string, readonly string[]>;
	/** Per client, the links the script sets a latency on (`lock`: every node), with the ticks. */
	readonly latencies: ReadonlyMap<string, readonly (readonly [string, number])[]>;
	readonly holdsWrites: boolean;
	/** A client's fencing is set on or off. */
	readonly fencesClient: boolean;
	/** The lock requests the script makes (heartbeats are renews), and does it pause a client. */
	readonly requests: ReadonlySet<RequestOp>;
	readonly pauses: boolean;
}

function scriptReach(session: Session, clientNames: readonly string[], nodeNames: readonly string[]): ScriptReach {
	let jumpsClient = false;
	let holdsWrites = false;
	let fencesClient = false;
	let pauses = false;
	const cuts = new Map<string, string[]>();
	const latencies = new Map<string, (readonly [string, number])[]>();
	const requests = new Set<RequestOp>(session.scenario.setup.clients.some(client => (client.renewEvery ?? null) !== null) ? ['renew'] : []);
	for (const step of session.scenario.steps)
		for (const {command} of step.commands) {
			if (command.kind === 'acquire' || command.kind === 'renew' || command.kind === 'release') requests.add(command.kind);
			if (command.kind === 'pause' || (command.kind === 'write' && command.pause !== undefined)) pauses = true;
			if (command.kind === 'jump' && clientNames.includes(command.target)) jumpsClient = true;
			if (command.kind === 'write' && command.pause !== undefined) holdsWrites = true;
			if (command.kind === 'fencing' && clientNames.includes(command.target)) fencesClient = true;
			if (command.kind === 'latency')
				latencies.set(command.client, [
					...(latencies.get(command.client) ?? []),
					...(command.peer === lockPeer ? nodeNames : [command.peer]).map(peer => [peer, command.n] as const),
				]);
			if (command.kind === 'partition')
				cuts.set(command.client, [...(cuts.get(command.client) ?? []), ...(command.peers.length === 0 ? [lockPeer] : command.peers)]);
		}
	return {jumpsClient, cuts, latencies, holdsWrites, fencesClient, requests, pauses};
}

/** Can a client of the story wait for replies: a link to a node with latency now, at the start, or set by the script. */
function canWait(session: Session, world: World): boolean {
	const {setup, steps} = session.scenario;
	const slowNow = world.clients.some(client => world.nodes.some(node => latencyTo(client, node.name) > 0));
	const slowAtStart = (setup.latency ?? 0) > 0 || setup.clients.some(client => (client.latency ?? 0) > 0);
	return (
		slowNow ||
		slowAtStart ||
		steps.some(step => step.commands.some(({command}) => command.kind === 'latency' && command.n > 0 && command.peer !== resourceTarget))
	);
}

/** A time as wide as the story's times are likely to get: two digits. */
const wideTime = 99;

/**
 * The table of clients: its title, the column headings, a row each, and the lesson under them.
 * Its columns and their widths are the same at every step of a story: each column has room for
 * what the story can show in it (a GC pause, a stale belief, a cut link), whether or not it shows
 * it now. The dashboard asks for it again with the clients' latest events when it has rows to spare.
 */
const clientTable = (session: Session, width: number, look: Look) => {
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const g = look.glyphs;
	const reach = scriptReach(
		session,
		world.clients.map(client => client.name),
		world.nodes.map(node => node.name),
	);
	// Until when a client believes, by its own clock, where that can differ from what the lock service says.
	const untilMatters = (client: Client) => world.nodes.length > 1 || client.offset !== 0 || client.checksLease || reach.jumpsClient;
	const words = labels.backendWords(world.backend, world.tokens);
	const heldWords = world.nodes.length > 1 || world.tokens === 'none' ? labels.theLock : words.tokenN(wideTime);
	const beliefRoom = [`${heldWords} ${g.ok}`, labels.stale(heldWords)].flatMap(belief =>
		world.clients.some(untilMatters) ? [labels.beliefUntil(belief, wideTime)] : [belief],
	);
	// Each link's latency as the story starts: a latency other than its own is shown.
	const atStart = new Map(createWorld(session.scenario.setup).clients.map(client => [client.name, client]));
	const notesRoom = (short: boolean) =>
		world.clients.map(client => {
			const peers = reach.cuts.get(client.name) ?? [];
			const cut = peers.flatMap(peer => (peer === lockPeer ? world.nodes.map(node => node.name) : [peer]));
			const latency = {...client.latency, ...Object.fromEntries(reach.latencies.get(client.name) ?? [])};
			const widest = {...client, offset: reach.jumpsClient ? -wideTime : client.offset, cut: [...new Set([...client.cut, ...cut])], latency};
			return notesCell(world, widest, atStart.get(client.name), labels, short, g)[0];
		});
	const cells = world.clients.map((client, index) => {
		const inflight = world.inflight.filter(write => write.from === client.name);
		const held = client.token === null ? labels.theLock : words.tokenN(client.token);
		const believed = agrees(world, client) ? `${held} ${g.ok}` : labels.stale(held);
		const belief: [string, Role] = !client.holds
			? ['—', 'dim']
			: [client.until !== null && untilMatters(client) ? labels.beliefUntil(believed, client.until) : believed, agrees(world, client) ? 'ok' : 'bad'];
		return {
			selected: index === session.selected,
			number: String(index + 1),
			name: client.name,
			status: status(client, labels, false),
			shortStatus: status(client, labels, true),
			belief,
			fencing: [labels.sendsToken(client.fencing), client.fencing ? 'plain' : 'warn'] as [string, Role],
			heartbeat: heartbeat(client, labels),
			inflight: inflightCell(world, client, inflight, labels, g.sent),
			notes: notesCell(world, client, atStart.get(client.name), labels, false, g),
			shortNotes: notesCell(world, client, atStart.get(client.name), labels, true, g),
		};
	});
	const {columns} = labels;
	const statusRoom = (short: boolean) => {
		const paused = (short ? labels.pausedShort : labels.pausedUntil)(wideTime);
		// Where requests take time, a client may wait for the replies to what the script asks, from every node, paused too if the script pauses.
		if (!canWait(session, world)) return [labels.running, labels.crashed, paused];
		const widest = [...reach.requests].map(op => ({op, since: wideTime, replies: count, sent: count, grants: count}));
		const words = short ? labels.waitingShort : labels.waitingFor;
		const waits = widest.map(wait => words(wait, false));
		const pausedWaits = reach.pauses ? widest.map(wait => `${paused} · ${words(wait, true)}`) : [];
		return [labels.running, labels.crashed, paused, ...waits, ...pausedWaits];
	};
	const count = world.nodes.length;
	const heartbeats = world.clients.map(client => client.renewEvery);
	const notes = notesRoom(false);
	const table: Column[] = (
		[
			{header: columns.client, cells: cells.map(c => [`${c.number} ${c.name}`, c.selected ? 'selected' : 'plain']), room: [], keep: 0},
			{header: columns.status, cells: cells.map(c => c.status), room: statusRoom(false), keep: 0},
			{header: columns.believes, cells: cells.map(c => c.belief), room: beliefRoom, keep: 0},
			// Where no tokens are issued (Redis, Redlock) there is no token to send.
			...(world.tokens === 'none'
				? []
				: [
						{
							header: columns.fencing,
							cells: cells.map(c => c.fencing),
							room: [labels.sendsToken(true), labels.sendsToken(false)],
							keep: 2,
							// Where every client always sends its own, the column says nothing (until one stops, by hand).
							telling: reach.fencesClient || world.clients.some(client => !client.fencing),
						},
					]),
			{
				header: columns.heartbeat,
				cells: cells.map(c => c.heartbeat),
				room: heartbeats.flatMap(every => (every === null ? [labels.manual] : [labels.every(every), labels.silent])),
				keep: 1,
				telling: heartbeats.some(every => every !== null),
			},
			{
				header: columns.inflight,
				cells: cells.map(c => c.inflight),
				room: [
					`${g.sent}t=${wideTime}`,
					...(reach.holdsWrites ? [labels.heldUntil(wideTime)] : []),
					...([...reach.cuts.values()].some(peers => peers.includes(resourceTarget)) ? [`${g.sent}${labels.waitsInPartition}`] : []),
				],
				keep: 3,
			},
			// A client's own clock, whether it checks its lease, and its cut links: only in stories that have any.
			...(cells.some(c => c.notes[0] !== '') || notes.some(note => note !== '')
				? [{header: columns.notes, cells: cells.map(c => c.notes), room: notes, keep: 0}]
				: []),
		] satisfies Omit<Column, 'width'>[]
	).map(measured);
	// On a narrow terminal a column that says the same all story long goes first; then the status is said in
	// fewer words, the least telling columns go, whole, rather than being cut, and the notes are said in fewer
	// words before the fencing and what is in flight go.
	const inFewerWords = (header: string, shorter: readonly [string, Role][], room: readonly string[]) => (those: readonly Column[]) =>
		those.map(column => (column.header === header ? measured({...column, cells: shorter, room}) : column));
	const dropped = (level: number) => (those: readonly Column[]) => those.filter(column => column.keep === 0 || column.keep > level);
	const narrower = [
		(those: readonly Column[]) => those.filter(column => column.telling !== false),
		inFewerWords(
			columns.status,
			cells.map(c => c.shortStatus),
			statusRoom(true),
		),
		dropped(1),
		inFewerWords(
			columns.notes,
			cells.map(c => c.shortNotes),
			notesRoom(true),
		),
		dropped(2),
		dropped(3),
	];
	let shown: readonly Column[] = table;
	for (const step of narrower) {
		const next = step(shown);
		// Fewer words under a wider heading gain nothing: kept only when the table gets narrower.
		if (tableWidth(shown) > width && tableWidth(next) < tableWidth(shown)) shown = next;
	}
	const widths = shown.map(column => column.width);
	const line = (cellAt: (column: Column) => [string, Role], lead: Row) => [
		...lead,
		...shown.map((column, index) => {
			const [text, role] = cellAt(column);
			return piece(index === shown.length - 1 ? text : pad(text, widths[index]!), role);
		}),
	];
	const header = line(column => [column.header, 'label'], [piece('  ')]);
	const rows = cells.map((c, row) => line(column => column.cells[row]!, [piece(c.selected ? `${g.pointer} ` : '  ', 'selected')]));
	return {
		title: titleRule([piece(labels.clientsPane, 'title')], width, look),
		header,
		rows,
		firstWidth: widths[0] ?? 0,
		lesson: beliefRows(world, labels, width, g.warn),
	};
};

export function clientsRows({session, width, look, headings = true, more = 0}: GrowingPaneProps & {readonly headings?: boolean}): Row[] {
	const world = currentWorld(session);
	const {title, header, rows, firstWidth, lesson} = clientTable(session, width, look);
	// Each client's latest events go under its row, oldest first, under the status column: the same
	// number for every client (fewer for one that has fewer), as many as fit whole in `more` rows.
	const indent = ' '.repeat(2 + firstWidth);
	const history = latestEventsOf(
		session,
		world.clients.map(client => client.name),
		more,
	);
	const eventRows = world.clients.map(client =>
		(history.get(client.name) ?? []).map(event => [piece(`${indent}t=${event.t} ${describeEvent(event, world, look.lang, true)}`, 'dim')] as Row),
	);
	const fits = (each: number) => {
		const told = eventRows.flatMap(events => events.slice(0, each));
		return told.length <= more && told.every(row => rowWidth(row) <= width);
	};
	let each = Math.max(0, ...eventRows.map(events => events.length));
	while (each > 0 && !fits(each)) each -= 1;
	const listed = rows.flatMap((row, index) => [row, ...eventRows[index]!.slice(0, each).reverse()]);
	return [title, ...(headings ? [header] : []), ...listed, ...lesson];
}

/**
 * Writes on their way: `›t=3` delayed in flight, a write that is due but waits for a cut link to
 * the resource, and a write held back by a pause, to be sent when the pause ends.
 */
function inflightCell(world: World, client: Client, inflight: readonly InflightWrite[], labels: Labels, sent: string): [string, Role] {
	const waits = !reaches(client, 'resource');
	const parts = inflight.map(write => (waits && write.arrivesAt <= world.clock ? `${sent}${labels.waitsInPartition}` : `${sent}t=${write.arrivesAt}`));
	if (client.held !== null) parts.unshift(labels.heldUntil(client.pausedUntil ?? world.clock));
	if (parts.length === 0) return ['—', 'dim'];
	return [parts.join(' '), waits || client.held !== null ? 'warn' : 'accent'];
}

/** Links by name: every node as `lock`, the resource by its name. */
function linkNames(world: World, links: readonly string[], labels: Labels): string[] {
	const nodeNames = world.nodes.map(node => node.name);
	const nodes = links.filter(peer => nodeNames.includes(peer));
	return [...(nodes.length === nodeNames.length ? [labels.lockPeer] : nodes), ...(links.includes(resourceTarget) ? [world.resource.name] : [])];
}

/** The client's links whose latency is not the story's at its start, by the ticks they take: `latency lock 4`, `latency L4, L5 2`; short `→4`, `→L4 L5 2`. */
function latencyNotes(world: World, client: Client, start: Client | undefined, labels: Labels, short: boolean, slow: string): string[] {
	const changed = new Map<number, string[]>();
	for (const [peer, n] of Object.entries(client.latency)) if (n !== (start?.latency[peer] ?? 0)) changed.set(n, [...(changed.get(n) ?? []), peer]);
	return [...changed].map(([n, links]) => {
		const names = linkNames(world, links, labels);
		// Short, every node's is the lock's requests' own: `→3`.
		if (short) return names.length === 1 && names[0] === labels.lockPeer ? `${slow}${n}` : `${slow}${names.join(' ')} ${n}`;
		return labels.latencyOf(names, n);
	});
}

/**
 * `clock +3  checks lease  cut from L4, L5  latency lock 4`: what sets this client apart, or
 * nothing (a latency only where it is not the story's at its start, `start`); `short`: `clock +3
 * checks  ‖ L4 L5  →4`.
 */
function notesCell(world: World, client: Client, start: Client | undefined, labels: Labels, short: boolean, g: Glyphs): [string, Role] {
	const peers = linkNames(world, client.cut, labels);
	const latencies = latencyNotes(world, client, start, labels, short, g.request);
	const notes = [
		...(client.offset !== 0 ? [labels.clockOffset(client.offset)] : []),
		...(client.checksLease ? [short ? labels.checksShort : labels.checksLease(labels.backendWords(world.backend, world.tokens).lease)] : []),
		...(peers.length > 0 ? [short ? `${g.cut} ${peers.join(' ')}` : labels.cutFrom(peers)] : []),
		...latencies,
	];
	return [notes.join('  '), client.offset !== 0 || peers.length > 0 || latencies.length > 0 ? 'warn' : 'plain'];
}

interface Column {
	readonly header: string;
	readonly cells: readonly [string, Role][];
	/** What the story may show in it at another step: its width has room for these too. */
	readonly room: readonly string[];
	/** 0: always shown; otherwise dropped on narrow terminals, lowest first. */
	readonly keep: number;
	/** False: the same at every step of this story, so dropped first. */
	readonly telling?: boolean;
	/** Its widest text and the gap after it: measured once, as the table is narrowed step by step. */
	readonly width: number;
}

const measured = (column: Omit<Column, 'width'>): Column => ({
	...column,
	width: Math.max(widthOf(column.header), ...column.cells.map(([text]) => widthOf(text)), ...column.room.map(widthOf)) + 2,
});

const tableWidth = (columns: readonly Column[]) => 2 + columns.reduce((sum, column) => sum + column.width, 0);

/** The lesson in words, wrapped rather than cut: who believes they hold the lock, and who does. */
function beliefRows(world: World, labels: Labels, width: number, warn: string): Row[] {
	const holding = believers(world);
	if (holding.length === 0) return [[piece(` ${labels.noBelief}`, 'dim')]];
	if (holding.length === 1) {
		const [client] = holding;
		const ok = agrees(world, client!);
		const held = client!.token === null ? null : labels.backendWords(world.backend, world.tokens).tokenN(client!.token);
		return wrap(labels.oneBelief(client!.name, held, ok), width - 1).map(line => [piece(` ${line}`, ok ? 'ok' : 'warn')]);
	}
	// With several nodes, how many each has says who the lock service agrees with, if anyone.
	const said =
		world.nodes.length > 1
			? labels.doubleBeliefNodes(
					holding.map(client => ({name: client.name, keys: world.nodes.filter(node => node.up && node.holder === client.name).length})),
					majority(world),
					world.nodes.length,
				)
			: labels.doubleBelief(
					holding.map(client => client.name),
					world.lock.holder,
					world.lock.token === null ? null : labels.backendWords(world.backend, world.tokens).tokenN(world.lock.token),
				);
	const lines = wrap(`${warn} ${said}`, width - 2);
	// One band, as wide as its widest line.
	const band = Math.max(...lines.map(widthOf));
	return lines.map(line => [piece(` ${pad(line, band)} `, 'alarm')]);
}
