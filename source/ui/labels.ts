// Every word the dashboard shows, in English and Japanese. Narration and event sentences come
// from the scenario and from source/words/.

import {quote} from '../text/quote.js';
import type {Lang} from '../text/narration.js';
import {lockPeer} from '../model/command.js';
import type {Event} from '../model/event.js';
import type {Backend, RequestOp, TokenKind} from '../model/world.js';
import type {Glyphs} from './look.js';
import type {BackendWords} from '../words/catalog.js';
import {wordsFor} from '../words/describe.js';

/** Why a paste at the command line was not run: too long, too many lines, or a line too long. */
export type PasteProblem = 'too-long' | 'too-many-lines' | 'line-too-long';

/** The first corrupting write: in which step, whether by hand, whose, the token it carried (null: none) and the one its writer believed it held. */
export interface Corruption {
	readonly step: number;
	readonly byHand: boolean;
	readonly writer: string;
	readonly sent: number | null;
	/** Null for a holder with no token (Redlock). */
	readonly believed: number | null;
}

/** An event one node had, of those that several nodes have alike at one moment. */
export type NodeEvent = Extract<Event, {readonly kind: 'request-arrived' | 'reply-arrived' | 'message-lost' | 'expired' | 'deletion-arrived'}>;

/** What a backend calls things: the words' catalogs hold them, for the panes and the event sentences alike. */
export type {BackendWords} from '../words/catalog.js';

/** `+3`, `-2`: a clock's offset or a jump, with its sign. */
export const signed = (offset: number) => (offset < 0 ? `${offset}` : `+${offset}`);

export interface LiveLabels {
	/** Heads the rows: what follows is etcd's own view, in its numbers. */
	readonly etcd: string;
	readonly free: string;
	readonly holder: string;
	/** The lock key's create_revision. */
	readonly token: string;
	readonly revision: string;
	/** etcd answers a lease's time in whole seconds, meaning under one more. */
	readonly leaseUnder: (seconds: number) => string;
	readonly maxToken: string;
	readonly empty: string;
	/** What the client processes last said. */
	readonly processes: string;
	readonly frozen: string;
	readonly crashed: string;
	readonly noToken: string;
	/** The same value in the model's numbers, where they are other numbers for the same grant. */
	readonly inModel: (value: string) => string;
	/** Where etcd differs from the model: the model's value. */
	readonly differs: (model: string) => string;
	readonly lag: (client: string, ms: number) => string;
	/** Heads Redis's rows: what follows is each node's key as the node holds it. */
	readonly redis: string;
	/** A node whose redis-server is down. */
	readonly down: string;
	/** A key's time left (PTTL). */
	readonly secondsLeft: (seconds: number) => string;
	/** A process's belief: it holds the lock until that tick (null: it did not say). */
	readonly holdsUntil: (until: number | null) => string;
	/** A process waiting for its nodes' replies. */
	readonly waits: string;
	/** A node's clock jump, made as a change of its key's time left (PEXPIRE) by `seconds`. */
	readonly jumpMade: (node: string, by: number, seconds: number) => string;
	/** Where: the run's own redis-servers, one per node and one for the resource. */
	readonly freshRedis: (nodes: number, resource: string) => string;
	/** Said when a key other than q is pressed. */
	readonly onlyQ: string;
	/** The status row, while the story plays: where etcd is and how long a tick lasts. */
	readonly playing: (where: string, tickMs: number) => string;
	/** Where: two etcd servers of the run's own, for the lock and for the resource. */
	readonly freshEtcd: (lockUrl: string, resourceUrl: string, resource: string) => string;
	/** Where: an etcd given with --etcd, and the prefix of the run's keys in it. */
	readonly givenEtcd: (url: string, prefix: string) => string;
	readonly stepAgrees: (step: number) => string;
	/** `difference` is the comparison's, in the dashboard's language. */
	readonly stepDiffers: (step: number, difference: string) => string;
	/** How many steps differed from the model, once the story is over. */
	readonly verdict: (stepsThatDiffered: number) => string;
	/** The status row's end once the story is over. */
	readonly over: string;
}

export interface Labels {
	readonly lockPane: string;
	readonly resourcePane: string;
	readonly clientsPane: string;
	readonly timelinePane: string;
	/** The timeline's lane for the lock service (its nodes summed up, or its lock-delay). */
	readonly lockLane: string;
	readonly storyPane: string;
	readonly helpPane: string;
	readonly holder: string;
	readonly free: string;
	readonly token: string;
	/** `token 2`: a token by its number. */
	readonly pasteProblem: (problem: PasteProblem, count: number, limit: number) => string;
	readonly didYouMean: (word: string) => string;
	/** `token 3`, or `no token` for a holder that has none (Redis, Redlock). */
	readonly tokenN: (token: number | null) => string;

	readonly nodes: string;
	/** The backend's words for its token, the row under the holder, its lease, and its want of tokens (docs/model.md, "Backends"). */
	readonly backendWords: (backend: Backend, tokens: TokenKind) => BackendWords;
	/** The label of the nodes whose clocks are off true time. */
	readonly clocks: string;
	/** Every node's clock reads true time. */
	readonly allTrueTime: string;
	/** `clock +3`: a clock against true time. */
	readonly clockOffset: (offset: number) => string;
	/** The label of how many nodes each client has. */
	readonly majorityLabel: string;
	/** `3 of 5`: a client's keys among all the nodes. */
	readonly keysOf: (count: number, of: number) => string;
	/** Nobody has any key: how many it takes. */
	readonly neededOf: (needed: number, of: number) => string;
	readonly up: string;
	/** A node's key: until when, by the node's clock, and how much of it is left (null: leave it out). */
	readonly keyUntil: (expiry: number, left: number | null) => string;
	/** The lock-delay a node imposes after an expiry, in ticks. */
	readonly lockDelayOf: (ticks: number) => string;
	/** In the clients' believes column: the lock, held with no token. */
	readonly theLock: string;
	/** Nobody may take the lock before this time, by the node's own clock: `whose` says so (a node's own row says it already). */
	readonly lockDelayUntil: (t: number, whose: boolean) => string;
	readonly now: string;
	readonly ticksLeft: (left: number, lease: number) => string;
	readonly expiredAt: (t: number) => string;
	readonly releasedAt: (t: number) => string;
	/** Who released the lock, and what it held (`czxid 2`; null: no token). */
	readonly releasedBy: (client: string, held: string | null) => string;
	readonly neverHeld: string;
	/** The label of the grants the lock service made, newest first. */
	readonly grants: string;
	/** One grant: what it gave (`czxid 2`; null: the lock, no token), to whom and when, and how it ended (null: not yet). */
	readonly grant: (
		held: string | null,
		client: string,
		from: number,
		end: {readonly kind: 'expired' | 'released' | 'lost'; readonly t: number} | null,
	) => string;
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
	/** A write sent without a token, by a client that believed it held `token`. */
	readonly noTokenBelieved: (token: number | null) => string;
	readonly columns: {
		readonly client: string;
		readonly status: string;
		readonly believes: string;
		readonly fencing: string;
		readonly heartbeat: string;
		readonly inflight: string;
		readonly notes: string;
	};
	/** A client's belief with until when it holds the lock by its own clock. */
	readonly beliefUntil: (belief: string, until: number) => string;
	/** A careful client: it checks its own clock against its lease (the backend's word for it) before each write. */
	readonly checksLease: (lease: string) => string;
	/** The same, where the clients' table is short of room. */
	readonly checksShort: string;
	/** The peers a client cannot reach. */
	readonly cutFrom: (peers: readonly string[]) => string;
	/** Every node at once, among the peers cut. */
	readonly lockPeer: string;
	/** The links that take `n` ticks each way, where that is not the story's at its start. */
	readonly latencyOf: (peers: readonly string[], n: number) => string;
	/** A write checked and held back by a pause, sent at `t`. */
	readonly heldUntil: (t: number) => string;
	/** A write that is due but waits in the network until the link to the resource is back. */
	readonly waitsInPartition: string;
	readonly running: string;
	readonly pausedUntil: (t: number) => string;
	/** The same, where the clients' table is short of room. */
	readonly pausedShort: (t: number) => string;
	/**
	 * A client waiting for the replies to its request: `acquiring since t=2 · 3 of 5 replies · 2
	 * granted`; `paused`: its replies only, `3 of 5 replies · 2 granted`, after the pause's words.
	 */
	readonly waitingFor: (wait: WaitWords, paused: boolean) => string;
	/** The same, where the clients' table is short of room: `acquiring t=2 3/5 2✓`, paused `3/5 2✓`. */
	readonly waitingShort: (wait: WaitWords, paused: boolean) => string;
	readonly crashed: string;
	/** Does a client send its token with its writes (the clients' column). */
	readonly sendsToken: (sends: boolean) => string;
	readonly manual: string;
	readonly every: (n: number) => string;
	readonly silent: string;
	/** A belief the lock service no longer agrees with: `token 1 stale`. */
	readonly stale: (held: string) => string;
	readonly doubleBelief: (names: readonly string[], holder: string | null, held: string | null) => string;
	/** Several nodes: who believes they hold the lock, with how many nodes each has, and which of them has a majority. */
	readonly doubleBeliefNodes: (holders: readonly {readonly name: string; readonly keys: number}[], needed: number, of: number) => string;
	readonly oneBelief: (name: string, held: string | null, agrees: boolean) => string;
	readonly noBelief: string;
	readonly step: (k: number, n: number) => string;
	/** `step 3/7`, in the rules between printed pages. */
	readonly stepShort: (k: number, n: number) => string;
	readonly intro: string;
	readonly offScript: (changes: number) => string;
	/** Marks narration that no longer tells what happened: what the script expected. */
	readonly scripted: string;
	readonly theEnd: string;
	/** The end of a story played live: it cannot be played again in place. */
	readonly theEndLive: string;
	/** The end where no key can be pressed (a recording, a picture, no key bar). */
	readonly theEndWatched: string;
	/** The live dashboard's rows of what etcd says and what each client process believes. */
	readonly live: LiveLabels;
	/** The story replayed with the resource's fencing flipped, to `fenced`. */
	readonly flipped: (fenced: boolean) => string;
	readonly violation: (corruption: Corruption) => string;
	readonly refused: string;
	readonly nothingHappened: string;
	/**
	 * What `count` nodes did alike at one moment, said once: `5 nodes answer A's acquire: granted`;
	 * `names`, where they fit, the nodes; `besideTime`: the story's log, which shows the time.
	 */
	readonly onNodes: (event: NodeEvent, count: number, names: readonly string[] | null, besideTime: boolean) => string;
	/** Sentences told as one narration. */
	readonly sentences: (said: readonly string[]) => string;
	readonly autoplay: (seconds: number) => string;
	/** The file on screen did not reload: how many problems it has (the first follows). */
	readonly notReloaded: (count: number) => string;
	readonly savedAs: (name: string, directory: string) => string;
	readonly notSaved: (reason: string) => string;
	/** What `L` set: the client's links (node names, `lock` for a lone node) and the ticks each way. */
	readonly latencySet: (client: string, peers: readonly string[], n: number) => string;
	/** `o` with changes by hand: opening another story drops them; the keys that go on, and stay. */
	readonly confirmOpen: string;
	/** The scenario picker's title, and its keys (`ascii`: without the arrows' symbols). */
	readonly picker: {
		readonly title: string;
		readonly keys: (ascii: boolean) => string;
		/** The groups whose first line is above or below the lines in view (null when none is). */
		readonly outOfView: (above: readonly string[], below: readonly string[]) => string | null;
	};
	readonly tooSmall: (width: number, height: number) => string;
	/** While a long action is played: how far it has got, and what the keys do meanwhile. */
	readonly working: (step: number, steps: number) => string;
	/** What each sign means, for the legend. */
	readonly signs: Record<SignName, string>;
	/** The same, as short as the timeline's legend needs them: it shows the signs drawn, in a row or two. */
	readonly timelineSigns: Record<TimelineSign, string>;
	readonly signsPane: string;
	readonly faintSigns: string;
	readonly helpFooter: string;
	/** The help is longer than the screen: where the arrows take it. */
	readonly helpMore: string;
	readonly helpBack: string;
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
		readonly variant: string;
		readonly node: string;
		/** The node keys: crash or restart the selected node, cut the selected client from it or heal the link, jump its clock. */
		readonly crashNode: string;
		readonly restartNode: string;
		readonly cutNode: string;
		readonly healNode: string;
		readonly jumpNode: string;
		readonly cut: string;
	};
}

/** What a waiting client's row needs to say of its wait. */
export interface WaitWords {
	readonly op: RequestOp;
	readonly since: number;
	readonly replies: number;
	readonly sent: number;
	readonly grants: number;
}

/** Each request: what the client is doing while it waits, and what a node's yes is. */
const waitingWords = {
	en: {acquire: ['acquiring', 'granted'], renew: ['renewing', 'extended'], release: ['releasing', 'deleted']},
	ja: {acquire: ['取得', '許可'], renew: ['延長', '延長'], release: ['解放', '削除']},
} as const satisfies Record<Lang, Record<RequestOp, readonly [string, string]>>;

/** The up and down arrows, by name where a plain font lacks them. */
const arrowKeys = (ascii: boolean) => (ascii ? 'Up/Down' : '↑↓');

/** What a node did with a request: yes, or no. */
const verdictWords = {
	en: {acquire: ['granted', 'turned away'], renew: ['extended', 'not extended'], release: ['deleted', 'nothing to delete']},
	ja: {acquire: ['許可', '拒否'], renew: ['延長', '延長せず'], release: ['削除', '消すものなし']},
} as const satisfies Record<Lang, Record<RequestOp, readonly [string, string]>>;

/** A request in Japanese: 取得, 延長, 解放. */
const requestWords = {acquire: '取得', renew: '延長', release: '解放'} as const satisfies Record<RequestOp, string>;

const verdict = (lang: Lang, op: RequestOp, granted: boolean) => verdictWords[lang][op][granted ? 0 : 1];

const en: Labels = {
	lockPane: 'Lock service',
	resourcePane: 'Resource',
	clientsPane: 'Clients',
	timelinePane: 'Timeline',
	lockLane: 'lock',
	storyPane: 'Story',
	helpPane: 'Keys',
	holder: 'holder',
	free: 'free',
	token: 'token',
	tokenN: token => (token === null ? 'no token' : `token ${token}`),
	didYouMean: word => `did you mean ${quote(word)}?`,
	pasteProblem: (problem, count, limit) =>
		problem === 'too-long'
			? `the paste is too long: at most ${limit} commands at once`
			: problem === 'too-many-lines'
				? `${count} lines pasted: at most ${limit} commands at once`
				: `a pasted line is longer than ${limit} characters`,
	nodes: 'nodes',
	backendWords: wordsFor('en').backendWords,
	clocks: 'clocks',
	allTrueTime: 'all on true time',
	clockOffset: offset => `clock ${signed(offset)}`,
	majorityLabel: 'majority',
	keysOf: (count, of) => `${count} of ${of}`,
	neededOf: (needed, of) => `${needed} of ${of} needed`,
	up: 'up',
	keyUntil: (expiry, left) => `until ${expiry}${left === null ? '' : ` (${left} left)`}`,
	lockDelayOf: ticks => `lock-delay ${ticks}`,
	theLock: 'lock',
	lockDelayUntil: (t, whose) => `lock-delay until t=${t}${whose ? ' (its clock)' : ''}`,
	now: 'now',
	ticksLeft: (left, lease) => `${left} of ${lease} ticks left`,
	expiredAt: t => `EXPIRED at t=${t}`,
	releasedAt: t => `released at t=${t}`,
	releasedBy: (client, held) => (held === null ? `by ${client}` : `by ${client} (${held})`),
	neverHeld: 'nobody has held it yet',
	grants: 'grants',
	grant: (held, client, from, end) => `${held ?? 'lock'} to ${client} at t=${from}${end ? `, ${end.kind} at t=${end.t}` : ''}`,
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
	noTokenBelieved: token => (token === null ? 'no token' : `no token (believes ${token})`),
	columns: {
		client: 'client',
		status: 'status',
		believes: 'believes',
		fencing: 'sends token',
		heartbeat: 'heartbeat',
		inflight: 'in flight',
		notes: 'clock, links',
	},
	beliefUntil: (belief, until) => `${belief} until ${until}`,
	checksLease: lease => `checks ${lease}`,
	checksShort: 'checks',
	cutFrom: peers => `cut from ${peers.join(', ')}`,
	lockPeer: 'lock',
	latencyOf: (peers, n) => `latency ${peers.join(', ')} ${n}`,
	heldUntil: t => `held→t=${t}`,
	waitsInPartition: 'waits (cut)',
	running: 'running',
	pausedUntil: t => `paused by GC until t=${t}`,
	pausedShort: t => `GC until t=${t}`,
	waitingFor: ({op, since, replies, sent, grants}, paused) =>
		`${paused ? '' : `${waitingWords.en[op][0]} since t=${since} · `}${replies} of ${sent} replies · ${grants} ${waitingWords.en[op][1]}`,
	waitingShort: ({op, since, replies, sent, grants}, paused) => `${paused ? '' : `${waitingWords.en[op][0]} t=${since} `}${replies}/${sent} ${grants}✓`,
	crashed: 'crashed',
	sendsToken: sends => (sends ? 'yes' : 'no'),
	manual: 'manual',
	every: n => `every ${n}`,
	silent: 'silent',
	stale: held => `${held} stale`,
	doubleBelief: (names, holder, held) =>
		`${names.length === 2 ? `${names[0]} and ${names[1]} both` : `${names.join(', ')} all`} believe they hold the lock; the lock service says ${holder === null ? 'nobody' : `${holder} (${held ?? 'no token'})`}`,
	doubleBeliefNodes: (holders, needed, of) => {
		const each = holders.map(({name, keys}, index) => `${name} (${keys} of ${of}${index === 0 ? ' nodes' : ''}${keys >= needed ? ': a majority' : ''})`);
		const names = each.length === 2 ? `${each[0]} and ${each[1]} both` : `${each.join(', ')} all`;
		return `${names} believe they hold the lock`;
	},
	oneBelief: (name, held, agrees) => {
		const what = held ?? 'the lock (no token)';
		return agrees ? `${name} holds ${what} and the lock service agrees` : `${name} believes it holds ${what}; the lock service does not agree`;
	},
	noBelief: 'no client believes it holds the lock',
	step: (k, n) => `step ${k} of ${n}`,
	stepShort: (k, n) => `step ${k}/${n}`,
	intro: 'start',
	offScript: changes => `OFF SCRIPT: ${changes} change${changes === 1 ? '' : 's'} by hand (S returns to the script, i shows it)`,
	scripted: 'script:',
	theEnd: 'the end · Home to restart',
	theEndLive: 'the end · q to quit',
	theEndWatched: 'the end',
	live: {
		etcd: 'etcd says',
		free: 'the lock is free',
		holder: 'holder',
		token: 'token',
		revision: 'revision',
		leaseUnder: seconds => `lease <${seconds} s`,
		maxToken: 'max token',
		empty: 'empty',
		processes: 'processes:',
		frozen: 'frozen',
		crashed: 'crashed',
		noToken: '—',
		inModel: value => `(model ${value})`,
		differs: model => `≠ model ${model}`,
		lag: (client, ms) => `lag: ${client}'s expiry ${ms >= 0 ? `${ms} ms late` : `${-ms} ms early`}`,
		redis: 'Redis says',
		down: 'down',
		secondsLeft: seconds => `${seconds.toFixed(1)} s`,
		holdsUntil: until => (until === null ? 'holds' : `holds to t=${until}`),
		waits: 'waiting',
		jumpMade: (node, by, seconds) => `${node} ${by > 0 ? '+' : ''}${by}: PEXPIRE ${seconds > 0 ? '+' : ''}${seconds} s`,
		freshRedis: (nodes, resource) =>
			`${nodes} fresh redis-server${nodes === 1 ? '' : 's'} and one for ${resource} (a node's clock jump is made on its key: PEXPIRE shortens or lengthens it)`,
		onlyQ: 'live, only q and b . (blank) work: it plays in real time, nothing goes back',
		playing: (where, tickMs) => `live on ${where}; a tick is ${tickMs} ms; q quits`,
		freshEtcd: (lockUrl, resourceUrl, resource) => `a fresh etcd at ${lockUrl} (the lock) and ${resourceUrl} (${resource})`,
		givenEtcd: (url, prefix) => `${url}, keys under ${prefix}`,
		stepAgrees: step => `✓ step ${step} agrees with the model`,
		stepDiffers: (step, difference) => `✗ step ${step}: ${difference}`,
		verdict: differed =>
			differed === 0 ? '✓ the live run agrees with the model at every step' : `✗ ${differed} step${differed === 1 ? '' : 's'} differ from the model`,
		over: 'the story is over: q quits',
	},
	flipped: fenced => `fencing ${fenced ? 'ON' : 'OFF'} (variant)`,
	violation: ({step, byHand, writer, sent, believed}) => {
		const when = `${byHand ? 'by hand ' : ''}at ${step === 0 ? 'the start' : `step ${step}`}`;
		const write = sent === null ? `write (no token${believed === null ? '' : `; believes ${believed}`})` : `write with stale token ${sent}`;
		return `CORRUPTED ${when}: ${writer}'s ${write} accepted`;
	},
	refused: 'refused',
	nothingHappened: 'nothing happened',
	onNodes: (event, count, names, besideTime) => {
		const nodes = `${count} nodes${names === null ? '' : ` (${names.join(' ')})`}`;
		switch (event.kind) {
			case 'request-arrived':
				return `${nodes} answer ${event.client}'s ${event.op}: ${verdict('en', event.op, event.granted)}; the replies arrive at t=${event.replyAt}`;
			case 'reply-arrived': {
				const said = verdict('en', event.op, event.granted);
				if (event.ignored) return `late replies of ${nodes} reach ${event.client}, which no longer waits for them: ${said}`;
				if (event.unread) return `the replies of ${nodes} reach ${event.client}, frozen: ${said}, waiting unread`;
				return `${event.client} gets the replies of ${nodes}: ${said}`;
			}
			case 'message-lost': {
				const why = event.why === 'cut' ? 'the links are cut' : 'the nodes are down';
				return event.message === 'request'
					? `${event.client}'s ${event.op} requests to ${nodes} are lost (${why})`
					: `the replies of ${nodes} to ${event.client} are lost (${why})`;
			}
			case 'expired': {
				const delay = event.delayUntil === undefined ? '' : `; lock-delay until t=${event.delayUntil} by each node's clock`;
				return `${event.client}'s keys on ${nodes} expired${besideTime ? '' : ` at t=${event.t}`}${delay}`;
			}
			case 'deletion-arrived':
				return event.deleted ? `${nodes} delete ${event.client}'s key` : `${event.client}'s deletion reaches ${nodes}: no key of its to delete`;
		}
	},
	sentences: said => `${said.join('; ')}.`,
	autoplay: seconds => `autoplay every ${seconds}s: any key takes over`,
	notReloaded: count => `not reloaded (${count} problem${count === 1 ? '' : 's'})`,
	savedAs: (name, directory) => `saved as ${name} in ${directory}`,
	notSaved: reason => `not saved: ${reason}`,
	latencySet: (client, peers, n) => {
		const links = `${client}'s messages to and from ${peers.map(peer => (peer === lockPeer ? 'the lock service' : peer)).join(', ')}`;
		return `L: ${links} ${n === 0 ? 'now arrive at once' : `now take ${n} tick${n === 1 ? '' : 's'} each way`}`;
	},
	confirmOpen: 'Another story drops the changes by hand: o or y opens the list, other keys stay',
	picker: {
		title: 'Open a scenario',
		keys: ascii => `${arrowKeys(ascii)} to choose, Enter to open, Esc to go back.`,
		outOfView: (above, below) =>
			above.length + below.length === 0
				? null
				: [...(above.length > 0 ? [`above: ${above.join(', ')}`] : []), ...(below.length > 0 ? [`below: ${below.join(', ')}`] : [])].join('  '),
	},
	tooSmall: (width, height) => `terminal too small (need ${width}x${height})`,
	working: (step, steps) => `working… step ${step.toLocaleString('en')} of ${steps.toLocaleString('en')} (q quits; other keys wait their turn)`,
	signs: {
		acquired: 'acquired, token n',
		acquiredNoToken: 'acquired, no token',
		ok: 'accepted; agrees',
		bad: 'rejected; refused',
		violation: 'corrupted; warning',
		gc: 'GC pause',
		holds: 'holds the lock',
		stale: 'stale belief',
		expired: 'lease expired',
		sent: 'write sent, arrives',
		renewed: 'lease renewed',
		renewRefused: 'renewal refused',
		acquireRefused: 'acquire turned away',
		released: 'released',
		crashed: 'crashed',
		restarted: 'restarted',
		maxToken: 'max token rose to n',
		unfenced: 'resource fencing off',
		fenced: 'resource fencing on',
		lease: 'lease: used, left',
		pointer: 'selected; by hand',
		nodeKey: "a node's key, C's",
		jumped: 'clock jumped by n',
		cut: 'links cut (partition)',
		healed: 'links healed',
		unanswered: 'no answer (cut off)',
		lockDelay: 'lock-delay: none may acquire',
		onNodes: 'on n nodes',
		request: 'lock request travelling',
		reply: 'reply travelling back',
		replyGranted: 'reply read: granted',
		replyRefused: 'reply read: not granted',
		replyUnread: 'reply waits unread (frozen)',
		lost: 'request or reply lost',
	},
	timelineSigns: {
		acquired: 'acquired, token n',
		acquiredNoToken: 'acquired, no token',
		ok: 'accepted',
		bad: 'rejected',
		violation: 'corrupted',
		gc: 'GC pause',
		holds: 'holds',
		stale: 'stale',
		expired: 'expired',
		sent: 'write sent, arrives',
		renewed: 'renewed',
		renewRefused: 'renewal refused',
		acquireRefused: 'turned away',
		released: 'released',
		crashed: 'crashed',
		restarted: 'restarted',
		maxToken: 'max token n',
		unfenced: 'fencing off',
		fenced: 'fencing on',
		nodeKey: "C's key",
		jumped: 'clock jump',
		cut: 'cut',
		healed: 'healed',
		unanswered: 'no answer',
		lockDelay: 'lock-delay',
		onNodes: 'on n nodes',
		request: 'request',
		reply: 'reply',
		replyGranted: 'granted',
		replyRefused: 'not granted',
		replyUnread: 'waits unread',
		lost: 'lost',
	},
	signsPane: 'Signs',
	faintSigns: 'Faint signs are still to come.',
	helpFooter: 'Esc or ? closes this help',
	helpMore: '↓ more',
	helpBack: '↑ back',
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
		variant: 'other fencing',
		node: 'node',
		crashNode: 'crash',
		restartNode: 'restart',
		cutNode: 'cut',
		healNode: 'heal',
		jumpNode: 'jump',
		cut: 'cut/heal',
	},
};

const ja: Labels = {
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
	backendWords: wordsFor('ja').backendWords,
	clocks: '時計',
	allTrueTime: 'すべて正しい時刻',
	clockOffset: offset => `時計 ${signed(offset)}`,
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
		`${paused ? '' : `${waitingWords.ja[op][0]}の返事待ち (t=${since} から) · `}返事 ${replies}/${sent} · ${waitingWords.ja[op][1]} ${grants}`,
	waitingShort: ({op, since, replies, sent, grants}, paused) => `${paused ? '' : `${waitingWords.ja[op][0]}待ち t=${since} `}${replies}/${sent} ${grants}✓`,
	crashed: 'クラッシュ',
	sendsToken: sends => (sends ? '有' : '無'),
	manual: '手動',
	every: n => `${n} tick 毎`,
	silent: '停止中',
	stale: held => `古い${held}`,
	doubleBelief: (names, holder, held) =>
		`${names.join(' と ')} が持っているつもり。ロックサービスが認めるのは ${holder === null ? '誰でもない' : `${holder} (${held ?? 'トークンなし'})`}`,
	doubleBeliefNodes: (holders, needed, of) =>
		`${holders.map(({name, keys}, index) => `${name} (${keys}/${of}${index === 0 ? ' ノード' : ''}${keys >= needed ? '、過半数' : ''})`).join(' と ')} が持っているつもり`,
	oneBelief: (name, held, agrees) => {
		const what = held ?? 'ロック (トークンなし)';
		return agrees ? `${name} が${what} を保持 (ロックサービスも認める)` : `${name} は${what} を持っているつもりだが、ロックサービスは認めない`;
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
				return `${nodes}が ${event.client} の${requestWords[event.op]}に答える: ${verdict('ja', event.op, event.granted)} (返事は t=${event.replyAt} に着く)`;
			case 'reply-arrived': {
				const said = verdict('ja', event.op, event.granted);
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
	sentences: said => `${said.join('。')}。`,
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

export const labelsFor = (lang: Lang): Labels => (lang === 'ja' ? ja : en);

export type SignName =
	| 'acquired'
	| 'acquiredNoToken'
	| 'ok'
	| 'bad'
	| 'violation'
	| 'gc'
	| 'holds'
	| 'stale'
	| 'expired'
	| 'sent'
	| 'renewed'
	| 'renewRefused'
	| 'acquireRefused'
	| 'released'
	| 'crashed'
	| 'restarted'
	| 'maxToken'
	| 'unfenced'
	| 'fenced'
	| 'lease'
	| 'pointer'
	| 'nodeKey'
	| 'jumped'
	| 'cut'
	| 'healed'
	| 'unanswered'
	| 'lockDelay'
	| 'onNodes'
	| 'request'
	| 'reply'
	| 'replyGranted'
	| 'replyRefused'
	| 'replyUnread'
	| 'lost';

/** The signs the timeline draws: all but the lease ruler and the pointer. */
export type TimelineSign = Exclude<SignName, 'lease' | 'pointer'>;

/** How each sign looks: the glyphs the panes draw, and the timeline's few words (`n` for a number). */
const signShapes = (g: Glyphs): Record<SignName, string> => ({
	acquired: '[n',
	acquiredNoToken: '[',
	ok: g.ok,
	bad: g.bad,
	violation: g.violation,
	gc: `GC${g.gc}`,
	holds: g.holds,
	stale: g.stale,
	expired: g.expired,
	sent: g.sent,
	renewed: g.renewed,
	renewRefused: g.renewRefused,
	acquireRefused: g.acquireRefused,
	released: g.released,
	crashed: g.crashed,
	restarted: g.restarted,
	maxToken: 'maxn',
	unfenced: 'unfenced',
	fenced: 'fenced',
	lease: `${g.leaseStart}${g.leaseUsed}${g.leaseLeft}${g.leaseEnd}`,
	pointer: g.pointer,
	nodeKey: '[C',
	jumped: `${g.jumped}±n`,
	cut: g.cut,
	healed: g.healed,
	unanswered: g.unanswered,
	lockDelay: g.lockDelay,
	onNodes: `${g.times}n`,
	request: g.request,
	reply: g.reply,
	replyGranted: `${g.reply}${g.ok}`,
	replyRefused: `${g.reply}${g.bad}`,
	replyUnread: `${g.reply}${g.unread}`,
	lost: g.lost,
});

export interface Sign {
	readonly name: SignName;
	readonly sign: string;
	readonly meaning: string;
}

/** Every sign on the screen and what it means, the commonest first: the help's legend and the timeline's. */
export function legend(g: Glyphs, lang: Lang): Sign[] {
	const shapes = signShapes(g);
	const {signs} = labelsFor(lang);
	return (Object.keys(shapes) as SignName[]).map(name => ({name, sign: shapes[name], meaning: signs[name]}));
}

/** The timeline's signs in the legend's order, in the timeline's short words. */
export function timelineLegend(g: Glyphs, lang: Lang): (Sign & {readonly name: TimelineSign})[] {
	const short = labelsFor(lang).timelineSigns;
	return legend(g, lang).flatMap(({name, sign}) => (name in short ? [{name: name as TimelineSign, sign, meaning: short[name as TimelineSign]}] : []));
}
