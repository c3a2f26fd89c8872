// Every sentence in Japanese, following the glossary (test/ui/glossary.test.ts): the events, the
// refusals, a narration. The story pane with `--lang ja` speaks these words.

import {type CommandKind, commandUsage, maxDuration, maxValueLength, resourceTarget} from '../model/command.js';
import type {Event, NodeCount} from '../model/event.js';
import type {Backend, TokenKind} from '../model/world.js';
import {quote} from '../text/quote.js';
import {type BackendWords, nameList, type PeerWords, peerName, signed, type Words} from './catalog.js';

/** A name set in Japanese text: a space between it and the kana beside it where it begins or ends in Latin letters or digits. */
const spaced = (name: string) => `${/^[\x21-\x7E]/.test(name) ? ' ' : ''}${name}${/[\x21-\x7E]$/.test(name) ? ' ' : ''}`;

/** The backends' words as en.ts chooses them: czxid and session (ZooKeeper), LockIndex and session (Consul), a revision where the token is one. */
const backendWords = (backend: Backend, tokens: TokenKind): BackendWords => {
	const token = backend === 'zookeeper' ? 'czxid' : backend === 'consul' ? 'LockIndex' : tokens === 'revision' ? 'リビジョン' : 'トークン';
	const session = backend === 'zookeeper' || backend === 'consul';
	const lease = session ? 'セッション' : 'リース';
	const tokenN = (n: number) => `${token} ${n}`;
	const held = (n: number | null) => (n === null ? `${token}${/[\x21-\x7E]$/.test(token) ? ' ' : ''}なし` : tokenN(n));
	return {
		token,
		next: backend === 'zookeeper' ? 'zxid' : backend === 'consul' ? '次の LockIndex' : tokens === 'revision' ? 'リビジョン' : '次のトークン',
		lease,
		noTokens: backend === 'redis' ? 'なし: Redis は出さない' : backend === 'redlock' ? 'なし: Redlock は出さない' : 'なし: トークンを出さない',
		tokenN,
		held,
		ranOut: (client, n) => (session ? `${client} のセッションが終了` : n === null ? `${client} のリースが失効` : `${client} のリース (${tokenN(n)}) が失効`),
		renewedUntil: until => `${lease}を t=${until} まで延長`,
		renewRefused: (client, what, lost) =>
			backend === 'zookeeper'
				? `${client} は${what}でセッションの失効を知る: ${spaced(lost).trimStart()}を失った`
				: `${client} の${what}は断られる: ${client} は${spaced(lost)}を失ったと知る`,
		expired: (client, t, n) => {
			const at = t === null ? '' : `t=${t} で `;
			if (backend === 'zookeeper') return `${at}${client} のセッションが失効。ロックのノード${n === null ? '' : ` (${tokenN(n)}) `}は削除される`;
			if (backend === 'consul') return `${at}${client} のセッションが無効になる (${held(n)})。ロックは空き`;
			return `${at}${client} のリースが失効 (${held(n)})。ロックは空き`;
		},
		checksNoTokens: [
			`トークンを検査 · ${backend === 'redis' ? 'Redis' : backend === 'redlock' ? 'Redlock' : 'ロックサービス'} は送らない`,
			'検査する · トークンは来ない',
		],
	};
};

/** ` (5 ノード中 3、過半数は 3)`: on several nodes, how a request went. */
const onNodes = (nodes: NodeCount | undefined) => (nodes === undefined ? '' : ` (${nodes.of} ノード中 ${nodes.count}、過半数は ${nodes.needed})`);

const peerWords: PeerWords = {lock: 'ロックサービス', resource: '資源'};

/** `L4・L5`. */
const peerList = (peers: readonly string[]) => peers.map(peer => peerName(peer, peerWords)).join('・');

const requestWords = {acquire: '取得', renew: '延長', release: '解放'} as const;

/** What a node did with a request: `許可`, `拒否`. */
const verdicts = {acquire: ['許可', '拒否'], renew: ['延長', '延長せず'], release: ['削除', '消すものなし']} as const;
const nodeVerdict = (op: 'acquire' | 'renew' | 'release', granted: boolean) => verdicts[op][granted ? 0 : 1];

/** Who asks: the client, or its heartbeat, with the space a Latin name takes before the kana that follows. */
const asker = (client: string, heartbeat: boolean) => (heartbeat ? `${client} のハートビート` : `${client} `);

const links = (event: Extract<Event, {kind: 'partitioned' | 'healed'}>) => {
	if (event.peers.length === 0) return `${event.client} の接続は変わらない`;
	const peers = peerList(event.peers);
	return event.kind === 'partitioned' ? `${event.client} が${spaced(peers)}から切り離される` : `${event.client} が再び${spaced(peers)}に届く`;
};

/** The decision with both of its times, T1 (asked) and T2 (read), as en.ts writes it. */
const decision = (event: Extract<Event, {kind: 'decided'}>, besideTime: boolean) => {
	const who = asker(event.client, event.heartbeat === true);
	const [t1, t2] = [signed(event.since), signed(event.at)];
	if (event.validity === null) {
		const late = event.timedOut ? '待ち時間切れで' : '';
		// Beside its time T2's time is said already, unless the client's clock reads another; its sum still says it.
		const read = besideTime && event.at === event.t ? 'T2' : `T2 = t=${t2}`;
		return `${who}は${late} ${read} に返事を読み (依頼は T1 = t=${t1})、リースを T2 から数える: ${t2} + ${event.lease} = t=${event.until} まで`;
	}
	const sum = `${event.lease} − (${t2} − ${t1}) − ${event.drift} = ${signed(event.validity)}`;
	const decides = `${who}の判断${event.timedOut ? ' (待ち時間切れ)' : ''}: 有効時間 ${sum}`;
	return event.kept ? `${decides} > 0: ${t1} + ${event.lease} − ${event.drift} = t=${event.until} まで保持` : `${decides} ≤ 0: ロックを手放す`;
};

const commandKinds = Object.keys(commandUsage).join(', ');
const usage = (verb: CommandKind) => ` (使い方: ${commandUsage[verb]})`;

export const ja = {
	backendWords,
	events: {
		acquired: (event, _besideTime, words) => {
			const {nodes} = event;
			if (nodes && event.afterWait)
				return `${event.client} はロックを持つと思う (${nodes.of} ノード中 ${nodes.count} が許可済み、過半数は ${nodes.needed}、t=${event.expiry} まで)`;
			const what = nodes ? `${nodes.of} ノード中 ${nodes.count}、過半数は ${nodes.needed}` : words.held(event.token);
			return `${event.client} がロックを取得 (${what}、${words.lease}は t=${event.expiry} まで)`;
		},
		'acquire-minority': event => `${event.client} は過半数を得られない${onNodes(event.nodes)}: 届くすべてのノードにこの試みのキーの削除を依頼`,
		'lock-delay': event => `${event.client} は取得できない: ロックサービスの時計で t=${event.until} まで lock-delay`,
		unanswered: event =>
			`${event.client} の${event.heartbeat ? 'ハートビート' : requestWords[event.request]}に${event.nodes ? 'どのノードからも' : 'ロックサービスから'}返事がない: ${event.client} には何もわからない`,
		'acquire-failed': event => `${event.client} は取得できない: ${event.holder} が保持中`,
		renewed: (event, _besideTime, words) =>
			`${event.client} が${event.heartbeat ? 'ハートビートで' : ''}${words.renewedUntil(event.expiry)}${onNodes(event.nodes)}`,
		'renew-failed': (event, _besideTime, words) => {
			const what = event.heartbeat ? 'ハートビート' : '延長';
			if (event.nodes) return `${event.client} の${what}は過半数に届かない${onNodes(event.nodes)}。${event.client} はロックを失ったと知る`;
			const lost = event.lostToken === null ? 'ロック' : words.tokenN(event.lostToken);
			return words.renewRefused(event.client, what, lost);
		},
		released: (event, _besideTime, words) => {
			const {nodes} = event;
			if (nodes) return `${event.client} の解放で ${nodes.of} ノード中 ${nodes.count} のキーを削除`;
			return `${event.client} がロックを解放 (${words.held(event.token)})`;
		},
		'release-ignored': event => `${event.client} の解放は無視された (持ち主ではない)`,
		expired: (event, besideTime, words) => {
			const at = besideTime ? '' : `t=${event.t} で `;
			const clock = event.node === undefined ? 'ロックサービス' : spaced(event.node);
			const delay = event.delayUntil === undefined ? '' : `。${clock}の時計で t=${event.delayUntil} まで lock-delay`;
			if (event.node !== undefined) return `${at}${event.node} 上の ${event.client} のキーが失効${delay}`;
			return `${words.expired(event.client, besideTime ? null : event.t, event.token)}${delay}`;
		},
		sent: (event, _besideTime, words) =>
			event.stuck
				? `${event.client} が "${event.value}" を送信 (${words.held(event.token)}): 資源から切り離されていて、ネットワークで待つ`
				: `${event.client} が "${event.value}" を送信 (${words.held(event.token)})、t=${event.arrivesAt} に到着`,
		accepted: (event, _besideTime, words) =>
			event.violation
				? `破壊: ${event.client} の古い書き込み "${event.value}" を受理 (${words.held(event.token)})`
				: `${event.client} の書き込み "${event.value}" を受理 (${words.held(event.token)})`,
		rejected: (event, _besideTime, words) => `資源が ${event.client} の書き込みを拒否: ${words.tokenN(event.token)} < 最大 ${event.maxToken}`,
		paused: (event, _besideTime, words) =>
			event.held === undefined
				? `${event.client} が GC で停止 (t=${event.until} まで)`
				: `${event.client} は${words.lease}を確かめた直後、"${event.held}" を送る前に GC で停止 (t=${event.until} まで)`,
		resumed: event => {
			const woken = event.early ? `${event.client} の GC 停止を解除` : `${event.client} が GC 停止から再開 (止まっていた間のことは知らない)`;
			if (event.unread === undefined) return woken;
			return `${woken}。待っていた返事 ${event.unread} 件を読む`;
		},
		crashed: (event, _besideTime, words) => {
			const lost = event.lostWrite === undefined ? '' : `。送る前の "${event.lostWrite}" も消える`;
			if (event.droppedToken === null) return `${event.client} がクラッシュ (ロックについて信じていたことを忘れる)${lost}`;
			return `${event.client} がクラッシュ (${spaced(words.token).trimStart()}を忘れる)${lost}`;
		},
		restarted: (event, _besideTime, words) => `${event.client} が再起動 (${words.held(null)})`,
		fencing: (event, _besideTime, words) => {
			if (event.target === resourceTarget)
				return event.on ? '資源がトークンを検査するようになる (フェンシング有)' : '資源がトークンを検査しなくなる (フェンシング無)';
			return `${event.target} が${spaced(words.token)}を${event.on ? '送るようになる (フェンシング有)' : '送らなくなる (フェンシング無)'}`;
		},
		ticked: (event, besideTime) => (besideTime ? `時刻が t=${event.from} から進んだ` : `時刻 t=${event.from} → t=${event.t}`),
		'lease-over': (event, _besideTime, words) =>
			`${event.client} の時計は ${event.clock} で、${words.lease} (t=${event.until} まで) は終わっている: 書かずに、持っていないと考える`,
		'node-crashed': event => `ノード ${event.node} がクラッシュ${event.lostKey === null ? '' : ` (永続化なし: ${event.lostKey} のキーを失う)`}`,
		'node-restarted': event => `ノード ${event.node} が再起動${event.keptKey === null ? ' (キーなし)' : ` (${event.keptKey} のキーを保持)`}`,
		jumped: event => `${event.target} の時計が ${event.by > 0 ? '+' : ''}${event.by} 跳び、今は ${event.clock}`,
		partitioned: links,
		healed: links,
		'request-sent': event => {
			const what = event.undo ? 'この試みのキーの削除' : requestWords[event.op];
			const failed = event.failed.length === 0 ? '' : ` (${peerList(event.failed)} には届かない: 停止中か切断)`;
			return `${asker(event.client, event.heartbeat === true)}が${spaced(peerList(event.to))}に${what}を依頼${failed}`;
		},
		'request-arrived': event =>
			`${event.node} が ${event.client} の${requestWords[event.op]}に答える: ${nodeVerdict(event.op, event.granted)} (返事は t=${event.replyAt} に着く)`,
		'reply-arrived': event => {
			const verdict = nodeVerdict(event.op, event.granted);
			if (event.ignored) return `${event.node} の遅れた返事 (${verdict}) が ${event.client} に届くが、もう待っていない`;
			if (event.unread) return `${event.node} の返事 (${verdict}) が ${event.client} のソケットに届き、読まれずに待つ (${event.client} は停止中)`;
			return `${event.client} に ${event.node} の返事: ${verdict}`;
		},
		'deletion-arrived': event =>
			event.deleted
				? `${event.client} の削除依頼が ${event.node} に届く: キーを削除`
				: `${event.client} の削除依頼が ${event.node} に届く: その試みのキーはない`,
		'message-lost': event => {
			const why = event.why === 'cut' ? '接続が切れている' : `${event.node} が停止中`;
			if (event.message === 'request') return `${event.client} から ${event.node} への${requestWords[event.op]}の依頼が失われる (${why})`;
			return `${event.node} から ${event.client} への返事が失われる (${why})`;
		},
		decided: decision,
		'restart-held': event => `ノード ${event.node} の再起動は、自分の時計で t=${event.until} まで待たされる (restartDelay)`,
		latency: event => `${event.client} と${spaced(peerList(event.peers))}の間のメッセージは片道 ${event.n} tick になる`,
		elided: event => `(ほか ${event.count} 件)`,
	},
	refusals: {
		'unknown-name': refusal => `${refusal.name} というクライアントもノードもない`,
		'unknown-peer': refusal => `${refusal.peer} というノードはない`,
		'node-already-crashed': refusal => `ノード ${refusal.node} はすでにクラッシュしている`,
		'node-not-crashed': refusal => `ノード ${refusal.node} はクラッシュしていない`,
		'restart-held': refusal => `ノード ${refusal.node} の再起動はすでに自分の時計で t=${refusal.until} まで待たされている`,
		'no-change': refusal => {
			const c = refusal.client;
			const named = refusal.peers.map(peer => peerName(peer, peerWords)).join('、');
			// A space sets a Latin name apart from the words around it, not a Japanese one.
			const set = /^[A-Za-z0-9]/.test(named) ? ` ${named} ` : named;
			if (refusal.cut) return `変化なし: ${c} はすでに${named === '' ? peerWords.lock : set}から切り離されている`;
			if (named === '') return `変化なし: ${c} の接続はどれも切れていない`;
			return `変化なし: ${c} はすでに${set}につながっている`;
		},
		'unknown-client': refusal => `${refusal.client} というクライアントはいない`,
		paused: refusal => `${refusal.client} は GC で停止中 (t=${refusal.until} まで)`,
		crashed: refusal => `${refusal.client} はクラッシュしている`,
		'no-token': (refusal, words) => `${refusal.client} はロックを持っていると思っていない (${words.held(null)})`,
		'not-paused': refusal => `${refusal.client} は停止していない`,
		'not-crashed': refusal => `${refusal.client} はクラッシュしていない`,
		'already-crashed': refusal => `${refusal.client} はすでにクラッシュしている`,
		waiting: refusal => `${refusal.client} はまだ${requestWords[refusal.op]}の返事を待っている (t=${refusal.since} に依頼)`,
	},
	commandProblems: {
		empty: () => `コマンドが空: ${commandKinds} のどれか`,
		'unknown-command': problem => `${quote(problem.verb)} というコマンドはない: ${commandKinds} のどれか`,
		unexpected: problem => `${problem.verb}: ${quote(problem.word)} は余分${usage(problem.verb)}`,
		'no-pause-length': problem => `pause: '${problem.client}' の後に停止の長さ (tick 数) が必要${usage('pause')}`,
		'not-on-off': problem => `fencing: 'on' か 'off' が必要${problem.got === null ? '' : ` (${quote(problem.got)} は不可)`}${usage('fencing')}`,
		'pause-twice': problem => `write: pause が 2 回ある (${quote(problem.word)})${usage('write')}`,
		'no-name': problem =>
			`${problem.verb}: ${quote(problem.word)} というクライアントもノードもない (クライアント: ${nameList(problem.clients, 'なし')}、ノード: ${nameList(problem.nodes, 'なし')})`,
		'no-peer-named': problem =>
			`${problem.verb}: ${quote(problem.word)} という相手はない (ノード: ${nameList(problem.nodes, 'なし')}、または lock・resource)${usage(problem.verb)}`,
		'no-jump': problem => `jump: '${problem.target}' の後にずらす量 (+3 や -2) が必要${usage('jump')}`,
		'bad-jump': problem => `jump: -${maxDuration} から +${maxDuration} までの 0 でない整数が必要 (${quote(problem.word)} は不可)`,
		'no-latency-peer': problem => `latency: '${problem.client}' の後に相手 (ノード・lock・resource) が必要${usage('latency')}`,
		'no-latency': problem => `latency: '${problem.peer}' の後に片道の tick 数 (0 以上) が必要${usage('latency')}`,
		'bad-latency': problem => `latency: 0 から ${maxDuration} までの整数が必要 (${quote(problem.word)} は不可)`,
		'delay-twice': problem => `write: delay が 2 回ある (${quote(problem.word)})${usage('write')}`,
		'bad-value': problem => `write: 値は表示できる文字 ${maxValueLength} 字まで (${quote(problem.word)} は不可)`,
		'no-client-named': problem => `${problem.verb}: ${quote(problem.word)} というクライアントはいない (クライアント: ${nameList(problem.clients, 'なし')})`,
		'no-client': problem => `${problem.verb}: クライアント名が必要${usage(problem.verb)}`,
		'bad-client-name': problem => `${problem.verb}: クライアント名は英字 1 文字の後に英数字・-・_ を 11 文字まで (${quote(problem.word)} は不可)`,
		'bad-number': problem => `${problem.what}: 1 から ${maxDuration} までの整数が必要 (${quote(problem.word)} は不可)`,
	},
	refused: (command, why) => `${command} は拒否された (${why})`,
	narration: {more: more => `ほか ${more} 件`, join: sentences => `${sentences.join('。')}。`},
} satisfies Words;
