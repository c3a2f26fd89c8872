// Every sentence in Japanese, following the glossary (test/ui/glossary.test.ts): the events, the
// refusals, a narration. The story pane with `--lang ja` speaks these words.

import {type CommandKind, commandUsage, lockPeer, maxDuration, maxValueLength, resourceTarget} from '../model/command.js';
import type {Event, NodeCount} from '../model/event.js';
import type {Backend, RequestOp, TokenKind} from '../model/world.js';
import {quote} from '../text/quote.js';
import {nameList, type PeerWords, peerName, signed, type Words} from './catalog.js';
import {arrowKeys, type BackendWords, type Labels, offsetText} from './labels.js';

/** A word set after kana: a space before it where it begins in Latin letters or digits (`古い czxid 2`, `古いロック`). */
const afterKana = (word: string) => `${/^[\x21-\x7E]/.test(word) ? ' ' : ''}${word}`;

/** A name set in Japanese text: a space between it and the kana beside it where it begins or ends in Latin letters or digits. */
const spaced = (name: string) => `${afterKana(name)}${/[\x21-\x7E]$/.test(name) ? ' ' : ''}`;

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

/** Each request: what the client is doing while it waits, and what a node's yes is. */
const waitingWords = {acquire: ['取得', '許可'], renew: ['延長', '延長'], release: ['解放', '削除']} as const satisfies Record<
	RequestOp,
	readonly [string, string]
>;

/** The dashboard's words. */
const labels: Labels = {
	lockPane: 'ロックサービス',
	resourcePane: '資源',
	clientsPane: 'クライアント',
	timelinePane: 'タイムライン',
	lockLane: 'ロック',
	storyPane: '筋書き',
	helpPane: 'キー操作',
	holder: '持ち主',
	free: '空き',
	token: 'トークン',
	tokenN: token => (token === null ? 'トークンなし' : `トークン ${token}`),
	didYouMean: word => `${quote(word)} のこと?`,
	pasteProblem: (problem, count, limit) =>
		problem === 'too-long'
			? `貼り付けが長すぎる: 一度に ${limit} コマンドまで`
			: problem === 'too-many-lines'
				? `${count} 行の貼り付け: 一度に ${limit} コマンドまで`
				: `貼り付けた行が ${limit} 文字を超える`,
	nodes: 'ノード',
	backendWords,
	clocks: '時計',
	allTrueTime: 'すべて正しい時刻',
	clockOffset: offset => `時計 ${offsetText(offset)}`,
	majorityLabel: '過半数',
	keysOf: (count, of) => `${count}/${of}`,
	neededOf: (needed, of) => `${needed}/${of} が必要`,
	up: '稼働',
	keyUntil: (expiry, left) => `${expiry} まで${left === null ? '' : ` (残り ${left})`}`,
	lockDelayOf: ticks => `lock-delay ${ticks}`,
	theLock: 'ロック',
	lockDelayUntil: (t, whose) => `${whose ? '自身の時計で ' : ''}t=${t} まで lock-delay`,
	now: '現在',
	ticksLeft: (left, lease) => `残り ${left}/${lease} tick`,
	expiredAt: t => `t=${t} で失効`,
	releasedAt: t => `t=${t} に解放`,
	releasedBy: (client, held) => (held === null ? `${client} が解放` : `${client} が解放 (${held})`),
	neverHeld: 'まだ誰も取得していない',
	grants: '付与',
	grant: (held, client, from, end) =>
		`${held ?? 'ロック'} → ${client} (t=${from})${end ? `、t=${end.t} に${end.kind === 'expired' ? '失効' : end.kind === 'lost' ? '消失' : '解放'}` : ''}`,
	value: '値',
	empty: '(空)',
	maxToken: '最大トークン',
	accepted: n => `受理 ${n}`,
	rejected: n => `拒否 ${n}`,
	fencingOn: 'フェンシング有: 検査する',
	fencingOff: 'フェンシング無: 検査しない',
	lastWrite: '直近',
	noWrite: 'まだ書き込みなし',
	corrupted: '破壊',
	rejectedWhy: (token, max) => `トークン ${token} < 最大 ${max}`,
	noTokenSent: 'トークンなし',
	noTokenBelieved: token => (token === null ? 'トークンなし' : `トークンなし (トークン ${token} のつもり)`),
	columns: {
		client: '名前',
		status: '状態',
		believes: '持つつもり',
		fencing: 'トークン送信',
		heartbeat: 'ハートビート',
		inflight: '送信中',
		notes: '時計・接続',
	},
	beliefUntil: (belief, until) => `${belief} (${until} まで)`,
	checksLease: lease => `${lease}を確認`,
	checksShort: '確認',
	cutFrom: peers => `切断: ${peers.join('・')}`,
	lockPeer: 'ロック',
	latencyOf: (peers, n) => `ネットワーク遅延 ${peers.join('・')} ${n}`,
	heldUntil: t => `保留→t=${t}`,
	waitsInPartition: '分断で待機',
	running: '動作中',
	pausedUntil: t => `GC 停止中 (t=${t} まで)`,
	pausedShort: t => `GC t=${t} まで`,
	waitingFor: ({op, since, replies, sent, grants}, paused) =>
		`${paused ? '' : `${waitingWords[op][0]}の返事待ち (t=${since} から) · `}返事 ${replies}/${sent} · ${waitingWords[op][1]} ${grants}`,
	waitingShort: ({op, since, replies, sent, grants}, paused) => `${paused ? '' : `${waitingWords[op][0]}待ち t=${since} `}${replies}/${sent} ${grants}✓`,
	crashed: 'クラッシュ',
	sendsToken: sends => (sends ? '有' : '無'),
	manual: '手動',
	every: n => `${n} tick 毎`,
	silent: '停止中',
	stale: held => `古い${afterKana(held)}`,
	doubleBelief: (names, holder, held) =>
		`${names.join(' と ')} が持っているつもり。ロックサービスが認めるのは ${holder === null ? '誰でもない' : `${holder} (${held ?? 'トークンなし'})`}`,
	doubleBeliefNodes: (holders, needed, of) =>
		`${holders.map(({name, keys}, index) => `${name} (${keys}/${of}${index === 0 ? ' ノード' : ''}${keys >= needed ? '、過半数' : ''})`).join(' と ')} が持っているつもり`,
	oneBelief: (name, held, agrees) => {
		const what = held ?? 'ロック (トークンなし)';
		return agrees
			? `${name} が${afterKana(what)} を保持 (ロックサービスも認める)`
			: `${name} は${afterKana(what)} を持っているつもりだが、ロックサービスは認めない`;
	},
	noBelief: 'ロックを持っているつもりのクライアントはいない',
	step: (k, n) => `ステップ ${k}/${n}`,
	stepShort: (k, n) => `ステップ ${k}/${n}`,
	intro: '開始',
	offScript: changes => `筋書き外: 手動操作 ${changes} 件 (S で筋書きに戻る、i で筋書きを表示)`,
	scripted: '筋書きでは:',
	theEnd: 'おわり · Home で最初から',
	theEndLive: 'おわり · q で終了',
	theEndWatched: 'おわり',
	live: {
		etcd: 'etcd では',
		free: 'ロックは空き',
		holder: '持ち主',
		token: 'トークン',
		revision: 'リビジョン',
		leaseUnder: seconds => `リース <${seconds} 秒`,
		maxToken: '最大トークン',
		empty: '空',
		processes: 'プロセス:',
		frozen: '停止中',
		crashed: 'クラッシュ',
		noToken: '—',
		inModel: value => `(モデル ${value})`,
		differs: model => `≠ モデル ${model}`,
		lag: (client, ms) => `遅れ: ${client} の失効 ${ms >= 0 ? `${ms} ms 遅い` : `${-ms} ms 早い`}`,
		redis: 'Redis では',
		down: '停止',
		secondsLeft: seconds => `${seconds.toFixed(1)} 秒`,
		holdsUntil: until => (until === null ? '保持' : `t=${until} まで保持`),
		waits: '返事待ち',
		jumpMade: (node, by, seconds) => `${node} ${by > 0 ? '+' : ''}${by}: PEXPIRE ${seconds > 0 ? '+' : ''}${seconds} 秒`,
		freshRedis: (nodes, resource) => `新しい redis-server ${nodes} 台と ${resource} 用に 1 台 (ノードの時計の跳躍はキーに施す: PEXPIRE で短く・長くする)`,
		onlyQ: 'ライブでは q と b . (黒画面) のみ: 実時間で進む (戻れない)',
		playing: (where, tickMs) => `ライブ: ${where} · 1 tick は ${tickMs} ms · q で終了`,
		freshEtcd: (lockUrl, resourceUrl, resource) => `新しい etcd ${lockUrl} (ロック) と ${resourceUrl} (${resource})`,
		givenEtcd: (url, prefix) => `${url} (キーは ${prefix} の下)`,
		stepAgrees: step => `✓ ステップ ${step} はモデルと一致`,
		stepDiffers: (step, difference) => `✗ ステップ ${step}: ${difference}`,
		verdict: differed => (differed === 0 ? '✓ ライブ実行は全ステップでモデルと一致' : `✗ ${differed} ステップがモデルと異なる`),
		over: '物語はおわり: q で終了',
	},
	flipped: fenced => `フェンシング${fenced ? '有' : '無'} (別版)`,
	violation: ({step, byHand, writer, sent, believed}) => {
		const when = `${step === 0 ? '開始時' : `ステップ ${step} `}${byHand ? 'に手動で' : 'で'}`;
		const write = sent === null ? `トークンなし書き込みを受理${believed === null ? '' : ` (${believed} のつもり)`}` : `古いトークン ${sent} の書き込みを受理`;
		return `${when}破壊: ${writer} の${write}`;
	},
	refused: '実行できない',
	nothingHappened: '何も起きなかった',
	onNodes: (event, count, names, besideTime) => {
		const nodes = names === null ? `${count} ノード` : `${count} ノード (${names.join(' ')}) `;
		switch (event.kind) {
			case 'request-arrived':
				return `${nodes}が ${event.client} の${requestWords[event.op]}に答える: ${nodeVerdict(event.op, event.granted)} (返事は t=${event.replyAt} に着く)`;
			case 'reply-arrived': {
				const said = nodeVerdict(event.op, event.granted);
				if (event.ignored) return `${nodes}の遅れた返事が ${event.client} に届くが、もう待っていない: ${said}`;
				if (event.unread) return `${nodes}の返事が停止中の ${event.client} に届き、読まれずに待つ: ${said}`;
				return `${event.client} に ${nodes}の返事: ${said}`;
			}
			case 'message-lost': {
				const why = event.why === 'cut' ? '接続が切れている' : 'ノードが停止中';
				return event.message === 'request'
					? `${event.client} から ${nodes}への${requestWords[event.op]}の依頼が失われる (${why})`
					: `${nodes}から ${event.client} への返事が失われる (${why})`;
			}
			case 'expired': {
				const delay = event.delayUntil === undefined ? '' : `。各ノードの時計で t=${event.delayUntil} まで lock-delay`;
				return `${besideTime ? '' : `t=${event.t} で `}${nodes}上の ${event.client} のキーが失効${delay}`;
			}
			case 'deletion-arrived':
				return event.deleted ? `${nodes}が ${event.client} のキーを削除` : `${event.client} の削除が ${nodes}に届く: 消すものなし`;
		}
	},
	autoplay: seconds => `${seconds} 秒毎に自動再生 (キーで手動に戻る)`,
	notReloaded: count => `再読込できず (${count} 件)`,
	savedAs: (name, directory) => `保存しました: ${name} (${directory})`,
	notSaved: reason => `保存できず: ${reason}`,
	latencySet: (client, peers, n) => {
		const names = peers.map(peer => (peer === lockPeer ? 'ロックサービス' : peer)).join('・');
		// A Latin name takes a space from the kana beside it.
		const spaced = `${/^[\x21-\x7E]/.test(names) ? ' ' : ''}${names}${/[\x21-\x7E]$/.test(names) ? ' ' : ''}`;
		return `L: ${client} と${spaced}の間のメッセージは${n === 0 ? '即時に届く' : `片道 ${n} tick になる`}`;
	},
	confirmOpen: '別のシナリオを開くと手動操作は消える: o か y で一覧を開く。ほかのキーでとどまる',
	picker: {
		title: 'シナリオを開く',
		keys: ascii => `${arrowKeys(ascii)} で選び Enter で開く。Esc で戻る。`,
		outOfView: (above, below) =>
			above.length + below.length === 0
				? null
				: [...(above.length > 0 ? [`上に: ${above.join('・')}`] : []), ...(below.length > 0 ? [`下に: ${below.join('・')}`] : [])].join('  '),
	},
	tooSmall: (width, height) => `terminal too small (need ${width}x${height}) / 端末が小さすぎる`,
	working: (step, steps) => `計算中… ステップ ${step.toLocaleString('en')}/${steps.toLocaleString('en')} (q で終了、ほかのキーは順番を待つ)`,
	signs: {
		acquired: '取得 (トークン n)',
		acquiredNoToken: '取得 (トークンなし)',
		ok: '受理・合意',
		bad: '拒否',
		violation: '破壊・警告',
		gc: 'GC 停止',
		holds: 'ロックを保持',
		stale: '古い思い込み',
		expired: 'リース失効',
		sent: '書き込みの送信・到着',
		renewed: 'リース延長',
		renewRefused: '延長できず',
		acquireRefused: '取得できず',
		released: '解放',
		crashed: 'クラッシュ',
		restarted: '再起動',
		maxToken: '最大トークンが n に',
		unfenced: '資源のフェンシング無',
		fenced: '資源のフェンシング有',
		lease: 'リース: 経過・残り',
		pointer: '選択中・手動',
		nodeKey: 'ノードのキー (C のもの)',
		jumped: '時計が n 跳んだ',
		cut: '切断 (分断)',
		healed: '接続が戻った',
		unanswered: '応答なし (切断中)',
		lockDelay: 'lock-delay: 誰にも渡さない',
		onNodes: 'n ノードで',
		request: 'ロックの依頼が移動中',
		reply: '返事が戻る途中',
		replyGranted: '返事を読む: 許可',
		replyRefused: '返事を読む: 不許可',
		replyUnread: '返事が未読で待つ (停止中)',
		lost: '依頼か返事が失われた',
	},
	timelineSigns: {
		acquired: '取得 (トークン n)',
		acquiredNoToken: '取得 (トークンなし)',
		ok: '受理',
		bad: '拒否',
		violation: '破壊',
		gc: 'GC 停止',
		holds: '保持',
		stale: '古い思い込み',
		expired: '失効',
		sent: '送信・到着',
		renewed: '延長',
		renewRefused: '延長できず',
		acquireRefused: '取得できず',
		released: '解放',
		crashed: 'クラッシュ',
		restarted: '再起動',
		maxToken: '最大トークン n',
		unfenced: 'フェンシング無',
		fenced: 'フェンシング有',
		nodeKey: 'C のキー',
		jumped: '時計の跳び',
		cut: '切断',
		healed: '復旧',
		unanswered: '応答なし',
		lockDelay: 'lock-delay',
		onNodes: 'n ノードで',
		request: '依頼',
		reply: '返事',
		replyGranted: '許可',
		replyRefused: '不許可',
		replyUnread: '未読で待つ',
		lost: '消失',
	},
	signsPane: '記号',
	faintSigns: '薄い記号はこれから起きること。',
	helpFooter: 'Esc か ? でヘルプを閉じる',
	helpMore: '↓ 続き',
	helpBack: '↑ 戻る',
	keyBar: {
		next: '次へ',
		back: '戻る',
		client: '選択',
		acquire: '取得',
		write: '書き込み',
		fencing: 'フェンシング',
		command: 'コマンド',
		help: 'ヘルプ',
		quit: '終了',
		auto: '自動',
		variant: '別版',
		node: 'ノード',
		crashNode: 'クラッシュ',
		restartNode: '再起動',
		cutNode: '切断',
		healNode: '復旧',
		jumpNode: '跳躍',
		cut: '切断/復旧',
	},
};

export const ja = {
	labels,
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
