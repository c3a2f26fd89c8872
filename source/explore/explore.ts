// The search over a scenario's worlds: from the world its setup makes, every move in turn, each
// world once (by StateKeys), until a world reaches the target. The search sees worlds only through
// the model's nextWorld (applyCommand without its events), the state key and the target.

import {nextWorld} from '../model/apply.js';
import type {Command} from '../model/command.js';
import {createWorld, type World, type WorldSetup} from '../model/world.js';
import {type PlayedCommand, playCommands} from '../scenario/run.js';
import {BreadthFirstSearch} from './search.js';
import {StateKeys} from './state-key.js';
import type {Target} from './targets.js';

/**
 * The most states a search holds. A state costs about 250 bytes (its key, how it was reached, and
 * its share of the worlds of the level being searched), a Redlock state about 400: this keeps a
 * search of a few clients under about 1.2 GB. Bigger worlds (nine clients) cost more each: the
 * search is also stopped by the memory it holds (maxExploreBytes in commands/explore.ts).
 */
export const maxExploreStates = 3_000_000;

export interface ExploreOptions {
	readonly setup: WorldSetup;
	readonly moves: readonly Command[];
	readonly target: Target;
	readonly depth: number;
	readonly maxStates?: number;
}

export function startExplore({setup, moves, target, depth, maxStates = maxExploreStates}: ExploreOptions): BreadthFirstSearch<World, Command> {
	const keys = new StateKeys();
	return new BreadthFirstSearch<World, Command>({
		start: createWorld(setup),
		moves,
		next: nextWorld,
		key: (world, from, fromKey) => keys.keyOf(world, from ?? undefined, fromKey),
		isTarget: target.reached,
		depth,
		maxStates,
	});
}

/** A sequence found, played again from the start: each command with its events and the world after it. */
export const replay = (setup: WorldSetup, commands: readonly Command[]): PlayedCommand[] => [...playCommands(createWorld(setup), commands)];
