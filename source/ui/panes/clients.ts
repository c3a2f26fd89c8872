// The clients, one row each, and the lesson in one line: which clients believe they hold the
// lock, and which one (if any) the lock service agrees with.

import {type Client, believers, type World} from '../../model/world.js';
import {currentWorld} from '../../session/session.js';
import {pad, wrap} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {type Labels, labelsFor} from '../labels.js';
import type {Role} from '../look.js';
import {type PaneProps, piece, type Row, titleRule} from './rows.js';

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

export function clientsRows({session, width, look, headings = true}: PaneProps & {readonly headings?: boolean}): Row[] {
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const g = look.glyphs;
	const cells = world.clients.map((client, index) => {
		const inflight = world.inflight.filter(write => write.from === client.name);
		const held = client.token === null ? labels.theLock : labels.tokenN(client.token);
		const belief: [string, Role] = !client.holds ? ['—', 'dim'] : agrees(world, client) ? [`${held} ${g.ok}`, 'ok'] : [`${held} ${labels.stale}`, 'bad'];
		return {
			selected: index === session.selected,
			number: String(index + 1),
			name: client.name,
			status: status(client, labels, false),
			shortStatus: status(client, labels, true),
			belief,
			fencing: (client.fencing ? [labels.on, 'plain'] : [labels.off, 'warn']) as [string, Role],
			heartbeat: heartbeat(client, labels),
			inflight: (inflight.length === 0 ? ['—', 'dim'] : [inflight.map(write => `${g.sent}t=${write.arrivesAt}`).join(' '), 'accent']) as [string, Role],
		};
	});
	const {columns} = labels;
	const table: Column[] = [
		{header: columns.client, cells: cells.map(c => [`${c.number} ${c.name}`, c.selected ? 'selected' : 'plain']), keep: 0},
		{header: columns.status, cells: cells.map(c => c.status), keep: 0},
		{header: columns.believes, cells: cells.map(c => c.belief), keep: 0},
		{header: columns.fencing, cells: cells.map(c => c.fencing), keep: 2},
		{header: columns.heartbeat, cells: cells.map(c => c.heartbeat), keep: 1},
		{header: columns.inflight, cells: cells.map(c => c.inflight), keep: 3},
	];
	// On a narrow terminal the status is said in fewer words, then the least telling columns go, whole, rather than being cut.
	let shown =
		tableWidth(table) <= width ? table : table.map(column => (column.header === columns.status ? {...column, cells: cells.map(c => c.shortStatus)} : column));
	for (let level = 1; tableWidth(shown) > width && level <= 3; level += 1) shown = shown.filter(column => column.keep === 0 || column.keep > level);
	const widths = shown.map(columnWidth);
	const line = (cellAt: (column: Column) => [string, Role], lead: Row) => [
		...lead,
		...shown.map((column, index) => {
			const [text, role] = cellAt(column);
			return piece(index === shown.length - 1 ? text : pad(text, widths[index]!), role);
		}),
	];
	const header = line(column => [column.header, 'label'], [piece('  ')]);
	const rows = cells.map((c, row) => line(column => column.cells[row]!, [piece(c.selected ? `${g.pointer} ` : '  ', 'selected')]));
	return [titleRule([piece(labels.clientsPane, 'title')], width, look), ...(headings ? [header] : []), ...rows, ...beliefRows(world, labels, width, g.warn)];
}

interface Column {
	readonly header: string;
	readonly cells: readonly [string, Role][];
	/** 0: always shown; otherwise dropped on narrow terminals, lowest first. */
	readonly keep: number;
}

const columnWidth = (column: Column) => Math.max(widthOf(column.header), ...column.cells.map(([text]) => widthOf(text))) + 2;

const tableWidth = (columns: readonly Column[]) => 2 + columns.reduce((sum, column) => sum + columnWidth(column), 0);

/** The lesson in words, wrapped rather than cut: who believes they hold the lock, and who does. */
function beliefRows(world: World, labels: Labels, width: number, warn: string): Row[] {
	const holding = believers(world);
	if (holding.length === 0) return [[piece(` ${labels.noBelief}`, 'dim')]];
	if (holding.length === 1) {
		const [client] = holding;
		const ok = agrees(world, client!);
		return wrap(labels.oneBelief(client!.name, client!.token, ok), width - 1).map(line => [piece(` ${line}`, ok ? 'ok' : 'warn')]);
	}
	const names = holding.map(client => client.name);
	const lines = wrap(`${warn} ${labels.doubleBelief(names, world.lock.holder, world.lock.token)}`, width - 2);
	// One band, as wide as its widest line.
	const band = Math.max(...lines.map(widthOf));
	return lines.map(line => [piece(` ${pad(line, band)} `, 'alarm')]);
}
