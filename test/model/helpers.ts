import {applyCommand, type Outcome} from '../../source/model/apply.js';
import {parseCommand} from '../../source/model/command.js';
import {commandProblemText} from '../../source/words/describe.js';
import {createWorld, findClient, type WorldSetup, type World} from '../../source/model/world.js';

/** Parses one command line, failing the test on a parse error. */
export function command(line: string) {
	const parsed = parseCommand(line);
	if (!parsed.ok) throw new Error(`bad command in test: ${commandProblemText(parsed.error.problem)}`);
	return parsed.command;
}

/** Applies command lines in order and returns the last outcome. */
export function run(world: World, ...lines: string[]): Outcome {
	let outcome: Outcome = {world, events: [], refused: null};
	for (const line of lines) outcome = applyCommand(outcome.world, command(line));
	return outcome;
}

export function worldOf(setup: Partial<WorldSetup> = {}): World {
	return createWorld({clients: [{name: 'A'}, {name: 'B'}, {name: 'C'}], lease: 5, ...setup});
}

export const clientOf = (world: World, name: string) => findClient(world, name)!;
