// Plays a scenario on a real etcd with real client processes, in real time, beside the model:
// each command is applied to the model's world and done live, and each step ends with the live
// world (built from what etcd's watches and the processes said) held against the model's. What
// etcd says is kept in etcd-mirror.ts, the processes in live-clients.ts; here is the step loop.

import {setTimeout as sleep} from 'node:timers/promises';
import {applyCommand} from '../model/apply.js';
import type {Command} from '../model/command.js';
import type {Event} from '../model/event.js';
import {type ClientStatus, createWorld, type World} from '../model/world.js';
import type {Scenario, ScenarioStep} from '../scenario/parse.js';
import type {PlayedCommand} from '../scenario/run.js';
import type {ClientProcess} from './client-processes.js';
import {compareStep, type Lag, type StepComparison} from './compare.js';
import {type EtcdMirror, type EtcdState, type LiveStores, openEtcdMirror, runKeys} from './etcd-mirror.js';
import {type LiveClients, startClients} from './live-clients.js';
import {countWrite, grantOf, inModelNumbers, type LiveCounts, liveWorld, startCounts} from './live-world.js';
import type {RunDirectory} from './run-directory.js';

/** How long past the model's tick etcd may take to expire a lease before it counts as not expired. */
const maxExpiryLagMs = 3000;

/** What etcd says now, in its own numbers, and what each client process last said it believes. */
export interface EtcdView extends EtcdState {
	/** Each client's token as its process last answered (etcd's numbers), and whether it runs, is frozen or crashed. */
	readonly beliefs: readonly {readonly name: string; readonly token: number | null; readonly status: ClientStatus}[];
}

export interface LiveStep {
	readonly index: number;
	readonly step: ScenarioStep;
	/** The step's commands as the model played them (the dashboard's story and timeline tell them). */
	readonly played: readonly PlayedCommand[];
	readonly model: World;
	/** In the model's token numbers. */
	readonly live: World;
	readonly etcd: EtcdView;
	/** Whether etcd's numbers must be the model's themselves (revision tokens on a fresh etcd). */
	readonly exact: boolean;
	readonly comparison: StepComparison;
}

/** The live world at one tick within a step, before the step is over (the dashboard follows it). */
export interface LiveMoment {
	readonly index: number;
	/** The step's commands so far, with only the events up to now. */
	readonly played: readonly PlayedCommand[];
	readonly live: World;
	/** The model's world at the same tick. */
	readonly model: World;
	readonly etcd: EtcdView;
	readonly exact: boolean;
	/** The step's lags so far. */
	readonly lags: readonly Lag[];
}

export interface PlayLiveOptions {
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
	readonly onStep: (step: LiveStep) => void | Promise<void>;
	/** Called at every tick within a step. */
	readonly onMoment?: (moment: LiveMoment) => void;
	/** Called with each client process started, so that the caller can end it on every exit path. */
	readonly onClient: (client: ClientProcess) => void;
}

/** What the commands are done live with. */
interface LiveRun {
	readonly etcd: EtcdMirror;
	readonly clients: LiveClients;
	readonly counts: LiveCounts;
	readonly time: RealTime;
	readonly tickMs: number;
}

/** The step being played: its lags so far, and how to show the live world at a tick within it. */
interface StepInPlay {
	readonly lags: Lag[];
	readonly showMoment: (tick: number) => void;
}

/** Plays every step; resolves when done. Throws when etcd or a client fails outright. */
export async function playLive(options: PlayLiveOptions): Promise<void> {
	const {scenario, tickMs, signal} = options;
	let model = createWorld(scenario.setup);
	const keys = runKeys(options.prefix, model.resource.name);
	const starting = startClients(model.clients, {
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
		const run: LiveRun = {etcd, clients, counts: startCounts(model), time: realTime(tickMs, signal), tickMs};

		// With revision tokens on a fresh etcd, the tokens must be the model's themselves; otherwise
		// the live world is shown in the model's numbers.
		const exact = () => options.fresh && model.tokens === 'revision';
		const shownLive = (world: World) => (exact() ? world : inModelNumbers(world, run.counts));
		const etcdView = (): EtcdView => ({
			...etcd.now,
			beliefs: model.clients.map(({name}) => ({name, token: clients.get(name).token, status: clients.get(name).status})),
		});

		for (const [index, step] of scenario.steps.entries()) {
			const played: PlayedCommand[] = [];
			const lags: Lag[] = [];
			const showMoment = (moment: number) => {
				if (!options.onMoment) return;
				const current = played.at(-1)!;
				const now = {...current, events: current.events.filter(event => event.t <= moment)};
				// The model's world at this tick: its tick command played up to here.
				const modelNow = applyCommand(model, {kind: 'tick', n: moment - model.clock}).world;
				options.onMoment({
					index,
					played: [...played.slice(0, -1), now],
					live: shownLive(liveWorld(model, etcd.now, clients, run.counts, moment)),
					model: modelNow,
					etcd: etcdView(),
					exact: exact(),
					lags: [...lags],
				});
			};
			for (const {command} of step.commands) {
				signal.throwIfAborted();
				const outcome = applyCommand(model, command);
				played.push({command, ...outcome});
				// A command the model refuses changes nothing there, and is not done live either.
				if (outcome.refused) continue;
				await doLive(run, model, command, outcome.events, {lags, showMoment});
				for (const event of outcome.events) if (event.kind === 'acquired' && event.token !== null) run.counts.modelGrants.push(event.token);
				model = outcome.world;
			}
			const live = shownLive(liveWorld(model, etcd.now, clients, run.counts));
			await options.onStep({
				index,
				step,
				played,
				model,
				live,
				etcd: etcdView(),
				exact: exact(),
				comparison: compareStep(model, live, step.expect, lags, exact()),
			});
		}
	} finally {
		await etcd.close();
	}
}

/** The model's ticks in real time: tick t comes t × tickMs after the steps began. */
interface RealTime {
	/** When tick `t` is, in ms since the epoch. */
	momentOf(t: number): number;
	/** Waits until tick `t` (not at all when it is past). */
	waitFor(t: number): Promise<void>;
}

function realTime(tickMs: number, signal: AbortSignal): RealTime {
	const t0 = Date.now();
	const momentOf = (t: number) => t0 + t * tickMs;
	return {
		momentOf,
		async waitFor(t) {
			const ms = momentOf(t) - Date.now();
			if (ms > 0) await sleep(ms, undefined, {signal});
		},
	};
}

/** A command the model played, done live; `model` is the world before it. */
async function doLive(run: LiveRun, model: World, command: Command, events: readonly Event[], step: StepInPlay): Promise<void> {
	const {etcd, clients, counts} = run;
	const t = model.clock;
	switch (command.kind) {
		case 'tick': {
			for (let moment = t + 1; moment <= t + command.n; moment += 1) {
				await run.time.waitFor(moment);
				for (const event of events) if (event.t === moment) await atMoment(run, model, event, step.lags);
				step.showMoment(moment);
			}
			return;
		}
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
async function atMoment(run: LiveRun, model: World, event: Event, lags: Lag[]): Promise<void> {
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
function renewed(run: LiveRun, name: string, t: number, lease: number): void {
	run.counts.lockExpiry = t + lease;
	run.clients.renewed(name, t + lease);
	// The watches tell a grant, not a keepalive: etcd is asked for the lease's time again.
	if (run.etcd.now.holder === name) run.etcd.readLeaseLeft();
}
