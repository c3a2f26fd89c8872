// The clients, one row each, and the lesson in one line: which clients believe they hold the
// lock, and which one (if any) the lock service agrees with. In worlds that have them, each
// client's own clock, whether it checks its lease, its cut links, and writes held back or waiting
// in a partition. With rows to spare, each client's latest events under its row: what it last did
// or had done to it.

import {believers, type Client, type InflightWrite, majority, reaches, type World} from '../../model/world.js';
import type {Event} from '../../model/event.js';
import {describeEvent} from '../../model/describe.js';
import {currentWorld, type Session, visitEventsBackwards} from '../../session/session.js';
import {pad, wrap} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {type Labels, labelsFor} from '../labels.js';
import type {Look, Role} from '../look.js';
import {type GrowingPaneProps, piece, type Row, rowWidth, titleRule} from './rows.js';

const agrees = (world: World, client: Client) => client.holds && world.lock.holder === client.name && world.lock.token === client.token;

function status(client: Client, labels: Labels, short: boolean): [string, Role] {
	if (client.status === 'paused') return [(short ? labels.pausedShort : labels.pausedUntil)(client.pausedUntil!), 'warn'];
	if (client.status === 'crashed') return [labels.crashed, 'bad'];
	return [labels.running, 'plain'];
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

/**
 * The table of clients: its title, the column headings, a row each, and the lesson under them.
 * The dashboard asks for it again with the clients' latest events when it has rows to spare.
 */
const clientTable = (session: Session, width: number, look: Look) => {
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const g = look.glyphs;
	const cells = world.clients.map((client, index) => {
		const inflight = world.inflight.filter(write => write.from === client.name);
		const held = client.token === null ? labels.theLock : labels.tokenN(client.token);
		const believed = agrees(world, client) ? `${held} ${g.ok}` : `${held} ${labels.stale}`;
		// Until when it believes, by its own clock, where that can differ from what the lock service says.
		const showUntil = client.until !== null && (world.nodes.length > 1 || client.offset !== 0 || client.checksLease);
		const belief: [string, Role] = !client.holds
			? ['—', 'dim']
			: [showUntil ? labels.beliefUntil(believed, client.until!) : believed, agrees(world, client) ? 'ok' : 'bad'];
		return {
			selected: index === session.selected,
			number: String(index + 1),
			name: client.name,
			status: status(client, labels, false),
			shortStatus: status(client, labels, true),
			belief,
			fencing: (client.fencing ? [labels.on, 'plain'] : [labels.off, 'warn']) as [string, Role],
			heartbeat: heartbeat(client, labels),
			inflight: inflightCell(world, client, inflight, labels, g.sent),
			notes: notesCell(world, client, labels, false, g.cut),
			shortNotes: notesCell(world, client, labels, true, g.cut),
		};
	});
	const {columns} = labels;
	const table: Column[] = (
		[
			{header: columns.client, cells: cells.map(c => [`${c.number} ${c.name}`, c.selected ? 'selected' : 'plain']), keep: 0},
			{header: columns.status, cells: cells.map(c => c.status), keep: 0},
			{header: columns.believes, cells: cells.map(c => c.belief), keep: 0},
			{header: columns.fencing, cells: cells.map(c => c.fencing), keep: 2},
			{header: columns.heartbeat, cells: cells.map(c => c.heartbeat), keep: 1},
			{header: columns.inflight, cells: cells.map(c => c.inflight), keep: 3},
			// A client's own clock, whether it checks its lease, and its cut links: only in worlds that have any.
			...(cells.some(c => c.notes[0] !== '') ? [{header: columns.notes, cells: cells.map(c => c.notes), keep: 0}] : []),
		] satisfies Omit<Column, 'width'>[]
	).map(measured);
	// On a narrow terminal the status is said in fewer words, the least telling columns go, whole, rather than
	// being cut, and the notes are said in fewer words before the fencing and what is in flight go.
	const inFewerWords = (header: string, shorter: readonly [string, Role][]) => (those: readonly Column[]) =>
		those.map(column => (column.header === header ? measured({...column, cells: shorter}) : column));
	const dropped = (level: number) => (those: readonly Column[]) => those.filter(column => column.keep === 0 || column.keep > level);
	const narrower = [
		inFewerWords(
			columns.status,
			cells.map(c => c.shortStatus),
		),
		dropped(1),
		inFewerWords(
			columns.notes,
			cells.map(c => c.shortNotes),
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
		(history.get(client.name) ?? []).map(event => [piece(`${indent}t=${event.t} ${describeEvent(event, look.lang, true)}`, 'dim')] as Row),
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

/** `clock +3  checks lease  cut from L4, L5`: what sets this client apart, or nothing; `short`: `clock +3  checks  ‖ L4 L5`. */
function notesCell(world: World, client: Client, labels: Labels, short: boolean, cut: string): [string, Role] {
	const nodeNames = world.nodes.map(node => node.name);
	const cutNodes = client.cut.filter(peer => nodeNames.includes(peer));
	const peers = [...(cutNodes.length === nodeNames.length ? [labels.lockPeer] : cutNodes), ...(client.cut.includes('resource') ? [world.resource.name] : [])];
	const notes = [
		...(client.offset !== 0 ? [labels.clockOffset(client.offset)] : []),
		...(client.checksLease ? [short ? labels.checksShort : labels.checksLease] : []),
		...(peers.length > 0 ? [short ? `${cut} ${peers.join(' ')}` : labels.cutFrom(peers)] : []),
	];
	return [notes.join('  '), client.offset !== 0 || peers.length > 0 ? 'warn' : 'plain'];
}

interface Column {
	readonly header: string;
	readonly cells: readonly [string, Role][];
	/** 0: always shown; otherwise dropped on narrow terminals, lowest first. */
	readonly keep: number;
	/** Its widest text and the gap after it: measured once, as the table is narrowed step by step. */
	readonly width: number;
}

const measured = (column: Omit<Column, 'width'>): Column => ({
	...column,
	width: Math.max(widthOf(column.header), ...column.cells.map(([text]) => widthOf(text))) + 2,
});

const tableWidth = (columns: readonly Column[]) => 2 + columns.reduce((sum, column) => sum + column.width, 0);

/** The lesson in words, wrapped rather than cut: who believes they hold the lock, and who does. */
function beliefRows(world: World, labels: Labels, width: number, warn: string): Row[] {
	const holding = believers(world);
	if (holding.length === 0) return [[piece(` ${labels.noBelief}`, 'dim')]];
	if (holding.length === 1) {
		const [client] = holding;
		const ok = agrees(world, client!);
		return wrap(labels.oneBelief(client!.name, client!.token, ok), width - 1).map(line => [piece(` ${line}`, ok ? 'ok' : 'warn')]);
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
					world.lock.token,
				);
	const lines = wrap(`${warn} ${said}`, width - 2);
	// One band, as wide as its widest line.
	const band = Math.max(...lines.map(widthOf));
	return lines.map(line => [piece(` ${pad(line, band)} `, 'alarm')]);
}
