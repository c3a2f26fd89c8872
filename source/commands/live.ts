// `dlock-tui live [scenario] [--etcd URL] [--tick-ms N] [--check]`: the scenario played on a real
// etcd, with a real process per client, in real time, beside the model. This file owns the
// run's processes and directory and ends them on every way out; source/live does the rest.

import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {type Command, printCommand} from '../model/command.js';
import {defaultLease, defaultResourceName, resolveSetup} from '../model/world.js';
import type {Scenario} from '../scenario/parse.js';
import {defaultScenarioName, loadScenario} from '../scenario/files.js';
import {type Lang, narrationIn} from '../text/narration.js';
import type {ClientProcess} from '../live/client-processes.js';
import {describeDifference, describeLag} from '../live/compare.js';
import {openStore} from '../live/etcd-store.js';
import {EtcdStartFailure, etcdHealth, etcdPackage, findEtcd, type LocalEtcd, startEtcd} from '../live/etcd-server.js';
import {type LiveStep, playLive} from '../live/play.js';
import {createRunDirectory, type RunDirectory, TemporaryFolderProblem} from '../live/run-directory.js';
import {pushPlayedStep} from '../session/session.js';
import {type LiveLabels, labelsFor} from '../ui/labels.js';
import {onCrashTeardown} from './crash.js';
import {lookOptions} from './options.js';
import type {LiveDashboardFlags} from './live-dashboard.js';
import type {CommandLineIo} from './command-line-io.js';
import {LiveFailure, UsageError} from './errors.js';

export interface LiveFlags extends LiveDashboardFlags {
	readonly etcd?: string;
	readonly tickMs?: string;
	readonly check?: boolean;
}

const defaultTickMs = 1000;
/** etcd grants no lease shorter than this (its minimum TTL with the default election timeout). */
const minLeaseMs = 2000;

/** How long an etcd given with --etcd has to answer, at the start and when the run deletes its keys. */
const givenEtcdTimeoutMs = 5000;

/** The signals that end a live run in order (a closed terminal sends SIGHUP), and the exit code each gives. */
const exitCodeOfSignal = {SIGHUP: 129, SIGINT: 130, SIGTERM: 143} as const;
type EndingSignal = keyof typeof exitCodeOfSignal;
const endingSignals = Object.keys(exitCodeOfSignal) as EndingSignal[];

/**
 * Plays the scenario live. With a terminal and without --check, on the dashboard; otherwise as
 * lines, a step at a time. Resolves to the exit code.
 */
export async function runLive(argument: string | undefined, flags: LiveFlags, io: CommandLineIo, write: (text: string) => void): Promise<number> {
	const {env} = io;
	const scenario = loadScenario(argument ?? defaultScenarioName);
	const notLive = notLiveProblem(scenario);
	if (notLive !== null) throw new UsageError(`live: ${notLive}`);
	const tickMs = readTickMs(flags.tickMs);
	checkLeases(scenario, tickMs);
	// Read now, so that a wrong --lang or --theme is said before anything starts.
	const {lang} = lookOptions(flags);
	// The dashboard's status row speaks the dashboard's language; the lines without it stay English.
	const words = labelsFor(lang).live;
	const etcdUrl = flags.etcd === undefined ? null : readEtcdUrl(flags.etcd);
	const binary = etcdUrl === null ? findEtcd(env) : null;
	if (etcdUrl === null && binary === null)
		throw new UsageError(`live: no \`etcd\` on PATH; it comes in the package ${etcdPackage} (apt-get install ${etcdPackage}), or give --etcd URL`);

	const directory = makeRunDirectory();
	const drawn = !flags.check && io.stdin.isTTY === true && io.stdout.isTTY === true && env.TERM !== 'dumb';
	const view = drawn ? (await import('./live-dashboard.js')).showLiveDashboard(scenario, flags, io) : null;
	let session = view?.session;
	let status = '';
	// Ends the run before its end: a signal, q, or one of the run's etcd servers gone (a LiveFailure as its reason).
	const abort = new AbortController();
	let signalled: EndingSignal | null = null;
	const onSignal = (name: EndingSignal) => {
		signalled = name;
		abort.abort();
	};
	for (const name of endingSignals) process.on(name, onSignal);
	// A crash or an exit nobody planned: no time to stop things in order, so they are killed at once.
	const removeNow = () => directory.removeNow();
	const forgetCrash = onCrashTeardown(removeNow);
	process.on('exit', removeNow);
	void view?.quit.then(() => abort.abort());

	const servers: LocalEtcd[] = [];
	const clients: ClientProcess[] = [];
	const prefix = `dlock-tui/${path.basename(directory.path)}/`;
	let failedSteps = 0;
	let answered = false;
	try {
		let stores = {lockUrl: etcdUrl ?? '', resourceUrl: etcdUrl ?? ''};
		let ready: Promise<unknown>;
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
		const where = (labels: LiveLabels) =>
			binary !== null ? labels.freshEtcd(stores.lockUrl, stores.resourceUrl, resourceName(scenario)) : labels.givenEtcd(etcdUrl!, prefix);
		status = words.playing(where(words), tickMs);
		const said = ready.then(() => {
			answered = true;
			if (view) view.show(session!, status);
			else write(`live ${narrationIn(scenario.title, 'en')}: ${where(labelsFor('en').live)}; a tick is ${tickMs} ms\n`);
		});
		// Whatever playLive waits for (a stopped etcd, say) waits no longer once the run is ended.
		await untilAborted(
			playLive({
				scenario,
				stores,
				ready: said,
				prefix,
				fresh: binary !== null,
				tickMs,
				// The clients' entry is built beside the bin, as this module is.
				clientEntry: fileURLToPath(new URL('./live-client.js', import.meta.url)),
				directory,
				signal: abort.signal,
				onClient: client => clients.push(client),
				onMoment: view
					? moment => view.show(pushPlayedStep(session!, moment.index + 1, moment.played, moment.live), `t=${moment.live.clock} · ${status}`, moment)
					: undefined,
				onStep: step => {
					if (step.comparison.differences.length > 0) failedSteps += 1;
					if (!view) {
						write(stepReport(step, !flags.check));
						return;
					}
					// A first step with no commands is the session's opening picture already.
					if (step.played.length > 0) session = pushPlayedStep(session!, step.index + 1, step.played, step.live);
					view.show(session!, `${stepSummary(step, lang, words)} · ${status}`, {...step, lags: step.comparison.lags});
				},
			}),
			abort.signal,
		);
		if (view) {
			view.show(session!, `${words.verdict(failedSteps)} · ${words.over}`);
			await view.quit;
		} else write(`${labelsFor('en').live.verdict(failedSteps)}\n`);
	} catch (error) {
		if (error instanceof EtcdStartFailure) throw new LiveFailure(`live: ${error.message}`);
		if (abort.signal.reason instanceof UsageError) throw abort.signal.reason;
		if (!abort.signal.aborted) throw error;
	} finally {
		for (const name of endingSignals) process.off(name, onSignal);
		await Promise.all(clients.map(client => client.kill()));
		// An etcd given that never answered holds no key of the run.
		if (etcdUrl !== null && answered) {
			const store = openStore(etcdUrl);
			await untilAborted(store.deletePrefix(prefix), AbortSignal.timeout(givenEtcdTimeoutMs)).catch(() => undefined);
			await store.close();
		}
		await Promise.all(servers.map(server => server.stop()));
		removeNow();
		process.off('exit', removeNow);
		forgetCrash();
		view?.close();
	}
	if (signalled !== null) return exitCodeOfSignal[signalled];
	return failedSteps === 0 ? 0 : 1;
}

/** What of the scenario a real etcd and real processes cannot do, named where it is; null when all can be. */
function notLiveProblem(scenario: Scenario): string | null {
	const {nodes, tokens, lockDelay} = resolveSetup(scenario.setup);
	const setup = (why: string) => `${scenario.file}: ${why}`;
	if (nodes.length > 1) return setup(`${nodes.length} lock nodes cannot be played live: live runs one etcd, a single lock service`);
	if (tokens === 'none') return setup('tokens: none cannot be played live: etcd gives every grant a revision');
	if (lockDelay > 0) return setup('lockDelay cannot be played live: etcd has no lock-delay');
	const careful = scenario.setup.clients.find(client => client.checksLease);
	if (careful) return setup(`${careful.name} checks its lease (checksLease) and cannot be played live`);
	// Live messages take the time the network takes: a scenario cannot set it, nor a client's allowance for it.
	if (scenario.setup.latency || scenario.setup.drift || scenario.setup.clients.some(client => client.latency))
		return setup('latency and drift cannot be played live: messages to etcd take the time the network takes');
	const nodeNames = new Set(nodes.map(node => node.name));
	const whyNot = (command: Command): string | null => {
		if (command.kind === 'jump') return 'a clock step';
		if (command.kind === 'partition' || command.kind === 'heal') return 'a client is never cut from etcd live';
		if ((command.kind === 'crash' || command.kind === 'restart') && nodeNames.has(command.client)) return 'etcd itself is not crashed live';
		if (command.kind === 'write' && command.pause !== undefined) return 'a write held through a pause';
		if (command.kind === 'latency') return "a link's latency is the network's";
		return null;
	};
	for (const step of scenario.steps) {
		for (const {command, line} of step.commands) {
			const why = whyNot(command);
			if (why !== null) return `${scenario.file}:${line}: \`${printCommand(command)}\` cannot be done live (${why})`;
		}
	}
	return null;
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

/** `work`, or the signal's reason as soon as it aborts: the run never waits on what it gave up. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		const aborted = () => reject(signal.reason);
		if (signal.aborted) aborted();
		signal.addEventListener('abort', aborted, {once: true});
		work.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
	});
}

/** The run's directory; a temp folder that cannot hold it is the environment's to fix (exit 2). */
function makeRunDirectory(): RunDirectory {
	try {
		return createRunDirectory();
	} catch (error) {
		if (error instanceof TemporaryFolderProblem) throw new UsageError(`live: ${error.message}`);
		throw error;
	}
}

function resourceName(scenario: Scenario): string {
	return scenario.setup.resource ?? defaultResourceName;
}

function readTickMs(text: string | undefined): number {
	if (text === undefined) return defaultTickMs;
	if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 60_000)
		throw new UsageError(`--tick-ms: expected milliseconds, a whole number from 1 to 60000, got '${text}'`);
	return Number(text);
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

/** The status row after a step: whether it agreed with the model, or its first difference (etcd's row beside it shows the lags). */
function stepSummary(step: LiveStep, lang: Lang, words: LiveLabels): string {
	const [difference] = step.comparison.differences;
	return difference === undefined ? words.stepAgrees(step.index + 1) : words.stepDiffers(step.index + 1, describeDifference(difference, lang));
}

function stepReport(step: LiveStep, narrate: boolean): string {
	const {comparison, live, etcd} = step;
	const lines: string[] = [];
	if (narrate && step.step.say) lines.push(`  ${narrationIn(step.step.say, 'en')}`);
	const held =
		etcd.token === null ? 'the lock is free' : `${live.lock.holder} holds the lock, create_revision ${etcd.token} (the model's token ${live.lock.token})`;
	const believers = live.clients.filter(client => client.token !== null).map(client => `${client.name} believes token ${client.token}`);
	const state = [
		`etcd: ${held}, revision ${etcd.revision}`,
		`${live.resource.name} = ${live.resource.value ?? 'empty'} (max token ${live.resource.maxToken})`,
		...believers,
	];
	const mark = comparison.differences.length > 0 ? '✗' : '✓';
	lines.push(
		`${mark} step ${step.index + 1} (t=${step.model.clock}): ${comparison.differences.length > 0 ? comparison.differences.map(difference => describeDifference(difference)).join('; ') : 'agrees with the model'}`,
	);
	lines.push(`    ${state.join('; ')}`);
	for (const lag of comparison.lags) lines.push(`    lag: ${describeLag(lag)}`);
	return `${lines.join('\n')}\n`;
}
