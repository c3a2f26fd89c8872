// The lock service: who holds the lock, with which token, the next token, and the lease as a
// ruler from now to the expiry that shrinks as time passes. With several nodes (Redlock), the
// holder is whoever has a majority of them, and the nodes' keys take the ruler's place.

import {findClient, majority, nodeClock, type World} from '../../model/world.js';
import {currentWorld, latestEvent} from '../../session/session.js';
import {pad} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {labelsFor} from '../labels.js';
import {type PaneProps, piece, type Row, titleRule, underLabel} from './rows.js';

export function lockRows({session, width, look}: PaneProps): Row[] {
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const {lock, clock} = world;
	const g = look.glyphs;
	const name = Math.max(widthOf(labels.holder), widthOf(labels.nextToken), widthOf(labels.revision), widthOf(labels.lease), widthOf(labels.nodes)) + 1;
	const label = (text: string) => piece(` ${pad(text, name)}`, 'label');

	const holder: Row =
		lock.holder === null
			? [label(labels.holder), piece(labels.free, 'dim')]
			: lock.token === null
				? [label(labels.holder), piece(lock.holder, 'accent'), piece(`  ${labels.tokenN(null)}`, 'dim')]
				: [label(labels.holder), piece(lock.holder, 'accent'), piece(`  ${labels.token} `, 'label'), piece(String(lock.token), 'accent')];
	const next: Row =
		lock.nextToken !== null
			? [label(labels.nextToken), piece(String(lock.nextToken))]
			: lock.revision !== undefined
				? [label(labels.revision), piece(String(lock.revision))]
				: [label(labels.nextToken), piece(labels.noTokens, 'dim')];

	let ruler: Row;
	let note: Row;
	if (world.nodes.length > 1) {
		ruler = [label(labels.nodes), ...nodePieces(world, g.bad)];
		const keys = lock.holder === null ? 0 : world.nodes.filter(node => node.up && node.holder === lock.holder).length;
		note = underLabel(
			label(''),
			[piece(labels.majority(lock.holder, keys, majority(world), world.nodes.length), lock.holder === null ? 'dim' : 'plain')],
			width,
		);
	} else if (lock.holder !== null && lock.expiry !== null) {
		const grantedAt = findClient(world, lock.holder)?.lastRenewAt ?? clock;
		const lease = Math.max(1, lock.expiry - grantedAt);
		const left = lock.expiry - clock;
		const start = `t=${clock} ${g.leaseStart}`;
		const end = `${g.leaseEnd} t=${lock.expiry}`;
		const track = Math.max(4, width - name - 1 - widthOf(start) - widthOf(end));
		const remaining = Math.round((track * left) / lease);
		ruler = [
			label(labels.lease),
			piece(start, 'dim'),
			piece(g.leaseUsed.repeat(track - remaining), 'dim'),
			piece(g.leaseLeft.repeat(remaining), left <= 1 ? 'warn' : 'ok'),
			piece(end, 'dim'),
		];
		note = underLabel(label(''), [piece(labels.ticksLeft(left, lease), left <= 1 ? 'warn' : 'plain')], width);
	} else {
		const last = latestEvent(session, ['expired', 'released']);
		const node = world.nodes[0]!;
		const delayed = node.up && node.delayUntil !== null && nodeClock(world, node) < node.delayUntil;
		if (last?.kind === 'expired') {
			ruler = [label(labels.lease), piece(` ${g.expired} ${labels.expiredAt(last.t)} `, 'banner')];
			// During a lock-delay, what matters next is when the lock can be taken again.
			note = delayed
				? underLabel(label(''), [piece(labels.lockDelayUntil(node.delayUntil!), 'warn')], width)
				: underLabel(label(''), [piece(labels.expiredWhose(last.client, last.token), 'bad')], width);
		} else if (last?.kind === 'released') {
			ruler = [label(labels.lease), piece(labels.releasedAt(last.t))];
			note = underLabel(label(''), [piece(labels.releasedBy(last.client, last.token), 'dim')], width);
		} else {
			ruler = [label(labels.lease), piece('—', 'dim')];
			note = underLabel(label(''), [piece(labels.neverHeld, 'dim')], width);
		}
	}
	return [titleRule([piece(labels.lockPane, 'title')], width, look), holder, next, ruler, note];
}

/** `L1 A L2 A L3 · L4 ✗`: each node's key holder, a dot for none, a mark for a node that is down. */
function nodePieces(world: World, down: string) {
	return world.nodes.flatMap((node, index) => [
		piece(`${index === 0 ? '' : ' '}${node.name} `, 'label'),
		node.up ? (node.holder === null ? piece('·', 'dim') : piece(node.holder, node.holder === world.lock.holder ? 'accent' : 'warn')) : piece(down, 'bad'),
	]);
}
