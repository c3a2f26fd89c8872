// What the live run asks of etcd, through the etcd3 package (gRPC). Only `live` and its client
// processes import it, so the gRPC stack, most of the bundle's size, is in their chunks alone.

import {Etcd3} from 'etcd3';

/** One change a watch saw, with the store's revision after it and when it was seen. */
export interface StoreChange {
	readonly kind: 'put' | 'delete';
	readonly key: string;
	readonly value: string;
	readonly createRevision: number;
	readonly revision: number;
	/** The lease the key is attached to ('0' for none). */
	readonly lease: string;
	readonly seenAt: number;
}

export type AcquireResult = {readonly ok: true; readonly token: number; readonly revision: number} | {readonly ok: false; readonly holder: string | null};

/** A write's outcome, and the store's revision after it when it changed the store (to wait for its watch event). */
export interface WriteResult {
	readonly result: 'accepted' | 'rejected';
	readonly revision: number | null;
}

export interface Store {
	/** The store's revision now. */
	revision(): Promise<number>;
	/** A lease of `ttlSeconds`, kept alive only by keepAlive: a heartbeat is one keepalive. */
	grantLease(ttlSeconds: number): Promise<string>;
	/** The seconds the lease has left after this keepalive; 0 when etcd no longer knows it. */
	keepAlive(leaseId: string): Promise<number>;
	revoke(leaseId: string): Promise<void>;
	/** The whole seconds etcd says the lease has left (it ends in under one more); 0 when it is gone. */
	leaseTimeLeft(leaseId: string): Promise<number>;
	/** Creates `key` only if it is absent, attached to the lease; the token is its create_revision. */
	acquire(key: string, holder: string, leaseId: string): Promise<AcquireResult>;
	/** Deletes `key` only if it is still the one created at `token`; the revision of the delete, or null when it was not. */
	release(key: string, token: number): Promise<number | null>;
	/**
	 * The resource's write: one transaction. A fenced resource writes only if `token` is not below
	 * the stored max token (and stores the new max); an unfenced one writes whatever the token.
	 */
	write(valueKey: string, maxTokenKey: string, value: string, token: number | null, fenced: boolean): Promise<WriteResult>;
	put(key: string, value: string): Promise<void>;
	/** Removes every key under `prefix`: what a run leaves in an etcd it was given. */
	deletePrefix(prefix: string): Promise<void>;
	/** Calls back with every change under `prefix` after `afterRevision`; resolves once the watch is in place. */
	watch(prefix: string, afterRevision: number, onChange: (change: StoreChange) => void): Promise<void>;
	close(): Promise<void>;
}

/**
 * etcd compares values as bytes, so a token is stored zero-padded: "10" would sort before "9".
 * Twenty digits hold any int64 revision.
 */
export const storedToken = (token: number): string => String(token).padStart(20, '0');

export function openStore(url: string): Store {
	const client = new Etcd3({hosts: url, dialTimeout: 3000});
	const watchers: {cancel(): Promise<void>}[] = [];
	const text = (buffer: Buffer | undefined) => buffer?.toString('utf8') ?? '';
	return {
		async revision() {
			const response = await client.kv.range({key: Buffer.from('\0'), limit: '1', count_only: true});
			return Number(response.header.revision);
		},
		async grantLease(ttlSeconds) {
			const response = await client.leaseClient.leaseGrant({TTL: String(ttlSeconds), ID: '0'});
			return response.ID;
		},
		async keepAlive(leaseId) {
			const stream = await client.leaseClient.leaseKeepAlive();
			try {
				const response = await new Promise<{TTL: string}>((resolve, reject) => {
					stream.on('data', resolve);
					stream.on('error', reject);
					stream.write({ID: leaseId});
				});
				return Number(response.TTL);
			} finally {
				stream.end();
			}
		},
		async revoke(leaseId) {
			await client.leaseClient.leaseRevoke({ID: leaseId}).catch(() => undefined);
		},
		async leaseTimeLeft(leaseId) {
			const response = await client.leaseClient.leaseTimeToLive({ID: leaseId, keys: false});
			return Math.max(0, Number(response.TTL));
		},
		async acquire(key, holder, leaseId) {
			const response = await client.if(key, 'Create', '==', 0).then(client.put(key).value(holder).lease(leaseId)).else(client.get(key)).commit();
			if (response.succeeded) return {ok: true, token: Number(response.header.revision), revision: Number(response.header.revision)};
			const kvs = response.responses[0]?.response_range?.kvs ?? [];
			return {ok: false, holder: kvs.length > 0 ? text(kvs[0]!.value) : null};
		},
		async release(key, token) {
			const response = await client.if(key, 'Create', '==', token).then(client.delete().key(key)).commit();
			return response.succeeded ? Number(response.header.revision) : null;
		},
		async write(valueKey, maxTokenKey, value, token, fenced) {
			if (token === null) {
				const response = await client.put(valueKey).value(value);
				return {result: 'accepted', revision: Number(response.header.revision)};
			}
			const response = await client
				// max <= token, said as etcd compares: max < token + 1.
				.if(maxTokenKey, 'Value', '<', storedToken(token + 1))
				.then(client.put(valueKey).value(value), client.put(maxTokenKey).value(storedToken(token)))
				.else(...(fenced ? [] : [client.put(valueKey).value(value)]))
				.commit();
			return response.succeeded || !fenced ? {result: 'accepted', revision: Number(response.header.revision)} : {result: 'rejected', revision: null};
		},
		async put(key, value) {
			await client.put(key).value(value);
		},
		async deletePrefix(prefix) {
			await client.delete().prefix(prefix);
		},
		async watch(prefix, afterRevision, onChange) {
			const watcher = await client
				.watch()
				.prefix(prefix)
				.startRevision(String(afterRevision + 1))
				.create();
			watchers.push(watcher);
			watcher.on('data', response => {
				const seenAt = Date.now();
				for (const event of response.events) {
					onChange({
						kind: event.type === 'Delete' ? 'delete' : 'put',
						key: text(event.kv.key),
						value: text(event.kv.value),
						createRevision: Number(event.kv.create_revision),
						revision: Number(event.kv.mod_revision),
						lease: event.kv.lease,
						seenAt,
					});
				}
			});
		},
		async close() {
			await Promise.all(watchers.map(watcher => watcher.cancel().catch(() => undefined)));
			client.close();
		},
	};
}
