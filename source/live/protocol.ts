// What the live run and its client processes say to each other over the IPC channel. A client
// does its own etcd work and answers with what it now believes.

/** Where a client process finds etcd and its keys; given when it starts. */
export interface ClientSetup {
	readonly name: string;
	readonly lockUrl: string;
	readonly resourceUrl: string;
	readonly lockKey: string;
	readonly valueKey: string;
	readonly maxTokenKey: string;
	readonly fencing: boolean;
}

export type ClientRequest =
	| {readonly op: 'acquire'; readonly ttlSeconds: number}
	| {readonly op: 'renew'}
	| {readonly op: 'release'}
	/** `send: false` only takes the token the write would carry: the network delivers it later. */
	| {readonly op: 'write'; readonly value: string; readonly resourceFenced: boolean; readonly send: boolean}
	| {readonly op: 'fencing'; readonly on: boolean};

/** `revision`: the lock's or the resource's revision after the change the client made, or null when it made none. */
export type ClientAnswer =
	| {readonly op: 'acquire'; readonly acquired: boolean; readonly holder: string | null; readonly revision: number | null}
	| {readonly op: 'renew'; readonly renewed: boolean}
	| {readonly op: 'release'; readonly revision: number | null}
	| {
			readonly op: 'write';
			/** The token sent with the write (null when the client's fencing is off). */
			readonly token: number | null;
			readonly senderToken: number;
			/** Null when the write was not sent yet. */
			readonly result: 'accepted' | 'rejected' | null;
			readonly revision: number | null;
	  }
	| {readonly op: 'fencing'};

export type ClientMessage =
	| {readonly kind: 'ready'}
	| {readonly kind: 'answer'; readonly id: number; readonly answer: ClientAnswer; readonly token: number | null}
	| {readonly kind: 'failed'; readonly id: number; readonly message: string};

export interface RequestMessage {
	readonly id: number;
	readonly request: ClientRequest;
}
