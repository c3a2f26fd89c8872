// Plays commands on a world: the one player of the project. A scenario played headless (`check`,
// `trace`) and the dashboard's history both go through playCommand.

import {applyByHand, applyCommand, type Outcome} from '../model/apply.js';
import type {Command} from '../model/command.js';
import type {Refusal} from '../model/event.js';
import {createWorld, type World} from '../model/world.js';
import {checkExpectation, type Mismatch} from './expect.js';
import type {Scenario, ScenarioStep} from './parse.js';

/** One command and what it did: its events, why it was refused if it was, and the world after it. */
export interface PlayedCommand extends Outcome {
	readonly command: Command;
}

/** One command played on `world`; given by hand, a cut or heal that changes nothing is refused (applyByHand). */
function playCommand(world: World, command: Command, byHand = false): PlayedCommand {
	const {world: next, events, refused} = (byHand ? applyByHand : applyCommand)(world, command);
	return {command, world: next, events, refused};
}

/** Each command in turn, from `world` on; `byHand`, as given at the dashboard's keys and `:` line. */
export function* playCommands(world: World, commands: Iterable<Command>, byHand = false): Generator<PlayedCommand> {
	let current = world;
	for (const command of commands) {
		const played = playCommand(current, command, byHand);
		current = played.world;
		yield played;
	}
}

export interface StepFailure {
	readonly step: number;
	readonly line: number;
	/** Every command of the step that was refused, in order. */
	readonly refusals: readonly {readonly command: Command; readonly refused: Refusal; readonly line: number}[];
	readonly mismatches: readonly Mismatch[];
}

/** A command of a scenario, played, and where it stands in the scenario. */
export interface ScenarioCommand {
	readonly played: PlayedCommand;
	/** 1-based over all commands of the scenario. */
	readonly index: number;
	/** 1-based index of the scenario step that issued it. */
	readonly step: number;
	readonly line: number;
}

export type PlayEvent =
	| ({readonly kind: 'command'} & ScenarioCommand)
	| {readonly kind: 'step'; readonly step: ScenarioStep; readonly index: number; readonly world: World};

/** Every command, then the end of its step, one at a time: a consumer can stop and wait (a slow reader of a long trace). */
export function* playEvents(scenario: Scenario): Generator<PlayEvent, World> {
	let world = createWorld(scenario.setup);
	let index = 0;
	for (let stepIndex = 0; stepIndex < scenario.steps.length; stepIndex += 1) {
		const step = scenario.steps[stepIndex]!;
		for (const {command, line} of step.commands) {
			const played = playCommand(world, command);
			world = played.world;
			index += 1;
			yield {kind: 'command', played, index, step: stepIndex + 1, line};
		}
		yield {kind: 'step', step, index: stepIndex, world};
	}
	return world;
}

/** Calls back after every command and after every step; returns the final world. */
export function playScenario(
	scenario: Scenario,
	onCommand: (command: ScenarioCommand) => void,
	onStep?: (step: ScenarioStep, index: number, world: World) => void,
): World {
	const events = playEvents(scenario);
	for (let next = events.next(); ; next = events.next()) {
		if (next.done) return next.value;
		if (next.value.kind === 'command') onCommand(next.value);
		else onStep?.(next.value.step, next.value.index, next.value.world);
	}
}

/** Runs every expectation; a refused command fails its step too (a scenario should say only what can happen). */
export function checkScenario(scenario: Scenario): StepFailure[] {
	const failures: StepFailure[] = [];
	let refusals: StepFailure['refusals'][number][] = [];
	playScenario(
		scenario,
		({played, line}) => {
			if (played.refused) refusals.push({command: played.command, refused: played.refused, line});
		},
		(step, index, world) => {
			const mismatches = step.expect ? checkExpectation(world, step.expect) : [];
			if (refusals.length > 0 || mismatches.length > 0)
				failures.push({step: index + 1, line: refusals[0]?.line ?? step.expectLines[mismatches[0]?.key ?? ''] ?? step.expectLine, refusals, mismatches});
			refusals = [];
		},
	);
	return failures;
}
