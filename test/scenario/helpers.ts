import {loadScenario} from '../../source/scenario/files.js';
import {parseScenario, type Scenario} from '../../source/scenario/parse.js';

/** A scenario from its YAML text, failing the test with every problem if it does not load. */
export function scenarioOf(text: string, file = 'test.yaml'): Scenario {
	const parsed = parseScenario(text, file);
	if (!parsed.ok) throw new Error(parsed.problems.map(problem => `${problem.line}: ${problem.message}`).join('\n'));
	return parsed.scenario;
}

const builtins = new Map<string, Scenario>();

/**
 * A built-in scenario, read once for every test file of a worker. Reading one is tens of
 * milliseconds (YAML and the schema), and tests of what is drawn or played read the same eight
 * hundreds of times; reading them is tested in test/scenario. A scenario is data no test changes.
 */
export function builtinScenario(name: string): Scenario {
	let scenario = builtins.get(name);
	if (!scenario) {
		scenario = loadScenario(name);
		builtins.set(name, scenario);
	}
	return scenario;
}
