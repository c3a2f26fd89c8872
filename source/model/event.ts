// What happened, as data: the dashboard draws the timeline from it and describe.ts puts it in
// words. Every event carries the logical (true) time it happened at. Fields that only a world of
// several nodes has are left out with one node, so a first-model event reads as it always did.

import type {RequestOp} from './world.js';

/** On several nodes: how many nodes did it, of how many, and how many were needed. */
export interface NodeCount {
	readonly count: number;
	readonly needed: number;
	readonly of: number;
}

export type Event =
	| {
			readonly kind: 'acquired';
			readonly t: number;
			readonly client: string;
			readonly token: number | null;
			/** When the client believes its lease ends, in its local time. */
			readonly expiry: number;
			readonly nodes?: NodeCount;
			/** Its replies were read after a wait: the grants counted are those given then, which may since have expired. */
			readonly afterWait?: boolean;
	  }
	| {readonly kind: 'acquire-failed'; readonly t: number; readonly client: string; readonly holder: string}
	/** Too few nodes granted: the client asks every node it reaches to delete its key (the Redlock spec's step 5). */
	| {readonly kind: 'acquire-minority'; readonly t: number; readonly client: string; readonly nodes: NodeCount}
	/** The only node would not grant: it is in lock-delay until `until`, its local time. */
	| {readonly kind: 'lock-delay'; readonly t: number; readonly client: string; readonly node: string; readonly until: number}
	/** No node answered: the client learns nothing. `nodes` (several nodes): none of them. */
	| {
			readonly kind: 'unanswered';
			readonly t: number;
			readonly client: string;
			readonly request: 'acquire' | 'renew' | 'release';
			readonly heartbeat?: boolean;
			readonly nodes?: NodeCount;
	  }
	| {readonly kind: 'renewed'; readonly t: number; readonly client: string; readonly expiry: number; readonly heartbeat: boolean; readonly nodes?: NodeCount}
	| {
			readonly kind: 'renew-failed';
			readonly t: number;
			readonly client: string;
			readonly lostToken: number | null;
			readonly heartbeat: boolean;
			/** Several nodes: it lost the lock because too few extended. */
			readonly nodes?: NodeCount;
	  }
	| {readonly kind: 'released'; readonly t: number; readonly client: string; readonly token: number | null; readonly nodes?: NodeCount}
	| {readonly kind: 'release-ignored'; readonly t: number; readonly client: string; readonly droppedToken: number | null}
	| {
			readonly kind: 'expired';
			readonly t: number;
			readonly client: string;
			readonly token: number | null;
			/** Several nodes: which node's key expired. */
			readonly node?: string;
			/** Lock-delay: the node grants nobody before this local time. */
			readonly delayUntil?: number;
	  }
	| {
			readonly kind: 'sent';
			readonly t: number;
			readonly client: string;
			readonly value: string;
			readonly token: number | null;
			readonly arrivesAt: number;
			/** The sender is cut from the resource: the write waits in the network. */
			readonly stuck?: boolean;
	  }
	| {
			readonly kind: 'accepted';
			readonly t: number;
			readonly client: string;
			readonly value: string;
			readonly token: number | null;
			/** The token its sender believed it held (null: none, as a Redlock holder). */
			readonly senderToken: number | null;
			/** The resource's max token after the write. */
			readonly maxToken: number;
			/** The write clobbered a newer holder's write. */
			readonly violation: boolean;
	  }
	| {readonly kind: 'rejected'; readonly t: number; readonly client: string; readonly value: string; readonly token: number; readonly maxToken: number}
	/** `held`: the value of a write checked and held back until the pause ends (`write … pause=M`). */
	| {readonly kind: 'paused'; readonly t: number; readonly client: string; readonly until: number; readonly held?: string}
	/** `unread`: how many replies came while it was frozen, read now (present only when there are any). */
	| {readonly kind: 'resumed'; readonly t: number; readonly client: string; readonly early: boolean; readonly unread?: number}
	/** `lostWrite`: the value of a held write that dies with the client. */
	| {readonly kind: 'crashed'; readonly t: number; readonly client: string; readonly droppedToken: number | null; readonly lostWrite?: string}
	| {readonly kind: 'restarted'; readonly t: number; readonly client: string}
	| {readonly kind: 'fencing'; readonly t: number; readonly target: string; readonly on: boolean}
	| {readonly kind: 'ticked'; readonly t: number; readonly from: number}
	/** A careful client's own clock says its lease is over: it does not write, and drops its belief. */
	| {readonly kind: 'lease-over'; readonly t: number; readonly client: string; readonly clock: number; readonly until: number}
	| {readonly kind: 'node-crashed'; readonly t: number; readonly node: string; readonly lostKey: string | null}
	| {readonly kind: 'node-restarted'; readonly t: number; readonly node: string; readonly keptKey: string | null}
	/** `clock`: the target's local clock after the jump. */
	| {readonly kind: 'jumped'; readonly t: number; readonly target: string; readonly by: number; readonly clock: number}
	/** `peers`: the links cut or restored by this command (node names, or `lock` for a lock service of one node, and `resource`). */
	| {readonly kind: 'partitioned' | 'healed'; readonly t: number; readonly client: string; readonly peers: readonly string[]}
	/**
	 * Requests that take time left: `to` the nodes they travel to, `failed` those that were down or
	 * cut from the client (refused at once, known as no answer). `undo`: a deletion of a given-up
	 * attempt's keys, which nobody waits for.
	 */
	| {
			readonly kind: 'request-sent';
			readonly t: number;
			readonly client: string;
			readonly op: RequestOp;
			readonly to: readonly string[];
			readonly failed: readonly string[];
			readonly heartbeat?: boolean;
			readonly undo?: boolean;
	  }
	/** A node handled a request by its own clock and state: `granted` (granted, extended, deleted) or not; the reply arrives at `replyAt`. */
	| {
			readonly kind: 'request-arrived';
			readonly t: number;
			readonly client: string;
			readonly node: string;
			readonly op: RequestOp;
			readonly granted: boolean;
			readonly replyAt: number;
			/** A granted acquire: the new key's token, when the backend issues one (it may be gone before any world after a command shows it). */
			readonly token?: number;
	  }
	/**
	 * A reply reached its client: `ignored` when the client no longer waits for that attempt;
	 * `unread` when it counts for the attempt but the client is frozen (paused): it waits unread in
	 * the client's socket until the client wakes (`resumed`, `unread`).
	 */
	| {
			readonly kind: 'reply-arrived';
			readonly t: number;
			readonly client: string;
			readonly node: string;
			readonly op: RequestOp;
			readonly granted: boolean;
			readonly ignored: boolean;
			readonly unread?: true;
	  }
	/** A give-up's deletion reached `node`: `deleted` when the node held that attempt's key and removed it. */
	| {readonly kind: 'deletion-arrived'; readonly t: number; readonly client: string; readonly node: string; readonly deleted: boolean}
	/** A request or a reply found its link cut, or its node down, when due: nobody is told (the client learns by its timeout). */
	| {
			readonly kind: 'message-lost';
			readonly t: number;
			readonly client: string;
			readonly node: string;
			readonly message: 'request' | 'reply';
			readonly op: RequestOp;
			readonly why: 'cut' | 'down';
	  }
	/**
	 * A client that got a majority decides, with its arithmetic: T1 (`since`) and T2 (`at`) by the
	 * clock it measures with. `validity` = lease − (T2 − T1) − drift when it checks validity, else
	 * null (a naive client keeps the lock, `until` = T2 + lease). `kept`: it holds; else it gives
	 * the lock up. `timedOut`: it decided at its timeout, not with every reply in.
	 */
	| {
			readonly kind: 'decided';
			readonly t: number;
			readonly client: string;
			readonly op: 'acquire' | 'renew';
			readonly lease: number;
			readonly since: number;
			readonly at: number;
			readonly drift: number;
			readonly validity: number | null;
			readonly kept: boolean;
			readonly until: number | null;
			readonly timedOut: boolean;
			readonly heartbeat?: boolean;
	  }
	/** A restart asked for before the node's restartDelay passed: it comes back at `until`, its local time. */
	| {readonly kind: 'restart-held'; readonly t: number; readonly node: string; readonly until: number}
	/** `latency C PEER n`: the client's links now set (node names, or `lock` for a lone node, and `resource`). */
	| {readonly kind: 'latency'; readonly t: number; readonly client: string; readonly peers: readonly string[]; readonly n: number}
	/** Stands for events left out of one long tick, so a huge tick cannot flood memory. */
	| {readonly kind: 'elided'; readonly t: number; readonly count: number};

/** Why a command could not be done; the world stays as it was. */
export type Refusal =
	| {readonly kind: 'unknown-client'; readonly client: string}
	| {readonly kind: 'paused'; readonly client: string; readonly until: number}
	| {readonly kind: 'crashed'; readonly client: string}
	| {readonly kind: 'no-token'; readonly client: string}
	| {readonly kind: 'not-paused'; readonly client: string}
	| {readonly kind: 'not-crashed'; readonly client: string}
	| {readonly kind: 'already-crashed'; readonly client: string}
	/** `jump`, `crash` or `restart` of a name that is neither a client nor a node. */
	| {readonly kind: 'unknown-name'; readonly name: string}
	| {readonly kind: 'unknown-peer'; readonly client: string; readonly peer: string}
	/** A cut or heal given by hand that changes no link (applyByHand): the peers as named, none for all. */
	| {readonly kind: 'no-change'; readonly client: string; readonly cut: boolean; readonly peers: readonly string[]}
	/** acquire, renew or release by a client still waiting for the replies to its last request. */
	| {readonly kind: 'waiting'; readonly client: string; readonly op: RequestOp; readonly since: number}
	/** `restart` of a node whose restart is already held back by its restartDelay. */
	| {readonly kind: 'restart-held'; readonly node: string; readonly until: number}
	| {readonly kind: 'node-already-crashed'; readonly node: string}
	| {readonly kind: 'node-not-crashed'; readonly node: string};
