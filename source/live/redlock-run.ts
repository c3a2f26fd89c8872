// A live Redlock run: real redis-servers for the nodes (and one for the resource), a process per
// client running the Redlock algorithm itself (redlock-client.ts), and the run's proxy on every
// link between a client and a node (link-proxy.ts), so that a partition cuts real connections and
// a latency holds real bytes. What each command does on them is here; the step loop is steps.ts.

import {setTimeout as sleep} from 'node:timers/promises';
import {type Outcome, withLockView} from '../model/apply.js';
import type {Command} from '../model/command.js';
import type {Event} from '../model/event.js';
import {
	type Client,
	type ClientStatus,
	changedWorld,
	createWorld,
	findClient,
	findNode,
	latencyTo,
	nodeClock,
	reaches,
	type Waiting,
	type World,
} from '../model/world.js';
import type {Scenario} from '../scenario/parse.js';
import type {Lag} from './compare.js';
import type {LinkProxy} from './link-proxy.js';
import {countWrite, startWriteCounts, type WriteCounts} from './live-world.js';
import {holderOfValue, type NodeKey, openRedisNodes, type RedisKeys, type RedisNodes, type RedisState} from './redis-nodes.js';
import type {LocalRedis} from './redis-server.js';
import type {RedlockBelief, RedlockClientSetup, RedlockRequest} from './redlock-protocol.js';
import {type RedlockProcess, startRedlockClient} from './redlock-processes.js';
import type {RunDirectory} from './run-directory.js';
import {type LiveBackend, type LiveMoment, type LiveStep, playSteps, type RealTime, realTime} from './steps.js';

/** How long past the model's tick a node may take to drop an expired key before it counts as not expired. */
const maxExpiryLagMs = 3000;
/** How long past the model's tick a client's decision may take to come (it runs on its own, through the proxies). */
const maxAnswerLagMs = 3000;

/** What the nodes hold, by holder and time left, and what each client process last said it believes. */
export interface RedisView {
	readonly kind: 'redis';
	readonly nodes: readonly {readonly name: string; readonly up: boolean; readonly holder: string | null; readonly pttlMs: number | null}[];
	readonly value: string | null;
	/** The last clock jump of a node, made on its key: by how many ticks, and how many ms its key's time left changed by. */
	readonly jump: {readonly node: string; readonly by: number; readonly ms: number} | null;
	/** When the nodes were read (ms since the epoch): a key's time left counts down from then. */
	readonly readAt: number;
	readonly beliefs: readonly {
		readonly name: string;
		readonly holds: boolean;
		/** The tick it believes its lock ends at, or null. */
		readonly until: number | null;
		readonly status: ClientStatus;
		readonly waiting: boolean;
	}[];
}

/** The run's servers: a redis-server per node, in the nodes' order, and one for the resource. */
export interface RedlockServers {
	readonly nodes: readonly LocalRedis[];
	readonly resource: LocalRedis;
}

export interface PlayRedlockOptions {
	readonly scenario: Scenario;
	/** Resolves once the servers answer: the clients connect then. */
	readonly ready: Promise<unknown>;
	readonly servers: RedlockServers;
	/** Each client's proxy to each node: `links.get(client)![nodeIndex]`. */
	readonly links: ReadonlyMap<string, readonly LinkProxy[]>;
	readonly keys: RedisKeys;
	readonly tickMs: number;
	/** The client's entry (dist/redlock-client.js), run for each client process. */
	readonly clientEntry: string;
	readonly directory: RunDirectory;
	readonly signal: AbortSignal;
	readonly onStep: (step: LiveStep<RedisView>) => void | Promise<void>;
	readonly onMoment?: (moment: LiveMoment<RedisView>) => void;
	/** Called with each client process started, so that the caller can end it on every exit path. */
	readonly onClient: (client: RedlockProcess) => void;
}

/** A client as the run knows it: its process (none while crashed), what it last said it believes, and a request it waits on. */
interface KnownClient {
	process: RedlockProcess | null;
	status: ClientStatus;
	pausedUntil: number | null;
	/** What it last said it believes; `until` in ticks (see ask). */
	belief: RedlockBelief;
	until: number | null;
	fencing: boolean;
	/** The grant its lock is (numbered by the run as the nodes showed it), or null. */
	grant: number | null;
	/** A lock end a pending request's answer took (ms since the epoch), and when the answer came: placed at the model's decision. */
	unplaced: {readonly untilMs: number; readonly answeredAt: number} | null;
	/** A request whose decision has not come yet (its replies take time): what it asked, and when it is answered. */
	pending: {readonly op: Waiting['op']; readonly since: number; readonly lease: number; readonly answered: Promise<void>} | null;
}

/** Plays every step on the run's Redis nodes; resolves when done. Throws when a server or a client fails outright. */
export async function playOnRedlock(options: PlayRedlockOptions): Promise<void> {
	const {scenario, servers, tickMs, signal} = options;
	const start = createWorld(scenario.setup);
	const nodes = openRedisNodes(
		servers.nodes.map(node => ({name: node.name, port: node.port})),
		servers.resource.port,
		options.keys,
	);
	try {
		await options.ready;
		const setupOf = (client: Client): RedlockClientSetup => ({
			name: client.name,
			nodes: start.nodes.map((node, index) => ({name: node.name, port: options.links.get(client.name)![index]!.port})),
			resourcePort: servers.resource.port,
			lockKey: options.keys.lock,
			valueKey: options.keys.value,
			checksLease: client.checksLease,
			checksValidity: client.checksValidity,
			driftMs: start.drift * tickMs,
			timeoutMs: start.timeout === null ? null : start.timeout * tickMs,
		});
		const launch = async (client: Client) => {
			const started = await startRedlockClient(options.clientEntry, options.directory, setupOf(client));
			options.onClient(started);
			return started;
		};
		const processes = await Promise.all(start.clients.map(launch));
		const known = new Map<string, KnownClient>(
			start.clients.map((client, index) => [
				client.name,
				{
					process: processes[index]!,
					status: 'running',
					pausedUntil: null,
					belief: {holds: false, untilMs: null},
					until: null,
					fencing: client.fencing,
					grant: null,
					unplaced: null,
					pending: null,
				},
			]),
		);
		// The nodes are read once before tick 0 starts: the first connections take a moment.
		await nodes.read();
		const time = realTime(tickMs, signal);
		const run = new RedlockRun(options, nodes, known, time, startWriteCounts(start), launch);
		await run.refresh();
		await playSteps(run.backend(), {scenario, time, signal, onStep: options.onStep, onMoment: options.onMoment});
	} finally {
		await nodes.close();
	}
}

/** A decision of the model's: when one comes for a client whose request is pending live, the run waits for the client's own. */
const decisionKinds = new Set<Event['kind']>([
	'decided',
	'acquired',
	'acquire-minority',
	'renewed',
	'renew-failed',
	'unanswered',
	'released',
	'release-ignored',
]);

class RedlockRun {
	/** What the nodes held when last read. */
	private state: RedisState | null = null;
	private jump: RedisView['jump'] = null;
	/** The clock jumps of each node that is down, in ms, made on its key when it restarts. */
	private readonly jumpedWhileDown = new Map<string, number>();
	/** The grant number of each key value that has stood on a majority of the nodes, in the order the run saw it. */
	private readonly grants = new Map<string, number>();

	constructor(
		private readonly options: PlayRedlockOptions,
		private readonly nodes: RedisNodes,
		private readonly known: ReadonlyMap<string, KnownClient>,
		private readonly time: RealTime,
		private readonly counts: WriteCounts,
		private readonly launch: (client: Client) => Promise<RedlockProcess>,
	) {}

	backend(): LiveBackend<RedisView> {
		return {
			act: (model, command, outcome) => this.act(model, command, outcome),
			atMoment: (model, event, lags) => this.atMoment(model, event, lags),
			refresh: (model, moment) => this.refresh(model, moment),
			world: (model, clock) => this.world(model, clock),
			view: () => this.view(),
			exact: () => false,
		};
	}

	private client(name: string): KnownClient {
		return this.known.get(name)!;
	}

	/**
	 * Reads the nodes; a value seen on a majority for the first time is the next grant. At a tick's
	 * moment, a deletion the model has arriving then (a client giving an attempt up, which the model
	 * tells by no event) is waited for first: it comes through its proxy a moment after the tick.
	 */
	async refresh(model?: World, moment?: number): Promise<void> {
		const arriving = model?.messages.filter(message => message.undo && message.arrivesAt === moment) ?? [];
		const deadline = Date.now() + maxAnswerLagMs;
		await Promise.all(arriving.map(message => this.nodes.keyBy(message.to, key => holderOfValue(key.value) !== message.from, deadline)));
		this.state = await this.nodes.read();
		const up = this.state.nodes.filter(node => node.up);
		const needed = Math.floor(this.state.nodes.length / 2) + 1;
		for (const {value} of up) {
			if (value === null || this.grants.has(value)) continue;
			if (up.filter(node => node.value === value).length >= needed) this.grants.set(value, this.grants.size + 1);
		}
	}

	/** The last grant the run numbered for this client's keys. */
	private lastGrantOf(name: string): number | null {
		let grant: number | null = null;
		for (const [value, number] of this.grants) if (holderOfValue(value) === name) grant = number;
		return grant;
	}

	/**
	 * Asks a client's process; what it believes after the answer is kept, and its grant is the one its
	 * keys took. A lock end it took in the instant of tick `atTick` is counted from that tick: the
	 * milliseconds an instant takes live (a node restarting, say) are the run's, not the story's. One
	 * it took after its replies' time (`atTick` null) is placed by the clock until the model's
	 * decision places it (see decided).
	 */
	private async ask(name: string, request: RedlockRequest, atTick: number | null) {
		const known = this.client(name);
		const askedAt = Date.now();
		const {answer, belief} = await known.process!.ask(request);
		if (belief.untilMs !== known.belief.untilMs) {
			if (belief.untilMs === null) known.until = null;
			else known.until = atTick === null ? this.tickOf(belief.untilMs) : atTick + Math.round((belief.untilMs - askedAt) / this.options.tickMs);
			known.unplaced = atTick === null && belief.untilMs !== null ? {untilMs: belief.untilMs, answeredAt: Date.now()} : null;
		}
		known.belief = belief;
		if (answer.op === 'acquire' && answer.acquired) {
			await this.refresh();
			known.grant = this.lastGrantOf(name) ?? 0;
		}
		if (!belief.holds) known.grant = null;
		return answer;
	}

	/** A lock request sent at tick `t`: awaited when the model decides it at once; else left pending, as the client waits for its replies. */
	private async request(t: number, decidedAtOnce: boolean, name: string, request: RedlockRequest & {op: Waiting['op']}, lease: number): Promise<void> {
		const known = this.client(name);
		const asked = this.ask(name, request, decidedAtOnce ? t : null);
		if (decidedAtOnce) {
			await asked;
			return;
		}
		const answered = asked.then(
			() => {
				known.pending = null;
			},
			error => {
				known.pending = null;
				throw error;
			},
		);
		// Its failure is said when the run waits for it.
		answered.catch(() => undefined);
		known.pending = {op: request.op, since: t, lease, answered};
	}

	/**
	 * A client that did not get the lock deletes its keys and waits for no reply: over a link with no
	 * latency the deletion is there in the instant, and the run waits for it where the model's node
	 * holds no key of the client.
	 */
	private async givenUp(after: World, name: string): Promise<void> {
		if (this.client(name).belief.holds) return;
		const client = findClient(after, name)!;
		const deadline = Date.now() + maxAnswerLagMs;
		const instant = after.nodes.filter(node => node.holder !== name && reaches(client, node.name) && latencyTo(client, node.name) === 0);
		await Promise.all(instant.map(node => this.nodes.keyBy(node.name, key => holderOfValue(key.value) !== name, deadline)));
	}

	/**
	 * Waits for a pending client's decision (if it has not come yet), as the model has made its own at
	 * tick `t`; at most a few seconds. A lock end the answer took is counted from `t`, as one taken in an instant is: on a
	 * loaded machine the answer comes later than the tick's moment, and the story's time is not the run's.
	 */
	private async decided(name: string, t: number): Promise<void> {
		const known = this.client(name);
		const {pending} = known;
		// The wait given up on keeps nothing alive.
		if (pending !== null) await Promise.race([pending.answered, sleep(maxAnswerLagMs, undefined, {ref: false})]);
		if (known.unplaced !== null) {
			known.until = t + Math.round((known.unplaced.untilMs - known.unplaced.answeredAt) / this.options.tickMs);
			known.unplaced = null;
		}
	}

	/** The first write the network holds arrives at the resource. */
	private async deliverNext(): Promise<void> {
		const [write, ...rest] = this.counts.inflight;
		this.counts.inflight = rest;
		if (!write) return;
		await this.nodes.deliver(write.value);
		// Redlock's writes carry no token: the resource accepts each one.
		countWrite(this.counts, write.senderGrant ?? 0, 'accepted');
	}

	private async act(model: World, command: Command, outcome: Outcome): Promise<void> {
		const t = model.clock;
		const atOnce = (name: string) => findClient(outcome.world, name)!.waiting === null;
		switch (command.kind) {
			case 'acquire':
			case 'renew': {
				const ttl = command.lease ?? (command.kind === 'acquire' ? model.defaultLease : findClient(model, command.client)!.lease);
				await this.request(t, atOnce(command.client), command.client, {op: command.kind, ttlMs: ttl * this.options.tickMs}, ttl);
				if (command.kind === 'acquire' && atOnce(command.client)) await this.givenUp(outcome.world, command.client);
				return;
			}
			case 'release':
				await this.request(t, atOnce(command.client), command.client, {op: 'release'}, 0);
				return;
			case 'write': {
				const value = command.value ?? command.client;
				const known = this.client(command.client);
				const grant = known.grant ?? 0;
				// Sent now when the model delivers it now; else held by the run, standing for the network, until it arrives.
				const now = outcome.events.some(event => (event.kind === 'accepted' || event.kind === 'rejected') && event.client === command.client);
				const answer = await this.ask(command.client, {op: 'write', value, send: now}, t);
				if (answer.op !== 'write' || answer.leaseOver) return;
				if (answer.result !== null) countWrite(this.counts, grant, answer.result);
				else {
					const held = outcome.world.inflight.find(write => !model.inflight.includes(write));
					this.counts.inflight.push({from: command.client, token: null, senderToken: null, senderGrant: grant, value, arrivesAt: held?.arrivesAt ?? t});
				}
				return;
			}
			case 'pause': {
				const known = this.client(command.client);
				known.process!.freeze();
				known.status = 'paused';
				known.pausedUntil = t + command.n;
				return;
			}
			case 'resume':
				this.thaw(command.client);
				return;
			case 'crash':
			case 'restart': {
				const node = this.serverOf(command.client);
				if (node !== null) {
					if (command.kind === 'crash') await node.crash();
					else if (outcome.events.some(event => event.kind === 'node-restarted')) await this.restartNode(command.client);
					return;
				}
				const known = this.client(command.client);
				if (command.kind === 'crash') {
					await known.process!.kill();
					Object.assign(known, {
						process: null,
						status: 'crashed',
						pausedUntil: null,
						belief: {holds: false, untilMs: null},
						until: null,
						grant: null,
						unplaced: null,
						pending: null,
					});
				} else {
					known.process = await this.launch(findClient(model, command.client)!);
					known.status = 'running';
				}
				return;
			}
			case 'fencing':
				if (command.target === 'resource') this.counts.fenced = command.on;
				// Redlock gives no token: a client's fencing changes nothing it sends.
				else this.client(command.target).fencing = command.on;
				return;
			case 'partition':
			case 'heal':
			case 'latency':
				this.relink(model, outcome.world, command.client);
				// A write held by a cut link arrives the moment the link is back.
				for (const event of outcome.events) if (event.kind === 'accepted' || event.kind === 'rejected') await this.deliverNext();
				return;
			case 'jump': {
				const byMs = command.by * this.options.tickMs;
				this.jump = {node: command.target, by: command.by, ms: -byMs};
				// A node that is down has no key to change now: a persistent one's key, read back at its restart, is changed then.
				if (findNode(model, command.target)!.up) await this.nodes.jump(command.target, byMs);
				else this.jumpedWhileDown.set(command.target, (this.jumpedWhileDown.get(command.target) ?? 0) + byMs);
				if (outcome.events.some(event => event.kind === 'node-restarted')) await this.restartNode(command.target);
				return;
			}
			case 'tick':
				return;
		}
	}

	/** A node's redis-server starts again; a jump of its clock while it was down is made on the key it read back. */
	private async restartNode(name: string): Promise<void> {
		await this.serverOf(name)!.restart();
		const byMs = this.jumpedWhileDown.get(name);
		this.jumpedWhileDown.delete(name);
		if (byMs !== undefined) await this.nodes.jump(name, byMs);
	}

	private serverOf(name: string): LocalRedis | null {
		return this.options.servers.nodes.find(node => node.name === name) ?? null;
	}

	private thaw(name: string): void {
		const known = this.client(name);
		known.process!.thaw();
		known.status = 'running';
		known.pausedUntil = null;
	}

	/** Each of the client's links to a node, cut or not and with its latency, as the model's world after the command has it. */
	private relink(before: World, after: World, name: string): void {
		const was = findClient(before, name)!;
		const now = findClient(after, name)!;
		for (const [index, node] of after.nodes.entries()) {
			const proxy = this.options.links.get(name)![index]!;
			const cut = now.cut.includes(node.name);
			if (cut !== was.cut.includes(node.name)) {
				if (cut) proxy.cut();
				else proxy.heal();
			}
			if (latencyTo(now, node.name) !== latencyTo(was, node.name)) proxy.setLatency(latencyTo(now, node.name) * this.options.tickMs);
		}
	}

	private async atMoment(model: World, event: Event, lags: Lag[]): Promise<void> {
		const {time} = this;
		await time.waitFor(event.t);
		switch (event.kind) {
			case 'expired': {
				// A lone Redis node's expiry names no node.
				const node = event.node ?? model.nodes[0]!.name;
				const due = time.momentOf(event.t);
				const goneAt = await this.nodes.keyBy(node, key => key.value === null, due + maxExpiryLagMs);
				if (goneAt !== null) lags.push({client: event.client, t: event.t, ms: goneAt - due, node});
				return;
			}
			case 'resumed':
				this.thaw(event.client);
				return;
			case 'request-arrived': {
				// A request arrives through its proxy a moment after the tick; what it changes is waited for.
				if (!event.granted || event.op === 'renew') return;
				const holds = (key: NodeKey) => (holderOfValue(key.value) === event.client) === (event.op === 'acquire');
				await this.nodes.keyBy(event.node, holds, time.momentOf(event.t) + maxAnswerLagMs);
				return;
			}
			case 'request-sent':
				// A heartbeat's renew leaves now; the others were sent by their commands.
				if (event.heartbeat && this.client(event.client).pending === null) {
					const {lease} = findClient(model, event.client)!;
					await this.request(event.t, false, event.client, {op: 'renew', ttlMs: lease * this.options.tickMs}, lease);
				}
				return;
			case 'accepted':
			case 'rejected':
				await this.deliverNext();
				return;
			case 'node-restarted':
				await this.restartNode(event.node);
				return;
			default:
				if (decisionKinds.has(event.kind) && 'client' in event) {
					const known = this.client(event.client);
					// An answer may have come before the run reached its decision: its lock end is placed all the same.
					if (known.pending !== null || known.unplaced !== null) await this.decided(event.client, event.t);
					// A heartbeat the model decides at once is asked and answered at its tick.
					else if ((event.kind === 'renewed' || event.kind === 'renew-failed') && event.heartbeat) {
						const client = findClient(model, event.client)!;
						await this.ask(event.client, {op: 'renew', ttlMs: client.lease * this.options.tickMs}, event.t);
					}
				}
				return;
		}
	}

	/** A moment (ms since the epoch) as the model's tick it falls on. */
	private tickOf(ms: number | null): number | null {
		return ms === null ? null : Math.round((ms - this.time.momentOf(0)) / this.options.tickMs);
	}

	/** The live world at tick `clock`: the nodes' keys as read, each client as its process said. */
	world(model: World, clock: number): World {
		const state = this.state!;
		const at = changedWorld(model, {clock});
		const nodes = model.nodes.map((node, index) => {
			const key = state.nodes[index]!;
			const holder = holderOfValue(key.value);
			return {
				...node,
				up: key.up,
				holder,
				token: null,
				expiry: key.pttlMs === null ? null : nodeClock(at, node) + Math.ceil(key.pttlMs / this.options.tickMs),
				attempt: holder === node.holder ? node.attempt : null,
			};
		});
		const clients = model.clients.map(client => {
			const known = this.client(client.name);
			const waiting: Waiting | null =
				known.pending === null
					? null
					: (client.waiting ?? {
							op: known.pending.op,
							since: known.pending.since,
							replies: 0,
							unread: 0,
							grants: 0,
							sent: model.nodes.length,
							attempt: client.attempts + 1,
							lease: known.pending.lease,
							heartbeat: false,
							grant: null,
							token: null,
							refusal: null,
						});
			return {
				...client,
				status: known.status,
				pausedUntil: known.pausedUntil,
				token: null,
				holds: known.belief.holds,
				until: known.until,
				grant: known.grant,
				fencing: known.fencing,
				waiting,
			};
		});
		return withLockView(
			changedWorld(at, {
				nodes,
				clients,
				resource: {...model.resource, fenced: this.counts.fenced, value: state.value, maxToken: 0, writes: this.counts.writes, rejected: this.counts.rejected},
				inflight: this.counts.inflight,
				violations: this.counts.violations,
				grants: this.grants.size,
				maxAcceptedSenderGrant: this.counts.maxAcceptedSenderGrant,
			}),
		);
	}

	view(): RedisView {
		const state = this.state!;
		return {
			kind: 'redis',
			nodes: state.nodes.map(node => ({name: node.name, up: node.up, holder: holderOfValue(node.value), pttlMs: node.pttlMs})),
			value: state.value,
			jump: this.jump,
			readAt: state.readAt,
			beliefs: [...this.known].map(([name, known]) => ({
				name,
				holds: known.belief.holds,
				until: known.until,
				status: known.status,
				waiting: known.pending !== null,
			})),
		};
	}
}
