// Saving a session as a scenario file: session → YAML → parseScenario → play gives the same world,
// and the file passes check, whatever was done by hand (property based) and in the usual demo.

import {readFileSync} from 'node:fs';
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {parse} from 'yaml';
import type {Command} from '../../source/model/command.js';
import {sessionScenario} from '../../source/export/scenario.js';
import {builtinNames, loadScenario} from '../../source/scenario/files.js';
import {parseScenario} from '../../source/scenario/parse.js';
import {checkScenario, playScenario} from '../../source/scenario/run.js';
import {currentWorld, handVerbs, reduceSession, type Session, type SessionAction, startSession} from '../../source/session/session.js';
import {expectEqual} from '../expect-equal.js';
import {builtinScenario} from '../scenario/helpers.js';

function roundTrip(session: Session) {
	const text = sessionScenario(session);
	const parsed = parseScenario(text, 'saved.yaml');
	if (!parsed.ok) throw new Error(`${parsed.problems.map(problem => `${problem.line}: ${problem.message}`).join('\n')}\n${text}`);
	return {text, scenario: parsed.scenario};
}

const action: fc.Arbitrary<SessionAction> = fc.oneof(
	{arbitrary: fc.constant({type: 'next'} as const), weight: 4},
	fc.constantFrom<SessionAction>({type: 'back'}, {type: 'home'}, {type: 'end'}, {type: 'rejoin'}, {type: 'flip'}, {type: 'select-next'}),
	{arbitrary: fc.constantFrom(...handVerbs).map((verb): SessionAction => ({type: 'hand', verb})), weight: 4},
	fc.integer({min: -3, max: 3}).map((delta): SessionAction => ({type: 'pause-length', delta})),
	fc
		.tuple(fc.constantFrom('A', 'B'), fc.stringMatching(/^[a-z0-9]{1,6}$/), fc.integer({min: 1, max: 4}))
		.map(([client, value, delay]): SessionAction => ({type: 'do', command: {kind: 'write', client, value, delay} as Command})),
);

describe('a session saved as a scenario', () => {
	test('replays to the same world and passes check, whatever was done', () => {
		fc.assert(
			fc.property(fc.constantFrom(...builtinNames()), fc.array(action, {maxLength: 40}), (name, actions) => {
				const session = actions.reduce(reduceSession, startSession(builtinScenario(name)));
				const {scenario} = roundTrip(session);
				expectEqual(checkScenario(scenario), []);
				expectEqual(
					playScenario(scenario, () => {}),
					currentWorld(session),
				);
			}),
			{numRuns: 150, seed: 11},
		);
	});

	test('a story whose messages take time is saved with its latency, drift and client options, and replays the same', () => {
		const file = new URL('../fixtures/messages/in-flight-pause.yaml', import.meta.url);
		const parsed = parseScenario(readFileSync(file, 'utf8'), 'in-flight-pause.yaml');
		if (!parsed.ok) throw new Error('the fixture should parse');
		let session = startSession(parsed.scenario);
		for (const next of [{type: 'next'}, {type: 'next'}, {type: 'hand', verb: 'tick'}] satisfies SessionAction[]) session = reduceSession(session, next);
		const {text, scenario} = roundTrip(session);
		expect(parse(text)).toMatchObject({drift: 1, clients: [{name: 'A', checksValidity: false, latency: 2}, {name: 'B'}]});
		expectEqual(checkScenario(scenario), []);
		expectEqual(
			playScenario(scenario, () => {}),
			currentWorld(session),
		);
	});

	test('the usual demo: narration kept, the improvisation said, the final state expected', () => {
		let session = startSession(loadScenario('gc-pause'));
		for (const next of [
			{type: 'next'},
			{type: 'next'},
			{type: 'hand', verb: 'tick'},
			{type: 'select-next'},
			{type: 'hand', verb: 'write'},
			{type: 'next'},
		] satisfies SessionAction[]) {
			session = reduceSession(session, next);
		}
		const {text, scenario} = roundTrip(session);
		const file = parse(text) as {title: {en: string}; steps: Array<{do?: unknown; say?: {en: string}; expect?: Record<string, unknown>}>};
		expect(file.title.en).toBe('GC pause: the fencing token saves row-42 (as played)');
		expect(file.steps.map(step => step.do ?? null)).toEqual([null, ['acquire A', 'write A'], ['tick 2', 'pause A 5'], 'tick', null, 'tick 3']);
		expect(file.steps[1]!.say!.en).toMatch(/^A acquires the lock with token 1/);
		expect(file.steps[3]!.say!.en).toBe('Improvised by hand: tick');
		// B holds no token: its write is refused, said in the narration and not replayed.
		expect(file.steps[4]!.say!.en).toMatch(/^Improvised by hand: write B was refused \(/);
		expect(file.steps.at(-1)!.expect).toMatchObject({clock: 6, holder: null, value: 'A', clients: {A: {status: 'paused', token: 1}}});
		expect(file.steps.slice(0, -1).every(step => step.expect === undefined)).toBe(true);
		expect(checkScenario(scenario)).toEqual([]);
		expect(playScenario(scenario, () => {})).toEqual(currentWorld(session));
	});

	test('a scripted command refused after an improvisation is left out, with a comment saying why', () => {
		let session = startSession(loadScenario('gc-pause'));
		for (const next of [{type: 'next'}, {type: 'hand', verb: 'crash-or-restart'}, {type: 'next'}] satisfies SessionAction[])
			session = reduceSession(session, next);
		const {text, scenario} = roundTrip(session);
		expect(text).toMatch(/# not saved: pause A 5 was refused \(/);
		expect(checkScenario(scenario)).toEqual([]);
		expect(playScenario(scenario, () => {})).toEqual(currentWorld(session));
	});

	test('a session with nothing done saves the starting picture', () => {
		const session = startSession(loadScenario('gc-pause'));
		const {scenario} = roundTrip(session);
		expect(scenario.steps).toHaveLength(1);
		expect(scenario.steps[0]!.expect).toMatchObject({clock: 0, holder: null});
		expect(checkScenario(scenario)).toEqual([]);
	});
});
