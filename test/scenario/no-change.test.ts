// A cut or heal that changes nothing is refused only by hand: in a scenario file it stays what it
// always was, so a file that repeats one still passes check.

import {expect, test} from 'vitest';
import {checkScenario, playScenario} from '../../source/scenario/run.js';
import {scenarioOf} from './helpers.js';

test('a scenario that cuts a client twice, or heals what is not cut, passes check', () => {
	const scenario = scenarioOf('title: t\nclients: [A, B]\nsteps:\n  - do: [heal A, partition A, partition A]\n  - do: [heal A, heal A]\n');
	expect(checkScenario(scenario)).toEqual([]);
	const refusals: unknown[] = [];
	playScenario(scenario, ({played}) => refusals.push(played.refused));
	expect(refusals).toEqual([null, null, null, null, null]);
});
