// Every word the dashboard shows, in English and Japanese. Narration and event sentences come
// from the scenario and from source/model/describe.ts.

import type {Lang} from '../scenario/narration.js';
import type {Glyphs} from './look.js';

export interface Labels {
	readonly lockPane: string;
	readonly resourcePane: string;
	readonly clientsPane: string;
	readonly timelinePane: string;
	readonly storyPane: string;
	readonly helpPane: string;
	readonly holder: string;
	readonly free: string;
	readonly token: string;
	readonly nextToken: string;
	readonly lease: string;
	readonly now: string;
	readonly ticksLeft: (left: number, lease: number) => string;
	readonly expiredAt: (t: number) => string;
	readonly expiredWhose: (client: string, token: number) => string;
	readonly releasedAt: (t: number) => string;
	readonly releasedBy: (client: string, token: number) => string;
	readonly neverHeld: string;
	readonly value: string;
	readonly empty: string;
	readonly maxToken: string;
	readonly accepted: (n: number) => string;
	readonly rejected: (n: number) => string;
	readonly fencingOn: string;
	readonly fencingOff: string;
	readonly lastWrite: string;
	readonly noWrite: string;
	readonly corrupted: string;
	readonly rejectedWhy: (token: number, max: number) => string;
	readonly noTokenSent: string;
	readonly columns: {
		readonly client: string;
		readonly status: string;
		readonly believes: string;
		readonly fencing: string;
		readonly heartbeat: string;
		readonly inflight: string;
	};
	readonly running: string;
	readonly pausedUntil: (t: number) => string;
	/** The same, where the clients' table is short of room. */
	readonly pausedShort: (t: number) => string;
	readonly crashed: string;
	readonly on: string;
	readonly off: string;
	readonly manual: string;
	readonly every: (n: number) => string;
	readonly silent: string;
	readonly stale: string;
	readonly doubleBelief: (names: readonly string[], holder: string | null, token: number | null) => string;
	readonly oneBelief: (name: string, token: number, agrees: boolean) => string;
	readonly noBelief: string;
	readonly step: (k: number, n: number) => string;
	readonly intro: string;
	readonly offScript: (changes: number) => string;
	readonly violation: (step: number, writer: string, token: number) => string;
	readonly refused: string;
	readonly nothingHappened: string;
	readonly autoplay: (seconds: number) => string;
	readonly tooSmall: (width: number, height: number) => string;
	readonly legend: (g: Glyphs) => string;
	readonly helpFooter: string;
	readonly keyBar: {
		readonly next: string;
		readonly back: string;
		readonly client: string;
		readonly acquire: string;
		readonly write: string;
		readonly fencing: string;
		readonly command: string;
		readonly help: string;
		readonly quit: string;
		readonly auto: string;
	};
}

const en: Labels = {
	lockPane: 'Lock service',
	resourcePane: 'Resource',
	clientsPane: 'Clients',
	timelinePane: 'Timeline',
	storyPane: 'Story',
	helpPane: 'Keys',
	holder: 'holder',
	free: 'free',
	token: 'token',
	nextToken: 'next token',
	lease: 'lease',
	now: 'now',
	ticksLeft: (left, lease) => `${left} of ${lease} ticks left`,
	expiredAt: t => `EXPIRED at t=${t}`,
	expiredWhose: (client, token) => `${client}'s lease (token ${token}) ran out`,
	releasedAt: t => `released at t=${t}`,
	releasedBy: (client, token) => `by ${client} (token ${token})`,
	neverHeld: 'nobody has held it yet',
	value: 'value',
	empty: '(empty)',
	maxToken: 'max token',
	accepted: n => `${n} accepted`,
	rejected: n => `${n} rejected`,
	fencingOn: 'fencing ON: checks tokens',
	fencingOff: 'FENCING OFF: no token check',
	lastWrite: 'last',
	noWrite: 'no write yet',
	corrupted: 'CORRUPTED',
	rejectedWhy: (token, max) => `token ${token} < max ${max}`,
	noTokenSent: 'no token sent',
	columns: {client: 'client', status: 'status', believes: 'believes', fencing: 'fencing', heartbeat: 'heartbeat', inflight: 'in flight'},
	running: 'running',
	pausedUntil: t => `paused by GC until t=${t}`,
	pausedShort: t => `GC until t=${t}`,
	crashed: 'crashed',
	on: 'on',
	off: 'off',
	manual: 'manual',
	every: n => `every ${n}`,
	silent: 'silent',
	stale: 'stale',
	doubleBelief: (names, holder, token) =>
		`${names.length === 2 ? `${names[0]} and ${names[1]} both` : `${names.join(', ')} all`} believe they hold the lock; the lock service says ${holder === null ? 'nobody' : `${holder} (token ${token})`}`,
	oneBelief: (name, token, agrees) =>
		agrees ? `${name} holds token ${token} and the lock service agrees` : `${name} believes it holds token ${token}; the lock service does not agree`,
	noBelief: 'no client believes it holds the lock',
	step: (k, n) => `step ${k} of ${n}`,
	intro: 'start',
	offScript: changes => `OFF SCRIPT: ${changes} change${changes === 1 ? '' : 's'} by hand (b returns to the script)`,
	violation: (step, writer, token) => `CORRUPTED at step ${step}: ${writer}'s write with stale token ${token} was accepted`,
	refused: 'refused',
	nothingHappened: 'nothing happened',
	autoplay: seconds => `autoplay every ${seconds}s: any key takes over`,
	tooSmall: (width, height) => `terminal too small (need ${width}x${height})`,
	legend: g => `[n acquire  ${g.ok} ${g.bad} write  ${g.gc} GC pause  ${g.stale} stale belief  ${g.expired} lease expired`,
	helpFooter: 'Esc or ? closes this help',
	keyBar: {
		next: 'next',
		back: 'back',
		client: 'client',
		acquire: 'acquire',
		write: 'write',
		fencing: 'fencing',
		command: 'command',
		help: 'help',
		quit: 'quit',
		auto: 'auto',
	},
};

const ja: Labels = {
	lockPane: 'ロックサービス',
	resourcePane: '資源',
	clientsPane: 'クライアント',
	timelinePane: 'タイムライン',
	storyPane: '筋書き',
	helpPane: 'キー操作',
	holder: '持ち主',
	free: '空き',
	token: 'トークン',
	nextToken: '次のトークン',
	lease: 'リース',
	now: '現在',
	ticksLeft: (left, lease) => `残り ${left}/${lease} tick`,
	expiredAt: t => `t=${t} で失効`,
	expiredWhose: (client, token) => `${client} のリース (token ${token}) が切れた`,
	releasedAt: t => `t=${t} に解放`,
	releasedBy: (client, token) => `${client} が解放 (token ${token})`,
	neverHeld: 'まだ誰も取得していない',
	value: '値',
	empty: '(空)',
	maxToken: '最大トークン',
	accepted: n => `受理 ${n}`,
	rejected: n => `拒否 ${n}`,
	fencingOn: 'フェンシング有: トークンを検査',
	fencingOff: 'フェンシング無: 検査しない',
	lastWrite: '直近',
	noWrite: 'まだ書き込みなし',
	corrupted: '破壊',
	rejectedWhy: (token, max) => `token ${token} < max ${max}`,
	noTokenSent: 'トークンなし',
	columns: {client: '名前', status: '状態', believes: '持つつもり', fencing: 'フェンス', heartbeat: '心拍', inflight: '送信中'},
	running: '動作中',
	pausedUntil: t => `GC 停止中 (t=${t} まで)`,
	pausedShort: t => `GC t=${t} まで`,
	crashed: 'クラッシュ',
	on: '有',
	off: '無',
	manual: '手動',
	every: n => `${n} tick 毎`,
	silent: '停止中',
	stale: '古い',
	doubleBelief: (names, holder, token) =>
		`${names.join(' と ')} が持っているつもり。ロックサービスが認めるのは ${holder === null ? '誰でもない' : `${holder} (token ${token})`}`,
	oneBelief: (name, token, agrees) =>
		agrees ? `${name} が token ${token} を保持 (ロックサービスも認める)` : `${name} は token ${token} を持っているつもりだが、ロックサービスは認めない`,
	noBelief: 'ロックを持っているつもりのクライアントはいない',
	step: (k, n) => `${k} / ${n} 手目`,
	intro: '開始',
	offScript: changes => `筋書き外: 手動操作 ${changes} 件 (b で筋書きに戻る)`,
	violation: (step, writer, token) => `${step} 手目で破壊: ${writer} の古い token ${token} の書き込みが受理された`,
	refused: '実行できない',
	nothingHappened: '何も起きなかった',
	autoplay: seconds => `${seconds} 秒毎に自動再生 (キーで手動に戻る)`,
	tooSmall: (width, height) => `terminal too small (need ${width}x${height}) / 端末が小さすぎる`,
	legend: g => `[n 取得  ${g.ok} ${g.bad} 書き込み  ${g.gc} GC 停止  ${g.stale} 古い思い込み  ${g.expired} リース失効`,
	helpFooter: 'Esc か ? でヘルプを閉じる',
	keyBar: {
		next: '次へ',
		back: '戻る',
		client: '選択',
		acquire: '取得',
		write: '書込',
		fencing: 'フェンス',
		command: 'コマンド',
		help: 'ヘルプ',
		quit: '終了',
		auto: '自動',
	},
};

export const labelsFor = (lang: Lang): Labels => (lang === 'ja' ? ja : en);
