// The shape of the dashboard's words, which each language's catalog (en.ts, ja.ts) fills in as its
// `labels`: every label, heading and line the panes show, and the signs' meanings.

import type {Event} from '../model/event.js';
import type {Backend, RequestOp, TokenKind} from '../model/world.js';

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

/**
 * What a backend calls things, in one language (docs/model.md, "Backends"): ZooKeeper's czxid and
 * session, Consul's LockIndex and session, a revision where the token is one; else token and lease.
 */
export interface BackendWords {
	readonly token: string;
	/** The label of the row under the holder: what the next grant gets. */
	readonly next: string;
	readonly lease: string;
	/** Said where a token would be, when none is issued. */
	readonly noTokens: string;
	/** A token in the backend's own word: `czxid 2`, `LockIndex 2`, `revision 2`, `token 2`. */
	readonly tokenN: (token: number) => string;
	/** What a client holds or sends: `czxid 2`, or `no czxid` (`no token`) when it has none. */
	readonly held: (token: number | null) => string;
	/** How a holder's lease ended when its time ran out: ZooKeeper's and Consul's end a session. */
	readonly ranOut: (client: string, token: number | null) => string;
	/** The holder's lease (session) extended: `renewed its lease until t=7`, `kept its session until t=7`. */
	readonly renewedUntil: (until: number) => string;
	/** A renewal (`what`: by hand or a heartbeat) the lock service turns away, and what the client lost: ZooKeeper's client learns then that its session expired. */
	readonly renewRefused: (client: string, what: string, lost: string) => string;
	/** The holder's lease ran out at the lock service at `t` (null: beside its time, so not said), and what became of the lock. */
	readonly expired: (client: string, t: number | null, token: number | null) => string;
	/** A resource that checks tokens, where the lock service gives none: `checks tokens · Redlock sends none`, and a shorter form. */
	readonly checksNoTokens: readonly [string, string];
}

/** `+3`, `-2`: a clock's offset or a jump, with its sign. */
export const offsetText = (offset: number) => (offset < 0 ? `${offset}` : `+${offset}`);

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

/** The up and down arrows, by name where a plain font lacks them. */
export const arrowKeys = (ascii: boolean) => (ascii ? 'Up/Down' : '↑↓');
