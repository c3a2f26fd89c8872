// The lock service: who holds the lock, with which token, the next token, and the lease as a
// ruler from now to the expiry that shrinks as time passes, in the backend's words (etcd's
// revision, ZooKeeper's czxid, zxid and session, Consul's LockIndex and lock-delay). With several nodes
// (Redlock), the holder is whoever has a majority of them: the nodes in one line, or a row each
// with its own clock when there are rows for it, and how many nodes each client has. With rows
// to spare, the grants it made, newest first, so the tokens can be seen to climb.

import {findClient, inLockDelay, majority, nodeClock, type World} from '../../model/world.js';
import {currentWorld, latestEvent, type Session} from '../../session/session.js';
import {pad} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {type BackendWords, type Labels, labelsFor, offsetText} from '../labels.js';
import type {Glyphs, Look, Role} from '../look.js';
import {latestNamings} from './lanes.js';
import {type GrowingPaneProps, type PaneProps, type Piece, piece, type Row, repeated, rowWidth, titleRule, underLabel} from './rows.js';

/**
 * The last `count` grants the lock service made, newest first, each with how it ended: with one
 * node its key, with several nodes a client's keys standing on a majority of them.
 */
const latestGrants = (session: Session, count: number) =>
	latestNamings(session.history, count).map(({holder, token, from, to, end}) => ({
		client: holder,
		token,
		from,
		end: to === null || end === null ? null : {kind: end, t: to},
	}));

/**
 * The pane but its grants: its title, the holder, and the rows under it, with a row per node
 * (`apart`, when each fits whole; `extra` rows more) or the nodes in one line (`together`).
 */
const lockBody = (session: Session, width: number, look: Look) => {
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const {lock} = world;
	const g = look.glyphs;
	const words = labels.backendWords(world.backend, world.tokens);
	const name = Math.max(...lockLabels(world, labels).map(widthOf)) + 1;
	const label = (text: string) => piece(` ${pad(text, name)}`, 'label');
	const title = titleRule([piece(labels.lockPane, 'title')], width, look);

	const holder: Row =
		lock.holder === null
			? [label(labels.holder), piece(labels.free, 'dim')]
			: lock.token === null
				? [label(labels.holder), piece(lock.holder, 'accent'), piece(`  ${labels.tokenN(null)}`, 'dim')]
				: [label(labels.holder), piece(lock.holder, 'accent'), piece(`  ${words.token} `, 'label'), piece(String(lock.token), 'accent')];

	if (world.nodes.length <= 1) return {title, holder, label, apart: null, together: oneNodeRows(session, labels, words, label, width, g), extra: 0};
	const tokens: Row = [label(words.token), piece(words.noTokens, 'dim')];
	const majorities = majorityRow(world, labels, width, label(labels.majorityLabel), g.ok);
	// A row per node when the rows are there and each fits whole; else the nodes in one line.
	const nodeRows = eachNodeRows(world, labels, name, session.selectedNode, g.pointer, width);
	const offClock = world.nodes.filter(node => node.offset !== 0);
	// A clock off true time is the story whenever there is one; else that no token is issued.
	const third =
		offClock.length > 0
			? [label(labels.clocks), ...offClock.map((node, index) => piece(`${index === 0 ? '' : '  '}${node.name} ${offsetText(node.offset)}`, 'warn'))]
			: tokens;
	return {
		title,
		holder,
		label,
		apart: nodeRows === null ? null : [tokens, ...nodeRows, majorities],
		together: [[label(labels.nodes), ...nodePieces(world, session.selectedNode, g.bad, g.pointer)], third, majorities],
		// Rows a row per node takes beyond the one line of nodes (a token row and the nodes, for the nodes and clocks lines).
		extra: world.nodes.length - 1,
	};
};

export function lockRows({session, width, look, more = 0}: GrowingPaneProps): Row[] {
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const words = labels.backendWords(world.backend, world.tokens);
	const {title, holder, label, apart, together, extra} = lockBody(session, width, look);
	const apartShown = apart !== null && more >= extra;
	// Each grant whole or not at all: the list stops at the first that does not fit.
	const grants: Row[] = [];
	for (const [index, grant] of latestGrants(session, apartShown ? more - extra : more).entries()) {
		const held = grant.token === null ? null : words.tokenN(grant.token);
		const row = [label(index === 0 ? labels.grants : ''), piece(labels.grant(held, grant.client, grant.from, grant.end), grant.end ? 'dim' : 'plain')];
		if (rowWidth(row) > width) break;
		grants.push(row);
	}
	return [title, holder, ...(apartShown ? apart : together), ...grants];
}

/** Rows the pane would add to show each node on a row of its own: none with one node, or when a node's row does not fit. */
export function nodeRowsWanted({session, width, look}: PaneProps): number {
	const {apart, extra} = lockBody(session, width, look);
	return apart === null ? 0 : extra;
}

/** The labels down the pane's left, for the width of its label column. */
function lockLabels(world: World, labels: Labels): string[] {
	const words = labels.backendWords(world.backend, world.tokens);
	return world.nodes.length > 1
		? [labels.holder, labels.nodes, labels.clocks, words.token, labels.majorityLabel, labels.grants, ...world.nodes.map(node => node.name)]
		: [labels.holder, words.next, words.lease, labels.grants];
}

/** One node: the token row (the backend's word for it), then the lease as a ruler in the node's time, or how it ended. */
function oneNodeRows(session: Session, labels: Labels, words: BackendWords, label: (text: string) => Piece, width: number, g: Glyphs): Row[] {
	const world = currentWorld(session);
	const {lock} = world;
	const node = world.nodes[0]!;
	const clock = nodeClock(world, node);
	const name = widthOf(label('').text);
	const delay = world.lockDelay > 0 ? [piece(`   ${labels.lockDelayOf(world.lockDelay)}`, 'dim')] : [];
	const next: Row =
		lock.nextToken !== null
			? [label(words.next), piece(String(lock.nextToken)), ...delay]
			: lock.revision !== undefined
				? [label(words.next), piece(String(lock.revision)), ...delay]
				: [label(words.next), piece(words.noTokens, 'dim')];
	if (lock.holder !== null && lock.expiry !== null) {
		const grantedAt = findClient(world, lock.holder)?.lastRenewAt ?? world.clock;
		const lease = Math.max(1, lock.expiry - (grantedAt + node.offset));
		const left = lock.expiry - clock;
		const start = `t=${clock} ${g.leaseStart}`;
		const end = `${g.leaseEnd} t=${lock.expiry}`;
		const track = Math.max(4, width - name - widthOf(start) - widthOf(end));
		const remaining = Math.round((track * left) / lease);
		return [
			next,
			[
				label(words.lease),
				piece(start, 'dim'),
				repeated(g.leaseUsed, track - remaining, 'decoration'),
				repeated(g.leaseLeft, remaining, left <= 1 ? 'warn' : 'ok'),
				piece(end, 'dim'),
			],
			underLabel(label(''), [piece(labels.ticksLeft(left, lease), left <= 1 ? 'warn' : 'plain')], width),
		];
	}
	const last = latestEvent(session, ['expired', 'released']);
	if (last?.kind === 'expired')
		return [
			next,
			[label(words.lease), piece(` ${g.expired} ${labels.expiredAt(last.t)} `, 'banner')],
			// During a lock-delay, what matters next is when the lock can be taken again.
			node.up && inLockDelay(world, node)
				? underLabel(label(''), [piece(labels.lockDelayUntil(node.delayUntil!, true), 'warn')], width)
				: underLabel(label(''), [piece(words.ranOut(last.client, last.token), 'bad')], width),
		];
	if (last?.kind === 'released')
		return [
			next,
			[label(words.lease), piece(labels.releasedAt(last.t))],
			underLabel(label(''), [piece(labels.releasedBy(last.client, last.token === null ? null : words.tokenN(last.token)), 'dim')], width),
		];
	return [next, [label(words.lease), piece('—', 'dim')], underLabel(label(''), [piece(labels.neverHeld, 'dim')], width)];
}

/**
 * A row per node: up or crashed, its clock against true time (when any node's is off), the key's
 * holder, until when by the node's own clock, and a lock-delay, the names in a column `name` wide.
 * Null when a row does not fit whole.
 */
function eachNodeRows(world: World, labels: Labels, name: number, selected: number, pointer: string, width: number): Row[] | null {
	const anyOff = world.nodes.some(node => node.offset !== 0);
	const cellsWith = (withLeft: boolean) =>
		world.nodes.map(node => {
			const clock = nodeClock(world, node);
			const cells: [string, Role][] = [
				node.up ? [labels.up, 'dim'] : [labels.crashed, 'bad'],
				...(anyOff ? [(node.offset === 0 ? ['', 'dim'] : [labels.clockOffset(node.offset), 'warn']) as [string, Role]] : []),
				node.holder === null ? ['·', 'dim'] : [node.holder, !node.up ? 'dim' : node.holder === world.lock.holder ? 'accent' : 'warn'],
				node.expiry === null ? ['', 'dim'] : [labels.keyUntil(node.expiry, withLeft ? node.expiry - clock : null), node.up ? 'plain' : 'dim'],
				node.up && inLockDelay(world, node) ? [labels.lockDelayUntil(node.delayUntil!, false), 'warn'] : ['', 'dim'],
			];
			return {node, cells};
		});
	for (const withLeft of [true, false]) {
		const table = cellsWith(withLeft);
		const widths = table[0]!.cells.map((_, column) => Math.max(...table.map(row => widthOf(row.cells[column]![0]))));
		const rows = table.map(
			({node, cells}) =>
				[
					// The node the node keys act on is marked in the margin, as the selected client is.
					node === world.nodes[selected] ? piece(`${pointer}${pad(node.name, name)}`, 'selected') : piece(` ${pad(node.name, name)}`, 'label'),
					...cells
						.filter((_, column) => widths[column]! > 0)
						.map(([text, role], column, shown) => piece(column === shown.length - 1 ? text : `${pad(text, widths.filter(w => w > 0)[column]!)}  `, role)),
				] as Row,
		);
		if (rows.every(row => rowWidth(row) <= width)) return rows;
	}
	return null;
}

/** `A 3 of 5 ✓  B 2 of 5`: how many nodes each client has that has any or believes it holds the lock. */
function majorityRow(world: World, labels: Labels, width: number, lead: Piece, ok: string): Row {
	const needed = majority(world);
	const of = world.nodes.length;
	const counted = world.clients
		.map(client => ({client, keys: world.nodes.filter(node => node.up && node.holder === client.name).length}))
		.filter(({client, keys}) => keys > 0 || client.holds);
	if (counted.length === 0) return [lead, piece(labels.neededOf(needed, of), 'dim')];
	const pieces = counted.map(({client, keys}, index) =>
		piece(
			`${index === 0 ? '' : '  '}${client.name} ${labels.keysOf(keys, of)}${keys >= needed ? ` ${ok}` : ''}`,
			keys >= needed ? 'ok' : client.holds ? 'warn' : 'dim',
		),
	);
	return underLabel(lead, pieces, width);
}

/** `L1 A ▸L2 A L3 · L4 ✗`: each node's key holder, a dot for none, a mark for a node that is down, and the pointer at the selected one. */
function nodePieces(world: World, selected: number, down: string, pointer: string) {
	return world.nodes.flatMap((node, index) => [
		piece(index === 0 ? '' : ' '),
		// Marked by a sign as well as by its colour, so that it shows without colour too.
		piece(index === selected ? `${pointer}${node.name}` : node.name, index === selected ? 'selected' : 'label'),
		piece(' '),
		node.up ? (node.holder === null ? piece('·', 'dim') : piece(node.holder, node.holder === world.lock.holder ? 'accent' : 'warn')) : piece(down, 'bad'),
	]);
}
