// Every sentence in English: the events, the refusals, a narration. The trace, `check` and the
// story pane in English speak these words.

import {type CommandKind, commandUsage, lockPeer, maxDuration, maxValueLength, resourceTarget} from '../model/command.js';
import type {Event, NodeCount} from '../model/event.js';
import type {Backend, RequestOp, TokenKind} from '../model/world.js';
import {quote} from '../text/quote.js';
import {nameList, type PeerWords, peerName, signed, type Words} from './catalog.js';
import {arrowKeys, type BackendWords, type Labels, offsetText} from './labels.js';

/** ZooKeeper's token is the lock node's czxid, Consul's the lock's LockIndex, etcd's the key's create revision; both of the first two hold a session. */
const backendWords = (backend: Backend, tokens: TokenKind): BackendWords => {
	const token = backend === 'zookeeper' ? 'czxid' : backend === 'consul' ? 'LockIndex' : tokens === 'revision' ? 'revision' : 'token';
	const session = backend === 'zookeeper' || backend === 'consul';
	const tokenN = (n: number) => `${token} ${n}`;
	const held = (n: number | null) => (n === null ? `no ${token}` : tokenN(n));
	return {
		token,
		next: backend === 'zookeeper' ? 'zxid' : backend === 'consul' ? 'next LockIndex' : tokens === 'revision' ? 'revision' : 'next token',
		lease: session ? 'session' : 'lease',
		noTokens: backend === 'redis' ? 'none: Redis gives no token' : backend === 'redlock' ? 'none: Redlock gives no token' : 'none: no tokens issued',
		tokenN,
		held,
		ranOut: (client, n) => (session ? `${client}'s session ended` : n === null ? `${client}'s lease ran out` : `${client}'s lease (${tokenN(n)}) ran out`),
		renewedUntil: until => (session ? `kept its session until t=${until}` : `renewed its lease until t=${until}`),
		// A ZooKeeper client hears nothing of its session's end: it learns it when it next reaches the service.
		renewRefused: (client, what, lost) =>
			backend === 'zookeeper'
				? `${client}'s ${what} finds its session expired: ${client} lost ${lost}`
				: `${client}'s ${what} is turned away: ${client} learns it lost ${lost}`,
		expired: (client, t, n) => {
			const at = t === null ? '' : ` at t=${t}`;
			// ZooKeeper deletes an ephemeral lock node with its session; Consul invalidates the session, which releases the lock.
			if (backend === 'zookeeper') return `${client}'s session expired${at}: its lock node${n === null ? '' : ` (${tokenN(n)})`} is deleted`;
			if (backend === 'consul') return `${client}'s session was invalidated${at} (${held(n)}): the lock is free`;
			return `${client}'s lease expired${at} (${held(n)}): the lock is free`;
		},
		checksNoTokens: [
			`checks tokens · ${backend === 'redis' ? 'Redis' : backend === 'redlock' ? 'Redlock' : 'the lock service'} sends none`,
			'checks tokens · none sent',
		],
	};
};

/** ` on 3 of 5 nodes (majority 3)`: on several nodes, how a request went. */
const onNodes = (nodes: NodeCount | undefined) => (nodes === undefined ? '' : ` on ${nodes.count} of ${nodes.of} nodes (majority ${nodes.needed})`);

const peerWords: PeerWords = {lock: 'the lock service', resource: 'the resource'};

/** `L4 and L5`, `L1, L2 and L3`. */
const peerList = (peers: readonly string[]) => {
	const names = peers.map(peer => peerName(peer, peerWords));
	return names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

const requestWords = {acquire: 'acquire', renew: 'renew', release: 'release'} as const;

/** What a node did with a request: `granted`, `turned away`. */
const verdicts = {acquire: ['granted', 'turned away'], renew: ['extended', 'not extended'], release: ['deleted', 'nothing to delete']} as const;
const nodeVerdict = (op: 'acquire' | 'renew' | 'release', granted: boolean) => verdicts[op][granted ? 0 : 1];

/** Who asks: the client, or its heartbeat. */
const asker = (client: string, heartbeat: boolean) => (heartbeat ? `${client}'s heartbeat` : client);

const links = (event: Extract<Event, {kind: 'partitioned' | 'healed'}>) => {
	if (event.peers.length === 0) return `${event.client}'s links stay as they were`;
	const peers = peerList(event.peers);
	return event.kind === 'partitioned' ? `${event.client} is cut off from ${peers}` : `${event.client} reaches ${peers} again`;
};

/**
 * The decision written out with both of its times, T1 (asked) and T2 (read), by the client's clock:
 * `validity 10 − (12 − 0) − 1 = −3 ≤ 0: gives the lock up` (lease − (T2 − T1) − drift), `… = 7 > 0:
 * holds until 0 + 10 − 1 = t=9` (T1 + lease − drift), or a naive client's `until 12 + 10 = t=22`,
 * counted from T2, which names both. One line at 80 columns where it can.
 */
const decision = (event: Extract<Event, {kind: 'decided'}>, besideTime: boolean) => {
	const who = asker(event.client, event.heartbeat === true);
	const [t1, t2] = [signed(event.since), signed(event.at)];
	if (event.validity === null) {
		const late = event.timedOut ? ', its timeout up,' : '';
		// Beside its time T2's time is said already, unless the client's clock reads another; its sum still says it.
		const read = besideTime && event.at === event.t ? 'T2' : `T2 = t=${t2}`;
		return `${who}${late} reads its replies at ${read} (asked at T1 = t=${t1}) and counts its lease from T2: until ${t2} + ${event.lease} = t=${event.until}`;
	}
	const sum = `${event.lease} − (${t2} − ${t1}) − ${event.drift} = ${signed(event.validity)}`;
	const decides = `${who} decides${event.timedOut ? ' at its timeout' : ''}: validity ${sum}`;
	return event.kept ? `${decides} > 0: holds until ${t1} + ${event.lease} − ${event.drift} = t=${event.until}` : `${decides} ≤ 0: gives the lock up`;
};

const commandKinds = Object.keys(commandUsage).join(', ');
const usage = (verb: CommandKind) => ` (usage: ${commandUsage[verb]})`;

/** `no client named 'X' (clients: A, B)`: for a command and for a scenario's expectations. */
export const noClientNamed = (word: string, clients: readonly string[]): string => `no client named ${quote(word)} (clients: ${nameList(clients, 'none')})`;

/** Each request: what the client is doing while it waits, and what a node's yes is. */
const waitingWords = {acquire: ['acquiring', 'granted'], renew: ['renewing', 'extended'], release: ['releasing', 'deleted']} as const satisfies Record<
	RequestOp,
	readonly [string, string]
>;

/** The dashboard's words. */
const labels: Labels = {
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
	backendWords,
	clocks: 'clocks',
	allTrueTime: 'all on true time',
	clockOffset: offset => `clock ${offsetText(offset)}`,
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
		`${paused ? '' : `${waitingWords[op][0]} since t=${since} · `}${replies} of ${sent} replies · ${grants} ${waitingWords[op][1]}`,
	waitingShort: ({op, since, replies, sent, grants}, paused) => `${paused ? '' : `${waitingWords[op][0]} t=${since} `}${replies}/${sent} ${grants}✓`,
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
				return `${nodes} answer ${event.client}'s ${event.op}: ${nodeVerdict(event.op, event.granted)}; the replies arrive at t=${event.replyAt}`;
			case 'reply-arrived': {
				const said = nodeVerdict(event.op, event.granted);
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

export const en = {
	labels,
	backendWords,
	events: {
		acquired: (event, _besideTime, words) => {
			// Several nodes never issue a token (Redlock): the count of nodes is said in its place.
			const {nodes} = event;
			const lease = `${words.lease} until t=${event.expiry}`;
			// Replies read late count the grants as given, not as the keys stand now: they may have expired
			// since, and another client may hold the lock, so it is a belief.
			if (nodes && event.afterWait)
				return `${event.client} believes it holds the lock: ${nodes.count} of ${nodes.of} nodes had granted it (majority ${nodes.needed}; ${lease})`;
			return nodes
				? `${event.client} acquired the lock on ${nodes.count} of ${nodes.of} nodes (majority ${nodes.needed}; ${lease})`
				: `${event.client} acquired the lock with ${words.held(event.token)} (${lease})`;
		},
		// The Redlock spec's step 5: it unlocks every instance, even those it believes it did not lock.
		'acquire-minority': event =>
			`${event.client} could not acquire: granted${onNodes(event.nodes)}, so it asks every node it reaches to delete this attempt's key`,
		// Only a lock service of one node turns a client away by its lock-delay.
		'lock-delay': event => `${event.client} could not acquire: lock-delay until t=${event.until} by the lock service's clock`,
		// No reply by the decision: the requests may have been lost, or their replies may come too late.
		unanswered: event =>
			`${event.client}'s ${event.heartbeat ? 'heartbeat' : requestWords[event.request]} got no reply from ${event.nodes ? 'any node' : 'the lock service'}: it learns nothing`,
		'acquire-failed': event => `${event.client} could not acquire: ${event.holder} holds the lock`,
		renewed: (event, _besideTime, words) => `${asker(event.client, event.heartbeat)} ${words.renewedUntil(event.expiry)}${onNodes(event.nodes)}`,
		'renew-failed': (event, _besideTime, words) => {
			const what = event.heartbeat ? 'heartbeat' : 'renew';
			if (event.nodes) return `${event.client}'s ${what} renewed its key only${onNodes(event.nodes)}, so ${event.client} learns it lost the lock`;
			const lost = event.lostToken === null ? 'the lock' : words.tokenN(event.lostToken);
			return words.renewRefused(event.client, what, lost);
		},
		released: (event, _besideTime, words) => {
			// On several nodes a release deletes the client's keys where it has them, a majority or not.
			const {nodes} = event;
			if (nodes) return `${event.client}'s release deleted its key on ${nodes.count} of ${nodes.of} nodes`;
			return `${event.client} released the lock (${words.held(event.token)})`;
		},
		'release-ignored': event => `${event.client} released nothing: it is not the holder`,
		expired: (event, besideTime, words) => {
			const at = besideTime ? '' : ` at t=${event.t}`;
			const clock = event.node === undefined ? "the lock service's" : `${event.node}'s`;
			const delay = event.delayUntil === undefined ? '' : `; lock-delay until t=${event.delayUntil} by ${clock} clock`;
			if (event.node !== undefined) return `${event.client}'s key on ${event.node} expired${at}${delay}`;
			return `${words.expired(event.client, besideTime ? null : event.t, event.token)}${delay}`;
		},
		sent: (event, _besideTime, words) =>
			event.stuck
				? `${event.client} sent "${event.value}" (${words.held(event.token)}): cut from the resource, it waits in the network`
				: `${event.client} sent "${event.value}" (${words.held(event.token)}), arriving at t=${event.arrivesAt}`,
		// A corrupting write leads with the word, so it survives when a narrow pane cuts the line.
		accepted: (event, _besideTime, words) =>
			event.violation
				? `CORRUPTED: ${event.client}'s stale write "${event.value}" accepted (${words.held(event.token)})`
				: `${event.client}'s write "${event.value}" accepted (${words.held(event.token)})`,
		rejected: (event, _besideTime, words) => `the resource rejected ${event.client}'s write: ${words.tokenN(event.token)} < max ${event.maxToken}`,
		paused: (event, _besideTime, words) =>
			event.held === undefined
				? `${event.client} is paused by GC until t=${event.until}`
				: `${event.client} checked its ${words.lease}, then a GC pause holds "${event.held}" back until t=${event.until}`,
		resumed: event => {
			const woken = event.early ? `${event.client}'s GC pause ended early` : `${event.client} resumed after its GC pause, unaware of the time that passed`;
			if (event.unread === undefined) return woken;
			return `${woken}; it reads the ${event.unread === 1 ? 'reply' : `${event.unread} replies`} waiting`;
		},
		crashed: (event, _besideTime, words) => {
			const lost = event.lostWrite === undefined ? '' : `; its held write "${event.lostWrite}" is lost`;
			// A client without a token (Redlock's never has one) forgets only what it believed.
			if (event.droppedToken === null) return `${event.client} crashed and forgot what it believed of the lock${lost}`;
			return `${event.client} crashed and forgot its ${words.token}${lost}`;
		},
		restarted: (event, _besideTime, words) => `${event.client} restarted with ${words.held(null)}`,
		fencing: (event, _besideTime, words) => {
			if (event.target === resourceTarget) return event.on ? 'the resource now checks tokens (fencing on)' : 'the resource stops checking tokens (fencing off)';
			return event.on
				? `${event.target} now sends its ${words.token} with each write (fencing on)`
				: `${event.target} stops sending its ${words.token} (fencing off)`;
		},
		ticked: (event, besideTime) => (besideTime ? `the clock moved on from t=${event.from}` : `time t=${event.from} → t=${event.t}`),
		'lease-over': (event, _besideTime, words) =>
			`${event.client}'s own clock reads ${event.clock}, past its ${words.lease} (until t=${event.until}): it does not write`,
		'node-crashed': event => `node ${event.node} crashed${event.lostKey === null ? '' : `, losing ${event.lostKey}'s key (not persistent)`}`,
		'node-restarted': event => `node ${event.node} restarted${event.keptKey === null ? ' with no key' : `, keeping ${event.keptKey}'s key`}`,
		jumped: event => `${event.target}'s clock jumped ${event.by > 0 ? '+' : ''}${event.by}, now reading ${event.clock}`,
		partitioned: links,
		healed: links,
		'request-sent': event => {
			const what = event.undo ? "delete this attempt's keys" : requestWords[event.op];
			const failed = event.failed.length === 0 ? '' : ` (${peerList(event.failed)} cannot be reached: down or cut)`;
			return `${asker(event.client, event.heartbeat === true)} asks ${peerList(event.to)} to ${what}${failed}`;
		},
		'request-arrived': event =>
			`${event.node} answers ${event.client}'s ${requestWords[event.op]}: ${nodeVerdict(event.op, event.granted)} (the reply arrives at t=${event.replyAt})`,
		'reply-arrived': event => {
			const verdict = nodeVerdict(event.op, event.granted);
			if (event.ignored) return `${event.node}'s late reply (${verdict}) reaches ${event.client}, which no longer waits for it`;
			if (event.unread) return `${event.node}'s reply (${verdict}) reaches ${event.client}'s socket and waits unread: ${event.client} is frozen`;
			return `${event.client} gets ${event.node}'s reply: ${verdict}`;
		},
		'deletion-arrived': event =>
			event.deleted
				? `${event.client}'s deletion reaches ${event.node}: its key is deleted`
				: `${event.client}'s deletion reaches ${event.node}, which holds no key of that attempt`,
		'message-lost': event => {
			const why = event.why === 'cut' ? 'the link is cut' : `${event.node} is down`;
			if (event.message === 'request') return `${event.client}'s ${requestWords[event.op]} request to ${event.node} is lost (${why})`;
			return `${event.node}'s reply to ${event.client} is lost (${why})`;
		},
		decided: decision,
		'restart-held': event => `node ${event.node}'s restart is held until t=${event.until} by its own clock (restartDelay)`,
		latency: event => `messages between ${event.client} and ${peerList(event.peers)} now take ${event.n} tick${event.n === 1 ? '' : 's'} each way`,
		elided: event => `(${event.count} more events)`,
	},
	refusals: {
		'unknown-name': refusal => `there is no client or node named ${refusal.name}`,
		'unknown-peer': refusal => `there is no node named ${refusal.peer}`,
		'node-already-crashed': refusal => `node ${refusal.node} has already crashed`,
		'node-not-crashed': refusal => `node ${refusal.node} has not crashed`,
		'restart-held': refusal => `node ${refusal.node}'s restart is already held until t=${refusal.until} by its own clock`,
		'no-change': refusal => {
			const c = refusal.client;
			const named = refusal.peers.map(peer => peerName(peer, peerWords)).join(', ');
			if (refusal.cut) return `no change: ${c} is already cut off from ${named === '' ? peerWords.lock : named}`;
			if (named === '') return `no change: none of ${c}'s links is cut`;
			return `no change: ${c} already reaches ${named}`;
		},
		'unknown-client': refusal => `there is no client named ${refusal.client}`,
		paused: refusal => `${refusal.client} is paused by GC until t=${refusal.until}`,
		crashed: refusal => `${refusal.client} has crashed`,
		'no-token': (refusal, words) => `${refusal.client} does not believe it holds the lock (${words.held(null)})`,
		'not-paused': refusal => `${refusal.client} is not paused`,
		'not-crashed': refusal => `${refusal.client} has not crashed`,
		'already-crashed': refusal => `${refusal.client} has already crashed`,
		waiting: refusal => `${refusal.client} is still waiting for replies to its ${refusal.op} (asked at t=${refusal.since})`,
	},
	commandProblems: {
		empty: () => `empty command: expected one of ${commandKinds}`,
		'unknown-command': problem => `unknown command ${quote(problem.verb)}: expected one of ${commandKinds}`,
		unexpected: problem => `${problem.verb}: unexpected ${quote(problem.word)}${usage(problem.verb)}`,
		'no-pause-length': problem => `pause: expected a length in ticks after '${problem.client}'${usage('pause')}`,
		'not-on-off': problem => `fencing: expected 'on' or 'off'${problem.got === null ? '' : `, got ${quote(problem.got)}`}${usage('fencing')}`,
		'pause-twice': problem => `write: pause given twice, at ${quote(problem.word)}${usage('write')}`,
		'no-name': problem =>
			`${problem.verb}: no client or node named ${quote(problem.word)} (clients: ${nameList(problem.clients, 'none')}; nodes: ${nameList(problem.nodes, 'none')})`,
		'no-peer-named': problem =>
			`${problem.verb}: no peer named ${quote(problem.word)} (expected a node: ${nameList(problem.nodes, 'none')}; or lock, resource)${usage(problem.verb)}`,
		'no-jump': problem => `jump: expected how far to move the clock after '${problem.target}', e.g. +3 or -2${usage('jump')}`,
		'bad-jump': problem => `jump: expected a whole number from -${maxDuration} to +${maxDuration} other than 0, got ${quote(problem.word)}`,
		'no-latency-peer': problem => `latency: expected a peer after '${problem.client}' (a node, lock or resource)${usage('latency')}`,
		'no-latency': problem => `latency: expected ticks each way (0 or more) after '${problem.peer}'${usage('latency')}`,
		'bad-latency': problem => `latency: expected a whole number from 0 to ${maxDuration}, got ${quote(problem.word)}`,
		'delay-twice': problem => `write: delay given twice, at ${quote(problem.word)}${usage('write')}`,
		'bad-value': problem => `write: expected a value of at most ${maxValueLength} printable characters, got ${quote(problem.word)}`,
		'no-client-named': problem => `${problem.verb}: ${noClientNamed(problem.word, problem.clients)}`,
		'no-client': problem => `${problem.verb}: expected a client name${usage(problem.verb)}`,
		'bad-client-name': problem => `${problem.verb}: expected a client name (a letter, then up to 11 letters, digits, - or _), got ${quote(problem.word)}`,
		'bad-number': problem => `${problem.what}: expected a whole number from 1 to ${maxDuration}, got ${quote(problem.word)}`,
	},
	refused: (command, why) => `${command} was refused (${why})`,
	narration: {more: more => `and ${more} more events`, join: sentences => `${sentences.join('; ')}.`},
} satisfies Words;
