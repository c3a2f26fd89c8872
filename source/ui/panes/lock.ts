// The lock service: who holds the lock, with which token, the next token, and the lease as a
// ruler from now to the expiry that shrinks as time passes; with rows to spare, the grants it
// made, newest first, so the tokens can be seen to climb.

import {findClient} from '../../model/world.js';
import {currentWorld, latestEvent, type Session, visitEventsBackwards} from '../../session/session.js';
import {pad} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {labelsFor} from '../labels.js';
import {type GrowingPaneProps, piece, type Row, rowWidth, titleRule, underLabel} from './rows.js';

interface Grant {
	readonly token: number;
	readonly client: string;
	readonly from: number;
	readonly end: {readonly kind: 'expired' | 'released'; readonly t: number} | null;
}

/** The last `count` grants, newest first, read back from the end of the history no further than they go. */
function latestGrants(session: Session, count: number): Grant[] {
	const grants: Grant[] = [];
	if (count <= 0) return grants;
	const ends = new Map<number, Grant['end']>();
	visitEventsBackwards(session, event => {
		if (event.kind === 'expired' || event.kind === 'released') ends.set(event.token, {kind: event.kind, t: event.t});
		if (event.kind === 'acquired') grants.push({token: event.token, client: event.client, from: event.t, end: ends.get(event.token) ?? null});
		return grants.length >= count;
	});
	return grants;
}

export function lockRows({session, width, look, more = 0}: GrowingPaneProps): Row[] {
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const {lock, clock} = world;
	const g = look.glyphs;
	const name = Math.max(widthOf(labels.holder), widthOf(labels.nextToken), widthOf(labels.lease), widthOf(labels.grants)) + 1;
	const label = (text: string) => piece(` ${pad(text, name)}`, 'label');

	const holder: Row =
		lock.holder === null
			? [label(labels.holder), piece(labels.free, 'dim')]
			: [label(labels.holder), piece(lock.holder, 'accent'), piece(`  ${labels.token} `, 'label'), piece(String(lock.token), 'accent')];
	const next: Row = [label(labels.nextToken), piece(String(lock.nextToken))];

	let ruler: Row;
	let note: Row;
	if (lock.holder !== null && lock.expiry !== null) {
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
		if (last?.kind === 'expired') {
			ruler = [label(labels.lease), piece(` ${g.expired} ${labels.expiredAt(last.t)} `, 'banner')];
			note = underLabel(label(''), [piece(labels.expiredWhose(last.client, last.token), 'bad')], width);
		} else if (last?.kind === 'released') {
			ruler = [label(labels.lease), piece(labels.releasedAt(last.t))];
			note = underLabel(label(''), [piece(labels.releasedBy(last.client, last.token), 'dim')], width);
		} else {
			ruler = [label(labels.lease), piece('—', 'dim')];
			note = underLabel(label(''), [piece(labels.neverHeld, 'dim')], width);
		}
	}
	// Each grant whole or not at all: the list stops at the first that does not fit.
	const grants: Row[] = [];
	for (const [index, grant] of latestGrants(session, more).entries()) {
		const row = [label(index === 0 ? labels.grants : ''), piece(labels.grant(grant.token, grant.client, grant.from, grant.end), grant.end ? 'dim' : 'plain')];
		if (rowWidth(row) > width) break;
		grants.push(row);
	}
	return [titleRule([piece(labels.lockPane, 'title')], width, look), holder, next, ruler, note, ...grants];
}
