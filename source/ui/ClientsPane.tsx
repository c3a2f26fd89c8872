// The clients, one row each, and the lesson in one line: which clients believe they hold the
// lock, and which one (if any) the lock service agrees with.

import {type Client, believers, type World} from '../model/world.js';
import {currentWorld} from '../session/session.js';
import {type Labels, labelsFor} from './labels.js';
import type {PaneProps} from './LockPane.js';
import type {Role} from './look.js';
import {fitRow, piece, type Row, Rows, titleRule} from './Rows.js';
import {fit, pad, widthOf} from './text.js';

const agrees = (world: World, client: Client) => client.token !== null && world.lock.holder === client.name && world.lock.token === client.token;

function status(client: Client, labels: Labels): [string, Role] {
	if (client.status === 'paused') return [labels.pausedUntil(client.pausedUntil!), 'warn'];
	if (client.status === 'crashed') return [labels.crashed, 'bad'];
	return [labels.running, 'plain'];
}

function heartbeat(client: Client, labels: Labels): [string, Role] {
	if (client.renewEvery === null) return [labels.manual, 'dim'];
	if (client.status !== 'running') return [labels.silent, 'warn'];
	return [labels.every(client.renewEvery), 'plain'];
}

export function clientsRows({session, width, lang, look}: PaneProps): Row[] {
	const labels = labelsFor(lang);
	const world = currentWorld(session);
	const g = look.glyphs;
	const cells = world.clients.map((client, index) => {
		const inflight = world.inflight.filter(write => write.from === client.name);
		const belief: [string, Role] =
			client.token === null ? ['—', 'dim'] : agrees(world, client) ? [`token ${client.token} ${g.ok}`, 'ok'] : [`token ${client.token} ${labels.stale}`, 'bad'];
		return {
			selected: index === session.selected,
			number: String(index + 1),
			name: client.name,
			status: status(client, labels),
			belief,
			fencing: (client.fencing ? [labels.on, 'plain'] : [labels.off, 'warn']) as [string, Role],
			heartbeat: heartbeat(client, labels),
			inflight: (inflight.length === 0 ? ['—', 'dim'] : [inflight.map(write => `${g.sent}t=${write.arrivesAt}`).join(' '), 'accent']) as [string, Role],
		};
	});
	const {columns} = labels;
	const widest = (header: string, values: string[]) => Math.max(widthOf(header), ...values.map(widthOf)) + 2;
	const nameWidth = widest(columns.client, cells.map(cell => `${cell.number} ${cell.name}`));
	const statusWidth = widest(columns.status, cells.map(cell => cell.status[0]));
	const beliefWidth = widest(columns.believes, cells.map(cell => cell.belief[0]));
	const fencingWidth = widest(columns.fencing, cells.map(cell => cell.fencing[0]));
	const heartbeatWidth = widest(columns.heartbeat, cells.map(cell => cell.heartbeat[0]));
	const cell = ([text, role]: [string, Role], cellWidth: number) => piece(pad(text, cellWidth), role);

	const header: Row = [
		piece('  '),
		piece(pad(columns.client, nameWidth), 'label'),
		piece(pad(columns.status, statusWidth), 'label'),
		piece(pad(columns.believes, beliefWidth), 'label'),
		piece(pad(columns.fencing, fencingWidth), 'label'),
		piece(pad(columns.heartbeat, heartbeatWidth), 'label'),
		piece(columns.inflight, 'label'),
	];
	const rows: Row[] = cells.map(c => [
		piece(c.selected ? `${g.pointer} ` : '  ', 'selected'),
		piece(pad(`${c.number} ${c.name}`, nameWidth), c.selected ? 'selected' : 'plain'),
		cell(c.status, statusWidth),
		cell(c.belief, beliefWidth),
		cell(c.fencing, fencingWidth),
		cell(c.heartbeat, heartbeatWidth),
		piece(c.inflight[0], c.inflight[1]),
	]);
	return [titleRule([piece(labels.clientsPane, 'title')], width, look), header, ...rows, fitRow(beliefRow(world, labels, width, g.warn, g.ellipsis), width)];
}

function beliefRow(world: World, labels: Labels, width: number, warn: string, ellipsis: string): Row {
	const holding = believers(world);
	if (holding.length === 0) return [piece(` ${labels.noBelief}`, 'dim')];
	if (holding.length === 1) {
		const [client] = holding;
		const ok = agrees(world, client!);
		return [piece(` ${fit(labels.oneBelief(client!.name, client!.token!, ok), width - 1, ellipsis)}`, ok ? 'ok' : 'warn')];
	}
	const names = holding.map(client => client.name);
	return [piece(` ${fit(`${warn} ${labels.doubleBelief(names, world.lock.holder, world.lock.token)}`, width - 2, ellipsis)} `, 'alarm')];
}

export function ClientsPane(props: PaneProps) {
	return <Rows rows={clientsRows(props)} width={props.width} look={props.look} />;
}
