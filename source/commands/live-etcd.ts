// `dlock-tui live` on etcd: a story with tokens plays on a real etcd (two fresh ones of the run's
// own, or one given with --etcd). What it refuses, how its servers start and end, and its line of
// the report; live.ts runs it.

import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Command} from '../model/command.js';
import {defaultLease, resolveSetup} from '../model/world.js';
import type {Scenario} from '../scenario/parse.js';
import {type EtcdView, playOnEtcd} from '../live/etcd-run.js';
import {openStore} from '../live/etcd-store.js';
import {etcdHealth, etcdPackage, findEtcd, type LocalEtcd, startEtcd} from '../live/etcd-server.js';
import type {LiveStep} from '../live/steps.js';
import {LiveFailure, UsageError} from './errors.js';
import {type LiveTarget, refusedCommand, resourceName, type StartTarget, untilAborted} from './live-target.js';

/** etcd grants no lease shorter than this (its minimum TTL with the default election timeout). */
const minLeaseMs = 2000;

/** How long an etcd given with --etcd has to answer, at the start and when the run deletes its keys. */
const givenEtcdTimeoutMs = 5000;

/** Checks what can be checked before anything starts; the function it returns starts etcd. */
export function prepareEtcd(scenario: Scenario, etcdFlag: string | undefined, env: NodeJS.ProcessEnv, tickMs: number): StartTarget<EtcdView> {
	const problem = notOnEtcdProblem(scenario);
	if (problem !== null) throw new UsageError(`live: ${problem}`);
	checkLeases(scenario, tickMs);
	const etcdUrl = etcdFlag === undefined ? null : readEtcdUrl(etcdFlag);
	const binary = etcdUrl === null ? findEtcd(env) : null;
	if (etcdUrl === null && binary === null)
		throw new UsageError(`live: no \`etcd\` on PATH; it comes in the package ${etcdPackage} (apt-get install ${etcdPackage}), or give --etcd URL`);
	return async (directory, abort) => {
		const prefix = `dlock-tui/${path.basename(directory.path)}/`;
		const servers: LocalEtcd[] = [];
		let stores = {lockUrl: etcdUrl ?? '', resourceUrl: etcdUrl ?? ''};
		let ready: Promise<unknown>;
		let answered = false;
		if (binary === null) ready = checkReachable(etcdUrl!, abort.signal);
		else {
			// The resource is a store of its own, as a real resource is another system than the lock
			// service: so the lock's etcd counts the lock's changes only, as the model's revision does.
			for (const name of ['lock', 'resource']) servers.push(await startEtcd(binary, directory, name));
			const [lock, resource] = servers;
			stores = {lockUrl: lock!.url, resourceUrl: resource!.url};
			ready = Promise.all(servers.map(server => server.ready));
			// Once up, an etcd that ends before the run does is said at once (one that fails to start, by its ready).
			for (const server of servers)
				ready.then(
					() => server.ended.then(how => abort.abort(new LiveFailure(`live: the run's etcd at ${server.url} ended in the middle of the run (${how})`))),
					() => undefined,
				);
		}
		ready.then(
			() => {
				answered = true;
			},
			() => undefined,
		);
		const target: LiveTarget<EtcdView> = {
			ready,
			where: labels => (binary !== null ? labels.freshEtcd(stores.lockUrl, stores.resourceUrl, resourceName(scenario)) : labels.givenEtcd(etcdUrl!, prefix)),
			play: options =>
				playOnEtcd({
					...options,
					scenario,
					stores,
					prefix,
					fresh: binary !== null,
					tickMs,
					// The clients' entry is built beside the bin, as this module is.
					clientEntry: fileURLToPath(new URL('./live-client.js', import.meta.url)),
					directory,
				}),
			stateLine,
			async end() {
				// An etcd given that never answered holds no key of the run.
				if (etcdUrl !== null && answered) {
					const store = openStore(etcdUrl);
					await untilAborted(store.deletePrefix(prefix), AbortSignal.timeout(givenEtcdTimeoutMs)).catch(() => undefined);
					await store.close();
				}
				await Promise.all(servers.map(server => server.stop()));
			},
		};
		return target;
	};
}

/** What of the scenario a real etcd and real processes cannot do, named where it is; null when all can be. */
function notOnEtcdProblem(scenario: Scenario): string | null {
	// Several nodes share no counter, so a story with tokens has one (setupProblem), played on one etcd.
	const {nodes, lockDelay} = resolveSetup(scenario.setup);
	const setup = (why: string) => `${scenario.file}: ${why}`;
	if (lockDelay > 0) return setup('lockDelay cannot be played live: etcd has no lock-delay');
	const careful = scenario.setup.clients.find(client => client.checksLease);
	if (careful) return setup(`${careful.name} checks its lease (checksLease) and cannot be played live on etcd`);
	// Live messages take the time the network takes: a scenario cannot set it, nor a client's allowance for it.
	if (scenario.setup.latency || scenario.setup.drift || scenario.setup.clients.some(client => client.latency))
		return setup('latency and drift cannot be played live on etcd: messages to etcd take the time the network takes');
	const nodeNames = new Set(nodes.map(node => node.name));
	const whyNot = (command: Command): string | null => {
		if (command.kind === 'jump') return 'a clock step';
		if (command.kind === 'partition' || command.kind === 'heal') return 'a client is never cut from etcd live';
		if ((command.kind === 'crash' || command.kind === 'restart') && nodeNames.has(command.client)) return 'etcd itself is not crashed live';
		if (command.kind === 'write' && command.pause !== undefined) return 'a write held through a pause';
		if (command.kind === 'latency') return "a link's latency is the network's";
		return null;
	};
	return refusedCommand(scenario, whyNot);
}

/** An etcd given with --etcd that does not answer, in time or at all, is a mistake in the command line, said in one line. */
async function checkReachable(url: string, signal: AbortSignal): Promise<void> {
	const late = AbortSignal.timeout(givenEtcdTimeoutMs);
	try {
		await etcdHealth(url, AbortSignal.any([signal, late]));
	} catch (error) {
		if (signal.aborted) throw signal.reason;
		const why = late.aborted ? `no answer in ${givenEtcdTimeoutMs / 1000} s` : (error as Error).message;
		throw new UsageError(`--etcd ${url}: etcd does not answer there (${why})`);
	}
}

function readEtcdUrl(text: string): string {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new UsageError(`--etcd: expected a URL such as http://127.0.0.1:2379, got '${text}'`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--etcd: expected an http:// or https:// URL, got '${text}'`);
	return url.origin;
}

/** Every lease the scenario asks for, in ticks. */
function leasesOf(scenario: Scenario): number[] {
	const leases = new Set([scenario.setup.lease ?? defaultLease]);
	for (const step of scenario.steps)
		for (const {command} of step.commands)
			if ((command.kind === 'acquire' || command.kind === 'renew') && command.lease !== undefined) leases.add(command.lease);
	return [...leases];
}

/** etcd's leases are whole seconds, at least two: each lease of the scenario must be one at this tick. */
function checkLeases(scenario: Scenario, tickMs: number): void {
	const fits = (tick: number) => leasesOf(scenario).every(lease => lease * tick >= minLeaseMs && (lease * tick) % 1000 === 0);
	if (fits(tickMs)) return;
	const lease = leasesOf(scenario).find(candidate => candidate * tickMs < minLeaseMs || (candidate * tickMs) % 1000 !== 0)!;
	let suggestion = tickMs + 1;
	while (!fits(suggestion)) suggestion += 1;
	throw new UsageError(
		`--tick-ms ${tickMs}: a lease of ${lease} ticks is ${(lease * tickMs) / 1000} s, and etcd grants leases in whole seconds, 2 s at least (try --tick-ms ${suggestion})`,
	);
}

/** What etcd holds after a step, in the model's numbers beside its own. */
function stateLine({live, view: etcd}: LiveStep<EtcdView>): string {
	const held =
		etcd.token === null ? 'the lock is free' : `${live.lock.holder} holds the lock, create_revision ${etcd.token} (the model's token ${live.lock.token})`;
	const believers = live.clients.filter(client => client.token !== null).map(client => `${client.name} believes token ${client.token}`);
	return [
		`etcd: ${held}, revision ${etcd.revision}`,
		`${live.resource.name} = ${live.resource.value ?? 'empty'} (max token ${live.resource.maxToken})`,
		...believers,
	].join('; ');
}
