import {describe, expect, test} from 'vitest';
import {defaultStepSeconds, holdMs, stepHoldMs} from '../../source/session/pace.js';
import {reduceSession, startSession} from '../../source/session/session.js';
import {scenarioOf} from '../scenario/helpers.js';

describe('how long a step holds', () => {
	test('a short narration holds for the step delay, a long one longer, both scaled by the step delay', () => {
		expect(holdMs('A short line.', defaultStepSeconds)).toBe(defaultStepSeconds * 1000);
		const long = 'A wakes up as if nothing happened. Two clients now believe they hold the lock; the lock service agrees only with B.';
		expect(holdMs(long, defaultStepSeconds)).toBeGreaterThan(defaultStepSeconds * 1000);
		expect(holdMs(long, 1)).toBe(Math.round(holdMs(long, defaultStepSeconds) / defaultStepSeconds));
		expect(holdMs('', 0.5)).toBe(500);
		// Japanese takes two columns a character: as long to read as English twice its length.
		expect(holdMs('あ'.repeat(60), 1)).toBe(holdMs('a'.repeat(120), 1));
	});

	test("a session's screen holds for its step's narration in the language shown, the first screen a moment more", () => {
		const long = 'word '.repeat(40).trim();
		// The first step does nothing: the session opens on it.
		const scenario = scenarioOf(`title: t\nclients: [A]\nsteps:\n  - say: {en: short, ja: ${long}}\n  - do: acquire A\n    say: {en: ${long}, ja: 短い}\n`);
		const first = startSession(scenario);
		const second = reduceSession(first, {type: 'next'});
		expect(stepHoldMs(second, 'en', 2)).toBe(holdMs(long, 2));
		expect(stepHoldMs(second, 'ja', 2)).toBe(holdMs('短い', 2));
		expect(stepHoldMs(first, 'ja', 2)).toBeGreaterThan(holdMs(long, 2));
		expect(stepHoldMs(first, 'en', 2)).toBeGreaterThan(holdMs('short', 2));
		expect(stepHoldMs(first, 'en', 2) - holdMs('short', 2)).toBe(stepHoldMs(first, 'ja', 2) - holdMs(long, 2));
	});
});
