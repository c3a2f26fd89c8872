// What a live Redlock run and its client processes say to each other over the IPC channel. A
// client runs the Redlock algorithm on real Redis nodes itself and answers with what it now
// believes; times are in milliseconds since the epoch, by a clock that `jump` does not move.

/** Where a Redlock client finds its nodes and the resource; given when it starts. */
export interface RedlockClientSetup {
	readonly name: string;
	/** Each node's loopback port, reached through the run's proxy of this client's link to it, in the nodes' order. */
	readonly nodes: readonly {readonly name: string; readonly port: number}[];
	/** The resource's Redis, through the proxy of this client's link to it. */
	readonly resourcePort: number;
	readonly lockKey: string;
	readonly valueKey: string;
	/** Does it check its lease (its own clock against `until`) before each write. */
	readonly checksLease: boolean;
	/** Does it keep a lock only for its validity, ttl − (T2 − T1) − drift (the spec's step 3). */
	readonly checksValidity: boolean;
	/** The clock-drift allowance subtracted from the validity. */
	readonly driftMs: number;
	/** How long it waits for the nodes' replies; null: the lease it asks for. */
	readonly timeoutMs: number | null;
}

export type RedlockRequest =
	| {readonly op: 'acquire'; readonly ttlMs: number}
	| {readonly op: 'renew'; readonly ttlMs: number}
	| {readonly op: 'release'}
	/** `send: false` only checks and takes what the write would carry: the run delivers it later, as the network. */
	| {readonly op: 'write'; readonly value: string; readonly send: boolean};

export type RedlockAnswer =
	| {
			readonly op: 'acquire';
			readonly acquired: boolean;
			/** Nodes that said OK to its SET NX. */
			readonly granted: number;
			/** Nodes that answered before it decided. */
			readonly replies: number;
			/** ttl − (T2 − T1) − drift, or null when it does not check its validity. */
			readonly validityMs: number | null;
	  }
	| {readonly op: 'renew'; readonly renewed: boolean; readonly extended: number}
	| {readonly op: 'release'; readonly deleted: number}
	| {
			readonly op: 'write';
			/** It checked its lease, found it over, and wrote nothing (it no longer believes it holds). */
			readonly leaseOver: boolean;
			/** Null when the write was not sent (leaseOver, or `send: false`). */
			readonly result: 'accepted' | 'rejected' | null;
	  };

/** What a client believes after each answer. */
export interface RedlockBelief {
	readonly holds: boolean;
	/** When it believes its lock ends (ms since the epoch), or null unless it holds. */
	readonly untilMs: number | null;
}

export type RedlockClientMessage =
	| {readonly kind: 'ready'}
	| {readonly kind: 'answer'; readonly id: number; readonly answer: RedlockAnswer; readonly belief: RedlockBelief}
	| {readonly kind: 'failed'; readonly id: number; readonly message: string};

export interface RedlockRequestMessage {
	readonly id: number;
	readonly request: RedlockRequest;
}
