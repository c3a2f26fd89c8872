// Plays a scenario headless: every command in order, with what it did and the world after it.

import {applyCommand} from '../model/apply.js';
import type {Command} from '../model/command.js';
import type {Event, Refusal} from '../model/event.js';
import {createWorld, type World} from '../model/world.js';
import {checkExpectation, type Mismatch} from './expect.js';
import type {Scenario, ScenarioStep} from './parse.js';

export interface PlayedCommand {
	/** 1-based over all commands of the scenario. */
	readonly index: number;
	/** 1-based index of the scenario step that issued it. */
	readonly step: number;
	readonly command: Command;
	readonly line: number;
	readonly world: World;
	readonly events: readonly Event[];
	readonly refused: Refusal | null;
}

export interface StepFailure {
	readonly step: number;
	readonly line: number;
	/** Every command of the step that was refused, in order. */
	readonly refusals: readonly {readonly command: Command; readonly refused: Refusal; readonly line: number}[];
	readonly mismatches: readonly Mismatch[];
}

export type PlayEvent =
	| {readonly kind: 'command'; readonly played: PlayedCommand}
	| {readonly kind: 'step'; readonly step: ScenarioStep; readonly index: number; readonly world: World};

/** Every command, then the end of its step, one at a time: a consumer can stop and wait (a slow reader of a long trace). */
export function* playEvents(scenario: Scenario): Generator<PlayEvent, World> {
	let world = createWorld(scenario.setup);
	let index = 0;
	for (const [stepIndex, step] of scenario.steps.entries()) {
		for (const {command, line} of step.commands) {
			const outcome = applyCommand(world, command);
			world = outcome.world;
			index += 1;
			yield {kind: 'command', played: {index, step: stepIndex + 1, command, line, world, events: outcome.events, refused: outcome.refused}};
		}
		yield {kind: 'step', step, index: stepIndex, world};
	}
	return world;
}

/** Calls back after every command and after every step; returns the final world. */
export function playScenario(
	scenario: Scenario,
	onCommand: (played: PlayedCommand) => void,
	onStep?: (step: ScenarioStep, index: number, world: World) => void,
): World {
	const events = playEvents(scenario);
	for (let next = events.next(); ; next = events.next()) {
		if (next.done) return next.value;
		if (next.value.kind === 'command') onCommand(next.value.played);
		else onStep?.(next.value.step, next.value.index, next.value.world);
	}
}

/** Runs every expectation; a refused command fails its step too (a scenario should say only what can happen). */
export function checkScenario(scenario: Scenario): StepFailure[] {
	const failures: StepFailure[] = [];
	let refusals: StepFailure['refusals'][number][] = [];
	playScenario(
		scenario,
		played => {
			if (played.refused) refusals.push({command: played.command, refused: played.refused, line: played.line});
		},
		(step, index, world) => {
			const mismatches = step.expect ? checkExpectation(world, step.expect) : [];
			if (refusals.length > 0 || mismatches.length > 0) failures.push({step: index + 1, line: refusals[0]?.line ?? step.expectLines[mismatches[0]?.key ?? ''] ?? step.expectLine, refusals, mismatches});
			refusals = [];
		},
	);
	return failures;
}
