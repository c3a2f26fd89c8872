// The simulator: one pure function from a world and a command to the next world. With one node
// the lock service and the resource follow the chapter's Go code exactly; with several, a client
// needs a majority of them, as Redlock does (see docs/model.md).

import {type Command, lockPeer, resourceTarget} from './command.js';
import type {Event, NodeCount, Refusal} from './event.js';
import {
	type Client,
	changedClient,
	changedLock,
	changedNode,
	changedResource,
	changedWorld,
	clientClock,
	findClient,
	findNode,
	type HeldWrite,
	inLockDelay,
	type InflightWrite,
	type Lock,
	type LockNode,
	majority,
	nodeClock,
	reaches,
	senderGrantOf,
	type World,
} from './world.js';

export interface Outcome {
	readonly world: World;
	readonly events: readonly Event[];
	/** Why the command could not be done (the world is then unchanged), or null. */
	readonly refused: Refusal | null;
}

/** Events kept for one command; a long tick full of heartbeats says how many it left out. */
const maxEventsPerCommand = 200;

/** Where the rules report what happened: the events, and why a command was refused. */
interface Log {
	add(event: Event): void;
	/** Does it still keep the events it is given (rather than only count them)? */
	readonly keeping: boolean;
	/** `count` events left out unseen, the last of them at `t`: as `add` of each once nothing is kept. */
	leaveOut(count: number, t: number): void;
	refuse(refusal: Refusal): void;
}

class EventLog implements Log {
	readonly events: Event[] = [];
	refused: Refusal | null = null;
	private elided = 0;
	private lastTime = 0;

	add(event: Event) {
		this.lastTime = event.t;
		if (this.keeping) this.events.push(event);
		else this.elided += 1;
	}

	get keeping() {
		return this.events.length < maxEventsPerCommand;
	}

	leaveOut(count: number, t: number) {
		this.lastTime = t;
		this.elided += count;
	}

	refuse(refusal: Refusal) {
		this.refused = refusal;
	}

	close(): readonly Event[] {
		return this.elided === 0 ? this.events : [...this.events, {kind: 'elided', t: this.lastTime, count: this.elided}];
	}
}

/** Keeps no event: for a caller that wants only the world after (a search tries many commands a second). */
class RefusalOnly implements Log {
	refused = false;
	readonly keeping = false;

	add() {}

	leaveOut() {}

	refuse() {
		this.refused = true;
	}
}

export function applyCommand(world: World, command: Command): Outcome {
	const log = new EventLog();
	const next = applyRules(world, command, log);
	return log.refused === null ? {world: next, events: log.close(), refused: null} : {world, events: [], refused: log.refused};
}

/**
 * A command given by hand: as applyCommand, but a cut or heal that changes no link is refused. A
 * scenario may say one (it states what its story assumes); by hand it is a slip, and counting it
 * as a change would put the story off script for nothing.
 */
export function applyByHand(world: World, command: Command): Outcome {
	const outcome = applyCommand(world, command);
	if (command.kind !== 'partition' && command.kind !== 'heal') return outcome;
	const changed = outcome.events.some(event => (event.kind === 'partitioned' || event.kind === 'healed') && event.peers.length > 0);
	if (outcome.refused !== null || changed) return outcome;
	return {world, events: [], refused: {kind: 'no-change', client: command.client, cut: command.kind === 'partition', peers: command.peers}};
}

/**
 * The world after `command`, as applyCommand's, or null when the command is refused; no events are
 * kept. A command that changes nothing may give back `world` itself.
 */
export function nextWorld(world: World, command: Command): World | null {
	const log = new RefusalOnly();
	const next = applyRules(world, command, log);
	return log.refused ? null : next;
}

function applyRules(world: World, command: Command, log: Log): World {
	switch (command.kind) {
		case 'tick':
			return withLockView(tick(world, command.n, log));
		case 'jump':
			if (!findClient(world, command.target) && !findNode(world, command.target)) return refuse(world, {kind: 'unknown-name', name: command.target}, log);
			return withLockView(jump(world, command.target, command.by, log));
		case 'crash':
		case 'restart': {
			// Client and node names are distinct, so the name says which.
			const node = findClient(world, command.client) ? undefined : findNode(world, command.client);
			if (!node) break;
			const refusal = nodeRefusal(node, command.kind);
			return refusal ? refuse(world, refusal, log) : withLockView(crashOrRestartNode(world, node, command.kind, log));
		}
		case 'fencing':
			if (command.target !== resourceTarget) break;
			log.add({kind: 'fencing', t: world.clock, target: resourceTarget, on: command.on});
			return withLockView(changedWorld(world, {resource: changedResource(world.resource, {fenced: command.on})}));
	}

	const name = command.kind === 'fencing' ? command.target : command.client;
	const client = findClient(world, name);
	if (!client) return refuse(world, {kind: 'unknown-client', client: name}, log);
	const refusal = refusalFor(world, command, client);
	if (refusal) return refuse(world, refusal, log);

	const t = world.clock;
	switch (command.kind) {
		case 'acquire':
			return withLockView(acquire(world, client, command.lease ?? world.defaultLease, log));
		case 'renew':
			return withLockView(renew(world, client, command.lease ?? world.defaultLease, false, log));
		case 'release':
			return withLockView(release(world, client, log));
		case 'write':
			return withLockView(write(world, client, command.value ?? client.name, command.delay ?? null, command.pause ?? null, log));
		case 'pause':
			log.add({kind: 'paused', t, client: name, until: t + command.n});
			return withLockView(withClient(world, changedClient(client, {status: 'paused', pausedUntil: t + command.n})));
		case 'resume':
			log.add({kind: 'resumed', t, client: name, early: true});
			return withLockView(resumeClient(world, client, log));
		case 'crash':
			log.add({
				kind: 'crashed',
				t,
				client: name,
				droppedToken: client.token,
				...(client.held ? {lostWrite: client.held.value} : {}),
			});
			return withLockView(withClient(world, forgetting(changedClient(client, {status: 'crashed', pausedUntil: null, held: null}))));
		case 'restart':
			log.add({kind: 'restarted', t, client: name});
			return withLockView(withClient(world, changedClient(client, {status: 'running'})));
		case 'fencing':
			log.add({kind: 'fencing', t, target: name, on: command.on});
			return withLockView(withClient(world, changedClient(client, {fencing: command.on})));
		case 'partition':
		case 'heal':
			return withLockView(relink(world, client, command.kind, command.peers, log));
		case 'latency':
			return setLatency(world, client, command.peer, command.n, log);
	}
}

/** `latency C PEER n`: `lock` stands for every node. */
function setLatency(world: World, client: Client, peer: string, n: number, log: Log): World {
	const peers = peer === lockPeer ? world.nodes.map(node => node.name) : [peer];
	// The one node of a lock service is the lock service: the event names it so.
	const told = world.nodes.length === 1 && peer !== resourceTarget ? [lockPeer] : peers;
	log.add({kind: 'latency', t: world.clock, client: client.name, peers: told, n});
	const latency = {...client.latency};
	for (const each of peers) latency[each] = n;
	return withClient(world, changedClient(client, {latency}));
}

/** The command cannot be done: the world stays as it was. */
function refuse(world: World, refusal: Refusal, log: Log): World {
	log.refuse(refusal);
	return world;
}

/** The client believes it holds nothing. */
const forgetting = (client: Client): Client => changedClient(client, {holds: false, token: null, until: null, grant: null});

function refusalFor(world: World, command: Command, client: Client): Refusal | null {
	const {name, status} = client;
	switch (command.kind) {
		case 'resume':
			return status === 'paused' ? null : {kind: 'not-paused', client: name};
		case 'restart':
			return status === 'crashed' ? null : {kind: 'not-crashed', client: name};
		case 'crash':
			return status === 'crashed' ? {kind: 'already-crashed', client: name} : null;
		case 'partition':
		case 'heal': {
			const peer = command.peers.find(peer => peer !== lockPeer && peer !== resourceTarget && !findNode(world, peer));
			return peer === undefined ? null : {kind: 'unknown-peer', client: name, peer};
		}
		case 'fencing':
		case 'tick':
		case 'jump':
		case 'latency':
			return null;
		default:
			if (status === 'paused') return {kind: 'paused', client: name, until: client.pausedUntil!};
			if (status === 'crashed') return {kind: 'crashed', client: name};
			if (command.kind === 'write' && !client.holds) return {kind: 'no-token', client: name};
			return null;
	}
}

/** The world itself when `client` is the one it has: a command that changed nothing makes no new world. */
function withClient(world: World, client: Client): World {
	if (findClient(world, client.name) === client) return world;
	return changedWorld(world, {clients: world.clients.map(other => (other.name === client.name ? client : other))});
}

function withNodes(world: World, nodes: readonly LockNode[]): World {
	return changedWorld(world, {nodes});
}

function withNode(world: World, node: LockNode): World {
	return withNodes(
		world,
		world.nodes.map(other => (other.name === node.name ? node : other)),
	);
}

function withNodesAndClient(world: World, nodes: readonly LockNode[], client: Client): World {
	return changedWorld(world, {nodes, clients: world.clients.map(other => (other.name === client.name ? client : other))});
}

/** The lock as a person reads it (with several nodes, the client whose keys are on a majority of the nodes that are up). */
function withLockView(world: World): World {
	const {lock, nodes} = world;
	let holder: string | null = null;
	let token: number | null = null;
	let expiry: number | null = null;
	if (nodes.length === 1) {
		const node = nodes[0]!;
		if (node.up && node.holder !== null) ({holder, token, expiry} = node);
	} else {
		const needed = majority(world);
		for (const node of nodes) {
			if (!node.up || node.holder === null || node.holder === holder) continue;
			let keys = 0;
			for (const other of nodes) if (other.up && other.holder === node.holder) keys += 1;
			if (keys >= needed) holder = node.holder;
		}
	}
	if (lock.holder === holder && lock.token === token && lock.expiry === expiry) return world;
	return changedWorld(world, {lock: changedLock(lock, {holder, token, expiry})});
}

/** Can the client's request reach this node, and will the node answer? */
const answers = (client: Client, node: LockNode) => node.up && reaches(client, node.name);

const nodeCount = (world: World, count: number): NodeCount => ({count, needed: majority(world), of: world.nodes.length});

/** The event with how a request went on several nodes; with one node as it is, so it reads as the first model's. */
const counted = <E extends Event>(event: E, world: World, count: number): E => (world.nodes.length === 1 ? event : {...event, nodes: nodeCount(world, count)});

/** A grant's token, and the lock's counters after it. */
function issueToken(world: World, lock: Lock): {token: number | null; lock: Lock} {
	if (world.tokens === 'counter') return {token: lock.nextToken!, lock: changedLock(lock, {nextToken: lock.nextToken! + 1})};
	if (world.tokens === 'revision') return {token: lock.revision! + 1, lock: changedLock(lock, {revision: lock.revision! + 1})};
	return {token: null, lock};
}

/** A key deleted (released or expired) is a change of the store: the revision grows. */
const afterDelete = (world: World, lock: Lock): Lock => (world.tokens === 'revision' ? changedLock(lock, {revision: lock.revision! + 1}) : lock);

function acquire(world: World, client: Client, lease: number, log: Log): World {
	const t = world.clock;
	const asked = client.lease === lease ? client : changedClient(client, {lease});
	if (!world.nodes.some(node => answers(client, node))) {
		log.add(counted({kind: 'unanswered', t, client: client.name, request: 'acquire'}, world, 0));
		return withClient(world, asked);
	}
	let lock = world.lock;
	const granted: string[] = [];
	let token: number | null = null;
	const nodes = world.nodes.map(node => {
		if (!answers(client, node) || node.holder !== null || inLockDelay(world, node)) return node;
		const issued = issueToken(world, lock);
		lock = issued.lock;
		token = issued.token;
		granted.push(node.name);
		return changedNode(node, {holder: client.name, token: issued.token, expiry: nodeClock(world, node) + lease});
	});
	if (granted.length >= majority(world)) {
		const until = clientClock(world, client) + lease;
		const believed = world.nodes.length === 1 ? token : null;
		const grant = world.grants + 1;
		log.add(counted({kind: 'acquired', t, client: client.name, token: believed, expiry: until}, world, granted.length));
		return withClient(
			changedWorld(withNodes(world, nodes), {lock, grants: grant}),
			changedClient(asked, {holds: true, token: believed, until, grant, lastRenewAt: t}),
		);
	}
	if (world.nodes.length === 1) {
		const node = world.nodes[0]!;
		if (node.holder !== null) log.add({kind: 'acquire-failed', t, client: client.name, holder: node.holder});
		else log.add({kind: 'lock-delay', t, client: client.name, node: node.name, until: node.delayUntil!});
		return withClient(world, asked);
	}
	// Too few: the client deletes what it got, so the keys do not block others until they expire.
	log.add({kind: 'acquire-minority', t, client: client.name, nodes: nodeCount(world, granted.length)});
	return withClient(changedWorld(world, {lock}), asked);
}

function renew(world: World, client: Client, lease: number, heartbeat: boolean, log: Log): World {
	const t = world.clock;
	// Heartbeats call this every few ticks of a long tick: one pass over the nodes, one copy of each changed part.
	let answered = 0;
	let extended = 0;
	let nodes = world.nodes;
	for (let index = 0; index < world.nodes.length; index += 1) {
		const node = world.nodes[index]!;
		if (!answers(client, node)) continue;
		answered += 1;
		if (node.holder !== client.name) continue;
		extended += 1;
		if (nodes === world.nodes) nodes = [...world.nodes];
		(nodes as LockNode[])[index] = changedNode(node, {expiry: nodeClock(world, node) + lease});
	}
	// The heartbeat timer starts again at every renew, answered or not.
	if (answered === 0) {
		log.add(
			counted(
				heartbeat ? {kind: 'unanswered', t, client: client.name, request: 'renew', heartbeat} : {kind: 'unanswered', t, client: client.name, request: 'renew'},
				world,
				0,
			),
		);
		return withClient(world, changedClient(client, {lease, lastRenewAt: t}));
	}
	if (extended < majority(world)) {
		log.add(counted({kind: 'renew-failed', t, client: client.name, lostToken: client.token, heartbeat}, world, extended));
		return withNodesAndClient(world, nodes, changedClient(client, {lease, lastRenewAt: t, holds: false, token: null, until: null, grant: null}));
	}
	const until = clientClock(world, client) + lease;
	log.add(counted({kind: 'renewed', t, client: client.name, expiry: until, heartbeat}, world, extended));
	return withNodesAndClient(world, nodes, changedClient(client, {lease, lastRenewAt: t, until: client.holds ? until : null}));
}

function release(world: World, client: Client, log: Log): World {
	const t = world.clock;
	const forgets = forgetting(client);
	if (!world.nodes.some(node => answers(client, node))) {
		log.add(counted({kind: 'unanswered', t, client: client.name, request: 'release'}, world, 0));
		return withClient(world, forgets);
	}
	let lock = world.lock;
	let deleted = 0;
	let token: number | null = null;
	const nodes = world.nodes.map(node => {
		if (!answers(client, node) || node.holder !== client.name) return node;
		deleted += 1;
		token = node.token;
		lock = afterDelete(world, lock);
		return changedNode(node, {holder: null, token: null, expiry: null});
	});
	if (deleted === 0) {
		log.add({kind: 'release-ignored', t, client: client.name, droppedToken: client.token});
		return withClient(world, forgets);
	}
	log.add(counted({kind: 'released', t, client: client.name, token}, world, deleted));
	return withClient(changedWorld(withNodes(world, nodes), {lock}), forgets);
}

/** `write`: a careful client checks its lease first; with `pause=M` the checked write waits for the pause to end. */
function write(world: World, client: Client, value: string, delay: number | null, pause: number | null, log: Log): World {
	const t = world.clock;
	const clock = clientClock(world, client);
	if (client.checksLease && client.until !== null && clock >= client.until) {
		log.add({kind: 'lease-over', t, client: client.name, clock, until: client.until});
		return withClient(world, forgetting(client));
	}
	const held: HeldWrite = {value, delay, token: client.fencing ? client.token : null, senderToken: client.token, senderGrant: client.grant!};
	if (pause === null) return send(world, client, held, log);
	log.add({kind: 'paused', t, client: client.name, until: t + pause, held: value});
	return withClient(world, changedClient(client, {status: 'paused', pausedUntil: t + pause, held}));
}

function send(world: World, client: Client, held: HeldWrite, log: Log): World {
	const write: InflightWrite = {
		from: client.name,
		token: held.token,
		senderToken: held.senderToken,
		...(held.senderGrant === held.senderToken ? {} : {senderGrant: held.senderGrant}),
		value: held.value,
		arrivesAt: world.clock + (held.delay ?? 0),
	};
	const stuck = !reaches(client, resourceTarget);
	if (held.delay === null && !stuck) return deliver(world, write, log);
	log.add({kind: 'sent', t: world.clock, client: client.name, value: write.value, token: write.token, arrivesAt: write.arrivesAt, ...(stuck ? {stuck} : {})});
	return changedWorld(world, {inflight: [...world.inflight, write]});
}

/** A pause ends (by itself or by `resume`): a held write leaves at once. */
function resumeClient(world: World, client: Client, log: Log): World {
	const resumed = withClient(world, changedClient(client, {status: 'running', pausedUntil: null, held: null}));
	return client.held ? send(resumed, findClient(resumed, client.name)!, client.held, log) : resumed;
}

/** The seed's Resource.Write, plus the violation check the simulator can make because it knows every sender's grant. */
function deliver(world: World, write: InflightWrite, log: Log): World {
	const t = world.clock;
	const {resource} = world;
	if (resource.fenced && write.token !== null && write.token < resource.maxToken) {
		log.add({kind: 'rejected', t, client: write.from, value: write.value, token: write.token, maxToken: resource.maxToken});
		return changedWorld(world, {resource: changedResource(resource, {rejected: resource.rejected + 1})});
	}
	const maxToken = write.token !== null && write.token > resource.maxToken ? write.token : resource.maxToken;
	const senderGrant = senderGrantOf(write);
	const violation = senderGrant < world.maxAcceptedSenderGrant;
	log.add({kind: 'accepted', t, client: write.from, value: write.value, token: write.token, senderToken: write.senderToken, maxToken, violation});
	return changedWorld(world, {
		resource: changedResource(resource, {value: write.value, writes: resource.writes + 1, maxToken}),
		violations: world.violations + (violation ? 1 : 0),
		maxAcceptedSenderGrant: Math.max(world.maxAcceptedSenderGrant, senderGrant),
	});
}

/** Writes in flight that are due and whose sender reaches the resource, in send order. */
function deliverDue(world: World, log: Log, from?: string): World {
	if (world.inflight.length === 0) return world;
	const canArrive = (write: InflightWrite) =>
		write.arrivesAt <= world.clock && (from === undefined || write.from === from) && reaches(findClient(world, write.from)!, resourceTarget);
	const arriving = world.inflight.filter(canArrive);
	if (arriving.length === 0) return world;
	let current: World = changedWorld(world, {inflight: world.inflight.filter(write => !canArrive(write))});
	for (const write of arriving) current = deliver(current, write, log);
	return current;
}

/** `partition C [peer…]` and `heal C [peer…]`: `lock` stands for every node; no peer means every node (partition) or every link (heal). */
function relink(world: World, client: Client, kind: 'partition' | 'heal', peers: readonly string[], log: Log): World {
	const allNodes = world.nodes.map(node => node.name);
	const named = peers.length > 0 ? peers.flatMap(peer => (peer === lockPeer ? allNodes : [peer])) : kind === 'partition' ? allNodes : [...client.cut];
	const changed = [...new Set(named)].filter(peer => (kind === 'partition') !== client.cut.includes(peer)).sort();
	const cut = kind === 'partition' ? [...client.cut, ...changed].sort() : client.cut.filter(peer => !changed.includes(peer));
	// The one node of a lock service is the lock service: the event names it so.
	const told = world.nodes.length === 1 ? changed.map(peer => (peer === allNodes[0] ? lockPeer : peer)) : changed;
	log.add({kind: kind === 'partition' ? 'partitioned' : 'healed', t: world.clock, client: client.name, peers: told});
	const next = withClient(world, changedClient(client, {cut}));
	// A write stuck in the network arrives the moment its link is back, if it is due.
	return kind === 'heal' && changed.includes(resourceTarget) ? deliverDue(next, log, client.name) : next;
}

/** `jump`: a client's clock, or a node's (which then drops a key its clock now sees as expired). */
function jump(world: World, target: string, by: number, log: Log): World {
	const t = world.clock;
	const client = findClient(world, target);
	if (client) {
		const moved = changedClient(client, {offset: client.offset + by});
		log.add({kind: 'jumped', t, target, by, clock: clientClock(world, moved)});
		return withClient(world, moved);
	}
	const node = findNode(world, target)!;
	const moved = changedNode(node, {offset: node.offset + by});
	log.add({kind: 'jumped', t, target, by, clock: nodeClock(world, moved)});
	return expireKeys(withNode(world, moved), log);
}

function nodeRefusal(node: LockNode, kind: 'crash' | 'restart'): Refusal | null {
	if (kind === 'crash' && !node.up) return {kind: 'node-already-crashed', node: node.name};
	if (kind === 'restart' && node.up) return {kind: 'node-not-crashed', node: node.name};
	return null;
}

function crashOrRestartNode(world: World, node: LockNode, kind: 'crash' | 'restart', log: Log): World {
	const t = world.clock;
	if (kind === 'crash') {
		// A node that keeps nothing on disk loses its key (and its lock-delay) with its memory.
		const forgets = !node.persistent && node.holder !== null;
		log.add({kind: 'node-crashed', t, node: node.name, lostKey: forgets ? node.holder : null});
		return withNode(
			world,
			node.persistent ? changedNode(node, {up: false}) : changedNode(node, {up: false, holder: null, token: null, expiry: null, delayUntil: null}),
		);
	}
	log.add({kind: 'node-restarted', t, node: node.name, keptKey: node.holder});
	// A persistent node drops at once a key that expired while it was down.
	return expireKeys(withNode(world, changedNode(node, {up: true})), log);
}

/** Keys whose expiry the node's own clock has reached are dropped, nodes in order; a node that is down decides nothing. */
function expireKeys(world: World, log: Log): World {
	// Called at every unit of a long tick: most units expire nothing, and then nothing is copied.
	if (!world.nodes.some(node => node.up && node.holder !== null && nodeClock(world, node) >= node.expiry!)) return world;
	let lock = world.lock;
	const nodes = world.nodes.map(node => {
		if (!node.up || node.holder === null || nodeClock(world, node) < node.expiry!) return node;
		lock = afterDelete(world, lock);
		const delayUntil = world.lockDelay > 0 ? node.expiry! + world.lockDelay : null;
		log.add({
			kind: 'expired',
			t: world.clock,
			client: node.holder,
			token: node.token,
			...(world.nodes.length > 1 ? {node: node.name} : {}),
			...(delayUntil === null ? {} : {delayUntil}),
		});
		return changedNode(node, {holder: null, token: null, expiry: null, delayUntil});
	});
	return changedWorld(world, {nodes, lock});
}

function tick(world: World, n: number, log: Log): World {
	const from = world.clock;
	const end = from + n;
	log.add({kind: 'ticked', t: end, from});
	let current = world;
	while (current.clock < end) {
		// Once no more events are kept, a stretch of nothing but heartbeats is one step.
		const skipped = log.keeping ? null : skipHeartbeats(current, end, log);
		// Nothing can happen between due times, so jump straight to the next one.
		current = skipped ?? runTimeUnit(changedWorld(current, {clock: Math.min(end, nextDueTime(current))}), log);
	}
	return current;
}

/** A client's heartbeats in a stretch where each one renews, or reaches no node. */
interface Heartbeat {
	readonly client: Client;
	/** When it fires next: an overdue one (after `resume`) at the next unit. */
	readonly next: number;
	/** The nodes it extends: those that answer and hold the client's key. */
	readonly keys: readonly LockNode[];
}

/**
 * The world at the end of the units from now up to just before the next change (or `end`), when
 * all that happens in them is heartbeats that renew or that no node answers. Nothing else changes
 * then: each client's heartbeats come every `renewEvery` with the same answer, extending the same
 * keys, so the last one of each says it all, and their events are counted, as the log keeps none.
 * Null when no heartbeat falls in that stretch.
 */
function skipHeartbeats(world: World, end: number, log: Log): World | null {
	const t = world.clock;
	// The first time at which a unit does more than steady heartbeats.
	let change = Number.POSITIVE_INFINITY;
	const changesAt = (time: number) => {
		change = Math.min(change, Math.max(time, t + 1));
	};
	const steady: Heartbeat[] = [];
	const extended = new Set<string>();
	for (const client of world.clients) {
		if (client.status === 'paused') changesAt(client.pausedUntil!);
		if (!sendsHeartbeats(client)) continue;
		const next = Math.max(client.lastRenewAt! + client.renewEvery!, t + 1);
		const answering = world.nodes.filter(node => answers(client, node));
		const keys = answering.filter(node => node.holder === client.name);
		// A renew that fails tells the client it lost the lock: a change.
		if (answering.length > 0 && keys.length < majority(world)) {
			changesAt(next);
			continue;
		}
		steady.push({client, next, keys});
		for (const node of keys) {
			extended.add(node.name);
			// The key ends before the heartbeat that would extend it, or between two heartbeats.
			const expires = node.expiry! - node.offset;
			if (expires <= next) changesAt(expires);
			else if (client.lease <= client.renewEvery!) changesAt(next + client.lease);
		}
	}
	// Every other key ends at its expiry; a node that is down decides nothing, and a stuck write waits for `heal`.
	for (const node of world.nodes) if (node.up && node.expiry !== null && !extended.has(node.name)) changesAt(node.expiry - node.offset);
	for (const write of world.inflight) if (reaches(findClient(world, write.from)!, resourceTarget)) changesAt(write.arrivesAt);

	const last = Math.min(end, change - 1);
	let count = 0;
	let lastAt = t;
	let {clients, nodes} = world;
	for (const {client, next, keys} of steady) {
		if (next > last) continue;
		const times = Math.floor((last - next) / client.renewEvery!) + 1;
		const at = next + (times - 1) * client.renewEvery!;
		count += times;
		lastAt = Math.max(lastAt, at);
		// As renew leaves them after the heartbeat at `at`.
		const renewed = changedClient(client, keys.length > 0 ? {lastRenewAt: at, until: at + client.offset + client.lease} : {lastRenewAt: at});
		clients = clients.map(other => (other === client ? renewed : other));
		nodes = nodes.map(node => (keys.includes(node) ? changedNode(node, {expiry: at + node.offset + client.lease}) : node));
	}
	if (count === 0) return null;
	log.leaveOut(count, lastAt);
	return changedWorld(world, {clock: last, clients, nodes});
}

/** The earliest time after now at which a time unit has something to do. */
function nextDueTime(world: World): number {
	let due = Number.POSITIVE_INFINITY;
	const soonest = (time: number) => {
		due = Math.min(due, Math.max(time, world.clock + 1));
	};
	// A node's expiry is in its local time: true time is that minus its offset.
	for (const node of world.nodes) if (node.up && node.expiry !== null) soonest(node.expiry - node.offset);
	for (const client of world.clients) {
		if (client.pausedUntil !== null) soonest(client.pausedUntil);
		if (sendsHeartbeats(client)) soonest(client.lastRenewAt! + client.renewEvery!);
	}
	// A write whose sender is cut from the resource waits for `heal`, not for time.
	for (const write of world.inflight) if (reaches(findClient(world, write.from)!, resourceTarget)) soonest(write.arrivesAt);
	return due;
}

/** A heartbeat renews a lease the client believes it holds; one that believes it holds nothing has none to renew. */
function sendsHeartbeats(client: Client): boolean {
	return client.status === 'running' && client.renewEvery !== null && client.holds && client.lastRenewAt !== null;
}

/** One unit of time, in the documented order: (clock already advanced) keys expiring, pauses ending, heartbeats, arrivals. */
function runTimeUnit(world: World, log: Log): World {
	const t = world.clock;
	// The seed's refresh, done as soon as time passes, so a world never shows an expired holder.
	let current = expireKeys(world, log);
	for (const client of current.clients) {
		if (client.status === 'paused' && client.pausedUntil! <= t) {
			log.add({kind: 'resumed', t, client: client.name, early: false});
			current = resumeClient(current, findClient(current, client.name)!, log);
		}
	}
	for (const {name} of current.clients) {
		const client = findClient(current, name)!;
		if (sendsHeartbeats(client) && t - client.lastRenewAt! >= client.renewEvery!) {
			current = renew(current, client, client.lease, true, log);
		}
	}
	return deliverDue(current, log);
}
