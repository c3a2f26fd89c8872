import {describe, expect, test} from 'vitest';
import {loadScenario} from '../../source/scenario/files.js';
import {scenarioOf} from '../scenario/helpers.js';
import {loadScenarioInto, reduceShell} from '../../source/session/reload.js';
import {currentWorld, reduceSession, type Session, startSession} from '../../source/session/session.js';

const steps = (session: Session, count: number) => Array.from({length: count}).reduce<Session>(current => reduceSession(current, {type: 'next'}), session);

describe('loading a scenario into a session', () => {
	test('an edited file reloads on the step being shown, with the new version of that step', () => {
		const before = steps(startSession(loadScenario('gc-pause')), 3);
		expect(before.history.entry.step).toBe(4);
		const edited = scenarioOf(
			'title: t\nclients: [A, B]\nsteps:\n  - say: start\n  - do: [acquire B, write B]\n  - do: tick 3\n  - do: write B again\n  - do: tick\n',
		);
		const after = loadScenarioInto(before, edited, true);
		expect(after.history.entry.step).toBe(4);
		expect(currentWorld(after)).toMatchObject({clock: 3, lock: {holder: 'B'}, resource: {value: 'again', writes: 2}});
		expect(after.scenario).toBe(edited);
	});

	test('a file that lost steps stops at its last one; the selection and pause length stay when they still fit', () => {
		let before = steps(startSession(loadScenario('gc-pause')), 6);
		before = reduceSession(reduceSession(before, {type: 'select', index: 1}), {type: 'pause-length', delta: 2});
		const shorter = scenarioOf('title: t\nclients: [A, B]\nsteps:\n  - do: acquire A\n  - do: tick\n');
		const after = loadScenarioInto(before, shorter, true);
		expect(after.history.entry.step).toBe(2);
		expect(currentWorld(after).clock).toBe(1);
		expect(after.selected).toBe(1);
		expect(after.pauseLength).toBe(before.pauseLength);
		const oneClient = loadScenarioInto(before, scenarioOf('title: t\nclients: [A]\nsteps: []\n'), true);
		expect(oneClient.selected).toBe(0);
	});

	test('changes made by hand are played again on the new version, in their place among the steps', () => {
		let before = reduceSession(steps(startSession(loadScenario('gc-pause')), 1), {type: 'do', command: {kind: 'crash', client: 'B'}});
		before = steps(before, 1);
		const after = loadScenarioInto(before, loadScenario('gc-pause'), true);
		expect(after.history.changes).toBe(1);
		expect(after.history.entry.step).toBe(before.history.entry.step);
		expect(currentWorld(after)).toEqual(currentWorld(before));
		// Back undoes the step, then the crash, as before the reload.
		const back = reduceSession(after, {type: 'back'});
		expect(back.history.entry.by).toBe('hand');
		expect(currentWorld(back).clients.find(client => client.name === 'B')?.status).toBe('crashed');
	});

	test('a change by hand that the new version no longer allows is kept, refused', () => {
		const before = reduceSession(steps(startSession(loadScenario('gc-pause')), 1), {type: 'do', command: {kind: 'crash', client: 'B'}});
		const after = loadScenarioInto(before, scenarioOf('title: t\nclients: [A]\nsteps:\n  - do: acquire A\n  - do: tick\n'), true);
		// Kept, and shown refused, but it changes nothing: it does not count as a change.
		expect(after.history.entry.by).toBe('hand');
		expect(after.history.changes).toBe(0);
		expect(after.history.entry.commands[0]!.refused).toEqual({kind: 'unknown-client', client: 'B'});
	});

	test('a new version that opens on its first step, or no longer does, keeps the step number shown', () => {
		const before = steps(startSession(scenarioOf('title: t\nclients: [A]\nsteps:\n  - say: nobody yet\n  - do: acquire A\n  - do: tick\n')), 1);
		expect(before.history.entry.step).toBe(2);
		const after = loadScenarioInto(before, scenarioOf('title: t\nclients: [A]\nsteps:\n  - do: tick\n  - do: acquire A\n  - do: tick\n'), true);
		expect(after.history.entry.step).toBe(2);
		expect(currentWorld(after)).toMatchObject({clock: 1, lock: {holder: 'A'}});
	});

	test('opening another scenario starts it from the beginning; other actions go to the session', () => {
		const before = steps(startSession(loadScenario('gc-pause')), 4);
		const opened = reduceShell(before, {type: 'load', scenario: loadScenario('crash'), keepStep: false});
		expect(opened.history.entry.step).toBe(0);
		expect(opened.scenario.title.en).toMatch(/^Crash/);
		expect(reduceShell(opened, {type: 'next'}).history.entry.step).toBe(1);
	});
});

describe('a long action, played a slice at a time', () => {
	// Far more commands than one slice plays.
	const long = scenarioOf(`title: long\nclients: [A, B]\nsteps:\n  - do: [acquire A, partition B lock]\n${'  - do: [write A, tick 1, write B]\n'.repeat(60)}`);
	const work = {type: 'work'} as const;
	const finished = (session: Session) => {
		let current = session;
		let slices = 0;
		for (; current.working; slices += 1) current = reduceShell(current, work);
		return {session: current, slices};
	};

	test('End shows the screen it was on, working, until the slices have played the rest: the same world as played whole', () => {
		const start = startSession(long);
		const begun = reduceShell(start, {type: 'end'});
		expect(begun.history).toBe(start.history);
		expect(begun.working).not.toBeNull();
		const {session, slices} = finished(begun);
		expect(slices).toBeGreaterThan(5);
		const whole = reduceSession(start, {type: 'end'});
		expect(session.history.length).toBe(whole.history.length);
		expect(currentWorld(session)).toEqual(currentWorld(whole));
		expect(session.working).toBeNull();
	});

	test('keys pressed meanwhile act in their turn, after it; another scenario opened drops the work', () => {
		const begun = reduceShell(startSession(long), {type: 'end'});
		const queued = reduceShell(reduceShell(reduceShell(begun, {type: 'back'}), {type: 'next'}), {type: 'select', index: 1});
		expect(queued.selected).toBe(0);
		const {session} = finished(queued);
		// Back returns to where End was pressed, and the next step is played from there.
		expect(session.history.entry.step).toBe(startSession(long).history.entry.step + 1);
		expect(session.selected).toBe(1);
		const other = loadScenario('gc-pause');
		const opened = reduceShell(begun, {type: 'load', scenario: other, keepStep: false});
		expect(opened.working).toBeNull();
		expect(opened.scenario).toBe(other);
	});

	test('a reload, a flip and a rejoin of a long history are played in slices too', () => {
		// A change by hand at the start: rejoin plays the whole script again without it.
		const atEnd = reduceSession(reduceSession(startSession(long), {type: 'do', command: {kind: 'crash', client: 'B'}}), {type: 'end'});
		for (const action of [{type: 'load', scenario: long, keepStep: true}, {type: 'flip'}, {type: 'rejoin'}] as const) {
			const begun = reduceShell(atEnd, action);
			expect(begun.working, action.type).not.toBeNull();
			const {session} = finished(begun);
			expect(session.history.entry.step, action.type).toBe(atEnd.history.entry.step);
		}
	});
});
