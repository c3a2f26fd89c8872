import {describe, expect, test} from 'vitest';
import {loadScenario} from '../../source/scenario/files.js';
import {checkScenario, playScenario} from '../../source/scenario/run.js';

describe('the seed story (gc-pause)', () => {
	test("fenced: A's late write is rejected and row-42 keeps B", () => {
		const scenario = loadScenario('gc-pause');
		const world = playScenario(scenario, () => {});
		expect(world.resource).toMatchObject({value: 'B', maxToken: 2, rejected: 1});
		expect(world.violations).toBe(0);
		expect(checkScenario(scenario)).toEqual([]);
	});

	test('unfenced: A overwrites B, one violation', () => {
		const scenario = loadScenario('gc-pause');
		const world = playScenario({...scenario, setup: {...scenario.setup, fencing: false}}, () => {});
		expect(world.resource).toMatchObject({value: 'A', maxToken: 2, rejected: 0, writes: 3});
		expect(world.violations).toBe(1);
	});
});
