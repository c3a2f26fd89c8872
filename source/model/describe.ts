// Events and refusals in words, in English and Japanese. The trace uses the English text.

import type {Lang} from '../scenario/narration.js';
import type {Event, Refusal} from './event.js';

const tokenText = (token: number | null, lang: Lang) => {
	if (lang === 'ja') return token === null ? 'トークンなし' : `トークン ${token}`;
	return token === null ? 'no token' : `token ${token}`;
};

/** `besideTime`: the text is shown beside the event's time (the story's log), so it does not say it again. */
export function describeEvent(event: Event, lang: Lang = 'en', besideTime = false): string {
	const ja = lang === 'ja';
	switch (event.kind) {
		case 'acquired':
			return ja
				? `${event.client} がロックを取得 (トークン ${event.token}、リースは t=${event.expiry} まで)`
				: `${event.client} acquired the lock, token ${event.token} (lease until t=${event.expiry})`;
		case 'acquire-failed':
			return ja ? `${event.client} は取得できない: ${event.holder} が保持中` : `${event.client} could not acquire: ${event.holder} holds the lock`;
		case 'renewed': {
			const how = event.heartbeat ? (ja ? 'ハートビートで' : ' (heartbeat)') : '';
			return ja ? `${event.client} が${how}リースを t=${event.expiry} まで延長` : `${event.client} renewed its lease until t=${event.expiry}${how}`;
		}
		case 'renew-failed': {
			const how = event.heartbeat ? (ja ? 'ハートビートの' : ' (heartbeat)') : '';
			const lost = event.lostToken === null ? '' : ja ? `。トークン ${event.lostToken} を失ったと知る` : `: it learns it lost token ${event.lostToken}`;
			return ja ? `${event.client} の${how}延長は失敗 (持ち主ではない)${lost}` : `${event.client} failed to renew${how}, it is not the holder${lost}`;
		}
		case 'released':
			return ja ? `${event.client} がロックを解放 (トークン ${event.token})` : `${event.client} released the lock (token ${event.token})`;
		case 'release-ignored':
			return ja ? `${event.client} の解放は無視された (持ち主ではない)` : `${event.client} released nothing: it is not the holder`;
		case 'expired': {
			const at = besideTime ? '' : ja ? `t=${event.t} で ` : ` at t=${event.t}`;
			return ja
				? `${at}${event.client} のリースが失効 (トークン ${event.token})。ロックは空き`
				: `${event.client}'s lease expired${at} (token ${event.token}): the lock is free`;
		}
		case 'sent':
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
			return ja ? `${event.client} が GC で停止 (t=${event.until} まで)` : `${event.client} is paused by GC until t=${event.until}`;
		case 'resumed':
			return event.early
				? ja
					? `${event.client} の GC 停止を解除`
					: `${event.client} resumed early`
				: ja
					? `${event.client} が GC 停止から再開 (まだ持っているつもり)`
					: `${event.client} resumed from its GC pause, still believing what it believed`;
		case 'crashed':
			return ja ? `${event.client} がクラッシュ (トークンを忘れる)` : `${event.client} crashed and forgot its token`;
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
		case 'elided':
			return ja ? `(ほか ${event.count} 件)` : `(${event.count} more events)`;
	}
}

export function describeRefusal(refusal: Refusal, lang: Lang = 'en'): string {
	const ja = lang === 'ja';
	const c = refusal.client;
	switch (refusal.kind) {
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
