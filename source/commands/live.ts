// `dlock-tui live [scenario] [--etcd URL] [--tick-ms N] [--check]`: the scenario played on real
// servers (etcd for a story with tokens, Redis nodes for one without), with a real process per
// client, in real time, beside the model. This file owns the run's processes and directory and
// ends them on every way out; live-etcd.ts and live-redis.ts start the servers, source/live does
// the rest.

import {narrationIn, type Lang} from '../text/narration.js';
import {loadScenario, defaultScenarioName} from '../scenario/files.js';
import {describeDifference, describeLag} from '../live/compare.js';
import {createRunDirectory, type RunDirectory, TemporaryFolderProblem} from '../live/run-directory.js';
import type {LiveStep} from '../live/steps.js';
import {pushPlayedStep} from '../session/session.js';
import {type LiveLabels, labelsFor} from '../ui/labels.js';
import type {ServersView} from '../ui/panes/live.js';
import {onCrashTeardown} from './crash.js';
import {lookOptions} from './options.js';
import type {LiveDashboardFlags} from './live-dashboard.js';
import type {CommandLineIo} from './command-line-io.js';
import {LiveFailure, UsageError} from './errors.js';
import {prepareEtcd} from './live-etcd.js';
import {playsOnRedis, prepareRedis} from './live-redis.js';
import {type Killable, type StartTarget, untilAborted} from './live-target.js';
import {ServerStartFailure} from '../live/guarded-server.js';

export interface LiveFlags extends LiveDashboardFlags {
	readonly etcd?: string;
	readonly tickMs?: string;
	readonly check?: boolean;
}

const defaultTickMs = 1000;

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
	const tickMs = readTickMs(flags.tickMs);
	const startTarget: StartTarget<ServersView> = playsOnRedis(scenario)
		? prepareRedis(scenario, flags.etcd, env, tickMs)
		: (prepareEtcd(scenario, flags.etcd, env, tickMs) as StartTarget<ServersView>);
	// Read now, so that a wrong --lang or --theme is said before anything starts.
	const {lang} = lookOptions(flags);
	// The dashboard's status row speaks the dashboard's language; the lines without it stay English.
	const words = labelsFor(lang).live;

	const directory = makeRunDirectory();
	const drawn = !flags.check && io.stdin.isTTY === true && io.stdout.isTTY === true && env.TERM !== 'dumb';
	const view = drawn ? (await import('./live-dashboard.js')).showLiveDashboard(scenario, flags, io) : null;
	let session = view?.session;
	let status = '';
	// Ends the run before its end: a signal, q, or one of the run's servers gone (a LiveFailure as its reason).
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

	const clients: Killable[] = [];
	let end: () => Promise<void> = async () => undefined;
	let failedSteps = 0;
	try {
		const target = await startTarget(directory, abort);
		end = () => target.end();
		status = words.playing(target.where(words), tickMs);
		const said = target.ready.then(() => {
			if (view) view.show(session!, status);
			else write(`live ${narrationIn(scenario.title, 'en')}: ${target.where(labelsFor('en').live)}; a tick is ${tickMs} ms\n`);
		});
		// Whatever the run waits for (a stopped server, say) waits no longer once the run is ended.
		await untilAborted(
			target.play({
				ready: said,
				signal: abort.signal,
				onClient: client => {
					clients.push(client);
					// A client process is the run's as its servers are: one that ends unasked ends the run.
					void client.unplannedEnd.then(how => abort.abort(new LiveFailure(`live: the run's client ${client.name} ended in the middle of the run (${how})`)));
				},
				onMoment: view
					? moment => view.show(pushPlayedStep(session!, moment.index + 1, moment.played, moment.live), `t=${moment.live.clock} · ${status}`, moment)
					: undefined,
				onStep: step => {
					if (step.comparison.differences.length > 0) failedSteps += 1;
					if (!view) {
						write(stepReport(step, target.stateLine(step), !flags.check));
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
		if (error instanceof ServerStartFailure || error instanceof TemporaryFolderProblem) throw new LiveFailure(`live: ${error.message}`);
		if (abort.signal.reason instanceof UsageError) throw abort.signal.reason;
		if (!abort.signal.aborted) throw error;
	} finally {
		for (const name of endingSignals) process.off(name, onSignal);
		await Promise.all(clients.map(client => client.kill()));
		await end();
		removeNow();
		process.off('exit', removeNow);
		forgetCrash();
		view?.close();
	}
	if (signalled !== null) return exitCodeOfSignal[signalled];
	return failedSteps === 0 ? 0 : 1;
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

function readTickMs(text: string | undefined): number {
	if (text === undefined) return defaultTickMs;
	if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 60_000)
		throw new UsageError(`--tick-ms: expected milliseconds, a whole number from 1 to 60000, got '${text}'`);
	return Number(text);
}

/** The status row after a step: whether it agreed with the model, or its first difference (etcd's row beside it shows the lags). */
function stepSummary(step: LiveStep<unknown>, lang: Lang, words: LiveLabels): string {
	const [difference] = step.comparison.differences;
	return difference === undefined ? words.stepAgrees(step.index + 1) : words.stepDiffers(step.index + 1, describeDifference(difference, lang));
}

function stepReport(step: LiveStep<unknown>, state: string, narrate: boolean): string {
	const {comparison} = step;
	const lines: string[] = [];
	if (narrate && step.step.say) lines.push(`  ${narrationIn(step.step.say, 'en')}`);
	const mark = comparison.differences.length > 0 ? '✗' : '✓';
	lines.push(
		`${mark} step ${step.index + 1} (t=${step.model.clock}): ${comparison.differences.length > 0 ? comparison.differences.map(difference => describeDifference(difference)).join('; ') : 'agrees with the model'}`,
	);
	lines.push(`    ${state}`);
	for (const lag of comparison.lags) lines.push(`    lag: ${describeLag(lag)}`);
	return `${lines.join('\n')}\n`;
}
