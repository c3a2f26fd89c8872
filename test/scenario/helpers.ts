import {parseScenario, type Scenario} from '../../source/scenario/parse.js';

/** A scenario from its YAML text, failing the test with every problem if it does not load. */
export function scenarioOf(text: string, file = 'test.yaml'): Scenario {
	const parsed = parseScenario(text, file);
	if (!parsed.ok) throw new Error(parsed.problems.map(problem => `${problem.line}: ${problem.message}`).join('\n'));
	return parsed.scenario;
}
