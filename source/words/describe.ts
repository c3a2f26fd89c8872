// Events and refusals in words, in English and Japanese. The trace uses the English text.

import type {Lang} from '../text/narration.js';
import {type Command, lockPeer, printCommand, resourceTarget} from '../model/command.js';
import type {Event, NodeCount, Refusal} from '../model/event.js';

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

/** `lock` is the lock service of one node; `resource` the resource. */
const peerName = (peer: string, lang: Lang) => {
	if (peer === lockPeer) return lang === 'ja' ? 'ロックサービス' : 'the lock service';
	if (peer === resourceTarget) return lang === 'ja' ? '資源' : 'the resource';
	return peer;
};

/** `L4 and L5`, `L1, L2 and L3`; `L4・L5` in Japanese. */
const peerList = (peers: readonly string[], lang: Lang) => {
	const names = peers.map(peer => peerName(peer, lang));
	if (lang === 'ja') return names.join('・');
	return names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/** A name set in Japanese text: a space between it and the kana beside it where it begins or ends in Latin letters or digits. */
const spaced = (name: string) => `${/^[\x21-\x7E]/.test(name) ? ' ' : ''}${name}${/[\x21-\x7E]$/.test(name) ? ' ' : ''}`;

const requestWords = {
	en: {acquire: 'acquire', renew: 'renew', release: 'release'},
	ja: {acquire: '取得', renew: '延長', release: '解放'},
} as const;

/** `besideTime`: the text is shown beside the event's time (the story's log), so it does not say it again. */
export function describeEvent(event: Event, lang: Lang = 'en', besideTime = false): string {
	const ja = lang === 'ja';
	switch (event.kind) {
		case 'acquired': {
			// Several nodes never issue a token (Redlock): the count of nodes is said in its place.
			const {nodes} = event;
			if (ja) {
				if (nodes && event.afterWait)
					return `${event.client} はロックを持つと思う (${nodes.of} ノード中 ${nodes.count} が許可済み、過半数は ${nodes.needed}、t=${event.expiry} まで)`;
				const what = nodes ? `${nodes.of} ノード中 ${nodes.count}、過半数は ${nodes.needed}` : tokenText(event.token, lang);
				return `${event.client} がロックを取得 (${what}、リースは t=${event.expiry} まで)`;
			}
			const lease = `lease until t=${event.expiry}`;
			// Replies read late count the grants as given, not as the keys stand now: they may have expired
			// since, and another client may hold the lock, so it is a belief.
			if (nodes && event.afterWait)
				return `${event.client} believes it holds the lock: ${nodes.count} of ${nodes.of} nodes had granted it (majority ${nodes.needed}; ${lease})`;
			return nodes
				? `${event.client} acquired the lock on ${nodes.count} of ${nodes.of} nodes (majority ${nodes.needed}; ${lease})`
				: `${event.client} acquired the lock with ${tokenText(event.token, lang)} (${lease})`;
		}
		// The Redlock spec's step 5: it unlocks every instance, even those it believes it did not lock.
		case 'acquire-minority':
			return ja
				? `${event.client} は過半数を得られない${onNodes(event.nodes, lang)}: 届くすべてのノードにこの試みのキーの削除を依頼`
				: `${event.client} could not acquire: granted${onNodes(event.nodes, lang)}, so it asks every node it reaches to delete this attempt's key`;
		// Only a lock service of one node turns a client away by its lock-delay.
		case 'lock-delay':
			return ja
				? `${event.client} は取得できない: ロックサービスの時計で t=${event.until} まで lock-delay`
				: `${event.client} could not acquire: lock-delay until t=${event.until} by the lock service's clock`;
		case 'unanswered': {
			const what = event.heartbeat ? (ja ? 'ハートビート' : 'heartbeat') : requestWords[lang][event.request];
			// No reply by the decision: the requests may have been lost, or their replies may come too late.
			if (ja) return `${event.client} の${what}に${event.nodes ? 'どのノードからも' : 'ロックサービスから'}返事がない: ${event.client} には何もわからない`;
			return `${event.client}'s ${what} got no reply from ${event.nodes ? 'any node' : 'the lock service'}: it learns nothing`;
		}
		case 'acquire-failed':
			return ja ? `${event.client} は取得できない: ${event.holder} が保持中` : `${event.client} could not acquire: ${event.holder} holds the lock`;
		case 'renewed': {
			if (ja) return `${event.client} が${event.heartbeat ? 'ハートビートで' : ''}リースを t=${event.expiry} まで延長${onNodes(event.nodes, lang)}`;
			return `${event.heartbeat ? `${event.client}'s heartbeat` : event.client} renewed its lease until t=${event.expiry}${onNodes(event.nodes, lang)}`;
		}
		case 'renew-failed': {
			const what = event.heartbeat ? (ja ? 'ハートビート' : 'heartbeat') : ja ? '延長' : 'renew';
			if (event.nodes) {
				return ja
					? `${event.client} の${what}は過半数に届かない${onNodes(event.nodes, lang)}。${event.client} はロックを失ったと知る`
					: `${event.client}'s ${what} renewed its key only${onNodes(event.nodes, lang)}, so ${event.client} learns it lost the lock`;
			}
			if (ja) {
				const lost = event.lostToken === null ? 'ロック' : `トークン ${event.lostToken}`;
				return `${event.client} の${what}は断られる: ${event.client} は${spaced(lost)}を失ったと知る`;
			}
			const lost = event.lostToken === null ? 'the lock' : `token ${event.lostToken}`;
			return `${event.client}'s ${what} is turned away: ${event.client} learns it lost ${lost}`;
		}
		case 'released': {
			// On several nodes a release deletes the client's keys where it has them, a majority or not.
			const {nodes} = event;
			if (nodes) {
				return ja
					? `${event.client} の解放で ${nodes.of} ノード中 ${nodes.count} のキーを削除`
					: `${event.client}'s release deleted its key on ${nodes.count} of ${nodes.of} nodes`;
			}
			return ja ? `${event.client} がロックを解放 (${tokenText(event.token, lang)})` : `${event.client} released the lock (${tokenText(event.token, lang)})`;
		}
		case 'release-ignored':
			return ja ? `${event.client} の解放は無視された (持ち主ではない)` : `${event.client} released nothing: it is not the holder`;
		case 'expired': {
			const at = besideTime ? '' : ja ? `t=${event.t} で ` : ` at t=${event.t}`;
			const clock = event.node === undefined ? (ja ? 'ロックサービス' : "the lock service's") : ja ? spaced(event.node) : `${event.node}'s`;
			const delay =
				event.delayUntil === undefined
					? ''
					: ja
						? `。${clock}の時計で t=${event.delayUntil} まで lock-delay`
						: `; lock-delay until t=${event.delayUntil} by ${clock} clock`;
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
					: `${event.client} checked its lease, then a GC pause holds "${event.held}" back until t=${event.until}`;
			}
			return ja ? `${event.client} が GC で停止 (t=${event.until} まで)` : `${event.client} is paused by GC until t=${event.until}`;
		case 'resumed': {
			const woken = event.early
				? ja
					? `${event.client} の GC 停止を解除`
					: `${event.client}'s GC pause ended early`
				: ja
					? `${event.client} が GC 停止から再開 (止まっていた間のことは知らない)`
					: `${event.client} resumed after its GC pause, unaware of the time that passed`;
			if (event.unread === undefined) return woken;
			if (ja) return `${woken}。待っていた返事 ${event.unread} 件を読む`;
			return `${woken}; it reads the ${event.unread === 1 ? 'reply' : `${event.unread} replies`} waiting`;
		}
		case 'crashed': {
			const lost = event.lostWrite === undefined ? '' : ja ? `。送る前の "${event.lostWrite}" も消える` : `; its held write "${event.lostWrite}" is lost`;
			// A client without a token (Redlock's never has one) forgets only what it believed.
			if (event.droppedToken === null) {
				return ja
					? `${event.client} がクラッシュ (ロックについて信じていたことを忘れる)${lost}`
					: `${event.client} crashed and forgot what it believed of the lock${lost}`;
			}
			return ja ? `${event.client} がクラッシュ (トークンを忘れる)${lost}` : `${event.client} crashed and forgot its token${lost}`;
		}
		case 'restarted':
			return ja ? `${event.client} が再起動 (トークンなし)` : `${event.client} restarted with no token`;
		case 'fencing': {
			if (event.target === resourceTarget) {
				if (ja) return event.on ? '資源がトークンを検査するようになる (フェンシング有)' : '資源がトークンを検査しなくなる (フェンシング無)';
				return event.on ? 'the resource now checks tokens (fencing on)' : 'the resource stops checking tokens (fencing off)';
			}
			if (ja) return `${event.target} がトークンを${event.on ? '送るようになる (フェンシング有)' : '送らなくなる (フェンシング無)'}`;
			return event.on ? `${event.target} now sends its token with each write (fencing on)` : `${event.target} stops sending its token (fencing off)`;
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
			return ja ? `${event.target} の時計が ${by} 跳び、今は ${event.clock}` : `${event.target}'s clock jumped ${by}, now reading ${event.clock}`;
		}
		case 'partitioned':
		case 'healed': {
			if (event.peers.length === 0) return ja ? `${event.client} の接続は変わらない` : `${event.client}'s links stay as they were`;
			const peers = peerList(event.peers, lang);
			if (event.kind === 'partitioned') return ja ? `${event.client} が${spaced(peers)}から切り離される` : `${event.client} is cut off from ${peers}`;
			return ja ? `${event.client} が再び${spaced(peers)}に届く` : `${event.client} reaches ${peers} again`;
		}
		case 'request-sent': {
			const what = event.undo ? (ja ? 'この試みのキーの削除' : "delete this attempt's keys") : requestWords[lang][event.op];
			const who = asker(event.client, event.heartbeat === true, lang);
			const failed =
				event.failed.length === 0
					? ''
					: ja
						? ` (${peerList(event.failed, lang)} には届かない: 停止中か切断)`
						: ` (${peerList(event.failed, lang)} cannot be reached: down or cut)`;
			return ja ? `${who}が${spaced(peerList(event.to, lang))}に${what}を依頼${failed}` : `${who} asks ${peerList(event.to, lang)} to ${what}${failed}`;
		}
		case 'request-arrived': {
			const verdict = nodeVerdict(event.op, event.granted, lang);
			return ja
				? `${event.node} が ${event.client} の${requestWords[lang][event.op]}に答える: ${verdict} (返事は t=${event.replyAt} に着く)`
				: `${event.node} answers ${event.client}'s ${requestWords[lang][event.op]}: ${verdict} (the reply arrives at t=${event.replyAt})`;
		}
		case 'reply-arrived': {
			const verdict = nodeVerdict(event.op, event.granted, lang);
			if (event.ignored) {
				return ja
					? `${event.node} の遅れた返事 (${verdict}) が ${event.client} に届くが、もう待っていない`
					: `${event.node}'s late reply (${verdict}) reaches ${event.client}, which no longer waits for it`;
			}
			if (event.unread) {
				return ja
					? `${event.node} の返事 (${verdict}) が ${event.client} のソケットに届き、読まれずに待つ (${event.client} は停止中)`
					: `${event.node}'s reply (${verdict}) reaches ${event.client}'s socket and waits unread: ${event.client} is frozen`;
			}
			return ja ? `${event.client} に ${event.node} の返事: ${verdict}` : `${event.client} gets ${event.node}'s reply: ${verdict}`;
		}
		case 'deletion-arrived':
			if (event.deleted) {
				return ja ? `${event.client} の削除依頼が ${event.node} に届く: キーを削除` : `${event.client}'s deletion reaches ${event.node}: its key is deleted`;
			}
			return ja
				? `${event.client} の削除依頼が ${event.node} に届く: その試みのキーはない`
				: `${event.client}'s deletion reaches ${event.node}, which holds no key of that attempt`;
		case 'message-lost': {
			const why = event.why === 'cut' ? (ja ? '接続が切れている' : 'the link is cut') : ja ? `${event.node} が停止中` : `${event.node} is down`;
			if (event.message === 'request') {
				return ja
					? `${event.client} から ${event.node} への${requestWords[lang][event.op]}の依頼が失われる (${why})`
					: `${event.client}'s ${requestWords[lang][event.op]} request to ${event.node} is lost (${why})`;
			}
			return ja ? `${event.node} から ${event.client} への返事が失われる (${why})` : `${event.node}'s reply to ${event.client} is lost (${why})`;
		}
		case 'decided':
			return decisionText(event, lang, besideTime);
		case 'restart-held':
			return ja
				? `ノード ${event.node} の再起動は、自分の時計で t=${event.until} まで待たされる (restartDelay)`
				: `node ${event.node}'s restart is held until t=${event.until} by its own clock (restartDelay)`;
		case 'latency': {
			const peers = peerList(event.peers, lang);
			return ja
				? `${event.client} と${spaced(peers)}の間のメッセージは片道 ${event.n} tick になる`
				: `messages between ${event.client} and ${peers} now take ${event.n} tick${event.n === 1 ? '' : 's'} each way`;
		}
		case 'elided':
			return ja ? `(ほか ${event.count} 件)` : `(${event.count} more events)`;
	}
}

/** What a node did with a request: `granted`, `turned away`. */
function nodeVerdict(op: 'acquire' | 'renew' | 'release', granted: boolean, lang: Lang): string {
	const words = {
		en: {acquire: ['granted', 'turned away'], renew: ['extended', 'not extended'], release: ['deleted', 'nothing to delete']},
		ja: {acquire: ['許可', '拒否'], renew: ['延長', '延長せず'], release: ['削除', '消すものなし']},
	} as const;
	return words[lang][op][granted ? 0 : 1];
}

/** Who asks: the client, or its heartbeat; in Japanese with the space a Latin name takes before the kana that follows. */
const asker = (client: string, heartbeat: boolean, lang: Lang) => {
	if (lang === 'ja') return heartbeat ? `${client} のハートビート` : `${client} `;
	return heartbeat ? `${client}'s heartbeat` : client;
};

/** A number with a true minus sign, as arithmetic is printed: `−3`. */
const signed = (n: number) => (n < 0 ? `−${-n}` : String(n));

/**
 * The decision written out with both of its times, T1 (asked) and T2 (read), by the client's clock:
 * `validity 10 − (12 − 0) − 1 = −3 ≤ 0: gives the lock up` (lease − (T2 − T1) − drift), `… = 7 > 0:
 * holds until 0 + 10 − 1 = t=9` (T1 + lease − drift), or a naive client's `until 12 + 10 = t=22`,
 * counted from T2, which names both. One line at 80 columns where it can.
 */
function decisionText(event: Extract<Event, {kind: 'decided'}>, lang: Lang, besideTime: boolean): string {
	const ja = lang === 'ja';
	const who = asker(event.client, event.heartbeat === true, lang);
	const [t1, t2] = [signed(event.since), signed(event.at)];
	if (event.validity === null) {
		const late = event.timedOut ? (ja ? '待ち時間切れで' : ', its timeout up,') : '';
		// Beside its time T2's time is said already, unless the client's clock reads another; its sum still says it.
		const read = besideTime && event.at === event.t ? 'T2' : `T2 = t=${t2}`;
		return ja
			? `${who}は${late} ${read} に返事を読み (依頼は T1 = t=${t1})、リースを T2 から数える: ${t2} + ${event.lease} = t=${event.until} まで`
			: `${who}${late} reads its replies at ${read} (asked at T1 = t=${t1}) and counts its lease from T2: until ${t2} + ${event.lease} = t=${event.until}`;
	}
	const sum = `${event.lease} − (${t2} − ${t1}) − ${event.drift} = ${signed(event.validity)}`;
	if (ja) {
		const decides = `${who}の判断${event.timedOut ? ' (待ち時間切れ)' : ''}: 有効時間 ${sum}`;
		return event.kept ? `${decides} > 0: ${t1} + ${event.lease} − ${event.drift} = t=${event.until} まで保持` : `${decides} ≤ 0: ロックを手放す`;
	}
	const decides = `${who} decides${event.timedOut ? ' at its timeout' : ''}: validity ${sum}`;
	return event.kept ? `${decides} > 0: holds until ${t1} + ${event.lease} − ${event.drift} = t=${event.until}` : `${decides} ≤ 0: gives the lock up`;
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
		case 'restart-held':
			return ja
				? `ノード ${refusal.node} の再起動はすでに自分の時計で t=${refusal.until} まで待たされている`
				: `node ${refusal.node}'s restart is already held until t=${refusal.until} by its own clock`;
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
		case 'waiting':
			return ja
				? `${c} はまだ${requestWords.ja[refusal.op]}の返事を待っている (t=${refusal.since} に依頼)`
				: `${c} is still waiting for replies to its ${refusal.op} (asked at t=${refusal.since})`;
	}
}
