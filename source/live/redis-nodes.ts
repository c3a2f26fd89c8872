// What a live Redlock run reads of its Redis nodes and its resource, straight from each server
// (not through the clients' proxies), and what it does on them itself: a node's clock jump made
// on its keys, and a write the network held back. Reading a key is how Redis learns it expired
// (it expires keys lazily on access, and in the background), so a read tells the truth at once.

import {createClient} from '@redis/client';

/** A key's value is its client's name and a random part: `A:3f9c…`. The random part makes it each attempt's own. */
export function holderOfValue(value: string | null): string | null {
	if (value === null) return null;
	const end = value.lastIndexOf(':');
	// A value no client of the run wrote names nobody but itself.
	return end === -1 ? value : value.slice(0, end);
}

/** One node's lock key as read. */
export interface NodeKey {
	readonly name: string;
	/** Did the node answer. */
	readonly up: boolean;
	readonly value: string | null;
	/** The key's time left in ms, when it exists. */
	readonly pttlMs: number | null;
}

/** What the nodes and the resource hold, read at `readAt` (ms since the epoch). */
export interface RedisState {
	readonly nodes: readonly NodeKey[];
	readonly value: string | null;
	readonly readAt: number;
}

export interface RedisNodes {
	/** Reads every node's key and the resource's value. */
	read(): Promise<RedisState>;
	/** Waits until `node`'s key is as `holds` wants it, at most until `deadline`; when it was seen so, or null. */
	keyBy(node: string, holds: (key: NodeKey) => boolean, deadline: number): Promise<number | null>;
	/**
	 * A node's clock jumped by `byMs`: the key's time left shrinks by as much (a forward jump; the
	 * key goes at once when none is left) or grows (a backward one), as Redis expiring by that clock would do.
	 */
	jump(node: string, byMs: number): Promise<void>;
	/** A write the network held back arrives at the resource. */
	deliver(value: string): Promise<void>;
	close(): Promise<void>;
}

export interface RedisKeys {
	readonly lock: string;
	readonly value: string;
}

/** How often to look again while waiting for a key to change: Redis tells no one of a change, unless asked to publish it. */
const expiryPollMs = 10;

/** A plain connection: no handshake beyond the socket, no reconnecting of its own (see serverConnection). */
const newConnection = (port: number) =>
	createClient({
		RESP: 2,
		disableClientInfo: true,
		maintNotifications: 'disabled',
		disableOfflineQueue: true,
		socket: {host: '127.0.0.1', port, reconnectStrategy: false, connectTimeout: 1000},
	});
type Connection = ReturnType<typeof newConnection>;

/** A connection to one server that is made again after the server went away (a crashed node restarts on the same port). */
function serverConnection(port: number) {
	let open: Promise<Connection> | null = null;
	const connect = async () => {
		const client = newConnection(port);
		// A server that goes away is seen as failed commands; the event itself needs no more.
		client.on('error', () => undefined);
		await client.connect();
		return client;
	};
	return {
		/**
		 * Runs `work` on the connection. A connection that fails is dropped and `work` tried once more
		 * on a new one: the server may have restarted since it was made.
		 */
		async run<T>(work: (client: Connection) => Promise<T>): Promise<T> {
			for (let attempt = 1; ; attempt += 1) {
				open ??= connect();
				try {
					return await work(await open);
				} catch (error) {
					const failed = open;
					open = null;
					failed?.then(client => client.destroy()).catch(() => undefined);
					if (attempt === 2) throw error;
				}
			}
		},
		async close() {
			const client = await open?.catch(() => null);
			open = null;
			if (client?.isOpen) client.destroy();
		},
	};
}

export function openRedisNodes(nodes: readonly {readonly name: string; readonly port: number}[], resourcePort: number, keys: RedisKeys): RedisNodes {
	const connections = new Map(nodes.map(node => [node.name, serverConnection(node.port)]));
	const resource = serverConnection(resourcePort);
	const readNode = async (name: string): Promise<NodeKey> => {
		try {
			const [value, pttl] = await connections.get(name)!.run(client => Promise.all([client.get(keys.lock), client.pTTL(keys.lock)]));
			return {name, up: true, value, pttlMs: value === null || pttl < 0 ? null : pttl};
		} catch {
			return {name, up: false, value: null, pttlMs: null};
		}
	};
	return {
		async read() {
			const [read, value] = await Promise.all([Promise.all(nodes.map(node => readNode(node.name))), resource.run(client => client.get(keys.value))]);
			return {nodes: read, value, readAt: Date.now()};
		},
		async keyBy(node, holds, deadline) {
			for (;;) {
				const key = await readNode(node);
				if (holds(key)) return Date.now();
				if (Date.now() >= deadline) return null;
				await new Promise(resolve => setTimeout(resolve, expiryPollMs));
			}
		},
		async jump(node, byMs) {
			await connections.get(node)!.run(async client => {
				const left = await client.pTTL(keys.lock);
				if (left < 0) return;
				// PEXPIRE with no time left deletes the key, as an expiry would.
				await client.pExpire(keys.lock, Math.max(0, left - byMs));
			});
		},
		async deliver(value) {
			await resource.run(client => client.set(keys.value, value));
		},
		async close() {
			await Promise.all([...connections.values(), resource].map(connection => connection.close()));
		},
	};
}
