// Plays a scenario on a real etcd with real client processes, in real time, beside the model:
// each command is applied to the model's world and done live, and each step ends with the live
// world (built from what etcd's watches and the processes said) held against the model's.

import {setTimeout as sleep} from 'node:timers/promises';
import {applyCommand} from '../model/apply.js';
import type {Command} from '../model/command.js';
import type {Event} from '../model/event.js';
import {type ClientStatus, createWorld, type InflightWrite, type World} from '../model/world.js';
import type {Scenario, ScenarioStep} from '../scenario/parse.js';
import type {PlayedCommand} from '../scenario/run.js';
import {type ClientProcess, startClient} from './client-processes.js';
import {compareStep, inModelTokens, type Lag, type StepComparison, tokenMapping} from './compare.js';
import {openStore, storedToken} from './etcd-store.js';
import type {RunDirectory} from './run-directory.js';

/** How long past the model's tick etcd may take to expire a lease before it counts as not expired. */
const maxExpiryLagMs = 3000;
/** How long a change already made may take to come through its watch. */
const maxWatchLagMs = 2000;

/** Where the lock and the resource are: the same etcd, or two. */
export interface LiveStores {
	readonly lockUrl: string;
	readonly resourceUrl: string;
}

/** What etcd says now, in its own numbers, and what each client process last said it believes. */
export interface EtcdView {
	readonly holder: string | null;
	/** The lock key's create_revision. */
	readonly token: number | null;
	/** The lock's store's revision. */
	readonly revision: number;
	/** The holder's lease: the whole seconds etcd said it had left, and when (ms since the epoch) it said so. */
	readonly leaseLeft: {readonly seconds: number; readonly readAt: number} | null;
	readonly value: string | null;
	readonly maxToken: number;
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

interface LiveClient {
	process: ClientProcess | null;
	status: ClientStatus;
	pausedUntil: number | null;
	token: number | null;
	/** When it believes its lease ends: the tick of its last grant or keepalive plus the lease. */
	until: number | null;
	fencing: boolean;
}

/** Plays every step; resolves when done. Throws when etcd or a client fails outright. */
export async function playLive(options: PlayLiveOptions): Promise<void> {
	const {scenario, prefix, tickMs, signal} = options;
	let model = createWorld(scenario.setup);
	const resourceName = model.resource.name;
	const keys = {
		lock: `${prefix}lock/${resourceName}`,
		value: `${prefix}resource/${resourceName}/value`,
		maxToken: `${prefix}resource/${resourceName}/max-token`,
	};
	const start = (name: string, fencing: boolean) =>
		startClient(
			options.clientEntry,
			options.directory,
			name,
			options.ready.then(() => ({
				name,
				lockUrl: options.stores.lockUrl,
				resourceUrl: options.stores.resourceUrl,
				lockKey: keys.lock,
				valueKey: keys.value,
				maxTokenKey: keys.maxToken,
				fencing,
			})),
		).then(process => {
			options.onClient(process);
			return process;
		});
	const starting = Promise.all(model.clients.map(client => start(client.name, client.fencing)));
	// A client that fails to start is reported once the stores are up (or with their failure).
	starting.catch(() => undefined);
	const {stores} = options;
	const lockStore = openStore(stores.lockUrl);
	const resourceStore = stores.resourceUrl === stores.lockUrl ? lockStore : openStore(stores.resourceUrl);
	try {
		await options.ready;
		await resourceStore.put(keys.maxToken, storedToken(0));

		// What etcd says, kept up to date by watches.
		const etcd = {
			holder: null as string | null,
			token: null as number | null,
			revision: await lockStore.revision(),
			leaseId: null as string | null,
			leaseLeft: null as EtcdView['leaseLeft'],
			value: null as string | null,
			maxToken: 0,
			/** The resource's store's revision, as far as its watch has told. */
			resourceRevision: await resourceStore.revision(),
		};
		const changeListeners = new Set<() => void>();
		const changed = () => {
			for (const listener of changeListeners) listener();
		};
		let lastDeleteSeenAt = 0;
		// The holder's lease time is read from etcd when it changes (a grant, seen by the watch, or a
		// keepalive the run asked for) and counted down locally between reads: etcd has no watch on a
		// lease's time, and asking it at every redraw would be a polling loop.
		const readLeaseLeft = () => {
			const leaseId = etcd.leaseId;
			if (leaseId === null) return;
			lockStore
				.leaseTimeLeft(leaseId)
				.then(seconds => {
					if (etcd.leaseId !== leaseId) return;
					etcd.leaseLeft = {seconds, readAt: Date.now()};
					changed();
				})
				.catch(() => undefined);
		};
		await lockStore.watch(`${prefix}lock/`, etcd.revision, change => {
			etcd.revision = change.revision;
			if (change.key === keys.lock) {
				etcd.holder = change.kind === 'put' ? change.value : null;
				etcd.token = change.kind === 'put' ? change.createRevision : null;
				etcd.leaseId = change.kind === 'put' ? change.lease : null;
				etcd.leaseLeft = null;
				if (change.kind === 'delete') lastDeleteSeenAt = change.seenAt;
				else readLeaseLeft();
			}
			changed();
		});
		await resourceStore.watch(`${prefix}resource/`, etcd.resourceRevision, change => {
			etcd.resourceRevision = change.revision;
			if (change.key === keys.value) etcd.value = change.value;
			if (change.key === keys.maxToken) etcd.maxToken = Number(change.value);
			changed();
		});

		const clients = new Map<string, LiveClient>();
		const started = await starting;
		for (const [index, client] of model.clients.entries())
			clients.set(client.name, {process: started[index]!, status: 'running', pausedUntil: null, token: null, until: null, fencing: client.fencing});

		// The resource as the live run counts it: etcd keeps its value and max token; the outcome of
		// each write is what its transaction answered.
		const resource = {fenced: model.resource.fenced, writes: 0, rejected: 0};
		let violations = 0;
		let maxAcceptedSenderGrant = 0;
		let inflight: InflightWrite[] = [];
		let lockExpiry: number | null = null;
		const liveGrants: number[] = [];
		const modelGrants: number[] = [];
		let lags: Lag[] = [];

		const client = (name: string) => clients.get(name)!;
		const ask = async (name: string, request: Parameters<ClientProcess['ask']>[0]) => {
			const live = client(name);
			const {answer, token} = await live.process!.ask(request);
			live.token = token;
			if (token === null) live.until = null;
			return answer;
		};
		/** Grants are numbered in the order etcd made them, as the model numbers its own. */
		const grantOf = (token: number | null) => (token === null ? null : liveGrants.indexOf(token) + 1 || null);
		const noteWrite = (senderGrant: number, result: 'accepted' | 'rejected') => {
			if (result === 'rejected') {
				resource.rejected += 1;
				return;
			}
			resource.writes += 1;
			if (senderGrant < maxAcceptedSenderGrant) violations += 1;
			maxAcceptedSenderGrant = Math.max(maxAcceptedSenderGrant, senderGrant);
		};
		const deliver = async (write: InflightWrite) => {
			const written = await resourceStore.write(keys.value, keys.maxToken, write.value, write.token, resource.fenced);
			await watched('resource', written.revision);
			noteWrite(write.senderGrant!, written.result);
		};

		const t0 = Date.now();
		const momentOf = (t: number) => t0 + t * tickMs;
		const waitUntil = async (moment: number) => {
			const ms = moment - Date.now();
			if (ms > 0) await sleep(ms, undefined, {signal});
		};
		/** Waits until what the watches told makes `holds` true, at most until `deadline`; true if it did. */
		const watchedUntil = (holds: () => boolean, deadline: number) =>
			new Promise<boolean>((resolve, reject) => {
				const done = (result: boolean) => {
					changeListeners.delete(check);
					clearTimeout(timer);
					signal.removeEventListener('abort', aborted);
					resolve(result);
				};
				const check = () => {
					if (holds()) done(true);
				};
				const aborted = () => {
					changeListeners.delete(check);
					clearTimeout(timer);
					reject(signal.reason);
				};
				const timer = setTimeout(() => done(false), Math.max(0, deadline - Date.now()));
				changeListeners.add(check);
				signal.addEventListener('abort', aborted, {once: true});
				check();
			});

		/**
		 * A change a client or the run made is seen through the watch a moment after its answer: the
		 * step's picture waits for it, so that it shows the change.
		 */
		const watched = async (store: 'lock' | 'resource', revision: number | null) => {
			if (revision === null) return;
			const seen = () => (store === 'lock' ? etcd.revision : etcd.resourceRevision) >= revision;
			await watchedUntil(seen, Date.now() + maxWatchLagMs);
		};

		const renewed = (name: string, t: number, lease: number) => {
			lockExpiry = t + lease;
			client(name).until = t + lease;
			if (etcd.holder === name) readLeaseLeft();
		};

		// With revision tokens on a fresh etcd, the tokens must be the model's themselves; otherwise
		// the live world is shown in the model's numbers.
		const exact = () => options.fresh && model.tokens === 'revision';
		const shownLive = (world: World) => (exact() ? world : inModelTokens(world, tokenMapping(liveGrants, modelGrants)));

		const etcdView = (): EtcdView => ({
			holder: etcd.holder,
			token: etcd.token,
			revision: etcd.revision,
			leaseLeft: etcd.leaseLeft,
			value: etcd.value,
			maxToken: etcd.maxToken,
			beliefs: model.clients.map(({name}) => ({name, token: client(name).token, status: client(name).status})),
		});

		/** Tells the caller how the world looks at a tick within the step being played. */
		let showMoment: (moment: number) => void = () => undefined;

		/** What happens live at one moment of a tick, in the model's order of events. */
		const atMoment = async (event: Event) => {
			switch (event.kind) {
				case 'expired': {
					const due = momentOf(event.t);
					await waitUntil(due);
					if (await watchedUntil(() => etcd.holder === null, due + maxExpiryLagMs)) lags.push({client: event.client, t: event.t, ms: lastDeleteSeenAt - due});
					if (etcd.holder === null) lockExpiry = null;
					return;
				}
				case 'resumed': {
					await waitUntil(momentOf(event.t));
					const live = client(event.client);
					live.process?.thaw();
					live.status = 'running';
					live.pausedUntil = null;
					return;
				}
				case 'renewed':
				case 'renew-failed': {
					await waitUntil(momentOf(event.t));
					const answer = await ask(event.client, {op: 'renew'});
					if (answer.op === 'renew' && answer.renewed) renewed(event.client, event.t, model.clients.find(other => other.name === event.client)!.lease);
					return;
				}
				case 'accepted':
				case 'rejected': {
					await waitUntil(momentOf(event.t));
					const [write, ...rest] = inflight;
					inflight = rest;
					if (write) await deliver(write);
					return;
				}
				default:
					return;
			}
		};

		const doLive = async (command: Command, events: readonly Event[]) => {
			const t = model.clock;
			switch (command.kind) {
				case 'tick': {
					for (let moment = t + 1; moment <= t + command.n; moment += 1) {
						await waitUntil(momentOf(moment));
						for (const event of events) if (event.t === moment) await atMoment(event);
						showMoment(moment);
					}
					return;
				}
				case 'acquire': {
					const lease = command.lease ?? model.defaultLease;
					const answer = await ask(command.client, {op: 'acquire', ttlSeconds: (lease * tickMs) / 1000});
					if (answer.op === 'acquire') await watched('lock', answer.revision);
					if (answer.op === 'acquire' && answer.acquired) {
						liveGrants.push(client(command.client).token!);
						renewed(command.client, t, lease);
					}
					return;
				}
				case 'renew': {
					const answer = await ask(command.client, {op: 'renew'});
					if (answer.op === 'renew' && answer.renewed) renewed(command.client, t, command.lease ?? model.defaultLease);
					return;
				}
				case 'release': {
					const answer = await ask(command.client, {op: 'release'});
					if (answer.op === 'release') await watched('lock', answer.revision);
					if (etcd.holder === null) lockExpiry = null;
					return;
				}
				case 'write': {
					const value = command.value ?? command.client;
					const answer = await ask(command.client, {op: 'write', value, resourceFenced: resource.fenced, send: command.delay === undefined});
					if (answer.op !== 'write') return;
					const senderGrant = grantOf(answer.senderToken)!;
					await watched('resource', answer.revision);
					if (answer.result !== null) noteWrite(senderGrant, answer.result);
					else inflight.push({from: command.client, token: answer.token, senderToken: answer.senderToken, senderGrant, value, arrivesAt: t + command.delay!});
					return;
				}
				case 'pause': {
					const live = client(command.client);
					live.process!.freeze();
					live.status = 'paused';
					live.pausedUntil = t + command.n;
					return;
				}
				case 'resume': {
					const live = client(command.client);
					live.process!.thaw();
					live.status = 'running';
					live.pausedUntil = null;
					return;
				}
				case 'crash': {
					const live = client(command.client);
					await live.process!.kill();
					live.process = null;
					live.status = 'crashed';
					live.pausedUntil = null;
					live.token = null;
					live.until = null;
					return;
				}
				case 'restart': {
					const live = client(command.client);
					live.process = await start(command.client, live.fencing);
					live.status = 'running';
					return;
				}
				case 'fencing': {
					if (command.target === 'resource') resource.fenced = command.on;
					else {
						client(command.target).fencing = command.on;
						await ask(command.target, {op: 'fencing', on: command.on});
					}
					return;
				}
			}
		};

		// The model's world with what etcd and the processes say in place of what the model worked out;
		// what live cannot differ in (the clocks, the backend) is the model's.
		const liveWorld = (clock = model.clock): World => {
			const expiry = etcd.holder === null ? null : lockExpiry;
			return {
				...model,
				clock,
				lock: {
					holder: etcd.holder,
					token: etcd.token,
					expiry,
					nextToken: model.lock.nextToken === null ? null : liveGrants.length + 1,
					...(model.lock.revision === undefined ? {} : {revision: etcd.revision}),
				},
				nodes: model.nodes.map(node => ({...node, holder: etcd.holder, token: etcd.token, expiry})),
				resource: {
					...model.resource,
					fenced: resource.fenced,
					value: etcd.value,
					maxToken: etcd.maxToken,
					writes: resource.writes,
					rejected: resource.rejected,
				},
				clients: model.clients.map(modelClient => {
					const live = client(modelClient.name);
					return {
						...modelClient,
						status: live.status,
						pausedUntil: live.pausedUntil,
						token: live.token,
						holds: live.token !== null,
						until: live.until,
						grant: grantOf(live.token),
						fencing: live.fencing,
					};
				}),
				inflight,
				violations,
				grants: liveGrants.length,
				maxAcceptedSenderGrant,
			};
		};

		for (const [index, step] of scenario.steps.entries()) {
			const played: PlayedCommand[] = [];
			showMoment = moment => {
				if (!options.onMoment) return;
				const current = played.at(-1)!;
				const now = {...current, events: current.events.filter(event => event.t <= moment)};
				// The model's world at this tick: its tick command played up to here.
				const modelNow = applyCommand(model, {kind: 'tick', n: moment - model.clock}).world;
				options.onMoment({
					index,
					played: [...played.slice(0, -1), now],
					live: shownLive(liveWorld(moment)),
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
				await doLive(command, outcome.events);
				for (const event of outcome.events) if (event.kind === 'acquired' && event.token !== null) modelGrants.push(event.token);
				model = outcome.world;
			}
			const live = shownLive(liveWorld());
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
			lags = [];
		}
	} finally {
		await lockStore.close();
		if (resourceStore !== lockStore) await resourceStore.close();
	}
}
