// Keys to actions, as data and one pure function: the help overlay and the key bar both read the
// same table, and the mapping is tested without a terminal.

import type {Key} from 'ink';
import type {Lang} from '../text/narration.js';
import type {HandVerb, SessionAction} from '../session/session.js';

/** What a key does: change the session, or something only the shell knows about. */
export type KeyAction =
	| {readonly type: 'session'; readonly action: SessionAction}
	| {readonly type: 'help'}
	| {readonly type: 'close'}
	| {readonly type: 'prompt'}
	| {readonly type: 'open'}
	| {readonly type: 'save'}
	| {readonly type: 'blank'}
	| {readonly type: 'quit'};

/** One line of the help: keys as people name them, and what they do. */
export interface KeyHelp {
	readonly keys: string;
	readonly en: string;
	readonly ja: string;
}

export const keyHelp: readonly KeyHelp[] = [
	{keys: 'Space Enter', en: 'next step of the script', ja: '筋書きを 1 ステップ進める'},
	{keys: '→ PgDn l', en: 'again the way back came (else next step)', ja: '戻った道をまた進む (なければ次へ)'},
	{keys: '← PgUp Backspace h', en: 'back one step: undoes any action', ja: '1 つ戻る: どの操作も取り消せる'},
	{keys: 'Home End', en: 'restart / play the rest of the script', ja: '最初から / 筋書きの最後まで'},
	{keys: 'S i', en: 'back to the script / its words, steps to come', ja: '筋書きに戻る / 筋書きの文とこの先を表示'},
	{keys: 'b .', en: 'blank the screen; any key brings it back', ja: '画面を黒くする (どのキーでも戻る)'},
	{keys: 'Tab ↑ ↓ 1-9', en: 'select a client', ja: 'クライアントを選ぶ'},
	{keys: 'a r u w W', en: 'acquire, renew, release, write; W: paused', ja: '取得・延長・解放・書き込み (W: 停止付き)'},
	{keys: 'p e c', en: 'GC pause / end it now / crash or restart', ja: 'GC 停止 / 今すぐ終える / クラッシュ・再起動'},
	{keys: '- +', en: 'shorter / longer pause, jump and latency', ja: '停止・跳躍・ネットワーク遅延を短く / 長く'},
	{keys: 'x X N', en: 'cut / heal selected: lock, resource, node', ja: '選択中の切断 / 復旧: ロック・資源・ノード'},
	{keys: 'n k', en: 'select a lock node / crash or restart it', ja: 'ロックノードを選ぶ / クラッシュ・再起動'},
	{keys: 'j J L', en: 'jump client / node clock; L: latency on/off', ja: '時計を跳ばす (J はノード)・L: ネットワーク遅延'},
	{keys: 'f', en: 'client fencing: sends its token on/off', ja: '選択中のフェンシング: トークン送信 有/無'},
	{keys: 'F', en: 'resource fencing: checks tokens on/off', ja: '資源のフェンシング: トークン検査 有/無'},
	{keys: 't T', en: 'advance the clock 1 tick / one lease', ja: '時計を 1 tick / リース 1 本分進める'},
	{keys: 'v', en: 'replay with resource fencing flipped', ja: '資源のフェンシングを反転して筋書きを再生'},
	{keys: ':', en: 'type any command (Enter runs it)', ja: '任意のコマンドを入力'},
	{keys: 'o s', en: 'open a scenario / save all done so far', ja: '別のシナリオを開く / ここまでを保存'},
	{keys: '? Esc', en: 'open / close this help (Esc closes : too)', ja: 'ヘルプを開く / 閉じる (Esc は : も閉じる)'},
	{keys: 'q Ctrl-C', en: 'quit (Ctrl-C also cancels :)', ja: '終了 (Ctrl-C は : を取り消す)'},
];

export const keyDescription = (help: KeyHelp, lang: Lang): string => (lang === 'ja' ? help.ja : help.en);

const session = (action: SessionAction): KeyAction => ({type: 'session', action});
const hand = (verb: HandVerb): KeyAction => session({type: 'hand', verb});

/** What a printable key does (arrows, digits and the like are matched by kind). A Map, so that
 * typed text such as "constructor" finds nothing inherited. */
const letters = new Map<string, KeyAction>([
	[' ', session({type: 'next'})],
	['l', session({type: 'forward'})],
	['h', session({type: 'back'})],
	['S', session({type: 'rejoin'})],
	['i', session({type: 'toggle-script'})],
	// A presenter's clicker sends one of these for "blank the screen".
	['b', {type: 'blank'}],
	['.', {type: 'blank'}],
	['a', hand('acquire')],
	['r', hand('renew')],
	['u', hand('release')],
	['w', hand('write')],
	['W', hand('write-paused')],
	['p', hand('pause')],
	['e', hand('resume')],
	['c', hand('crash-or-restart')],
	['f', hand('toggle-fencing')],
	['F', hand('toggle-resource-fencing')],
	['t', hand('tick')],
	['T', hand('tick-lease')],
	['x', hand('cut-or-heal-lock')],
	['X', hand('cut-or-heal-resource')],
	['n', session({type: 'select-next-node'})],
	['N', hand('cut-or-heal-node')],
	['j', hand('jump-client')],
	['J', hand('jump-node')],
	['k', hand('crash-or-restart-node')],
	['L', hand('latency-lock')],
	['v', session({type: 'flip'})],
	[':', {type: 'prompt'}],
	['o', {type: 'open'}],
	['s', {type: 'save'}],
	['?', {type: 'help'}],
	['q', {type: 'quit'}],
]);

/** The action for one key press, or null for keys that mean nothing here. */
export function actionForKey(input: string, key: Key): KeyAction | null {
	if (key.ctrl && input === 'c') return {type: 'quit'};
	if (key.escape) return {type: 'close'};
	// A clicker's next (PgDn) retraces the way back came, as → does; Space and Enter follow the script.
	if (key.rightArrow || key.pageDown) return session({type: 'forward'});
	if (key.return) return session({type: 'next'});
	if (key.leftArrow || key.pageUp || key.backspace || key.delete) return session({type: 'back'});
	if (key.home) return session({type: 'home'});
	if (key.end) return session({type: 'end'});
	if (key.tab) return session({type: key.shift ? 'select-previous' : 'select-next'});
	if (key.upArrow) return session({type: 'select-previous'});
	if (key.downArrow) return session({type: 'select-next'});
	if (key.ctrl || key.meta) return null;
	if (/^[1-9]$/.test(input)) return session({type: 'select', index: Number(input) - 1});
	if (input === '-' || input === '_') return session({type: 'pause-length', delta: -1});
	if (input === '+' || input === '=') return session({type: 'pause-length', delta: 1});
	return letters.get(input) ?? null;
}
