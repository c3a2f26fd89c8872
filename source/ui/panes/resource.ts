// The resource: its value, the largest token it has seen, what it accepted and rejected, whether
// it checks tokens (unmissable when it does not), and the last write with why; with rows to
// spare, the writes before it, newest first.

import type {Event} from '../../model/event.js';
import type {World} from '../../model/world.js';
import {currentWorld, type Session, visitEventsBackwards} from '../../session/session.js';
import {pad} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {type Labels, labelsFor} from '../labels.js';
import type {Glyphs, Look} from '../look.js';
import {type GrowingPaneProps, type Piece, piece, type Row, rowWidth, titleRule, underLabel} from './rows.js';

type Write = Extract<Event, {kind: 'accepted' | 'rejected'}>;

/** The last `count` writes that reached the resource, newest first. */
function latestWrites(session: Session, count: number): Write[] {
	const writes: Write[] = [];
	visitEventsBackwards(session, event => {
		if (event.kind === 'accepted' || event.kind === 'rejected') writes.push(event);
		return writes.length >= count;
	});
	return writes;
}

/** A write and what became of it, in at most `width` columns: ✓ or ✗ and why, or CORRUPTED. */
function writePieces(write: Write, width: number, labels: Labels, g: Glyphs): Piece[] {
	if (write.kind === 'rejected') return [piece(`${g.bad} ${write.client} "${write.value}" `, 'bad'), piece(labels.rejectedWhy(write.token, write.maxToken))];
	if (write.violation) {
		const corrupted = piece(`${g.violation} ${write.client} "${write.value}" ${labels.corrupted}`, 'banner');
		// A write without a token says so; what its writer believed it held, when there is room.
		const believed = [corrupted, piece(` ${labels.noTokenBelieved(write.senderToken)}`)];
		if (write.token !== null) return [corrupted, piece(` ${labels.tokenN(write.token)}`)];
		return rowWidth(believed) <= width ? believed : [corrupted, piece(` ${labels.noTokenSent}`)];
	}
	const token = write.token === null ? labels.noTokenSent : labels.tokenN(write.token);
	return [piece(`${g.ok} ${write.client} "${write.value}" `, 'ok'), piece(token)];
}

/**
 * Whether the resource checks tokens: unmissable when it does not; and where the lock service
 * gives no token (Redlock), that it checks and gets none, not in green as if that were fencing.
 */
function fencingPieces(world: World, width: number, labels: Labels, g: Glyphs): Piece[] {
	if (!world.resource.fenced) return [piece(` ${g.warn} ${labels.fencingOff} `, 'alarm')];
	if (world.tokens !== 'none') return [piece(labels.fencingOn, 'ok')];
	const [long, short] = labels.backendWords(world.backend, world.tokens).checksNoTokens;
	return [piece(widthOf(long) <= width ? long : short, 'warn')];
}

/** The pane but its writes. */
const resourceBody = (session: Session, width: number, look: Look) => {
	const labels = labelsFor(look.lang);
	const world = currentWorld(session);
	const {resource} = world;
	const g = look.glyphs;
	const name = Math.max(widthOf(labels.value), widthOf(labels.lastWrite)) + 1;
	const label = (text: string) => piece(` ${pad(text, name)}`, 'label');

	const value: Row = [
		label(labels.value),
		piece(resource.value === null ? labels.empty : `"${resource.value}"`, resource.value === null ? 'dim' : 'accent'),
		piece(`   ${labels.maxToken} `, 'label'),
		piece(String(resource.maxToken), 'accent'),
	];
	const counts = underLabel(
		label(''),
		[
			piece(`${g.ok} ${labels.accepted(resource.writes)}`, 'ok'),
			piece('   '),
			piece(`${g.bad} ${labels.rejected(resource.rejected)}`, resource.rejected > 0 ? 'bad' : 'dim'),
		],
		width,
	);
	const fencing = underLabel(label(''), fencingPieces(world, width - rowWidth([label('')]), labels, g), width);
	const title = titleRule([piece(labels.resourcePane, 'title'), piece(' '), piece(resource.name, 'accent')], width, look);
	return {rows: [title, value, counts, fencing], label, lastLabel: label(labels.lastWrite)};
};

export function resourceRows({session, width, look, more = 0}: GrowingPaneProps): Row[] {
	const labels = labelsFor(look.lang);
	const g = look.glyphs;
	const {rows, label, lastLabel} = resourceBody(session, width, look);
	const [write, ...earlier] = latestWrites(session, 1 + more);
	const last: Row = write ? [lastLabel, ...writePieces(write, width - rowWidth([lastLabel]), labels, g)] : [lastLabel, piece(labels.noWrite, 'dim')];
	// Earlier writes faint, each with its time, whole or not at all: the list stops at the first that does not fit.
	const before: Row[] = [];
	for (const each of earlier) {
		const lead = [label(''), piece(`t=${each.t} `, 'dim')];
		const row = [
			...lead,
			...writePieces(each, width - rowWidth(lead), labels, g).map(part => (part.role === 'plain' ? {...part, role: 'dim' as const} : part)),
		];
		if (rowWidth(row) > width) break;
		before.push(row);
	}
	return [...rows, last, ...before];
}
