// The live dashboard's two rows of what etcd says now, in etcd's own numbers (read through the
// run's watches), and what each client process last said it believes; where it differs from the
// model's world at the same tick, the model's value is marked beside it, and a lag with its size.

import type {Lag} from '../../live/compare.js';
import type {EtcdView} from '../../live/play.js';
import type {World} from '../../model/world.js';
import {widthOf} from '../../text/width.js';
import {labelsFor} from '../labels.js';
import type {Look} from '../look.js';
import {fitRow, type Piece, piece, type Row, rowWidth} from './rows.js';

export interface LiveRowsProps {
	readonly etcd: EtcdView;
	/** What etcd and the processes said, in the model's token numbers. */
	readonly live: World;
	/** The model's world at the same tick. */
	readonly model: World;
	/** etcd's numbers are the model's themselves (revision tokens on a fresh etcd). */
	readonly exact: boolean;
	readonly lags: readonly Lag[];
	/** Now, in ms since the epoch: the lease's time left counts down from etcd's last answer. */
	readonly now: number;
	readonly width: number;
	readonly look: Look;
}

const show = (value: number | null) => (value === null ? '—' : String(value));

export function liveRows({etcd, live, model, exact, lags, now, width, look}: LiveRowsProps): Row[] {
	const words = labelsFor(look.lang).live;
	const gap = piece(' · ', 'decoration');
	/** The notes of the model's numbers: the first to go when a row is too long. */
	const notes = new Set<Piece>();
	const note = (text: string) => {
		const made = piece(text, 'dim');
		notes.add(made);
		return made;
	};
	/** The value, the model's numbers for it when they are other ones, and the model's value when it differs. */
	const value = (label: string, shown: string, inModel: string, modelValue: string): Row => [
		piece(`${label} `, 'label'),
		piece(shown),
		...(inModel !== shown && inModel === modelValue ? [note(` ${words.inModel(inModel)}`)] : []),
		...(inModel === modelValue ? [] : [piece(` ${words.differs(modelValue)}`, 'bad')]),
	];
	const lock: Row =
		etcd.holder === null
			? [piece(words.free), ...(model.lock.holder === null ? [] : [piece(` ${words.differs(model.lock.holder)}`, 'bad')])]
			: [
					...value(words.holder, etcd.holder, live.lock.holder ?? '—', model.lock.holder ?? '—'),
					gap,
					...value(words.token, show(etcd.token), show(live.lock.token), show(model.lock.token)),
					...(etcd.leaseLeft === null ? [] : [gap, piece(words.leaseUnder(leaseSecondsUnder(etcd.leaseLeft, now)))]),
				];
	// Only a fresh etcd's revision is the model's: elsewhere other changes count in it too.
	const modelRevision = exact && model.lock.revision !== undefined ? String(model.lock.revision) : String(etcd.revision);
	const first: Row = [
		piece(`${words.etcd} `, 'title'),
		...lock,
		gap,
		...value(words.revision, String(etcd.revision), String(etcd.revision), modelRevision),
		...lags.flatMap(lag => [gap, piece(words.lag(lag.client, lag.ms), 'warn')]),
	];
	// Quoted as the resource pane quotes it.
	const quoted = (text: string | null) => (text === null ? words.empty : `"${text}"`);
	const resourceValue = (world: World) => quoted(world.resource.value);
	const beliefs = etcd.beliefs.flatMap(({name, token, status}, index) => {
		const liveClient = live.clients.find(client => client.name === name);
		const modelClient = model.clients.find(client => client.name === name);
		const state = status === 'paused' ? ` (${words.frozen})` : status === 'crashed' ? ` (${words.crashed})` : '';
		const believed = show(liveClient?.token ?? null);
		const modelBelieved = show(modelClient?.token ?? null);
		return [
			...(index > 0 ? [piece(', ', 'dim')] : []),
			piece(`${name} `, 'label'),
			piece(`${token === null ? words.noToken : token}${state}`),
			...(believed === modelBelieved ? [] : [piece(` ${words.differs(modelBelieved)}`, 'bad')]),
		];
	});
	const resourceAndBeliefs: Row = [
		...value(`${model.resource.name} =`, quoted(etcd.value), resourceValue(live), resourceValue(model)),
		gap,
		...value(words.maxToken, String(etcd.maxToken), String(live.resource.maxToken), String(model.resource.maxToken)),
		gap,
		piece(`${words.processes} `, 'label'),
		...beliefs,
	];
	// Under the heading, the tick and whether etcd and the processes agree with the model at it.
	const differs = [...first, ...resourceAndBeliefs].some(part => part.role === 'bad');
	const verdict = `${differs ? look.glyphs.bad : look.glyphs.ok} t=${live.clock}`;
	const second: Row = [
		piece(verdict, differs ? 'bad' : 'ok'),
		piece(' '.repeat(Math.max(1, widthOf(words.etcd) + 1 - widthOf(verdict)))),
		...resourceAndBeliefs,
	];
	const shortened = (row: Row) => (rowWidth(row) <= width ? row : row.filter(part => !notes.has(part)));
	return [first, second].map(row => fitRow(shortened(row), width, look.glyphs.ellipsis));
}

/**
 * etcd answers a lease's time left in whole seconds, rounded down (it ends in under one more),
 * so the row says "under N s", N counted down locally from that answer.
 */
function leaseSecondsUnder(leaseLeft: NonNullable<EtcdView['leaseLeft']>, now: number): number {
	const ms = (leaseLeft.seconds + 1) * 1000 - (now - leaseLeft.readAt);
	return Math.max(1, Math.ceil(ms / 1000));
}
