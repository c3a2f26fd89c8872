// The resource: its value, the largest token it has seen, what it accepted and rejected, whether
// it checks tokens (unmissable when it does not), and the last write with why.

import {currentWorld, latestEvent} from '../../session/session.js';
import {pad} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {labelsFor} from '../labels.js';
import {type PaneProps, piece, type Row, rowWidth, titleRule, underLabel} from './rows.js';

export function resourceRows({session, width, look}: PaneProps): Row[] {
	const labels = labelsFor(look.lang);
	const {resource} = currentWorld(session);
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
	const fencing = underLabel(label(''), resource.fenced ? [piece(labels.fencingOn, 'ok')] : [piece(` ${g.warn} ${labels.fencingOff} `, 'alarm')], width);

	const write = latestEvent(session, ['accepted', 'rejected']);
	let last: Row;
	if (write === null) last = [label(labels.lastWrite), piece(labels.noWrite, 'dim')];
	else if (write.kind === 'rejected') {
		last = [label(labels.lastWrite), piece(`${g.bad} ${write.client} "${write.value}" `, 'bad'), piece(labels.rejectedWhy(write.token, write.maxToken))];
	} else if (write.violation) {
		const corrupted = [label(labels.lastWrite), piece(`${g.violation} ${write.client} "${write.value}" ${labels.corrupted}`, 'banner')];
		// A write without a token says so; what its writer believed it held, when there is room.
		const believed = [...corrupted, piece(` ${labels.noTokenBelieved(write.senderToken)}`)];
		if (write.token !== null) last = [...corrupted, piece(` ${labels.tokenN(write.token)}`)];
		else last = rowWidth(believed) <= width ? believed : [...corrupted, piece(` ${labels.noTokenSent}`)];
	} else {
		const token = write.token === null ? labels.noTokenSent : labels.tokenN(write.token);
		last = [label(labels.lastWrite), piece(`${g.ok} ${write.client} "${write.value}" `, 'ok'), piece(token)];
	}
	const title = [piece(labels.resourcePane, 'title'), piece(' '), piece(resource.name, 'accent')];
	return [titleRule(title, width, look), value, counts, fencing, last];
}
