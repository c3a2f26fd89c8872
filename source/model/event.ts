// What happened, as data: the dashboard draws the timeline from it and describe.ts puts it in
// words. Every event carries the logical time it happened at.

export type Event =
	| {readonly kind: 'acquired'; readonly t: number; readonly client: string; readonly token: number; readonly expiry: number}
	| {readonly kind: 'acquire-failed'; readonly t: number; readonly client: string; readonly holder: string}
	| {readonly kind: 'renewed'; readonly t: number; readonly client: string; readonly expiry: number; readonly heartbeat: boolean}
	| {readonly kind: 'renew-failed'; readonly t: number; readonly client: string; readonly lostToken: number | null; readonly heartbeat: boolean}
	| {readonly kind: 'released'; readonly t: number; readonly client: string; readonly token: number}
	| {readonly kind: 'release-ignored'; readonly t: number; readonly client: string; readonly droppedToken: number | null}
	| {readonly kind: 'expired'; readonly t: number; readonly client: string; readonly token: number}
	| {readonly kind: 'sent'; readonly t: number; readonly client: string; readonly value: string; readonly token: number | null; readonly arrivesAt: number}
	| {
			readonly kind: 'accepted';
			readonly t: number;
			readonly client: string;
			readonly value: string;
			readonly token: number | null;
			readonly senderToken: number;
			/** The resource's max token after the write. */
			readonly maxToken: number;
			/** The write clobbered a newer holder's write. */
			readonly violation: boolean;
	  }
	| {readonly kind: 'rejected'; readonly t: number; readonly client: string; readonly value: string; readonly token: number; readonly maxToken: number}
	| {readonly kind: 'paused'; readonly t: number; readonly client: string; readonly until: number}
	| {readonly kind: 'resumed'; readonly t: number; readonly client: string; readonly early: boolean}
	| {readonly kind: 'crashed'; readonly t: number; readonly client: string; readonly droppedToken: number | null}
	| {readonly kind: 'restarted'; readonly t: number; readonly client: string}
	| {readonly kind: 'fencing'; readonly t: number; readonly target: string; readonly on: boolean}
	| {readonly kind: 'ticked'; readonly t: number; readonly from: number}
	/** Stands for events left out of one long tick, so a huge tick cannot flood memory. */
	| {readonly kind: 'elided'; readonly t: number; readonly count: number};

/** Why a client could not do what it was told; the world stays as it was. */
export type Refusal =
	| {readonly kind: 'unknown-client'; readonly client: string}
	| {readonly kind: 'paused'; readonly client: string; readonly until: number}
	| {readonly kind: 'crashed'; readonly client: string}
	| {readonly kind: 'no-token'; readonly client: string}
	| {readonly kind: 'not-paused'; readonly client: string}
	| {readonly kind: 'not-crashed'; readonly client: string}
	| {readonly kind: 'already-crashed'; readonly client: string};
