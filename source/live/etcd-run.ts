// A live run on a real etcd with real client processes: what each command does there. etcd's
// changes are kept in etcd-mirror.ts, the processes in live-clients.ts; the step loop, shared with
// the Redlock run, is steps.ts.

import type {Outcome} from '../model/apply.js';
import type {Command} from '../model/command.js';
import type {Event} from '../model/event.js';
import {type ClientStatus, createWorld, type World} from '../model/world.js';
import type {Scenario} from '../scenario/parse.js';
import type {ClientProcess} from './client-processes.js';
import type {Lag} from './compare.js';
import {type EtcdMirror, type EtcdState, type LiveStores, openEtcdMirror, runKeys} from './etcd-mirror.js';
import {type LiveClients, startClients} from './live-clients.js';
import {countWrite, grantOf, inModelNumbers, type LiveCounts, liveWorld, startCounts} from './live-world.js';
import type {RunDirectory} from './run-directory.js';
import {type LiveBackend, type LiveMoment, type LiveStep, playSteps, type RealTime, realTime} from './steps.js';

/** How long past the model's tick etcd may take to expire a lease before it counts as not expired. */
const maxExpiryLagMs = 3000;

/** What etcd says now, in its own numbers, and what each client process last said it believes. */
export interface EtcdView extends EtcdState {
	readonly kind: 'etcd';
	/** Each client's token as its process last answered (etcd's numbers), and whether it runs, is frozen or crashed. */
	readonly beliefs: readonly {readonly name: string; readonly token: number | null; readonly status: ClientStatus}[];
}

export interface PlayEtcdOptions {
	readonly scenario: Scenario;
	readonly stores: LiveStores;
	/** Resolves once etcd answers: the client processes, and the etcd client here, load meanwhile. */
	readonly ready: Promise<unknown>;
	/** Every key of the run is under it. */
	readonly prefix: string;
	/** A fresh etcd of the run's own: its revisions are the model's (revision tokens) exactly. */
	readonly fresh: boolean;
	readonly tickMs: number;
	/** The client's entry (dist/live-client.js), run for each client process. */
	readonly clientEntry: string;
	readonly directory: RunDirectory;
	readonly signal: AbortSignal;
	readonly onStep: (step: LiveStep<EtcdView>) => void | Promise<void>;
	/** Called at every tick within a step. */
	readonly onMoment?: (moment: LiveMoment<EtcdView>) => void;
	/** Called with each client process started, so that the caller can end it on every exit path. */
	readonly onClient: (client: ClientProcess) => void;
}

/** What the commands are done live with. */
interface EtcdRun {
	readonly etcd: EtcdMirror;
	readonly clients: LiveClients;
	readonly counts: LiveCounts;
	readonly time: RealTime;
	readonly tickMs: number;
}

/** Plays every step on etcd; resolves when done. Throws when etcd or a client fails outright. */
export async function playOnEtcd(options: PlayEtcdOptions): Promise<void> {
	const {scenario, tickMs, signal} = options;
	const start = createWorld(scenario.setup);
	const keys = runKeys(options.prefix, start.resource.name);
	const starting = startClients(start.clients, {
		entry: options.clientEntry,
		directory: options.directory,
		ready: options.ready,
		stores: options.stores,
		keys,
		onProcess: options.onClient,
	});
	// A client that fails to start is reported once the stores are up (or with their failure).
	starting.catch(() => undefined);
	const etcd = openEtcdMirror(options.stores, keys, signal);
	try {
		await options.ready;
		await etcd.follow();
		const clients = await starting;
		const run: EtcdRun = {etcd, clients, counts: startCounts(start), time: realTime(tickMs, signal), tickMs};
		// With revision tokens on a fresh etcd, the tokens must be the model's themselves; otherwise
		// the live world is shown in the model's numbers.
		const exact = (model: World) => options.fresh && model.tokens === 'revision';
		const backend: LiveBackend<EtcdView> = {
			act: (model, command, outcome) => doLive(run, model, command, outcome),
			atMoment: (model, event, lags) => atMoment(run, model, event, lags),
			refresh: async () => undefined,
			world(model, clock) {
				const world = liveWorld(model, etcd.now, clients, run.counts, clock);
				return exact(model) ? world : inModelNumbers(world, run.counts);
			},
			view: () => ({
				kind: 'etcd',
				...etcd.now,
				beliefs: start.clients.map(({name}) => ({name, token: clients.get(name).token, status: clients.get(name).status})),
			}),
			exact,
		};
		await playSteps(backend, {scenario, time: run.time, signal, onStep: options.onStep, onMoment: options.onMoment});
	} finally {
		await etcd.close();
	}
}
/** A command the model played, done live; `model` is the world before it. */
async function doLive(run: EtcdRun, model: World, command: Command, outcome: Outcome): Promise<void> {
	const {etcd, clients, counts} = run;
	const t = model.clock;
	for (const event of outcome.events) if (event.kind === 'acquired' && event.token !== null) counts.modelGrants.push(event.token);
	switch (command.kind) {
		case 'acquire': {
			const lease = command.lease ?? model.defaultLease;
			const answer = await clients.ask(command.client, {op: 'acquire', ttlSeconds: (lease * run.tickMs) / 1000});
			if (answer.op === 'acquire') await etcd.seen('lock', answer.revision);
			if (answer.op === 'acquire' && answer.acquired) {
				counts.liveGrants.push(clients.get(command.client).token!);
				renewed(run, command.client, t, lease);
			}
			return;
		}
		case 'renew': {
			const answer = await clients.ask(command.client, {op: 'renew'});
			if (answer.op === 'renew' && answer.renewed) renewed(run, command.client, t, command.lease ?? model.defaultLease);
			return;
		}
		case 'release': {
			const answer = await clients.ask(command.client, {op: 'release'});
			if (answer.op === 'release') await etcd.seen('lock', answer.revision);
			if (etcd.now.holder === null) counts.lockExpiry = null;
			return;
		}
		case 'write': {
			const value = command.value ?? command.client;
			const answer = await clients.ask(command.client, {op: 'write', value, resourceFenced: counts.fenced, send: command.delay === undefined});
			if (answer.op !== 'write') return;
			const senderGrant = grantOf(counts, answer.senderToken)!;
			await etcd.seen('resource', answer.revision);
			if (answer.result !== null) {
				countWrite(counts, senderGrant, answer.result);
				return;
			}
			// A delayed write is held here, standing for the network, and delivered at its tick.
			counts.inflight.push({from: command.client, token: answer.token, senderToken: answer.senderToken, senderGrant, value, arrivesAt: t + command.delay!});
			return;
		}
		case 'pause':
			clients.pause(command.client, t + command.n);
			return;
		case 'resume':
			clients.resume(command.client);
			return;
		case 'crash':
			await clients.crash(command.client);
			return;
		case 'restart':
			await clients.restart(command.client);
			return;
		case 'fencing': {
			if (command.target === 'resource') counts.fenced = command.on;
			else await clients.setFencing(command.target, command.on);
			return;
		}
	}
}

/** What happens live at one moment of a tick, in the model's order of events. */
async function atMoment(run: EtcdRun, model: World, event: Event, lags: Lag[]): Promise<void> {
	const {etcd, clients, counts, time} = run;
	switch (event.kind) {
		case 'expired': {
			const due = time.momentOf(event.t);
			await time.waitFor(event.t);
			const freedAt = await etcd.freedBy(due + maxExpiryLagMs);
			if (freedAt !== null) lags.push({client: event.client, t: event.t, ms: freedAt - due});
			if (etcd.now.holder === null) counts.lockExpiry = null;
			return;
		}
		case 'resumed': {
			await time.waitFor(event.t);
			clients.resume(event.client);
			return;
		}
		case 'renewed':
		case 'renew-failed': {
			await time.waitFor(event.t);
			const answer = await clients.ask(event.client, {op: 'renew'});
			if (answer.op === 'renew' && answer.renewed) renewed(run, event.client, event.t, model.clients.find(other => other.name === event.client)!.lease);
			return;
		}
		case 'accepted':
		case 'rejected': {
			await time.waitFor(event.t);
			const [write, ...rest] = counts.inflight;
			counts.inflight = rest;
			if (!write) return;
			const result = await etcd.deliver(write.value, write.token, counts.fenced);
			countWrite(counts, write.senderGrant!, result);
			return;
		}
		default:
			return;
	}
}

/** A grant or a keepalive at tick `t`: the client, and the run for the lock, count the lease from there. */
function renewed(run: EtcdRun, name: string, t: number, lease: number): void {
	run.counts.lockExpiry = t + lease;
	run.clients.renewed(name, t + lease);
	// The watches tell a grant, not a keepalive: etcd is asked for the lease's time again.
	if (run.etcd.now.holder === name) run.etcd.readLeaseLeft();
}
