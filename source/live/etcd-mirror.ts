// The live run's own copy of what etcd says: the lock's holder, token and lease, and the resource's
// value and max token, kept up to date by a watch on each store (etcd tells every change as it
// happens, so nothing here polls). The run waits on it until a change it knows was made is seen,
// and delivers through it the writes it holds back as the network would.

import {openStore, storedToken} from './etcd-store.js';

/** How long a change already made may take to come through its watch. */
const maxWatchLagMs = 2000;

/** Where the lock and the resource are: the same etcd, or two. */
export interface LiveStores {
	readonly lockUrl: string;
	readonly resourceUrl: string;
}

/** The keys of one run, all under its prefix: the lock's in one folder, the resource's in another, each watched whole. */
export interface RunKeys {
	readonly lockFolder: string;
	readonly lock: string;
	readonly resourceFolder: string;
	readonly value: string;
	readonly maxToken: string;
}

export const runKeys = (prefix: string, resourceName: string): RunKeys => ({
	lockFolder: `${prefix}lock/`,
	lock: `${prefix}lock/${resourceName}`,
	resourceFolder: `${prefix}resource/`,
	value: `${prefix}resource/${resourceName}/value`,
	maxToken: `${prefix}resource/${resourceName}/max-token`,
});

/** What etcd says now, in its own numbers. */
export interface EtcdState {
	readonly holder: string | null;
	/** The lock key's create_revision. */
	readonly token: number | null;
	/** The lock's store's revision. */
	readonly revision: number;
	/** The holder's lease: the whole seconds etcd said it had left, and when (ms since the epoch) it said so. */
	readonly leaseLeft: {readonly seconds: number; readonly readAt: number} | null;
	readonly value: string | null;
	readonly maxToken: number;
}

export interface EtcdMirror {
	/** What the watches have told so far; changes as they tell more. */
	readonly now: EtcdState;
	/** Sets the resource up and places the watches; call once etcd answers. */
	follow(): Promise<void>;
	/** Waits until the watch on `store` has told the change that made `revision` (at most a moment); null: no change was made. */
	seen(store: 'lock' | 'resource', revision: number | null): Promise<void>;
	/** Waits until the lock is free, at most until `deadline`: when etcd's delete of the key was seen, or null if it was not free by then. */
	freedBy(deadline: number): Promise<number | null>;
	/** Asks etcd again how long the holder's lease has left: after a keepalive, which the watches do not tell. */
	readLeaseLeft(): void;
	/** Writes to the resource as a client's write that the network held back arrives, and waits until its watch tells it. */
	deliver(value: string, token: number | null, fenced: boolean): Promise<'accepted' | 'rejected'>;
	close(): Promise<void>;
}

/** Connects at once (the connection is made while etcd starts); `signal` ends any wait. */
export function openEtcdMirror(stores: LiveStores, keys: RunKeys, signal: AbortSignal): EtcdMirror {
	const lockStore = openStore(stores.lockUrl);
	const resourceStore = stores.resourceUrl === stores.lockUrl ? lockStore : openStore(stores.resourceUrl);
	const now = {
		holder: null as string | null,
		token: null as number | null,
		revision: 0,
		leaseLeft: null as EtcdState['leaseLeft'],
		value: null as string | null,
		maxToken: 0,
	};
	let leaseId: string | null = null;
	/** The resource's store's revision, as far as its watch has told. */
	let resourceRevision = 0;
	let lastDeleteSeenAt = 0;
	const changeListeners = new Set<() => void>();
	const changed = () => {
		for (const listener of changeListeners) listener();
	};

	// The holder's lease time is read from etcd when it changes (a grant, seen by the watch, or a
	// keepalive the run asked for) and counted down locally between reads: etcd has no watch on a
	// lease's time, and asking it at every redraw would be a polling loop.
	const readLeaseLeft = () => {
		const asked = leaseId;
		if (asked === null) return;
		lockStore
			.leaseTimeLeft(asked)
			.then(seconds => {
				if (leaseId !== asked) return;
				now.leaseLeft = {seconds, readAt: Date.now()};
				changed();
			})
			.catch(() => undefined);
	};

	/** Waits until what the watches told makes `holds` true, at most until `deadline`; true if it did. */
	const watchedUntil = (holds: () => boolean, deadline: number) =>
		new Promise<boolean>((resolve, reject) => {
			const done = (result: boolean) => {
				changeListeners.delete(check);
				clearTimeout(timer);
				signal.removeEventListener('abort', aborted);
				resolve(result);
			};
			const check = () => {
				if (holds()) done(true);
			};
			const aborted = () => {
				changeListeners.delete(check);
				clearTimeout(timer);
				reject(signal.reason);
			};
			const timer = setTimeout(() => done(false), Math.max(0, deadline - Date.now()));
			changeListeners.add(check);
			signal.addEventListener('abort', aborted, {once: true});
			check();
		});

	// A change a client or the run made is seen through the watch a moment after its answer: the
	// step's picture waits for it, so that it shows the change.
	const seen = async (store: 'lock' | 'resource', revision: number | null) => {
		if (revision === null) return;
		const told = () => (store === 'lock' ? now.revision : resourceRevision) >= revision;
		await watchedUntil(told, Date.now() + maxWatchLagMs);
	};

	return {
		now,
		async follow() {
			// A fenced write compares its token with the stored max token, and etcd's compare of a
			// missing key's value never holds: the resource starts with one, as the model's does.
			await resourceStore.put(keys.maxToken, storedToken(0));
			now.revision = await lockStore.revision();
			resourceRevision = await resourceStore.revision();
			await lockStore.watch(keys.lockFolder, now.revision, change => {
				now.revision = change.revision;
				if (change.key === keys.lock) {
					now.holder = change.kind === 'put' ? change.value : null;
					now.token = change.kind === 'put' ? change.createRevision : null;
					leaseId = change.kind === 'put' ? change.lease : null;
					now.leaseLeft = null;
					if (change.kind === 'delete') lastDeleteSeenAt = change.seenAt;
					else readLeaseLeft();
				}
				changed();
			});
			await resourceStore.watch(keys.resourceFolder, resourceRevision, change => {
				resourceRevision = change.revision;
				if (change.key === keys.value) now.value = change.value;
				if (change.key === keys.maxToken) now.maxToken = Number(change.value);
				changed();
			});
		},
		seen,
		async freedBy(deadline) {
			return (await watchedUntil(() => now.holder === null, deadline)) ? lastDeleteSeenAt : null;
		},
		readLeaseLeft,
		async deliver(value, token, fenced) {
			const written = await resourceStore.write(keys.value, keys.maxToken, value, token, fenced);
			await seen('resource', written.revision);
			return written.result;
		},
		async close() {
			await lockStore.close();
			if (resourceStore !== lockStore) await resourceStore.close();
		},
	};
}
