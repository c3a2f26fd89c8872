// Twin scenarios: the same story told twice, once with the resource checking tokens and once
// without (gc-pause and gc-pause-unfenced). The dashboard replays a story with the resource's
// fencing flipped and tells it in the twin's words; this checks that the twin is that story.

import {printCommand} from '../model/command.js';
import type {WorldSetup} from '../model/world.js';
import type {Scenario} from './parse.js';

/** The setup with the resource's fencing flipped. */
export const flippedSetup = (setup: WorldSetup): WorldSetup & {readonly fencing: boolean} => ({...setup, fencing: !(setup.fencing ?? true)});

const setupWithoutFencing = ({fencing: _, clients, ...rest}: WorldSetup) =>
	JSON.stringify({
		...rest,
		clients: clients.map(({name, fencing, renewEvery, checksLease, checksValidity, monotonic, latency}) => ({
			name,
			fencing: fencing ?? true,
			renewEvery: renewEvery ?? null,
			checksLease: checksLease ?? false,
			checksValidity,
			monotonic: monotonic ?? false,
			latency,
		})),
	});

/** How `twin` differs from `scenario` with the resource's fencing flipped, in words; null when it does not. */
export function twinDifference(scenario: Scenario, twin: Scenario): string | null {
	if ((scenario.setup.fencing ?? true) === (twin.setup.fencing ?? true)) return `both say fencing: ${scenario.setup.fencing ?? true}`;
	if (setupWithoutFencing(scenario.setup) !== setupWithoutFencing(twin.setup)) return 'its resource, lease or clients differ';
	if (scenario.steps.length !== twin.steps.length) return `it has ${twin.steps.length} steps, this file ${scenario.steps.length}`;
	const commands = (each: Scenario, index: number) => each.steps[index]!.commands.map(({command}) => printCommand(command)).join('; ');
	const differs = scenario.steps.findIndex((_, index) => commands(scenario, index) !== commands(twin, index));
	return differs < 0 ? null : `its step ${differs + 1} does other commands`;
}
