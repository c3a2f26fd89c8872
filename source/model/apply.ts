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
	changedWaiting,
	changedWorld,
	clientClock,
	findClient,
	findNode,
	type HeldWrite,
	inLockDelay,
	type InflightWrite,
	type Lock,
	latencyTo,
	type LockNode,
	majority,
	measuringClock,
	measuringOffset,
	type Message,
	type NodeRefusal,
	nodeClock,
	type RequestOp,
	reaches,
	senderGrantOf,
	type Waiting,
	type World,
	waitTimeout,
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
		case 'renew':
			return withLockView(request(world, client, command.kind, command.lease ?? world.defaultLease, false, log));
		case 'release':
			return withLockView(request(world, client, 'release', client.lease, false, log));
		case 'write':
			return withLockView(write(world, client, command.value ?? client.name, command.delay ?? null, command.pause ?? null, log));
		case 'pause':
			log.add({kind: 'paused', t, client: name, until: t + command.n});
			return withLockView(withClient(world, changedClient(client, {status: 'paused', pausedUntil: t + command.n})));
		case 'resume': {
			const resumed = resumeClient(world, client, true, log);
			return withLockView(decideIfDone(resumed, findClient(resumed, name)!, log));
		}
		case 'crash':
			log.add({
				kind: 'crashed',
				t,
				client: name,
				droppedToken: client.token,
				...(client.held ? {lostWrite: client.held.value} : {}),
			});
			// A crash ends a wait: its requests' keys stay on the nodes until they expire.
			return withLockView(withClient(world, forgetting(changedClient(client, {status: 'crashed', pausedUntil: null, held: null, waiting: null}))));
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
		case 'heal':
		case 'latency': {
			const peers = command.kind === 'latency' ? [command.peer] : command.peers;
			const peer = peers.find(peer => peer !== lockPeer && peer !== resourceTarget && !findNode(world, peer));
			return peer === undefined ? null : {kind: 'unknown-peer', client: name, peer};
		}
		case 'fencing':
		case 'tick':
		case 'jump':
			return null;
		default:
			if (status === 'paused') return {kind: 'paused', client: name, until: client.pausedUntil!};
			if (status === 'crashed') return {kind: 'crashed', client: name};
			if (command.kind === 'write' && !client.holds) return {kind: 'no-token', client: name};
			if (client.waiting && (command.kind === 'acquire' || command.kind === 'renew' || command.kind === 'release')) {
				return {kind: 'waiting', client: name, op: client.waiting.op, since: client.waiting.since};
			}
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
export function withLockView(world: World): World {
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

/** An acquire, renew or release (a heartbeat is a renew): in an instant when every node it reaches answers at once, else as messages. */
function request(world: World, client: Client, op: RequestOp, lease: number, heartbeat: boolean, log: Log): World {
	// The common case, and the second model's: no allocation before it is known.
	if (world.nodes.every(node => !answers(client, node) || latencyTo(client, node.name) === 0)) {
		if (op === 'acquire') return acquire(world, client, lease, log);
		if (op === 'renew') return renew(world, client, lease, heartbeat, log);
		return release(world, client, log);
	}
	const reachable = world.nodes.filter(node => answers(client, node));
	const t = world.clock;
	const attempt = client.attempts + 1;
	log.add({
		kind: 'request-sent',
		t,
		client: client.name,
		op,
		to: reachable.map(node => node.name),
		failed: world.nodes.filter(node => !answers(client, node)).map(node => node.name),
		...(heartbeat ? {heartbeat} : {}),
	});
	const waiting: Waiting = {
		op,
		since: measuringClock(world, client),
		replies: 0,
		unread: 0,
		grants: 0,
		sent: reachable.length,
		attempt,
		lease,
		heartbeat,
		grant: null,
		token: null,
		refusal: null,
	};
	// What the client does as it sends: it remembers the lease asked for, a renew restarts the heartbeat timer, a release drops its belief.
	const asking = changedClient(client, {waiting, attempts: attempt, ...(op === 'release' ? {} : {lease}), ...(op === 'renew' ? {lastRenewAt: t} : {})});
	const sending = withClient(world, op === 'release' ? forgetting(asking) : asking);
	const requests = reachable.map(node => requestTo(client, node.name, op, attempt, op === 'release' ? null : lease, false, t));
	return settleNow(changedWorld(sending, {messages: [...sending.messages, ...requests]}), log, client.name);
}

function requestTo(client: Client, node: string, op: RequestOp, attempt: number, lease: number | null, undo: boolean, t: number): Message {
	return {
		kind: 'request',
		from: client.name,
		to: node,
		op,
		granted: null,
		arrivesAt: t + latencyTo(client, node),
		attempt,
		lease,
		undo,
		token: null,
		refusal: null,
	};
}

/**
 * Requests and replies due now arrive, and clients whose wait is over decide (declared order):
 * every client in a time unit, or only the one that just asked, whose messages with latency 0
 * arrive in the instant they are sent.
 */
function settleNow(world: World, log: Log, only?: string): World {
	let current = arriveReplies(arriveRequests(world, log), log);
	for (const {name} of current.clients) if (only === undefined || name === only) current = decideIfDone(current, findClient(current, name)!, log);
	return current;
}

/** Is a message due now lost: its link cut, or its node down? */
function lostWhy(world: World, message: Message): 'cut' | 'down' | null {
	const clientName = message.kind === 'request' ? message.from : message.to;
	const nodeName = message.kind === 'request' ? message.to : message.from;
	if (!findNode(world, nodeName)!.up) return 'down';
	return reaches(findClient(world, clientName)!, nodeName) ? null : 'cut';
}

/** Requests due now reach their nodes, in send order: each node handles its own by its clock and state, and replies. */
function arriveRequests(world: World, log: Log): World {
	const due = world.messages.filter(message => message.kind === 'request' && message.arrivesAt <= world.clock);
	if (due.length === 0) return world;
	let current = changedWorld(world, {messages: world.messages.filter(message => !due.includes(message))});
	for (const message of due) {
		const why = lostWhy(current, message);
		if (why !== null) {
			log.add({kind: 'message-lost', t: world.clock, client: message.from, node: message.to, message: 'request', op: message.op, why});
			continue;
		}
		current = handleRequest(current, message, log);
	}
	return current;
}

/** A node handles a request exactly as an instant one (see "Majorities"), and sends its reply. */
function handleRequest(world: World, message: Message, log: Log): World {
	const t = world.clock;
	const node = findNode(world, message.to)!;
	const client = findClient(world, message.from)!;
	let lock = world.lock;
	let changed: LockNode = node;
	let granted = false;
	let token: number | null = null;
	let refusal: NodeRefusal | null = null;
	if (message.op === 'acquire') {
		if (node.holder === null && !inLockDelay(world, node)) {
			const issued = issueToken(world, lock);
			lock = issued.lock;
			token = issued.token;
			granted = true;
			changed = changedNode(node, {holder: client.name, token, expiry: nodeClock(world, node) + message.lease!, attempt: message.attempt});
		} else refusal = node.holder !== null ? {holder: node.holder} : {delayUntil: node.delayUntil!};
	} else if (message.op === 'renew') {
		granted = node.holder === client.name;
		if (granted) changed = changedNode(node, {expiry: nodeClock(world, node) + message.lease!});
	} else {
		// A client's give-up deletes only its attempt's key (the key's random value); a release, any key of the client's.
		granted = node.holder === client.name && (!message.undo || node.attempt === message.attempt);
		if (granted) {
			token = node.token;
			lock = afterDelete(world, lock);
			changed = changedNode(node, {holder: null, token: null, expiry: null, attempt: null});
		}
	}
	let current = changedWorld(withNode(world, changed), {lock});
	// A give-up's deletion: the node sends no reply, as nobody waits for one.
	if (message.undo) {
		log.add({kind: 'deletion-arrived', t, client: client.name, node: node.name, deleted: granted});
		return current;
	}
	const replyAt = t + latencyTo(client, node.name);
	const issued = message.op === 'acquire' && token !== null ? {token} : {};
	log.add({kind: 'request-arrived', t, client: client.name, node: node.name, op: message.op, granted, replyAt, ...issued});
	const reply: Message = {
		kind: 'reply',
		from: node.name,
		to: client.name,
		op: message.op,
		granted,
		arrivesAt: replyAt,
		attempt: message.attempt,
		lease: null,
		undo: false,
		token,
		refusal,
	};
	current = changedWorld(current, {messages: [...current.messages, reply]});
	return granted && message.op === 'acquire' ? numberGrant(current, client.name, message.attempt) : current;
}

/**
 * Grant numbers are taken on the nodes' side: an attempt takes the next number the moment its keys
 * first stand on a majority of the nodes, while its client still waits for it.
 */
function numberGrant(world: World, name: string, attempt: number): World {
	const client = findClient(world, name)!;
	const waiting = client.waiting;
	if (!waiting || waiting.attempt !== attempt || waiting.grant !== null) return world;
	const keys = world.nodes.filter(node => node.up && node.holder === name && node.attempt === attempt).length;
	if (keys < majority(world)) return world;
	const grant = world.grants + 1;
	return withClient(changedWorld(world, {grants: grant}), changedClient(client, {waiting: changedWaiting(waiting, {grant})}));
}

/** Replies due now reach their clients, in send order; those that reach a frozen client wait for it unread, counted. */
function arriveReplies(world: World, log: Log): World {
	const due = world.messages.filter(message => message.kind === 'reply' && message.arrivesAt <= world.clock);
	if (due.length === 0) return world;
	let current = changedWorld(world, {messages: world.messages.filter(message => !due.includes(message))});
	const t = world.clock;
	for (const message of due) {
		const why = lostWhy(current, message);
		if (why !== null) {
			log.add({kind: 'message-lost', t, client: message.to, node: message.from, message: 'reply', op: message.op, why});
			continue;
		}
		const client = findClient(current, message.to)!;
		const waiting = client.waiting;
		const ignored = waiting === null || waiting.attempt !== message.attempt;
		// A frozen client reads nothing: the reply waits in its socket until it wakes.
		const unread = !ignored && client.status === 'paused';
		log.add({
			kind: 'reply-arrived',
			t,
			client: message.to,
			node: message.from,
			op: message.op,
			granted: message.granted!,
			ignored,
			...(unread ? {unread} : {}),
		});
		if (ignored) continue;
		const counted = changedWaiting(waiting, {
			replies: waiting.replies + 1,
			unread: waiting.unread + (unread ? 1 : 0),
			grants: waiting.grants + (message.granted ? 1 : 0),
			token: message.token ?? waiting.token,
			refusal: message.refusal ?? waiting.refusal,
		});
		current = withClient(current, changedClient(client, {waiting: counted}));
	}
	return current;
}

/** A running client decides when every request it sent is answered, or its timeout has passed. */
function decideIfDone(world: World, client: Client, log: Log): World {
	const waiting = client.waiting;
	if (waiting === null || client.status !== 'running') return world;
	const timedOut = measuringClock(world, client) - waiting.since >= waitTimeout(world, waiting);
	if (waiting.replies < waiting.sent && !timedOut) return world;
	const done = changedClient(client, {waiting: null});
	const decided = withClient(world, done);
	if (waiting.op === 'release') return decideRelease(decided, done, waiting, log);
	return decideGrant(decided, done, waiting, waiting.replies < waiting.sent, log);
}

function decideRelease(world: World, client: Client, waiting: Waiting, log: Log): World {
	const t = world.clock;
	if (waiting.replies === 0) log.add(counted({kind: 'unanswered', t, client: client.name, request: 'release'}, world, 0));
	else if (waiting.grants === 0) log.add({kind: 'release-ignored', t, client: client.name, droppedToken: null});
	else log.add(counted({kind: 'released', t, client: client.name, token: waiting.token}, world, waiting.grants));
	return world;
}

/** An acquire's or renew's decision (docs/model.md, "The decision: checksValidity"). */
function decideGrant(world: World, client: Client, waiting: Waiting, timedOut: boolean, log: Log): World {
	const t = world.clock;
	const {op, lease, since, heartbeat} = waiting;
	const at = measuringClock(world, client);
	const request = op === 'acquire' ? 'acquire' : 'renew';
	if (waiting.replies === 0) {
		log.add(
			counted(heartbeat ? {kind: 'unanswered', t, client: client.name, request, heartbeat} : {kind: 'unanswered', t, client: client.name, request}, world, 0),
		);
		return op === 'acquire' ? undo(world, client, waiting.attempt, log) : world;
	}
	if (waiting.grants < majority(world)) {
		if (op === 'renew') {
			log.add(counted({kind: 'renew-failed', t, client: client.name, lostToken: client.token, heartbeat}, world, waiting.grants));
			return withClient(world, forgetting(client));
		}
		if (world.nodes.length > 1) log.add({kind: 'acquire-minority', t, client: client.name, nodes: nodeCount(world, waiting.grants)});
		else if (waiting.refusal !== null && 'holder' in waiting.refusal) log.add({kind: 'acquire-failed', t, client: client.name, holder: waiting.refusal.holder});
		else if (waiting.refusal !== null) log.add({kind: 'lock-delay', t, client: client.name, node: world.nodes[0]!.name, until: waiting.refusal.delayUntil});
		return undo(world, client, waiting.attempt, log);
	}
	const validity = client.checksValidity ? lease - (at - since) - world.drift : null;
	const kept = validity === null || validity > 0;
	const until = validity === null ? at + lease : since + lease - world.drift;
	log.add({
		kind: 'decided',
		t,
		client: client.name,
		op: request,
		lease,
		since,
		at,
		drift: world.drift,
		validity,
		kept,
		until: kept ? until : null,
		timedOut,
		...(heartbeat ? {heartbeat} : {}),
	});
	if (!kept) return op === 'acquire' ? undo(world, client, waiting.attempt, log) : withClient(world, forgetting(client));
	if (op === 'renew') {
		log.add(counted({kind: 'renewed', t, client: client.name, expiry: until, heartbeat}, world, waiting.grants));
		return withClient(world, changedClient(client, {until: client.holds ? until : null}));
	}
	const token = world.nodes.length === 1 ? waiting.token : null;
	log.add(counted({kind: 'acquired', t, client: client.name, token, expiry: until, ...(at > since ? {afterWait: true} : {})}, world, waiting.grants));
	// An attempt whose keys never stood on a majority at once took no number: its writes count as older than every grant.
	return withClient(world, changedClient(client, {holds: true, token, until, grant: waiting.grant ?? 0, lastRenewAt: t}));
}

/** A client gives an attempt up: it asks every node it reaches to delete that attempt's key, and waits for no reply. */
function undo(world: World, client: Client, attempt: number, log: Log): World {
	const reachable = world.nodes.filter(node => answers(client, node));
	if (reachable.length === 0) return world;
	log.add({kind: 'request-sent', t: world.clock, client: client.name, op: 'release', to: reachable.map(node => node.name), failed: [], undo: true});
	const requests = reachable.map(node => requestTo(client, node.name, 'release', attempt, null, true, world.clock));
	return arriveRequests(changedWorld(world, {messages: [...world.messages, ...requests]}), log);
}

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
		// A key granted in an instant belongs to no attempt: no give-up's deletion, which names its own attempt, removes it.
		return changedNode(node, {holder: client.name, token: issued.token, expiry: nodeClock(world, node) + lease, attempt: null});
	});
	if (granted.length >= majority(world)) {
		const grant = world.grants + 1;
		const validity = instantValidity(world, client, 'acquire', lease, false, log);
		// Given up: the keys just granted are deleted at once, as a minority's are; the grant's number is spent.
		if (validity !== null && validity <= 0) return withClient(changedWorld(world, {lock, grants: grant}), asked);
		const until = measuringClock(world, client) + lease - (validity === null ? 0 : world.drift);
		const believed = world.nodes.length === 1 ? token : null;
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

/**
 * The validity of an answer that came in the instant it was asked (T2 = T1): lease − drift, told as a
 * decision; null when there is nothing to subtract (no drift, or a client that does not check), as
 * in the second model, which says nothing of it.
 */
function instantValidity(world: World, client: Client, op: 'acquire' | 'renew', lease: number, heartbeat: boolean, log: Log): number | null {
	if (!client.checksValidity || world.drift === 0) return null;
	const now = measuringClock(world, client);
	const validity = lease - world.drift;
	const kept = validity > 0;
	log.add({
		kind: 'decided',
		t: world.clock,
		client: client.name,
		op,
		lease,
		since: now,
		at: now,
		drift: world.drift,
		validity,
		kept,
		until: kept ? now + validity : null,
		timedOut: false,
		...(heartbeat ? {heartbeat} : {}),
	});
	return validity;
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
	const validity = instantValidity(world, client, 'renew', lease, heartbeat, log);
	if (validity !== null && validity <= 0) return withNodesAndClient(world, nodes, forgetting(changedClient(client, {lease, lastRenewAt: t})));
	const until = measuringClock(world, client) + lease - (validity === null ? 0 : world.drift);
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
	const clock = measuringClock(world, client);
	if (client.checksLease && client.until !== null && clock >= client.until) {
		log.add({kind: 'lease-over', t, client: client.name, clock, until: client.until});
		return withClient(world, forgetting(client));
	}
	const linkDelay = latencyTo(client, resourceTarget);
	const held: HeldWrite = {
		value,
		delay: delay ?? (linkDelay > 0 ? linkDelay : null),
		token: client.fencing ? client.token : null,
		senderToken: client.token,
		senderGrant: client.grant!,
	};
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

/** A pause ends (by itself or by `resume`): the client reads the replies that came while it was frozen, and a held write leaves at once. */
function resumeClient(world: World, client: Client, early: boolean, log: Log): World {
	const {waiting} = client;
	const unread = waiting === null ? 0 : waiting.unread;
	log.add({kind: 'resumed', t: world.clock, client: client.name, early, ...(unread > 0 ? {unread} : {})});
	const read = unread > 0 ? changedWaiting(waiting!, {unread: 0}) : waiting;
	const resumed = withClient(world, changedClient(client, {status: 'running', pausedUntil: null, held: null, waiting: read}));
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
	// A forward jump of a down node may bring its held restart due: it happens at once.
	return expireKeys(restartHeldNodes(withNode(world, moved), log), log);
}

function nodeRefusal(node: LockNode, kind: 'crash' | 'restart'): Refusal | null {
	if (kind === 'crash' && !node.up) return {kind: 'node-already-crashed', node: node.name};
	if (kind === 'restart' && node.up) return {kind: 'node-not-crashed', node: node.name};
	if (kind === 'restart' && node.restartHeld) return {kind: 'restart-held', node: node.name, until: node.downSince! + node.restartDelay};
	return null;
}

function crashOrRestartNode(world: World, node: LockNode, kind: 'crash' | 'restart', log: Log): World {
	const t = world.clock;
	if (kind === 'crash') {
		// A node that keeps nothing on disk loses its key (and its lock-delay) with its memory.
		const forgets = !node.persistent && node.holder !== null;
		log.add({kind: 'node-crashed', t, node: node.name, lostKey: forgets ? node.holder : null});
		// Only a delayed restart needs to know when the node went down.
		const downSince = node.restartDelay > 0 ? nodeClock(world, node) : null;
		return withNode(
			world,
			node.persistent
				? changedNode(node, {up: false, downSince})
				: changedNode(node, {up: false, holder: null, token: null, expiry: null, delayUntil: null, attempt: null, downSince}),
		);
	}
	if (node.downSince !== null && nodeClock(world, node) < node.downSince + node.restartDelay) {
		log.add({kind: 'restart-held', t, node: node.name, until: node.downSince + node.restartDelay});
		return withNode(world, changedNode(node, {restartHeld: true}));
	}
	// A persistent node drops at once a key that expired while it was down.
	return expireKeys(nodeUp(world, node, log), log);
}

function nodeUp(world: World, node: LockNode, log: Log): World {
	log.add({kind: 'node-restarted', t: world.clock, node: node.name, keptKey: node.holder});
	return withNode(world, changedNode(node, {up: true, downSince: null, restartHeld: false}));
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
	// Messages, waits, held restarts and decisions with a drift make more of a unit than steady heartbeats: each unit is run.
	if (world.messages.length > 0 || world.drift > 0 || world.nodes.some(node => node.restartHeld)) return null;
	if (world.clients.some(client => client.waiting !== null || world.nodes.some(node => latencyTo(client, node.name) > 0))) return null;
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
		const renewed = changedClient(client, keys.length > 0 ? {lastRenewAt: at, until: at + measuringOffset(client) + client.lease} : {lastRenewAt: at});
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
	for (const message of world.messages) soonest(message.arrivesAt);
	for (const client of world.clients) {
		if (client.waiting !== null) soonest(client.waiting.since + waitTimeout(world, client.waiting) - measuringOffset(client));
	}
	for (const node of world.nodes) if (node.restartHeld) soonest(node.downSince! + node.restartDelay - node.offset);
	return due;
}

/** A heartbeat renews a lease the client believes it holds; one that believes it holds nothing has none to renew. */
function sendsHeartbeats(client: Client): boolean {
	return client.status === 'running' && client.renewEvery !== null && client.holds && client.lastRenewAt !== null && client.waiting === null;
}

/** One unit of time, in the documented order: (clock already advanced) keys expiring, pauses ending, heartbeats, arrivals. */
function runTimeUnit(world: World, log: Log): World {
	const t = world.clock;
	// The seed's refresh, done as soon as time passes, so a world never shows an expired holder.
	let current = expireKeys(restartHeldNodes(world, log), log);
	for (const client of current.clients) {
		if (client.status === 'paused' && client.pausedUntil! <= t) current = resumeClient(current, findClient(current, client.name)!, false, log);
	}
	// Requests due arrive, replies due come back, and clients whose wait is over decide.
	if (current.messages.length > 0 || current.clients.some(client => client.waiting !== null)) current = settleNow(current, log);
	for (const {name} of current.clients) {
		const client = findClient(current, name)!;
		if (sendsHeartbeats(client) && t - client.lastRenewAt! >= client.renewEvery!) {
			current = request(current, client, 'renew', client.lease, true, log);
		}
	}
	return deliverDue(current, log);
}

/** Held restarts whose restartDelay has passed by the node's own clock happen, nodes in order; the caller then drops expired keys. */
function restartHeldNodes(world: World, log: Log): World {
	let current = world;
	for (const node of world.nodes) {
		if (node.restartHeld && nodeClock(world, node) >= node.downSince! + node.restartDelay) current = nodeUp(current, node, log);
	}
	return current;
}
