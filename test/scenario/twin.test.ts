import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {loadScenario, ScenarioLoadError} from '../../source/scenario/files.js';

let directory: string | null = null;
afterEach(() => {
	if (directory) rmSync(directory, {recursive: true});
	directory = null;
});

/** Files in a fresh directory; returns the path of the first. */
function files(texts: Record<string, string>): string {
	directory = mkdtempSync(path.join(tmpdir(), 'dlock-twin-'));
	for (const [name, text] of Object.entries(texts)) writeFileSync(path.join(directory, name), text);
	return path.join(directory, Object.keys(texts)[0]!);
}

const story = (fencing: boolean, twin: string, last = 'write A') =>
	[
		'title: talk',
		`fencing: ${fencing}`,
		`twin: ${twin}`,
		'clients: [A, B]',
		'steps:',
		'  - do: [acquire A, write A]',
		`    say: ${fencing ? 'fenced words' : 'unfenced words'}`,
		`  - do: ${last}`,
		'',
	].join('\n');

const problemsOf = (file: string) => {
	try {
		loadScenario(file);
		return [];
	} catch (error) {
		if (!(error instanceof ScenarioLoadError)) throw error;
		return error.problems;
	}
};

describe('twin scenarios', () => {
	test("gc-pause and gc-pause-unfenced are each other's twin, each with the other's words", () => {
		const fenced = loadScenario('gc-pause');
		const unfenced = loadScenario('gc-pause-unfenced');
		expect(fenced.twin?.wording?.title).toEqual(unfenced.title);
		expect(unfenced.twin?.wording?.says).toEqual(fenced.steps.map(step => step.say));
	});

	test('a path is read beside the file', () => {
		const file = files({'a.yaml': story(true, 'b.yaml'), 'b.yaml': story(false, 'a.yaml')});
		expect(loadScenario(file).twin?.wording?.says[0]).toEqual({en: 'unfenced words', ja: 'unfenced words'});
	});

	test('a twin that is not the same story with the fencing flipped is refused at the twin line', () => {
		const sameFencing = files({'a.yaml': story(true, 'b.yaml'), 'b.yaml': story(true, 'a.yaml')});
		expect(problemsOf(sameFencing)).toEqual([`${sameFencing}:3: twin 'b.yaml': not this story with the resource's fencing flipped: both say fencing: true`]);
		const otherSteps = files({'a.yaml': story(true, 'b.yaml'), 'b.yaml': story(false, 'a.yaml', 'tick')});
		expect(problemsOf(otherSteps)[0]).toMatch(/:3: twin 'b\.yaml': .* its step 2 does other commands$/);
		const missing = files({'a.yaml': story(true, 'gone.yaml')});
		expect(problemsOf(missing)[0]).toBe(`${missing}:3: twin 'gone.yaml': cannot be read`);
		// A bare name is a built-in one, never a file in the current directory.
		const unknown = files({'a.yaml': story(true, 'gone')});
		expect(problemsOf(unknown)).toEqual([
			expect.stringMatching(
				/:3: twin 'gone': no such built-in scenario \(built-in: check-then-pause, .*crash, .*; a file needs a path, e\.g\. \.\/gone\.yaml\)$/,
			),
		]);
	});
});
