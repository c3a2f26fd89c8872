// Events and refusals in words, in English and Japanese. The trace uses the English text.

import type {Lang} from '../text/narration.js';
import {type Command, printCommand} from './command.js';
import type {Event, NodeCount, Refusal} from './event.js';

const tokenText = (token: number | null, lang: Lang) => {
	if (lang === 'ja') return token === null ? 'トークンなし' : `トークン ${token}`;
	return token === null ? 'no token' : `token ${token}`;
};

/** ` on 3 of 5 nodes (majority 3)`: on several nodes, how a request went. */
const onNodes = (nodes: NodeCount | undefined, lang: Lang) => {
	if (nodes === undefined) return '';
	return lang === 'ja'
		? ` (${nodes.of} ノード中 ${nodes.count}、過半数は ${nodes.needed})`
		: ` on ${nodes.count} of ${nodes.of} nodes (majority ${nodes.needed})`;
};

const peerList = (peers: readonly string[], lang: Lang) => (peers.length === 0 ? (lang === 'ja' ? '(変化なし)' : '(nothing changed)') : peers.join(', '));

/** `besideTime`: the text is shown beside the event's time (the story's log), so it does not say it again. */
export function describeEvent(event: Event, lang: Lang = 'en', besideTime = false): string {
	const ja = lang === 'ja';
	switch (event.kind) {
		case 'acquired':
			return ja
				? `${event.client} がロックを取得${onNodes(event.nodes, lang)} (${tokenText(event.token, lang)}、リースは t=${event.expiry} まで)`
				: `${event.client} acquired the lock${onNodes(event.nodes, lang)}, ${tokenText(event.token, lang)} (lease until t=${event.expiry})`;
		case 'acquire-minority':
			return ja
				? `${event.client} は過半数を得られない${onNodes(event.nodes, lang)}: 得たキーを消す`
				: `${event.client} could not acquire: granted${onNodes(event.nodes, lang)}, so it deletes the keys it got`;
		case 'lock-delay':
			return ja
				? `${event.client} は取得できない: ${event.node} はロック遅延中 (ノードの時計で t=${event.until} まで)`
				: `${event.client} could not acquire: ${event.node} is in lock-delay until t=${event.until} on its clock`;
		case 'unanswered': {
			const how = event.heartbeat ? (ja ? 'ハートビートの' : ' (heartbeat)') : '';
			return ja
				? `${event.client} の${how} ${event.request} にどのノードも答えない: 何もわからない`
				: `${event.client}'s ${event.request}${how} reached no node: it learns nothing`;
		}
		case 'acquire-failed':
			return ja ? `${event.client} は取得できない: ${event.holder} が保持中` : `${event.client} could not acquire: ${event.holder} holds the lock`;
		case 'renewed': {
			const how = event.heartbeat ? (ja ? 'ハートビートで' : ' (heartbeat)') : '';
			return ja
				? `${event.client} が${how}リースを t=${event.expiry} まで延長${onNodes(event.nodes, lang)}`
				: `${event.client} renewed its lease until t=${event.expiry}${how}${onNodes(event.nodes, lang)}`;
		}
		case 'renew-failed': {
			const how = event.heartbeat ? (ja ? 'ハートビートの' : ' (heartbeat)') : '';
			const lost = event.lostToken === null ? '' : ja ? `。トークン ${event.lostToken} を失ったと知る` : `: it learns it lost token ${event.lostToken}`;
			if (event.nodes) {
				return ja
					? `${event.client} の${how}延長は過半数に届かない${onNodes(event.nodes, lang)}。ロックを失ったと知る`
					: `${event.client} failed to renew${how}: extended${onNodes(event.nodes, lang)}, so it learns it lost the lock`;
			}
			return ja ? `${event.client} の${how}延長は失敗 (持ち主ではない)${lost}` : `${event.client} failed to renew${how}, it is not the holder${lost}`;
		}
		case 'released':
			return ja
				? `${event.client} がロックを解放${onNodes(event.nodes, lang)} (${tokenText(event.token, lang)})`
				: `${event.client} released the lock${onNodes(event.nodes, lang)} (${tokenText(event.token, lang)})`;
		case 'release-ignored':
			return ja ? `${event.client} の解放は無視された (持ち主ではない)` : `${event.client} released nothing: it is not the holder`;
		case 'expired': {
			const at = besideTime ? '' : ja ? `t=${event.t} で ` : ` at t=${event.t}`;
			const delay =
				event.delayUntil === undefined
					? ''
					: ja
						? `。ノードの時計で t=${event.delayUntil} までロック遅延`
						: `; lock-delay until t=${event.delayUntil} on its clock`;
			if (event.node !== undefined) {
				return ja ? `${at}${event.node} 上の ${event.client} のキーが失効${delay}` : `${event.client}'s key on ${event.node} expired${at}${delay}`;
			}
			return ja
				? `${at}${event.client} のリースが失効 (${tokenText(event.token, lang)})。ロックは空き${delay}`
				: `${event.client}'s lease expired${at} (${tokenText(event.token, lang)}): the lock is free${delay}`;
		}
		case 'sent':
			if (event.stuck) {
				return ja
					? `${event.client} が "${event.value}" を送信 (${tokenText(event.token, lang)}): 資源から切り離されていて、ネットワークで待つ`
					: `${event.client} sent "${event.value}" (${tokenText(event.token, lang)}): cut from the resource, it waits in the network`;
			}
			return ja
				? `${event.client} が "${event.value}" を送信 (${tokenText(event.token, lang)})、t=${event.arrivesAt} に到着`
				: `${event.client} sent "${event.value}" (${tokenText(event.token, lang)}), arriving at t=${event.arrivesAt}`;
		case 'accepted':
			// A corrupting write leads with the word, so it survives when a narrow pane cuts the line.
			if (event.violation) {
				return ja
					? `破壊: ${event.client} の古い書き込み "${event.value}" を受理 (${tokenText(event.token, lang)})`
					: `CORRUPTED: ${event.client}'s stale write "${event.value}" accepted (${tokenText(event.token, lang)})`;
			}
			return ja
				? `${event.client} の書き込み "${event.value}" を受理 (${tokenText(event.token, lang)})`
				: `${event.client}'s write "${event.value}" accepted (${tokenText(event.token, lang)})`;
		case 'rejected':
			return ja
				? `資源が ${event.client} の書き込みを拒否: トークン ${event.token} < 最大 ${event.maxToken}`
				: `the resource rejected ${event.client}'s write: token ${event.token} < max ${event.maxToken}`;
		case 'paused':
			if (event.held !== undefined) {
				return ja
					? `${event.client} はリースを確かめた直後、"${event.held}" を送る前に GC で停止 (t=${event.until} まで)`
					: `${event.client} checked its lease, then is paused by GC until t=${event.until} before "${event.held}" leaves`;
			}
			return ja ? `${event.client} が GC で停止 (t=${event.until} まで)` : `${event.client} is paused by GC until t=${event.until}`;
		case 'resumed':
			return event.early
				? ja
					? `${event.client} の GC 停止を解除`
					: `${event.client} resumed early`
				: ja
					? `${event.client} が GC 停止から再開 (まだ持っているつもり)`
					: `${event.client} resumed from its GC pause, still believing what it believed`;
		case 'crashed': {
			const lost = event.lostWrite === undefined ? '' : ja ? `。送る前の "${event.lostWrite}" も消える` : `; its held write "${event.lostWrite}" is lost`;
			return ja ? `${event.client} がクラッシュ (トークンを忘れる)${lost}` : `${event.client} crashed and forgot its token${lost}`;
		}
		case 'restarted':
			return ja ? `${event.client} が再起動 (トークンなし)` : `${event.client} restarted with no token`;
		case 'fencing': {
			const state = event.on ? (ja ? '有' : 'on') : ja ? '無' : 'off';
			if (event.target === 'resource') return ja ? `資源のフェンシング${state}` : `resource fencing ${state}`;
			return ja ? `${event.target} のトークン送信${state}` : `${event.target} fencing ${state} (sends its token: ${event.on ? 'yes' : 'no'})`;
		}
		case 'ticked':
			if (besideTime) return ja ? `時刻が t=${event.from} から進んだ` : `the clock moved on from t=${event.from}`;
			return ja ? `時刻 t=${event.from} → t=${event.t}` : `time t=${event.from} → t=${event.t}`;
		case 'lease-over':
			return ja
				? `${event.client} の時計は ${event.clock} で、リース (t=${event.until} まで) は終わっている: 書かずに、持っていないと考える`
				: `${event.client}'s own clock reads ${event.clock}, past its lease (until t=${event.until}): it does not write`;
		case 'node-crashed': {
			if (ja) return `ノード ${event.node} がクラッシュ${event.lostKey === null ? '' : ` (永続化なし: ${event.lostKey} のキーを失う)`}`;
			return `node ${event.node} crashed${event.lostKey === null ? '' : `, losing ${event.lostKey}'s key (not persistent)`}`;
		}
		case 'node-restarted': {
			if (ja) return `ノード ${event.node} が再起動${event.keptKey === null ? ' (キーなし)' : ` (${event.keptKey} のキーを保持)`}`;
			return `node ${event.node} restarted${event.keptKey === null ? ' with no key' : `, keeping ${event.keptKey}'s key`}`;
		}
		case 'jumped': {
			const by = `${event.by > 0 ? '+' : ''}${event.by}`;
			return ja ? `${event.target} の時計が ${by} ずれて、今は ${event.clock}` : `${event.target}'s clock jumped ${by}, now reading ${event.clock}`;
		}
		case 'partitioned':
			return ja ? `${event.client} が切り離された: ${peerList(event.peers, lang)}` : `${event.client} is cut off from ${peerList(event.peers, lang)}`;
		case 'healed':
			return ja ? `${event.client} の接続が戻った: ${peerList(event.peers, lang)}` : `${event.client} reaches ${peerList(event.peers, lang)} again`;
		case 'elided':
			return ja ? `(ほか ${event.count} 件)` : `(${event.count} more events)`;
	}
}

/** Events told in one narration at most; a tick through many heartbeats says how many more there were. */
const maxToldEvents = 8;

/** A command that was refused, and why: `pause A 5 was refused (A is paused by GC until t=3)`. */
export const describeRefused = (command: Command, refusal: Refusal, lang: Lang = 'en'): string =>
	lang === 'ja'
		? `${printCommand(command)} は拒否された (${describeRefusal(refusal, 'ja')})`
		: `${printCommand(command)} was refused (${describeRefusal(refusal)})`;

/** A command played, as far as words go: what it did, or why it was refused. */
export interface Told {
	readonly command: Command;
	readonly events: readonly Event[];
	readonly refused: Refusal | null;
}

/**
 * What commands did, told as a step's narration: each event's words, or why a command was refused,
 * as sentences (`explore`'s steps, a step played off script).
 */
export function narrate(played: readonly Told[], lang: Lang): string {
	const sentences = played.flatMap(each =>
		each.refused
			? [describeRefused(each.command, each.refused, lang)]
			: each.events.filter(event => event.kind !== 'elided').map(event => describeEvent(event, lang)),
	);
	if (sentences.length === 0) return '';
	const more = sentences.length - maxToldEvents;
	const told = sentences.slice(0, maxToldEvents);
	if (more > 0) told.push(lang === 'ja' ? `ほか ${more} 件` : `and ${more} more events`);
	return lang === 'ja' ? `${told.join('。')}。` : `${told.join('; ')}.`;
}

export function describeRefusal(refusal: Refusal, lang: Lang = 'en'): string {
	const ja = lang === 'ja';
	switch (refusal.kind) {
		case 'unknown-name':
			return ja ? `${refusal.name} というクライアントもノードもない` : `there is no client or node named ${refusal.name}`;
		case 'unknown-peer':
			return ja ? `${refusal.peer} というノードはない` : `there is no node named ${refusal.peer}`;
		case 'node-already-crashed':
			return ja ? `ノード ${refusal.node} はすでにクラッシュしている` : `node ${refusal.node} has already crashed`;
		case 'node-not-crashed':
			return ja ? `ノード ${refusal.node} はクラッシュしていない` : `node ${refusal.node} has not crashed`;
	}
	const c = refusal.client;
	switch (refusal.kind) {
		case 'no-change': {
			const words = (peer: string) =>
				peer === 'resource' ? (ja ? '資源' : 'the resource') : peer === 'lock' ? (ja ? 'ロックサービス' : 'the lock service') : peer;
			const named = refusal.peers.map(words).join(ja ? '、' : ', ');
			// In Japanese a space sets a Latin name apart from the words around it, not a Japanese one.
			const set = /^[A-Za-z0-9]/.test(named) ? ` ${named} ` : named;
			if (refusal.cut) {
				return ja
					? `変化なし: ${c} はすでに${named === '' ? 'ロックサービス' : set}から切り離されている`
					: `no change: ${c} is already cut off from ${named === '' ? 'the lock service' : named}`;
			}
			if (named === '') return ja ? `変化なし: ${c} の接続はどれも切れていない` : `no change: none of ${c}'s links is cut`;
			return ja ? `変化なし: ${c} はすでに${set}につながっている` : `no change: ${c} already reaches ${named}`;
		}
		case 'unknown-client':
			return ja ? `${c} というクライアントはいない` : `there is no client named ${c}`;
		case 'paused':
			return ja ? `${c} は GC で停止中 (t=${refusal.until} まで)` : `${c} is paused by GC until t=${refusal.until}`;
		case 'crashed':
			return ja ? `${c} はクラッシュしている` : `${c} has crashed`;
		case 'no-token':
			return ja ? `${c} はロックを持っていると思っていない (トークンなし)` : `${c} does not believe it holds the lock (no token)`;
		case 'not-paused':
			return ja ? `${c} は停止していない` : `${c} is not paused`;
		case 'not-crashed':
			return ja ? `${c} はクラッシュしていない` : `${c} has not crashed`;
		case 'already-crashed':
			return ja ? `${c} はすでにクラッシュしている` : `${c} has already crashed`;
	}
}
