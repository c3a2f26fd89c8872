// The state of one simulated world. Worlds are immutable values: every change makes a new one,
// so a history is a plain list and stepping back costs nothing.

export type ClientStatus = 'running' | 'paused' | 'crashed';

export interface Client {
	readonly name: string;
	readonly status: ClientStatus;
	/** When a GC pause ends by itself (null unless paused). */
	readonly pausedUntil: number | null;
	/** The token the client believes it holds: may be stale, which is the whole lesson. */
	readonly token: number | null;
	/** Does the client send its token with its writes. */
	readonly fencing: boolean;
	/** Heartbeat period in ticks, or null for manual renew. */
	readonly renewEvery: number | null;
	/** The lease this client last asked for; heartbeats renew with it. */
	readonly lease: number;
	/** When the client last acquired or renewed (heartbeats count from here). */
	readonly lastRenewAt: number | null;
}

export interface Lock {
	readonly holder: string | null;
	readonly token: number | null;
	readonly expiry: number | null;
	readonly nextToken: number;
}

export interface Resource {
	readonly name: string;
	/** Does the resource check tokens. */
	readonly fenced: boolean;
	readonly value: string | null;
	readonly maxToken: number;
	readonly writes: number;
	readonly rejected: number;
}

export interface InflightWrite {
	readonly from: string;
	/** The token sent with the write: null when the sender's fencing was off. */
	readonly token: number | null;
	/** The token the sender believed it held when it sent the write (violations are judged by it). */
	readonly senderToken: number;
	readonly value: string;
	readonly arrivesAt: number;
}

export interface World {
	readonly clock: number;
	readonly defaultLease: number;
	readonly lock: Lock;
	readonly resource: Resource;
	/** In declared order: heartbeats fire in this order. */
	readonly clients: readonly Client[];
	/** In send order: writes due at the same time arrive in this order. */
	readonly inflight: readonly InflightWrite[];
	readonly violations: number;
	/** The largest sender token among accepted writes: what a violation is measured against. */
	readonly maxAcceptedSenderToken: number;
}

export interface ClientSetup {
	readonly name: string;
	readonly fencing?: boolean;
	readonly renewEvery?: number | null;
}

export interface WorldSetup {
	readonly resource?: string;
	readonly lease?: number;
	readonly fencing?: boolean;
	readonly clients: readonly ClientSetup[];
}

export const defaultResourceName = 'row-42';
export const defaultLease = 5;

export function createWorld(setup: WorldSetup): World {
	const lease = setup.lease ?? defaultLease;
	return {
		clock: 0,
		defaultLease: lease,
		lock: {holder: null, token: null, expiry: null, nextToken: 1},
		resource: {
			name: setup.resource ?? defaultResourceName,
			fenced: setup.fencing ?? true,
			value: null,
			maxToken: 0,
			writes: 0,
			rejected: 0,
		},
		clients: setup.clients.map(client => ({
			name: client.name,
			status: 'running',
			pausedUntil: null,
			token: null,
			fencing: client.fencing ?? true,
			renewEvery: client.renewEvery ?? null,
			lease,
			lastRenewAt: null,
		})),
		inflight: [],
		violations: 0,
		maxAcceptedSenderToken: 0,
	};
}

export function findClient(world: World, name: string): Client | undefined {
	return world.clients.find(client => client.name === name);
}

/** Clients that believe they hold the lock; more than one is the double grant the chapter warns of. */
export function believers(world: World): Client[] {
	return world.clients.filter(client => client.token !== null);
}
