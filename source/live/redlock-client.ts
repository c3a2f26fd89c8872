// One client of a live Redlock run, as a process of its own (dist/redlock-client.js,
// source/redlock-client.ts): a connection to each Redis node and one to the resource, the lock it
// believes it holds, and its writes. Freezing this process (SIGSTOP) freezes all of it, as a
// stop-the-world GC pause does.
//
// The algorithm is written here, after redis.io's "Distributed Locks with Redis", rather than taken
// from the `redlock` package: that package is unmaintained, it keeps a lock whose acquiring took
// longer than its validity, and it hides the steps (T1, T2, the replies counted, the drift) that a
// run has to show and vary (a client that checks its validity, or its lease, or neither).

import {randomBytes} from 'node:crypto';
import {performance} from 'node:perf_hooks';
import {createClient, ErrorReply} from '@redis/client';
import type {RedlockAnswer, RedlockBelief, RedlockClientMessage, RedlockClientSetup, RedlockRequest, RedlockRequestMessage} from './redlock-protocol.js';

/** The spec's extend: the lock's time is set anew only where the key still holds this client's value. */
const extendScript = 'if redis.call("get",KEYS[1]) == ARGV[1] then return redis.call("pexpire",KEYS[1],ARGV[2]) else return 0 end';
/** The spec's release: the key goes only where it still holds this client's value. */
const releaseScript = 'if redis.call("get",KEYS[1]) == ARGV[1] then return redis.call("del",KEYS[1]) else return 0 end';

type Connection = ReturnType<typeof openConnection>;

/** A Redis server reached at a loopback port; its connection (opening or open), or null until the next request opens one. */
interface Link {
	readonly port: number;
	connection: Promise<Connection> | null;
}

interface State {
	readonly setup: RedlockClientSetup;
	readonly nodes: readonly Link[];
	readonly resource: Link;
	/** The value its last lock was taken with, while its keys may still be on the nodes; null once released. */
	value: string | null;
	/** The lease it last asked for: how long a release waits for replies when the setup gives no timeout. */
	ttlMs: number;
	/** When it believes its lock ends (ms since the epoch), or null when it believes it holds none. */
	untilMs: number | null;
}

/** Nothing came back from a node before the decision: it did not answer, or its connection failed. */
const noReply = Symbol('no reply');

/**
 * The options make a connection that sends exactly what it is given. No handshake (RESP2, so no
 * HELLO; no CLIENT SETINFO; no maintenance-notification CLIENT command; database 0, so no SELECT):
 * with latency on the link a handshake would hold back the first request. No reconnecting and no
 * offline queue: a command in flight when the link is cut fails and is never sent again, and the
 * next request opens a new connection. No command timeout: the algorithm waits as long as it
 * chooses, and a reply that arrived while the process was frozen must still be read.
 */
function openConnection(port: number) {
	return createClient({
		RESP: 2,
		disableClientInfo: true,
		maintNotifications: 'disabled',
		disableOfflineQueue: true,
		commandOptions: {timeout: 0},
		socket: {host: '127.0.0.1', port, reconnectStrategy: false},
	});
}

/** The link's connection, opened now if it has none; a connection that fails is forgotten, so that the next request opens another. */
function connection(link: Link): Promise<Connection> {
	if (link.connection !== null) return link.connection;
	const opening = openConnection(link.port);
	const opened = opening.connect();
	const forget = () => {
		if (link.connection === opened) link.connection = null;
	};
	opening.on('error', forget);
	opened.catch(forget);
	link.connection = opened;
	return opened;
}

/** Sends one command on the link; a Redis error reply is a reply, a failed connection is thrown. */
async function command(link: Link, args: readonly string[]): Promise<unknown> {
	try {
		return await (await connection(link)).sendCommand([...args]);
	} catch (error) {
		if (error instanceof ErrorReply) return error;
		throw error;
	}
}

/** Waits for its setup (the first message), connects, says it is ready, then answers requests. */
export function runRedlockClient(runDirectory: string): Promise<void> {
	// `ps` names it; and a later run, cleaning up after a killed one, knows it by its directory.
	process.title = `dlock-tui redlock-client ${runDirectory}`;
	// The live run is this process's reason to be: when it goes, so does this.
	process.on('disconnect', () => process.exit(0));
	return new Promise(resolve => process.once('message', (setup: RedlockClientSetup) => resolve(serve(setup))));
}

async function serve(setup: RedlockClientSetup): Promise<void> {
	const send = (message: RedlockClientMessage) => process.send!(message);
	const state: State = {
		setup,
		nodes: setup.nodes.map(node => ({port: node.port, connection: null})),
		resource: {port: setup.resourcePort, connection: null},
		value: null,
		ttlMs: 0,
		untilMs: null,
	};
	// One request at a time, in the order sent: a request that arrives while one is under way waits.
	let queue = Promise.resolve();
	process.on('message', ({id, request}: RedlockRequestMessage) => {
		queue = queue.then(async () => {
			try {
				const answer = await handle(request, state);
				send({kind: 'answer', id, answer, belief: belief(state)});
			} catch (error) {
				send({kind: 'failed', id, message: error instanceof Error ? error.message : String(error)});
			}
		});
	});
	// At the start every node is up and reachable: one that cannot be reached is an error of the run's.
	const links = [...setup.nodes.map((node, index) => ({name: `node ${node.name}`, link: state.nodes[index]!})), {name: 'the resource', link: state.resource}];
	await Promise.all(
		links.map(({name, link}) =>
			connection(link).catch((error: Error) => {
				throw new Error(`${setup.name} cannot reach ${name} at 127.0.0.1:${link.port}: ${error.message}`);
			}),
		),
	);
	send({kind: 'ready'});
}

function belief(state: State): RedlockBelief {
	return {holds: state.untilMs !== null, untilMs: state.untilMs};
}

/** A time of performance.now() as milliseconds since the epoch: the clock `jump` does not move. */
const epochOf = (time: number) => performance.timeOrigin + time;

async function handle(request: RedlockRequest, state: State): Promise<RedlockAnswer> {
	const {setup} = state;
	switch (request.op) {
		case 'acquire': {
			// The random part makes the value this attempt's own; the name before it lets the run tell whose key a node holds.
			const value = `${setup.name}:${randomBytes(20).toString('hex')}`;
			state.ttlMs = request.ttlMs;
			const round = await toEveryNode(state, ['SET', setup.lockKey, value, 'NX', 'PX', String(request.ttlMs)]);
			const granted = round.replies.filter(reply => reply === 'OK').length;
			const lease = leaseAfter(round, granted, request.ttlMs, setup);
			if (lease.holds) {
				state.value = value;
				state.untilMs = lease.untilMs;
			} else {
				// The spec's "unlock all": even a node that did not answer may have set the key. It waits
				// for no reply: a late deletion must not hold back its answer, nor its next request.
				void toEveryNode(state, ['EVAL', releaseScript, '1', setup.lockKey, value]);
			}
			const replies = round.replies.filter(reply => reply !== noReply).length;
			return {op: 'acquire', acquired: lease.holds, granted, replies, validityMs: lease.validityMs};
		}
		case 'renew': {
			if (state.value === null) {
				state.untilMs = null;
				return {op: 'renew', renewed: false, extended: 0};
			}
			state.ttlMs = request.ttlMs;
			const round = await toEveryNode(state, ['EVAL', extendScript, '1', setup.lockKey, state.value, String(request.ttlMs)]);
			const extended = round.replies.filter(reply => reply === 1).length;
			const lease = leaseAfter(round, extended, request.ttlMs, setup);
			// Its keys are extended, but a client that has given its lock up (its lease was over) does not take it back.
			state.untilMs = lease.holds && state.untilMs !== null ? lease.untilMs : null;
			return {op: 'renew', renewed: lease.holds, extended};
		}
		case 'release': {
			const {value} = state;
			// It believes nothing from the moment it lets go, whatever the nodes answer.
			state.value = null;
			state.untilMs = null;
			if (value === null) return {op: 'release', deleted: 0};
			const round = await toEveryNode(state, ['EVAL', releaseScript, '1', setup.lockKey, value]);
			return {op: 'release', deleted: round.replies.filter(reply => reply === 1).length};
		}
		case 'write': {
			if (setup.checksLease && state.untilMs !== null && epochOf(performance.now()) >= state.untilMs) {
				state.untilMs = null;
				return {op: 'write', leaseOver: true, result: null};
			}
			if (!request.send) return {op: 'write', leaseOver: false, result: null};
			// Redlock gives no token: the write carries none, and a resource takes a write without a
			// token whether it is fenced or not.
			const reply = await command(state.resource, ['SET', setup.valueKey, request.value]);
			if (reply instanceof ErrorReply) throw reply;
			return {op: 'write', leaseOver: false, result: 'accepted'};
		}
	}
}

/** One round of the algorithm: each node's reply, and when it was sent (T1) and decided on (T2), by performance.now(). */
interface Round {
	readonly replies: readonly unknown[];
	readonly sentAt: number;
	readonly decidedAt: number;
}

/**
 * Whether a round that `won` nodes said yes to gives a lock, and until when the client believes
 * it holds it: a majority, and (when it checks its validity) time left of the lease after the
 * round and the drift. A client that checks its validity counts its lease from T1 less the drift;
 * a naive one from the moment it read the replies.
 */
function leaseAfter(round: Round, won: number, ttlMs: number, setup: RedlockClientSetup) {
	const validityMs = ttlMs - (round.decidedAt - round.sentAt) - setup.driftMs;
	const majority = Math.floor(setup.nodes.length / 2) + 1;
	const holds = won >= majority && (!setup.checksValidity || validityMs > 0);
	const untilMs = setup.checksValidity ? epochOf(round.sentAt) + ttlMs - setup.driftMs : epochOf(round.decidedAt) + ttlMs;
	return {holds, untilMs, validityMs: setup.checksValidity ? validityMs : null};
}

/**
 * Sends `args` to every node at once and waits until each has answered or failed, or the setup's
 * timeout (else the lease last asked for) has passed since it sent them. A reply that comes after
 * the decision is not counted.
 */
function toEveryNode(state: State, args: readonly string[]): Promise<Round> {
	const sentAt = performance.now();
	const replies: unknown[] = state.nodes.map(() => noReply);
	return new Promise(resolve => {
		let settled = 0;
		let round: Round | null = null;
		const decide = () => {
			if (round !== null) return;
			clearTimeout(timer);
			round = {replies: [...replies], sentAt, decidedAt: performance.now()};
			resolve(round);
		};
		// When the timer fires the decision waits for the poll phase: a process frozen while its
		// replies arrived runs its due timers first on waking, and a reply already in its socket counts.
		const timer = setTimeout(() => setImmediate(decide), state.setup.timeoutMs ?? state.ttlMs);
		for (const [index, node] of state.nodes.entries()) {
			command(node, args)
				.then(
					reply => {
						replies[index] = reply;
					},
					() => {
						// A refused or reset connection: that node failed, at once.
					},
				)
				.finally(() => {
					settled += 1;
					if (settled === state.nodes.length) decide();
				});
		}
	});
}
