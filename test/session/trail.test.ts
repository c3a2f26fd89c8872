// Time travel over everything done: back after any action returns to the screen before it,
// forward goes again the way back came, and nothing done by hand is ever out of reach.

import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import type {Command} from '../../source/model/command.js';
import {builtinNames} from '../../source/scenario/files.js';
import {
	canGoBack,
	currentWorld,
	type Entry,
	handVerbs,
	isOffScript,
	reduceSession,
	type Session,
	type SessionAction,
	startSession,
	stepPosition,
} from '../../source/session/session.js';
import {builtinScenario} from '../scenario/helpers.js';
import {back, by, next, run} from './helpers.js';

const forward = {type: 'forward'} as const;
const backs = (count: number) => Array.from({length: count}, () => back);

describe('time travel over gc-pause', () => {
	const start = startSession(builtinScenario('gc-pause'));
	const four = run(start, next, next, next);
	// The demo: fencing off at step 4, and the rest of the story on top of it.
	const improvised = run(four, by('fencing resource off'), next, next, next);

	test('forward after going back over changes by hand follows them again; next follows the script', () => {
		const returned = run(improvised, ...backs(4));
		expect(returned.history).toBe(four.history);
		const followed = run(returned, forward);
		expect(followed.history).toBe(improvised.history.previous?.previous?.previous);
		expect(isOffScript(followed)).toBe(true);
		expect(run(returned, forward, forward, forward, forward).history).toBe(improvised.history);
		const scripted = run(returned, next);
		expect(isOffScript(scripted)).toBe(false);
		expect(stepPosition(scripted).k).toBe(5);
		expect(currentWorld(scripted).resource.fenced).toBe(true);
	});

	test('forward where back came from nowhere plays the next step, as next does', () => {
		expect(currentWorld(run(four, forward))).toEqual(currentWorld(run(four, next)));
		expect(stepPosition(run(four, forward)).k).toBe(5);
	});

	test('next over a scripted step already ahead follows it, keeping the changes by hand after it ahead', () => {
		const three = run(start, next, next);
		const ticked = run(three, by('tick'));
		const stepped = run(ticked, back, back, next);
		expect(stepped.history).toBe(three.history);
		expect(run(stepped, forward).history).toBe(ticked.history);
	});

	test('the script taken instead of the changes keeps them: back from where it was taken goes to where they ended', () => {
		const scripted = run(improvised, ...backs(4), next);
		const atFork = run(scripted, back);
		expect(atFork.history).toBe(four.history);
		const changes = run(atFork, back);
		expect(changes.history).toBe(improvised.history);
		expect(currentWorld(changes).violations).toBe(1);
		// And forward from there goes back the way it came, to the script's step 5.
		expect(run(changes, forward, forward).history).toBe(scripted.history);
	});

	test("the example of docs/dashboard.md: the improvised end is reached again after the script's step 5", () => {
		const ended = run(four, by('fencing resource off'), {type: 'end'});
		expect(currentWorld(ended).violations).toBe(1);
		const fencingOff = run(ended, back);
		expect(fencingOff.history.entry.by).toBe('hand');
		const scripted = run(fencingOff, back, next);
		expect(stepPosition(scripted).k).toBe(5);
		expect(currentWorld(scripted).resource.fenced).toBe(true);
		expect(run(scripted, back).history).toBe(four.history);
		expect(run(scripted, back, back).history).toBe(ended.history);
		expect(run(scripted, back, back, forward).history).toBe(four.history);
		expect(run(scripted, back, back, forward, forward).history).toBe(scripted.history);
	});

	test('home, end, rejoin and flip are each undone by back', () => {
		for (const action of [{type: 'home'}, {type: 'end'}, {type: 'rejoin'}, {type: 'flip'}] as const) {
			const moved = run(improvised, ...backs(1), action);
			expect(moved.trail, action.type).not.toBe(run(improvised, back).trail);
			const undone = run(moved, back);
			expect(undone.history, action.type).toBe(run(improvised, back).history);
			expect(undone.flipped, action.type).toBe(false);
			// Forward goes to where the action went.
			expect(run(undone, forward).history, action.type).toBe(moved.history);
		}
	});

	test('back at the start of everything does nothing, and so do home and end where they already are', () => {
		expect(run(start, back)).toBe(start);
		expect(canGoBack(start)).toBe(false);
		expect(run(start, {type: 'home'})).toBe(start);
		const end = run(start, {type: 'end'});
		expect(run(end, {type: 'end'})).toBe(end);
	});
});

/** Each action, one screen after another, with the screen before it. */
const action: fc.Arbitrary<SessionAction> = fc.oneof(
	{arbitrary: fc.constantFrom<SessionAction>({type: 'next'}, {type: 'forward'}, {type: 'back'}), weight: 8},
	fc.constantFrom<SessionAction>({type: 'home'}, {type: 'end'}, {type: 'rejoin'}, {type: 'flip'}, {type: 'select-next'}, {type: 'toggle-script'}),
	{arbitrary: fc.constantFrom(...handVerbs).map((verb): SessionAction => ({type: 'hand', verb})), weight: 4},
	fc.integer({min: -3, max: 3}).map((delta): SessionAction => ({type: 'pause-length', delta})),
	fc
		.tuple(fc.constantFrom('A', 'B'), fc.constantFrom('partition', 'heal'))
		.map(([client, kind]): SessionAction => ({type: 'do', command: {kind, client, peers: []} as Command})),
);

/** What a screen shows of the world and the story: the place it is at. */
const place = (session: Session) => ({world: currentWorld(session), step: stepPosition(session).k, flipped: session.flipped});

/** Every entry Back and Forward reach from `session`: Forward while it has a way to go, then Back to the first place. */
function reachable(session: Session): Set<Entry> {
	const seen = new Set<Entry>([session.history.entry]);
	let current = session;
	while (current.forward) {
		current = reduceSession(current, {type: 'forward'});
		seen.add(current.history.entry);
	}
	while (canGoBack(current)) {
		current = reduceSession(current, {type: 'back'});
		seen.add(current.history.entry);
	}
	return seen;
}

describe('over long random sequences of keys', () => {
	test('back after any action returns to exactly the screen before it; forward after back returns too', () => {
		fc.assert(
			fc.property(fc.constantFrom(...builtinNames()), fc.array(action, {maxLength: 60}), (name, actions) => {
				let session = startSession(builtinScenario(name));
				for (const each of actions) {
					const after = reduceSession(session, each);
					if (each.type === 'back') {
						if (canGoBack(session)) expect(place(reduceSession(after, {type: 'forward'}))).toEqual(place(session));
					} else if (after.trail !== session.trail) {
						expect(place(reduceSession(after, {type: 'back'})), each.type).toEqual(place(session));
					} else {
						expect(after.history).toBe(session.history);
					}
					session = after;
				}
			}),
			{numRuns: 120, seed: 30},
		);
	});

	test('no entry made by hand is lost: Back and Forward reach every one', () => {
		fc.assert(
			fc.property(fc.constantFrom(...builtinNames()), fc.array(action, {maxLength: 60}), (name, actions) => {
				let session = startSession(builtinScenario(name));
				const made = new Set<Entry>();
				for (const each of actions) {
					session = reduceSession(session, each);
					if (session.history.entry.by === 'hand') made.add(session.history.entry);
				}
				const seen = reachable(session);
				for (const entry of made) expect(seen.has(entry)).toBe(true);
			}),
			{numRuns: 120, seed: 31},
		);
	});
});
