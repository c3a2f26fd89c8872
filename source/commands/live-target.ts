// What `dlock-tui live` asks of the servers a story plays on (etcd, or Redis nodes): live.ts owns
// the run (its directory, its signals, the dashboard or the report) and ends its client processes;
// a target starts its servers, plays the steps on them, and ends them.

import {type Command, printCommand} from '../model/command.js';
import {defaultResourceName} from '../model/world.js';
import type {Scenario} from '../scenario/parse.js';
import type {LiveMoment, LiveStep} from '../live/steps.js';
import type {RunDirectory} from '../live/run-directory.js';
import type {LiveLabels} from '../ui/labels.js';

/** A client process of the run, as the run ends it. */
export interface Killable {
	readonly name: string;
	kill(): Promise<void>;
	/** Resolves, with how it ended, when it ends without kill(); else never. */
	readonly unplannedEnd: Promise<string>;
}

export interface TargetPlayOptions<View> {
	/** Resolves once the servers answer and the run has said where it plays. */
	readonly ready: Promise<unknown>;
	readonly signal: AbortSignal;
	readonly onStep: (step: LiveStep<View>) => void | Promise<void>;
	readonly onMoment?: (moment: LiveMoment<View>) => void;
	readonly onClient: (client: Killable) => void;
}

export interface LiveTarget<View> {
	/** Resolves once the servers answer; rejects with a LiveFailure (or a UsageError) when they do not. */
	readonly ready: Promise<unknown>;
	/** Where the run plays, in the dashboard's words or the report's. */
	where(labels: LiveLabels): string;
	play(options: TargetPlayOptions<View>): Promise<void>;
	/** What the servers hold after a step, in one line of the report. */
	stateLine(step: LiveStep<View>): string;
	/** Stops what it started; the run's clients are ended before. */
	end(): Promise<void>;
}

/** Starts the target's servers in the run's directory; `abort` ends the run (with a LiveFailure as its reason when a server dies). */
export type StartTarget<View> = (directory: RunDirectory, abort: AbortController) => Promise<LiveTarget<View>>;

export const resourceName = (scenario: Scenario) => scenario.setup.resource ?? defaultResourceName;

/** `work`, or the signal's reason as soon as it aborts: the run never waits on what it gave up. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		const aborted = () => reject(signal.reason);
		if (signal.aborted) aborted();
		signal.addEventListener('abort', aborted, {once: true});
		work.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
	});
}

/** The first command of the scenario that `whyNot` refuses, said with its line and why; null when none is. */
export function refusedCommand(scenario: Scenario, whyNot: (command: Command) => string | null): string | null {
	for (const step of scenario.steps) {
		for (const {command, line} of step.commands) {
			const why = whyNot(command);
			if (why !== null) return `${scenario.file}:${line}: \`${printCommand(command)}\` cannot be done live (${why})`;
		}
	}
	return null;
}
