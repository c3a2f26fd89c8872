// The live dashboard's two rows of what the servers say now, in their own terms (etcd's numbers,
// read through the run's watches; each Redis node's key, read from the node), and what each
// client process last said it believes; where it differs from the model's world at the same tick,
// the model's value is marked beside it, and a lag with its size.

import type {Lag} from '../../live/compare.js';
import type {EtcdView} from '../../live/etcd-run.js';
import type {RedisView} from '../../live/redlock-run.js';
import type {World} from '../../model/world.js';
import {widthOf} from '../../text/width.js';
import {labelsFor} from '../labels.js';
import type {Look} from '../look.js';
import {fitRow, type Piece, piece, type Row, rowWidth} from './rows.js';

export type ServersView = EtcdView | RedisView;

export interface LiveRowsProps {
	readonly view: ServersView;
	/** What etcd and the processes said, in the model's token numbers. */
	readonly live: World;
	/** The model's world at the same tick. */
	readonly model: World;
	/** etcd's numbers are the model's themselves (revision tokens on a fresh etcd). */
	readonly exact: boolean;
	readonly lags: readonly Lag[];
	/** Now, in ms since the epoch: a lease's or key's time left counts down from the servers' last answer. */
	readonly now: number;
	readonly width: number;
	readonly look: Look;
}

const show = (value: number | null) => (value === null ? '—' : String(value));

export function liveRows(props: LiveRowsProps): Row[] {
	const {view} = props;
	return view.kind === 'etcd' ? etcdRows(view, props) : redisRows(view, props);
}

/** What both kinds of rows mark their values with. */
function marks(look: Look) {
	const words = labelsFor(look.lang).live;
	/** The notes of the model's numbers: the first to go when a row is too long. */
	const notes = new Set<Piece>();
	const note = (text: string) => {
		const made = piece(text, 'dim');
		notes.add(made);
		return made;
	};
	return {
		words,
		note,
		gap: piece(' · ', 'decoration'),
		/** The value, the model's numbers for it when they are other ones, and the model's value when it differs. */
		value: (label: string, shown: string, inModel: string, modelValue: string): Row => [
			piece(`${label} `, 'label'),
			piece(shown),
			...(inModel !== shown && inModel === modelValue ? [note(` ${words.inModel(inModel)}`)] : []),
			...(inModel === modelValue ? [] : [piece(` ${words.differs(modelValue)}`, 'bad')]),
		],
		/** The heading's second row: the tick, and whether the servers and the processes agree with the model at it. */
		verdictRow(heading: string, clock: number, rest: Row, checked: Row): Row {
			const differs = checked.some(part => part.role === 'bad');
			const verdict = `${differs ? look.glyphs.bad : look.glyphs.ok} t=${clock}`;
			return [piece(verdict, differs ? 'bad' : 'ok'), piece(' '.repeat(Math.max(1, widthOf(heading) + 1 - widthOf(verdict)))), ...rest];
		},
		fit(rows: Row[], width: number): Row[] {
			const shortened = (row: Row) => (rowWidth(row) <= width ? row : row.filter(part => !notes.has(part)));
			return rows.map(row => fitRow(shortened(row), width, look.glyphs.ellipsis));
		},
	};
}

/** Quoted as the resource pane quotes it. */
const quoted = (text: string | null, empty: string) => (text === null ? empty : `"${text}"`);

function etcdRows(etcd: EtcdView, {live, model, exact, lags, now, width, look}: LiveRowsProps): Row[] {
	const {words, gap, value, verdictRow, fit} = marks(look);
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
	const resourceValue = (world: World) => quoted(world.resource.value, words.empty);
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
		...value(`${model.resource.name} =`, quoted(etcd.value, words.empty), resourceValue(live), resourceValue(model)),
		gap,
		...value(words.maxToken, String(etcd.maxToken), String(live.resource.maxToken), String(model.resource.maxToken)),
		gap,
		piece(`${words.processes} `, 'label'),
		...beliefs,
	];
	return fit([first, verdictRow(words.etcd, live.clock, resourceAndBeliefs, [...first, ...resourceAndBeliefs])], width);
}

/**
 * Redis's rows: each node's key (its holder, read from the key's value, and its time left, PTTL,
 * counted down from the read), then the resource and what each process believes it holds.
 */
function redisRows(redis: RedisView, {live, model, lags, now, width, look}: LiveRowsProps): Row[] {
	const {words, note, gap, verdictRow, fit} = marks(look);
	const nodes = redis.nodes.flatMap((node, index): Row => {
		const modelNode = model.nodes.find(other => other.name === node.name);
		const shown = !node.up ? words.down : (node.holder ?? words.noToken);
		const modelShown = modelNode === undefined ? shown : !modelNode.up ? words.down : (modelNode.holder ?? words.noToken);
		// A key's time left is the first to go when the row is too long.
		const left = node.holder !== null && node.pttlMs !== null ? [note(` ${words.secondsLeft(Math.max(0, node.pttlMs - (now - redis.readAt)) / 1000)}`)] : [];
		return [
			...(index > 0 ? [gap] : []),
			piece(`${node.name} `, 'label'),
			piece(shown, node.up ? 'plain' : 'warn'),
			...left,
			...(shown === modelShown ? [] : [piece(` ${words.differs(modelShown)}`, 'bad')]),
		];
	});
	// Five nodes' expiries are five lags: the largest says how late Redis was.
	const [latest] = [...lags].sort((one, other) => other.ms - one.ms);
	// Redis expires keys by its own wall clock, which the run cannot step: a node's jump is made on its key, and said so.
	const jump = redis.jump === null ? [] : [gap, piece(words.jumpMade(redis.jump.node, redis.jump.by, redis.jump.ms / 1000), 'warn')];
	const first: Row = [
		piece(`${words.redis} `, 'title'),
		...nodes,
		...jump,
		...(latest === undefined ? [] : [gap, piece(words.lag(latest.client, latest.ms), 'warn')]),
	];
	const beliefs = redis.beliefs.flatMap(({name, holds, until, status, waiting}, index): Row => {
		const believed = (world: World) => {
			const client = world.clients.find(other => other.name === name);
			if (client?.waiting) return words.waits;
			return client?.holds ? words.holdsUntil(client.until) : words.noToken;
		};
		const state = status === 'paused' ? ` (${words.frozen})` : status === 'crashed' ? ` (${words.crashed})` : '';
		const said = waiting ? words.waits : holds ? words.holdsUntil(until) : words.noToken;
		const modelBelieved = believed(model);
		return [
			...(index > 0 ? [piece(', ', 'dim')] : []),
			piece(`${name} `, 'label'),
			piece(`${said}${state}`),
			...(believed(live) === modelBelieved ? [] : [piece(` ${words.differs(modelBelieved)}`, 'bad')]),
		];
	});
	const resourceValue = (world: World) => quoted(world.resource.value, words.empty);
	const shownValue = quoted(redis.value, words.empty);
	const resourceAndBeliefs: Row = [
		piece(`${model.resource.name} = `, 'label'),
		piece(shownValue),
		...(resourceValue(live) === resourceValue(model) ? [] : [piece(` ${words.differs(resourceValue(model))}`, 'bad')]),
		gap,
		piece(`${words.processes} `, 'label'),
		...beliefs,
	];
	return fit([first, verdictRow(words.redis, live.clock, resourceAndBeliefs, [...first, ...resourceAndBeliefs])], width);
}

/**
 * etcd answers a lease's time left in whole seconds, rounded down (it ends in under one more),
 * so the row says "under N s", N counted down locally from that answer.
 */
function leaseSecondsUnder(leaseLeft: NonNullable<EtcdView['leaseLeft']>, now: number): number {
	const ms = (leaseLeft.seconds + 1) * 1000 - (now - leaseLeft.readAt);
	return Math.max(1, Math.ceil(ms / 1000));
}
