// The step loop of a live run, whatever it runs on (etcd, or Redis nodes): each command is
// applied to the model's world and done live, the ticks in real time, and each step ends with the
// live world held against the model's. What a command does live is the run's own (etcd-run.ts,
// redlock-run.ts).

import {setTimeout as sleep} from 'node:timers/promises';
import {applyCommand, type Outcome} from '../model/apply.js';
import type {Command} from '../model/command.js';
import type {Event} from '../model/event.js';
import {createWorld, type World} from '../model/world.js';
import type {Scenario, ScenarioStep} from '../scenario/parse.js';
import type {PlayedCommand} from '../scenario/run.js';
import {compareStep, type Lag, type StepComparison} from './compare.js';

export interface LiveStep<View> {
	readonly index: number;
	readonly step: ScenarioStep;
	/** The step's commands as the model played them (the dashboard's story and timeline tell them). */
	readonly played: readonly PlayedCommand[];
	readonly model: World;
	/** In the model's token numbers. */
	readonly live: World;
	/** What the servers and the processes say, in their own terms. */
	readonly view: View;
	/** Whether the servers' numbers must be the model's themselves (revision tokens on a fresh etcd). */
	readonly exact: boolean;
	readonly comparison: StepComparison;
}

/** The live world at one tick within a step, before the step is over (the dashboard follows it). */
export interface LiveMoment<View> {
	readonly index: number;
	/** The step's commands so far, with only the events up to now. */
	readonly played: readonly PlayedCommand[];
	readonly live: World;
	/** The model's world at the same tick. */
	readonly model: World;
	readonly view: View;
	readonly exact: boolean;
	/** The step's lags so far. */
	readonly lags: readonly Lag[];
}

/** The model's ticks in real time: tick t comes t × tickMs after the steps began. */
export interface RealTime {
	readonly tickMs: number;
	/** When tick `t` is, in ms since the epoch. */
	momentOf(t: number): number;
	/** Waits until tick `t` (not at all when it is past). */
	waitFor(t: number): Promise<void>;
}

export function realTime(tickMs: number, signal: AbortSignal): RealTime {
	const t0 = Date.now();
	const momentOf = (t: number) => t0 + t * tickMs;
	return {
		tickMs,
		momentOf,
		async waitFor(t) {
			const ms = momentOf(t) - Date.now();
			if (ms > 0) await sleep(ms, undefined, {signal});
		},
	};
}

/** What a live run does on its servers and processes; the loop calls it in the model's order. */
export interface LiveBackend<View> {
	/** A command other than `tick`, done live; `model` is the world before it. */
	act(model: World, command: Command, outcome: Outcome, lags: Lag[]): Promise<void>;
	/** What happens live at the moment of one of a tick's events. */
	atMoment(model: World, event: Event, lags: Lag[]): Promise<void>;
	/** Brings what the run knows of the servers up to date before it is shown: after a command, and at a tick's `moment`. */
	refresh(model: World, moment?: number): Promise<void>;
	/** The live world at tick `clock`, in the model's token numbers; `model` is the model's world before the command in play. */
	world(model: World, clock: number): World;
	view(): View;
	/** Whether the servers' numbers must be the model's themselves. */
	exact(model: World): boolean;
}

export interface StepsOptions<View> {
	readonly scenario: Scenario;
	readonly time: RealTime;
	readonly signal: AbortSignal;
	readonly onStep: (step: LiveStep<View>) => void | Promise<void>;
	/** Called at every tick within a step. */
	readonly onMoment?: (moment: LiveMoment<View>) => void;
}

/** Plays every step on `backend`; resolves when done. */
export async function playSteps<View>(backend: LiveBackend<View>, {scenario, time, signal, onStep, onMoment}: StepsOptions<View>): Promise<void> {
	let model = createWorld(scenario.setup);
	for (const [index, step] of scenario.steps.entries()) {
		const played: PlayedCommand[] = [];
		const lags: Lag[] = [];
		const showMoment = (moment: number) => {
			if (!onMoment) return;
			const current = played.at(-1)!;
			const now = {...current, events: current.events.filter(event => event.t <= moment)};
			onMoment({
				index,
				played: [...played.slice(0, -1), now],
				live: backend.world(model, moment),
				// The model's world at this tick: its tick command played up to here.
				model: applyCommand(model, {kind: 'tick', n: moment - model.clock}).world,
				view: backend.view(),
				exact: backend.exact(model),
				lags: [...lags],
			});
		};
		for (const {command} of step.commands) {
			signal.throwIfAborted();
			const outcome = applyCommand(model, command);
			played.push({command, ...outcome});
			// A command the model refuses changes nothing there, and is not done live either.
			if (outcome.refused) continue;
			if (command.kind === 'tick') {
				for (let moment = model.clock + 1; moment <= model.clock + command.n; moment += 1) {
					await time.waitFor(moment);
					for (const event of outcome.events) if (event.t === moment) await backend.atMoment(model, event, lags);
					await backend.refresh(model, moment);
					showMoment(moment);
				}
			} else await backend.act(model, command, outcome, lags);
			model = outcome.world;
		}
		await backend.refresh(model);
		const live = backend.world(model, model.clock);
		await onStep({
			index,
			step,
			played,
			model,
			live,
			view: backend.view(),
			exact: backend.exact(model),
			comparison: compareStep(model, live, step.expect, lags, backend.exact(model)),
		});
	}
}
