// `dlock-tui check <scenario...>`: plays each scenario headless and holds it to its `expect`s.
// One line per scenario that passes, one per failing step or file problem; every scenario is
// checked even after one fails.

import {printCommand} from '../model/command.js';
import {describeRefusal} from '../model/describe.js';
import {describeMismatch} from '../scenario/expect.js';
import {loadScenario, ScenarioLoadError} from '../scenario/files.js';
import {narrationIn} from '../scenario/parse.js';
import {checkScenario, type StepFailure} from '../scenario/run.js';

/** Exit codes: 0 all pass, 1 an expectation failed or a command was refused, 2 a file is bad. */
export function runCheck(scenarios: readonly string[], write: (text: string) => void): 0 | 1 | 2 {
	let exitCode: 0 | 1 | 2 = 0;
	for (const argument of scenarios) {
		let scenario;
		try {
			scenario = loadScenario(argument);
		} catch (error) {
			if (!(error instanceof ScenarioLoadError)) throw error;
			for (const problem of error.problems) write(`✗ ${problem}\n`);
			exitCode = 2;
			continue;
		}
		const failures = checkScenario(scenario);
		if (failures.length === 0) {
			write(`✓ ${narrationIn(scenario.title, 'en')}\n`);
			continue;
		}
		for (const failure of failures) write(`✗ ${scenario.file}:${failure.line} step ${failure.step}: ${failureText(failure)}\n`);
		if (exitCode === 0) exitCode = 1;
	}
	return exitCode;
}

function failureText(failure: StepFailure): string {
	const refusal = failure.refusal ? [`\`${printCommand(failure.refusal.command)}\` was refused: ${describeRefusal(failure.refusal.refused)}`] : [];
	return [...refusal, ...failure.mismatches.map(describeMismatch)].join('; ');
}
