// The simulator: one pure function from a world and a command to the next world. The lock
// service and the resource follow the chapter's Go code exactly (see docs/model.md).

import {type Command, resourceTarget} from './command.js';
import type {Event, Refusal} from './event.js';
import {type Client, type InflightWrite, type World, findClient} from './world.js';

export interface Outcome {
	readonly world: World;
	readonly events: readonly Event[];
	/** Why the command could not be done (the world is then unchanged), or null. */
	readonly refused: Refusal | null;
}

/** Events kept for one command; a long tick full of heartbeats says how many it left out. */
const maxEventsPerCommand = 200;

class EventLog {
	readonly events: Event[] = [];
	private elided = 0;
	private lastTime = 0;

	add(event: Event) {
		this.lastTime = event.t;
		if (this.events.length < maxEventsPerCommand) this.events.push(event);
		else this.elided += 1;
	}

	close(): readonly Event[] {
		return this.elided === 0 ? this.events : [...this.events, {kind: 'elided', t: this.lastTime, count: this.elided}];
	}
}

export function applyCommand(world: World, command: Command): Outcome {
	const log = new EventLog();
	if (command.kind === 'tick') return {world: tick(world, command.n, log), events: log.close(), refused: null};
	if (command.kind === 'fencing' && command.target === resourceTarget) {
		log.add({kind: 'fencing', t: world.clock, target: resourceTarget, on: command.on});
		return {world: {...world, resource: {...world.resource, fenced: command.on}}, events: log.close(), refused: null};
	}

	const name = command.kind === 'fencing' ? command.target : command.client;
	const client = findClient(world, name);
	if (!client) return refuse(world, {kind: 'unknown-client', client: name});
	const refusal = refusalFor(command, client);
	if (refusal) return refuse(world, refusal);

	const t = world.clock;
	let next: World;
	switch (command.kind) {
		case 'acquire':
			next = acquire(world, client, command.lease ?? world.defaultLease, log);
			break;
		case 'renew':
			next = renew(world, client, command.lease ?? world.defaultLease, false, log);
			break;
		case 'release':
			next = release(world, client, log);
			break;
		case 'write':
			next = send(world, client, command.value ?? client.name, command.delay, log);
			break;
		case 'pause':
			log.add({kind: 'paused', t, client: name, until: t + command.n});
			next = withClient(world, {...client, status: 'paused', pausedUntil: t + command.n});
			break;
		case 'resume':
			log.add({kind: 'resumed', t, client: name, early: true});
			next = withClient(world, {...client, status: 'running', pausedUntil: null});
			break;
		case 'crash':
			log.add({kind: 'crashed', t, client: name, droppedToken: client.token});
			next = withClient(world, {...client, status: 'crashed', pausedUntil: null, token: null});
			break;
		case 'restart':
			log.add({kind: 'restarted', t, client: name});
			next = withClient(world, {...client, status: 'running'});
			break;
		case 'fencing':
			log.add({kind: 'fencing', t, target: name, on: command.on});
			next = withClient(world, {...client, fencing: command.on});
			break;
	}
	return {world: next, events: log.close(), refused: null};
}

function refuse(world: World, refused: Refusal): Outcome {
	return {world, events: [], refused};
}

function refusalFor(command: Command, client: Client): Refusal | null {
	const {name, status} = client;
	switch (command.kind) {
		case 'resume':
			return status === 'paused' ? null : {kind: 'not-paused', client: name};
		case 'restart':
			return status === 'crashed' ? null : {kind: 'not-crashed', client: name};
		case 'crash':
			return status === 'crashed' ? {kind: 'already-crashed', client: name} : null;
		case 'fencing':
		case 'tick':
			return null;
		default:
			if (status === 'paused') return {kind: 'paused', client: name, until: client.pausedUntil!};
			if (status === 'crashed') return {kind: 'crashed', client: name};
			if (command.kind === 'write' && client.token === null) return {kind: 'no-token', client: name};
			return null;
	}
}

function withClient(world: World, client: Client): World {
	return {...world, clients: world.clients.map(other => (other.name === client.name ? client : other))};
}

function acquire(world: World, client: Client, lease: number, log: EventLog): World {
	const t = world.clock;
	const {lock} = world;
	if (lock.holder !== null) {
		log.add({kind: 'acquire-failed', t, client: client.name, holder: lock.holder});
		return withClient(world, {...client, lease});
	}
	const token = lock.nextToken;
	log.add({kind: 'acquired', t, client: client.name, token, expiry: t + lease});
	return withClient({...world, lock: {holder: client.name, token, expiry: t + lease, nextToken: token + 1}}, {...client, token, lease, lastRenewAt: t});
}

function renew(world: World, client: Client, lease: number, heartbeat: boolean, log: EventLog): World {
	const t = world.clock;
	if (world.lock.holder !== client.name) {
		log.add({kind: 'renew-failed', t, client: client.name, lostToken: client.token, heartbeat});
		return withClient(world, {...client, token: null, lease, lastRenewAt: t});
	}
	log.add({kind: 'renewed', t, client: client.name, expiry: t + lease, heartbeat});
	return withClient({...world, lock: {...world.lock, expiry: t + lease}}, {...client, lease, lastRenewAt: t});
}

function release(world: World, client: Client, log: EventLog): World {
	const t = world.clock;
	const {lock} = world;
	if (lock.holder !== client.name) {
		log.add({kind: 'release-ignored', t, client: client.name, droppedToken: client.token});
		return withClient(world, {...client, token: null});
	}
	log.add({kind: 'released', t, client: client.name, token: lock.token!});
	return withClient({...world, lock: {...lock, holder: null, token: null, expiry: null}}, {...client, token: null});
}

function send(world: World, client: Client, value: string, delay: number | undefined, log: EventLog): World {
	const senderToken = client.token!;
	const write: InflightWrite = {
		from: client.name,
		token: client.fencing ? senderToken : null,
		senderToken,
		value,
		arrivesAt: world.clock + (delay ?? 0),
	};
	if (delay === undefined) return deliver(world, write, log);
	log.add({kind: 'sent', t: world.clock, client: client.name, value, token: write.token, arrivesAt: write.arrivesAt});
	return {...world, inflight: [...world.inflight, write]};
}

/** The seed's Resource.Write, plus the violation check the simulator can make because it knows every sender's token. */
function deliver(world: World, write: InflightWrite, log: EventLog): World {
	const t = world.clock;
	const {resource} = world;
	if (resource.fenced && write.token !== null && write.token < resource.maxToken) {
		log.add({kind: 'rejected', t, client: write.from, value: write.value, token: write.token, maxToken: resource.maxToken});
		return {...world, resource: {...resource, rejected: resource.rejected + 1}};
	}
	const maxToken = write.token !== null && write.token > resource.maxToken ? write.token : resource.maxToken;
	const violation = write.senderToken < world.maxAcceptedSenderToken;
	log.add({kind: 'accepted', t, client: write.from, value: write.value, token: write.token, senderToken: write.senderToken, maxToken, violation});
	return {
		...world,
		resource: {...resource, value: write.value, writes: resource.writes + 1, maxToken},
		violations: world.violations + (violation ? 1 : 0),
		maxAcceptedSenderToken: Math.max(world.maxAcceptedSenderToken, write.senderToken),
	};
}

function tick(world: World, n: number, log: EventLog): World {
	const from = world.clock;
	const end = from + n;
	log.add({kind: 'ticked', t: end, from});
	let current = world;
	while (current.clock < end) {
		// Nothing can happen between due times, so jump straight to the next one.
		current = runTimeUnit({...current, clock: Math.min(end, nextDueTime(current))}, log);
	}
	return current;
}

/** The earliest time after now at which a time unit has something to do. */
function nextDueTime(world: World): number {
	let due = Number.POSITIVE_INFINITY;
	const soonest = (time: number) => {
		due = Math.min(due, Math.max(time, world.clock + 1));
	};
	if (world.lock.expiry !== null) soonest(world.lock.expiry);
	for (const client of world.clients) {
		if (client.pausedUntil !== null) soonest(client.pausedUntil);
		if (sendsHeartbeats(client)) soonest(client.lastRenewAt! + client.renewEvery!);
	}
	for (const write of world.inflight) soonest(write.arrivesAt);
	return due;
}

/** A heartbeat renews a lease the client believes it holds; one that believes it holds nothing has none to renew. */
function sendsHeartbeats(client: Client): boolean {
	return client.status === 'running' && client.renewEvery !== null && client.token !== null && client.lastRenewAt !== null;
}

/** One unit of time, in the documented order: (clock already advanced) lease expiry, pauses ending, heartbeats, arrivals. */
function runTimeUnit(world: World, log: EventLog): World {
	const t = world.clock;
	let current = world;
	const {lock} = current;
	// The seed's refresh, done as soon as time passes, so a world never shows an expired holder.
	if (lock.holder !== null && lock.expiry !== null && t >= lock.expiry) {
		log.add({kind: 'expired', t, client: lock.holder, token: lock.token!});
		current = {...current, lock: {...lock, holder: null, token: null, expiry: null}};
	}
	for (const client of current.clients) {
		if (client.status === 'paused' && client.pausedUntil! <= t) {
			log.add({kind: 'resumed', t, client: client.name, early: false});
			current = withClient(current, {...client, status: 'running', pausedUntil: null});
		}
	}
	for (const {name} of current.clients) {
		const client = findClient(current, name)!;
		if (sendsHeartbeats(client) && t - client.lastRenewAt! >= client.renewEvery!) {
			current = renew(current, client, client.lease, true, log);
		}
	}
	const arriving = current.inflight.filter(write => write.arrivesAt <= t);
	if (arriving.length > 0) {
		current = {...current, inflight: current.inflight.filter(write => write.arrivesAt > t)};
		for (const write of arriving) current = deliver(current, write, log);
	}
	return current;
}
