// `dlock-tui check <scenario...>`: plays each scenario headless and holds it to its `expect`s.
// One line per scenario that passes, one per failing step or file problem; every scenario is
// checked even after one fails. A directory stands for the scenario files in it.

import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {printCommand} from '../model/command.js';
import {describeRefusal} from '../words/describe.js';
import type {Terms} from '../words/catalog.js';
import {resolveSetup} from '../model/world.js';
import {describeMismatch} from '../scenario/expect.js';
import {loadScenario, ScenarioLoadError} from '../scenario/files.js';
import {langs, narrationIn} from '../text/narration.js';
import {checkScenario, type StepFailure} from '../scenario/run.js';
import type {Scenario} from '../scenario/parse.js';
import {titleFits} from '../ui/panes/header.js';

/** A scenario that takes longer than this to check says how long it took, and how many steps it has. */
const slowCheckMs = 1000;

/** Exit codes: 0 all pass, 1 an expectation failed or a command was refused, 2 a file is bad. `now` is a clock in ms. */
export function runCheck(scenarios: readonly string[], write: (text: string) => void, now: () => number = performance.now.bind(performance)): 0 | 1 | 2 {
	let exitCode: 0 | 1 | 2 = 0;
	for (const argument of scenarios.flatMap(scenarioFilesIn)) {
		const started = now();
		let scenario: Scenario;
		try {
			scenario = loadScenario(argument);
		} catch (error) {
			if (!(error instanceof ScenarioLoadError)) throw error;
			for (const problem of error.problems) write(`✗ ${problem}\n`);
			exitCode = 2;
			continue;
		}
		for (const warning of titleWarnings(scenario)) write(`! ${scenario.file}: ${warning}\n`);
		const failures = checkScenario(scenario);
		if (failures.length === 0) {
			const unchecked = scenario.steps.every(step => step.expect === null) ? ' (no expect: only checked that every command can be done)' : '';
			const took = now() - started;
			const timing =
				took > slowCheckMs
					? ` (${scenario.steps.length.toLocaleString('en')} step${scenario.steps.length === 1 ? '' : 's'} in ${(took / 1000).toFixed(1)} s)`
					: '';
			write(`✓ ${narrationIn(scenario.title, 'en')}${unchecked}${timing}\n`);
			continue;
		}
		for (const failure of failures) write(`✗ ${scenario.file}:${failure.line} step ${failure.step}: ${failureText(failure, resolveSetup(scenario.setup))}\n`);
		if (exitCode === 0) exitCode = 1;
	}
	return exitCode;
}

/** The dashboard's usual width: a title that does not fit it is cut, which an author should hear of (a warning; it still passes). */
const titleWidth = 80;

function titleWarnings(scenario: Scenario): string[] {
	const cut = langs.filter(lang => !titleFits(scenario, lang, titleWidth));
	if (cut.length === 0) return [];
	const which = `(${cut.join(', ')})`;
	return [
		scenario.short === null
			? `the title does not fit ${titleWidth} columns ${which}: the dashboard cuts it; add a \`short\` title that fits`
			: `neither the title nor the short title fits ${titleWidth} columns ${which}: the dashboard cuts the short one`,
	];
}

/** A directory's .yaml and .yml files, sorted; any other argument as it is (loadScenario judges it). */
function scenarioFilesIn(argument: string): string[] {
	let isDirectory = false;
	try {
		isDirectory = statSync(argument).isDirectory();
	} catch {
		return [argument];
	}
	if (!isDirectory) return [argument];
	const files = readdirSync(argument)
		.filter(name => /\.ya?ml$/i.test(name))
		.sort()
		.map(name => path.join(argument, name));
	return files.length > 0 ? files : [argument];
}

/** `terms`: the scenario's backend and tokens, whose words the refusals speak. */
function failureText(failure: StepFailure, terms: Terms): string {
	const refusals = failure.refusals.map(({command, refused}) => `\`${printCommand(command)}\` was refused: ${describeRefusal(refused, terms)}`);
	return [...refusals, ...failure.mismatches.map(mismatch => describeMismatch(mismatch))].join('; ');
}
