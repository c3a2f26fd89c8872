// The state of one simulated world. Worlds are immutable plain data (no classes, no Maps): every
// change makes a new one, so a history is a plain list, stepping back costs nothing, and two
// worlds can be compared or hashed by their structure.

import {resourceTarget} from './command.js';

export type ClientStatus = 'running' | 'paused' | 'crashed';

/** How the lock service numbers its grants for fencing (docs/model.md, "Tokens"). */
export type TokenKind = 'counter' | 'revision' | 'none';

export interface Client {
	readonly name: string;
	readonly status: ClientStatus;
	/** When a GC pause ends by itself (null unless paused). */
	readonly pausedUntil: number | null;
	/** The token the client believes it holds: may be stale, which is the whole lesson. Null with no token (a Redlock holder has none). */
	readonly token: number | null;
	/** Does the client send its token with its writes. */
	readonly fencing: boolean;
	/** Heartbeat period in ticks, or null for manual renew. */
	readonly renewEvery: number | null;
	/** The lease this client last asked for; heartbeats renew with it. */
	readonly lease: number;
	/** When the client last acquired or renewed (heartbeats count from here, in true time: timers run on a monotonic clock). */
	readonly lastRenewAt: number | null;
	/** Does the client believe it holds the lock (with or without a token). */
	readonly holds: boolean;
	/** When the client believes its lease ends, in its own local time (null unless it holds). */
	readonly until: number | null;
	/** The grant it believes it holds (violations are judged by grants), or null. */
	readonly grant: number | null;
	/** Its local clock minus true time. */
	readonly offset: number;
	/** Does it check its own clock against `until` before each write. */
	readonly checksLease: boolean;
	/** The peers it cannot reach (node names and `resource`), sorted. */
	readonly cut: readonly string[];
	/** A write checked and held back by `write … pause=M`, sent when the pause ends. */
	readonly held: HeldWrite | null;
	/** Does it keep a lock only for its validity, lease − (T2 − T1) − drift (the Redlock spec's step 3). */
	readonly checksValidity: boolean;
	/** Does it measure (T1, T2, its timeout, its lease) with a clock that `jump` does not move. */
	readonly monotonic: boolean;
	/** Ticks each way on its links, by peer: every node's name, and `resource` (the default delay of its writes). */
	readonly latency: Readonly<Record<string, number>>;
	/** The request it is waiting for replies to, or null. */
	readonly waiting: Waiting | null;
	/** How many requests it has made: the number of its next attempt (a key's random value). */
	readonly attempts: number;
}

/** What a lock request asks: heartbeats are renews. */
export type RequestOp = 'acquire' | 'renew' | 'release';

/** A client that has sent a request and waits for its replies (section "Messages that take time" of docs/model.md). */
export interface Waiting {
	readonly op: RequestOp;
	/** T1: when it asked, by the clock it measures with. */
	readonly since: number;
	/** Replies in so far, counted as they come: a frozen client's wait unread in its socket (`unread`). */
	readonly replies: number;
	/** Of `replies`, those that came while the client was frozen: it reads them when it wakes. */
	readonly unread: number;
	/** Replies that granted (acquire), extended (renew) or deleted (release). */
	readonly grants: number;
	/** Requests that left (those that failed at once are not among them): when all are answered it decides. */
	readonly sent: number;
	/** The attempt's number: the keys it takes are this attempt's, and a reply to another attempt is ignored. */
	readonly attempt: number;
	/** The lease asked for (acquire and renew). */
	readonly lease: number;
	/** Is it a heartbeat's renew. */
	readonly heartbeat: boolean;
	/** The grant number the attempt took when its keys first stood on a majority of the nodes (acquire), or null. */
	readonly grant: number | null;
	/** The token of the last reply that carried one (a lone node's grant or deletion). */
	readonly token: number | null;
	/** Why the last node that did not grant refused (for the words of a failed acquire on one node). */
	readonly refusal: NodeRefusal | null;
}

/** Why a node did not grant an acquire. */
export type NodeRefusal = {readonly holder: string} | {readonly delayUntil: number};

/** A lock request or its reply, on its way between a client and a node. */
export interface Message {
	readonly kind: 'request' | 'reply';
	readonly from: string;
	readonly to: string;
	readonly op: RequestOp;
	/** On a reply: did the node grant, extend or delete; null on a request. */
	readonly granted: boolean | null;
	/** True time. */
	readonly arrivesAt: number;
	/** The client's attempt it belongs to. */
	readonly attempt: number;
	/** The lease asked for (acquire and renew requests), else null. */
	readonly lease: number | null;
	/** A deletion of one attempt's keys, sent as the client gives the attempt up: nobody waits for its reply. */
	readonly undo: boolean;
	/** On a reply: the token of the key granted (acquire) or deleted (release), else null. */
	readonly token: number | null;
	/** On a reply to a refused acquire: why the node did not grant. */
	readonly refusal: NodeRefusal | null;
}

export interface HeldWrite {
	readonly value: string;
	readonly delay: number | null;
	/** As at the check: the token it will carry, the token and grant its sender held. */
	readonly token: number | null;
	readonly senderToken: number | null;
	readonly senderGrant: number;
}

/** One lock node: with one node it is the lock service, with several they are Redlock's independent nodes. */
export interface LockNode {
	readonly name: string;
	readonly up: boolean;
	/** Does it keep its key across a crash. */
	readonly persistent: boolean;
	/** Its local clock minus true time. */
	readonly offset: number;
	readonly holder: string | null;
	readonly token: number | null;
	/** When the key expires, in the node's local time (null when it holds none). */
	readonly expiry: number | null;
	/** Lock-delay: the node grants nobody before this local time (null when none). */
	readonly delayUntil: number | null;
	/** The attempt whose key it holds (the key's random value), or null. */
	readonly attempt: number | null;
	/** A restart comes only once this many ticks of its own clock have passed since it crashed. */
	readonly restartDelay: number;
	/** Its local clock when it crashed (null while up). */
	readonly downSince: number | null;
	/** A restart asked for before its restartDelay passed: it happens then. */
	readonly restartHeld: boolean;
}

/** The lock service as a person reads it: with several nodes, the client whose keys are on a majority of the nodes. */
export interface Lock {
	readonly holder: string | null;
	readonly token: number | null;
	readonly expiry: number | null;
	/** The token the next grant gets (counter tokens), else null. */
	readonly nextToken: number | null;
	/** The store's revision: only with revision tokens (a counter world's lock has the first model's four fields). */
	readonly revision?: number;
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
	/** The token sent with the write: null when the sender's fencing was off or it held none. */
	readonly token: number | null;
	/** The token the sender believed it held when it sent the write. */
	readonly senderToken: number | null;
	/**
	 * The grant the sender held when it sent the write (violations are judged by it). Left out when
	 * it is `senderToken`, as it always is with counter tokens, so a first-model write has the first
	 * model's fields.
	 */
	readonly senderGrant?: number;
	readonly value: string;
	readonly arrivesAt: number;
}

export type Backend = 'generic' | 'etcd' | 'zookeeper' | 'consul' | 'redis' | 'redlock';

export interface World {
	readonly clock: number;
	readonly defaultLease: number;
	readonly backend: Backend;
	readonly tokens: TokenKind;
	readonly lockDelay: number;
	/** A view of `nodes`, kept in step with them after every command. */
	readonly lock: Lock;
	/** In declared order: requests visit them in this order. */
	readonly nodes: readonly LockNode[];
	readonly resource: Resource;
	/** In declared order: heartbeats fire in this order. */
	readonly clients: readonly Client[];
	/** In send order: writes due at the same time arrive in this order. */
	readonly inflight: readonly InflightWrite[];
	/** Lock requests and replies on their way, in send order. */
	readonly messages: readonly Message[];
	/** The clock-drift allowance a client that checks validity subtracts, in ticks. */
	readonly drift: number;
	/** How long a client waits for replies, by its own clock; null: the lease it asked for. */
	readonly timeout: number | null;
	readonly violations: number;
	/** Grants of the lock so far: the last grant's number. */
	readonly grants: number;
	/** The largest sender grant among accepted writes: what a violation is measured against. */
	readonly maxAcceptedSenderGrant: number;
}

export interface ClientSetup {
	readonly name: string;
	readonly fencing?: boolean;
	readonly renewEvery?: number | null;
	readonly checksLease?: boolean;
	/** Default: true with the `redlock` preset, else false. */
	readonly checksValidity?: boolean;
	readonly monotonic?: boolean;
	/** Ticks each way on every one of its links (wins over the world's). */
	readonly latency?: number;
}

export interface NodeSetup {
	readonly name: string;
	readonly persistent?: boolean;
	readonly restartDelay?: number;
}

export interface WorldSetup {
	readonly resource?: string;
	readonly lease?: number;
	readonly fencing?: boolean;
	readonly clients: readonly ClientSetup[];
	/** A preset of the keys below; any key given wins over it. */
	readonly backend?: Backend;
	/** How many nodes (named L1…LN), or the nodes themselves. */
	readonly nodes?: number | readonly NodeSetup[];
	readonly tokens?: TokenKind;
	readonly lockDelay?: number;
	/** Do nodes keep their key across a crash (each node may say otherwise). */
	readonly persistent?: boolean;
	/** Ticks each way on every link at the start (default 0). */
	readonly latency?: number;
	readonly drift?: number;
	/** Default: the lease each request asks for. */
	readonly timeout?: number;
}

export const defaultResourceName = 'row-42';
export const defaultLease = 5;
/** Redlock uses 5; nine still fit a pane, and a bound keeps a hostile file from building a huge world. */
export const maxNodes = 9;

interface Preset {
	readonly nodes: number;
	readonly tokens: TokenKind;
	/** null: the lease (Consul's lock-delay follows the session). */
	readonly lockDelay: number | null;
	readonly persistent: boolean;
}

export const backendPresets: Readonly<Record<Backend, Preset>> = {
	generic: {nodes: 1, tokens: 'counter', lockDelay: 0, persistent: true},
	etcd: {nodes: 1, tokens: 'revision', lockDelay: 0, persistent: true},
	zookeeper: {nodes: 1, tokens: 'revision', lockDelay: 0, persistent: true},
	consul: {nodes: 1, tokens: 'counter', lockDelay: null, persistent: true},
	redis: {nodes: 1, tokens: 'none', lockDelay: 0, persistent: false},
	redlock: {nodes: 5, tokens: 'none', lockDelay: 0, persistent: false},
};

export const backends = Object.keys(backendPresets) as Backend[];

/** What a setup comes to once its backend's preset fills in what it does not say. */
export interface ResolvedSetup {
	readonly backend: Backend;
	readonly lease: number;
	readonly tokens: TokenKind;
	readonly lockDelay: number;
	readonly nodes: readonly {readonly name: string; readonly persistent: boolean; readonly restartDelay: number}[];
}

export const nodeNames = (count: number) => Array.from({length: count}, (_, index) => `L${index + 1}`);

export function resolveSetup(setup: WorldSetup): ResolvedSetup {
	const backend = setup.backend ?? 'generic';
	const preset = backendPresets[backend];
	const lease = setup.lease ?? defaultLease;
	const persistent = setup.persistent ?? preset.persistent;
	const nodes =
		typeof setup.nodes === 'object'
			? setup.nodes.map(node => ({name: node.name, persistent: node.persistent ?? persistent, restartDelay: node.restartDelay ?? 0}))
			: nodeNames(setup.nodes ?? preset.nodes).map(name => ({name, persistent, restartDelay: 0}));
	return {backend, lease, tokens: setup.tokens ?? preset.tokens, lockDelay: setup.lockDelay ?? preset.lockDelay ?? lease, nodes};
}

/**
 * Why a setup cannot be: tokens need one lock service that remembers. A majority of independent
 * nodes has no common counter, and a store that forgets its keys cannot promise growing tokens.
 */
export function setupProblem(setup: WorldSetup): string | null {
	const {tokens, nodes} = resolveSetup(setup);
	if (tokens === 'none') return null;
	if (nodes.length > 1) return `tokens: ${tokens} needs one node, and there are ${nodes.length}: independent nodes share no counter (use tokens: none)`;
	if (!nodes[0]!.persistent) return `tokens: ${tokens} needs a node that keeps its keys (persistent: true): a store that forgets cannot promise growing tokens`;
	return null;
}

/** Every link of a client (its nodes in order, then the resource) with the same latency. */
const linkLatencies = (nodes: readonly string[], n: number): Record<string, number> => Object.fromEntries([...nodes, resourceTarget].map(peer => [peer, n]));

export function createWorld(setup: WorldSetup): World {
	const {backend, lease, tokens, lockDelay, nodes} = resolveSetup(setup);
	return {
		clock: 0,
		defaultLease: lease,
		backend,
		tokens,
		lockDelay,
		lock: {holder: null, token: null, expiry: null, nextToken: tokens === 'counter' ? 1 : null, ...(tokens === 'revision' ? {revision: 1} : {})},
		nodes: nodes.map(node => ({
			name: node.name,
			up: true,
			persistent: node.persistent,
			offset: 0,
			holder: null,
			token: null,
			expiry: null,
			delayUntil: null,
			attempt: null,
			restartDelay: node.restartDelay,
			downSince: null,
			restartHeld: false,
		})),
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
			holds: false,
			until: null,
			grant: null,
			offset: 0,
			checksLease: client.checksLease ?? false,
			cut: [],
			held: null,
			checksValidity: client.checksValidity ?? backend === 'redlock',
			monotonic: client.monotonic ?? false,
			latency: linkLatencies(
				nodes.map(node => node.name),
				client.latency ?? setup.latency ?? 0,
			),
			waiting: null,
			attempts: 0,
		})),
		inflight: [],
		messages: [],
		drift: setup.drift ?? 0,
		timeout: setup.timeout ?? null,
		violations: 0,
		grants: 0,
		maxAcceptedSenderGrant: 0,
	};
}

// Copies with some fields changed, written out field by field in createWorld's order. An object
// spread with changes (`{...client, holds: true}`) is the natural way to write these, but in Node 20
// it costs about a microsecond, twenty times this, and a search makes hundreds of thousands.
// `undefined` in `changes` means unchanged: no field of these types holds it.

const or = <T>(value: T | undefined, unchanged: T): T => (value === undefined ? unchanged : value);

export const changedWorld = (world: World, changes: Partial<World>): World => ({
	clock: or(changes.clock, world.clock),
	defaultLease: or(changes.defaultLease, world.defaultLease),
	backend: or(changes.backend, world.backend),
	tokens: or(changes.tokens, world.tokens),
	lockDelay: or(changes.lockDelay, world.lockDelay),
	lock: or(changes.lock, world.lock),
	nodes: or(changes.nodes, world.nodes),
	resource: or(changes.resource, world.resource),
	clients: or(changes.clients, world.clients),
	inflight: or(changes.inflight, world.inflight),
	messages: or(changes.messages, world.messages),
	drift: or(changes.drift, world.drift),
	timeout: or(changes.timeout, world.timeout),
	violations: or(changes.violations, world.violations),
	grants: or(changes.grants, world.grants),
	maxAcceptedSenderGrant: or(changes.maxAcceptedSenderGrant, world.maxAcceptedSenderGrant),
});

export const changedClient = (client: Client, changes: Partial<Client>): Client => ({
	name: or(changes.name, client.name),
	status: or(changes.status, client.status),
	pausedUntil: or(changes.pausedUntil, client.pausedUntil),
	token: or(changes.token, client.token),
	fencing: or(changes.fencing, client.fencing),
	renewEvery: or(changes.renewEvery, client.renewEvery),
	lease: or(changes.lease, client.lease),
	lastRenewAt: or(changes.lastRenewAt, client.lastRenewAt),
	holds: or(changes.holds, client.holds),
	until: or(changes.until, client.until),
	grant: or(changes.grant, client.grant),
	offset: or(changes.offset, client.offset),
	checksLease: or(changes.checksLease, client.checksLease),
	cut: or(changes.cut, client.cut),
	held: or(changes.held, client.held),
	checksValidity: or(changes.checksValidity, client.checksValidity),
	monotonic: or(changes.monotonic, client.monotonic),
	latency: or(changes.latency, client.latency),
	waiting: or(changes.waiting, client.waiting),
	attempts: or(changes.attempts, client.attempts),
});

export const changedWaiting = (waiting: Waiting, changes: Partial<Waiting>): Waiting => ({
	op: or(changes.op, waiting.op),
	since: or(changes.since, waiting.since),
	replies: or(changes.replies, waiting.replies),
	unread: or(changes.unread, waiting.unread),
	grants: or(changes.grants, waiting.grants),
	sent: or(changes.sent, waiting.sent),
	attempt: or(changes.attempt, waiting.attempt),
	lease: or(changes.lease, waiting.lease),
	heartbeat: or(changes.heartbeat, waiting.heartbeat),
	grant: or(changes.grant, waiting.grant),
	token: or(changes.token, waiting.token),
	refusal: or(changes.refusal, waiting.refusal),
});

export const changedResource = (resource: Resource, changes: Partial<Resource>): Resource => ({
	name: or(changes.name, resource.name),
	fenced: or(changes.fenced, resource.fenced),
	value: or(changes.value, resource.value),
	maxToken: or(changes.maxToken, resource.maxToken),
	writes: or(changes.writes, resource.writes),
	rejected: or(changes.rejected, resource.rejected),
});

export const changedNode = (node: LockNode, changes: Partial<LockNode>): LockNode => ({
	name: or(changes.name, node.name),
	persistent: or(changes.persistent, node.persistent),
	up: or(changes.up, node.up),
	offset: or(changes.offset, node.offset),
	holder: or(changes.holder, node.holder),
	token: or(changes.token, node.token),
	expiry: or(changes.expiry, node.expiry),
	delayUntil: or(changes.delayUntil, node.delayUntil),
	attempt: or(changes.attempt, node.attempt),
	restartDelay: or(changes.restartDelay, node.restartDelay),
	downSince: or(changes.downSince, node.downSince),
	restartHeld: or(changes.restartHeld, node.restartHeld),
});

/** A lock has a revision only with revision tokens. */
export function changedLock(lock: Lock, changes: Partial<Lock>): Lock {
	const holder = or(changes.holder, lock.holder);
	const token = or(changes.token, lock.token);
	const expiry = or(changes.expiry, lock.expiry);
	const nextToken = or(changes.nextToken, lock.nextToken);
	const revision = or(changes.revision, lock.revision);
	return revision === undefined ? {holder, token, expiry, nextToken} : {holder, token, expiry, nextToken, revision};
}

export function findClient(world: World, name: string): Client | undefined {
	return world.clients.find(client => client.name === name);
}

export function findNode(world: World, name: string): LockNode | undefined {
	return world.nodes.find(node => node.name === name);
}

/** How many nodes a client needs: a majority of all of them. */
export const majority = (world: World) => Math.floor(world.nodes.length / 2) + 1;

/** Clients that believe they hold the lock; more than one is the double grant the chapter warns of. */
export function believers(world: World): Client[] {
	return world.clients.filter(client => client.holds);
}

/** The grant a write's sender held: what violations are judged by. */
export const senderGrantOf = (write: InflightWrite) => write.senderGrant ?? write.senderToken!;

export const clientClock = (world: World, client: Client) => world.clock + client.offset;
export const nodeClock = (world: World, node: LockNode) => world.clock + node.offset;
/** The clock a client measures its lease and its waits with: a monotonic one is not moved by `jump` (true time, as the model has no drift). */
export const measuringClock = (world: World, client: Client) => world.clock + measuringOffset(client);
/** The clock a client measures with, minus true time. */
export const measuringOffset = (client: Client) => (client.monotonic ? 0 : client.offset);
/** How long a client waits for replies, by the clock it measures with: the scenario's timeout, else the lease it asked for. */
export const waitTimeout = (world: World, waiting: Waiting) => world.timeout ?? waiting.lease;
/** The ticks each way on a client's link to a peer (a node's name or `resource`). */
export const latencyTo = (client: Client, peer: string) => client.latency[peer] ?? 0;

/** Does the node refuse every grant for now, by its own clock, after a key of it expired? */
export const inLockDelay = (world: World, node: LockNode) => node.delayUntil !== null && nodeClock(world, node) < node.delayUntil;

/** Can the client reach this peer (a node's name, or `resource`)? */
export const reaches = (client: Client, peer: string) => !client.cut.includes(peer);

/**
 * The last time a world knows of: its clock, or later what it has planned (a GC pause's end, the
 * lock's expiry, a write's or a lock message's arrival, a node's lock-delay ending, a wait's timeout, a held
 * restart, in true time).
 */
export function knownUntil(world: World): number {
	let until = world.clock;
	for (const client of world.clients) if (client.pausedUntil !== null) until = Math.max(until, client.pausedUntil);
	if (world.lock.holder !== null && world.lock.expiry !== null) until = Math.max(until, world.lock.expiry);
	for (const write of world.inflight) until = Math.max(until, write.arrivesAt);
	for (const message of world.messages) until = Math.max(until, message.arrivesAt);
	for (const client of world.clients)
		if (client.waiting) until = Math.max(until, client.waiting.since + waitTimeout(world, client.waiting) - measuringOffset(client));
	for (const node of world.nodes) if (node.restartHeld) until = Math.max(until, node.downSince! + node.restartDelay - node.offset);
	for (const node of world.nodes) if (node.up && node.delayUntil !== null) until = Math.max(until, node.delayUntil - node.offset);
	return until;
}
