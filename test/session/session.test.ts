import {describe, expect, test} from 'vitest';
import {loadScenario} from '../../source/scenario/files.js';
import {
	canGoBack,
	currentNarration,
	currentWorld,
	historyCommands,
	historyEntries,
	isAtEnd,
	isOffScript,
	narrationHolds,
	playedScenario,
	reduceSession,
	selectedClientName,
	startSession,
	stepPosition,
} from '../../source/session/session.js';
import {scenarioOf} from '../scenario/helpers.js';
import {back, by, next, run} from './helpers.js';

describe('session over gc-pause', () => {
	const start = startSession(loadScenario('gc-pause'));

	test('opens on step 1 of 7 (a first step without commands is the starting picture)', () => {
		expect(stepPosition(start)).toEqual({k: 1, n: 7});
		expect(currentNarration(start)?.en).toMatch(/Nobody holds the lock/);
		expect(currentWorld(start).clock).toBe(0);
		expect(canGoBack(start)).toBe(false);
		expect(isOffScript(start)).toBe(false);
	});

	test('next plays one scripted step, all its commands, and the story ends with the rejected write', () => {
		const one = reduceSession(start, next);
		expect(stepPosition(one).k).toBe(2);
		expect(one.history.entry.commands.map(played => played.command.kind)).toEqual(['acquire', 'write']);
		expect(currentWorld(one).lock.holder).toBe('A');

		const end = run(start, next, next, next, next, next, next);
		expect(isAtEnd(end)).toBe(true);
		expect(currentWorld(end).resource).toMatchObject({value: 'B', maxToken: 2, rejected: 1});
		expect(reduceSession(end, next)).toBe(end);
		expect(reduceSession(start, {type: 'end'}).history.entry.world).toEqual(currentWorld(end));
	});

	test('back undoes one entry and home returns to the start', () => {
		const two = reduceSession(start, next);
		const three = reduceSession(two, next);
		expect(reduceSession(three, back).history).toBe(two.history);
		expect(stepPosition(reduceSession(three, back)).k).toBe(2);
		expect(run(three, {type: 'home'}).history).toBe(start.history);
		expect(reduceSession(start, back)).toBe(start);
	});

	test('end plays one entry per step, and back after it returns to where it was pressed', () => {
		const two = reduceSession(start, next);
		const end = reduceSession(two, {type: 'end'});
		expect(historyEntries(end)).toHaveLength(7);
		expect(reduceSession(end, back).history).toBe(two.history);
	});

	test('a command by hand leaves the script; back or rejoin returns to it', () => {
		const two = reduceSession(start, next);
		const paused = run(two, by('pause B 3'), by('tick'));
		expect(isOffScript(paused)).toBe(true);
		expect(stepPosition(paused).k).toBe(2);
		expect(currentWorld(paused).clock).toBe(1);
		expect(isOffScript(run(paused, back, back))).toBe(false);
		expect(run(paused, {type: 'rejoin'}).history).toBe(two.history);
	});

	test('a refused command stays in the history but is no change: still on script', () => {
		const refused = run(start, next, next, by('write A'));
		expect(refused.history.entry.commands[0]?.refused).not.toBeNull();
		expect(isOffScript(refused)).toBe(false);
		expect(narrationHolds(run(refused, next))).toBe(true);
		expect(isOffScript(run(refused, by('tick')))).toBe(true);
	});

	test('a cut or heal by hand that changes nothing is refused as no change, and does not count', () => {
		for (const line of ['heal A', 'heal B resource']) {
			const healed = run(start, next, by(line));
			expect(healed.history.entry.commands[0]?.refused, line).toMatchObject({kind: 'no-change'});
			expect(isOffScript(healed), line).toBe(false);
		}
		const cut = run(start, next, by('partition A'));
		expect(isOffScript(cut)).toBe(true);
		const again = run(cut, by('partition A'));
		expect(again.history.entry.commands[0]?.refused).toEqual({kind: 'no-change', client: 'A', cut: true, peers: []});
		expect(again.history.changes).toBe(1);
	});

	test('rejoin returns to the script at the step on screen, without the changes', () => {
		const three = run(start, next, next);
		const played = run(three, by('fencing resource off'), next, next, next);
		expect(stepPosition(played).k).toBe(6);
		const rejoined = run(played, {type: 'rejoin'});
		expect(stepPosition(rejoined).k).toBe(6);
		expect(isOffScript(rejoined)).toBe(false);
		expect(currentWorld(rejoined)).toEqual(currentWorld(run(start, next, next, next, next, next)));
		// Back from there returns to the changes, as they were.
		expect(run(rejoined, back).history).toBe(played.history);
		expect(isOffScript(run(rejoined, back))).toBe(true);
	});

	test('the narration holds until a change by hand comes before the step', () => {
		const changed = run(start, next, by('pause A 3'));
		expect(narrationHolds(changed)).toBe(true);
		expect(narrationHolds(run(changed, next))).toBe(false);
		expect(narrationHolds(run(changed, next, back, back))).toBe(true);
	});

	test("flip replays the script to the same step with the resource fencing flipped, in the twin's words", () => {
		const end = run(start, {type: 'end'});
		const flipped = run(end, {type: 'flip'});
		expect(flipped.flipped).toBe(true);
		expect(stepPosition(flipped).k).toBe(7);
		expect(isOffScript(flipped)).toBe(false);
		expect(narrationHolds(flipped)).toBe(true);
		expect(currentWorld(flipped)).toEqual(currentWorld(run(startSession(loadScenario('gc-pause-unfenced')), {type: 'end'})));
		expect(currentNarration(flipped)?.en).toMatch(/Nothing checks it/);
		expect(playedScenario(flipped).title.en).toMatch(/without fencing/);
		const back = run(flipped, {type: 'flip'});
		expect(back.flipped).toBe(false);
		expect(currentWorld(back)).toEqual(currentWorld(end));
		// Without a twin, the variant has no words of its own: nothing false is saved.
		const alone = run(startSession({...loadScenario('gc-pause'), twin: null}), {type: 'flip'});
		expect(playedScenario(alone).setup.fencing).toBe(false);
		expect(playedScenario(alone).steps.every(step => step.say === null)).toBe(true);
		expect(playedScenario(alone).title.en).toBe('GC pause: the fencing token saves row-42 (resource fencing off)');
		// Changes by hand are dropped: the variant is played from its script.
		expect(isOffScript(run(start, next, by('tick'), {type: 'flip'}))).toBe(false);
	});

	test('next while off script plays the next step on top of the changed world', () => {
		const unfenced = run(start, by('fencing resource off'), next, next, next, next, next, next);
		expect(isOffScript(unfenced)).toBe(true);
		expect(isAtEnd(unfenced)).toBe(true);
		expect(currentWorld(unfenced).resource).toMatchObject({value: 'A', rejected: 0});
		expect(currentWorld(unfenced).violations).toBe(1);
	});

	test('a refused command is kept in the history with its reason and leaves the world alone', () => {
		const refused = reduceSession(start, by('write A'));
		const [played] = refused.history.entry.commands;
		expect(played?.refused).toEqual({kind: 'no-token', client: 'A'});
		expect(currentWorld(refused)).toBe(currentWorld(start));
	});

	test('history lists every command in order', () => {
		expect(historyCommands(run(start, next, by('pause A 9'), next))).toEqual(['acquire A', 'write A', 'pause A 9', 'tick 2', 'pause A 5']);
	});

	test('select wraps around the clients and ignores numbers past them', () => {
		expect(selectedClientName(start)).toBe('A');
		expect(selectedClientName(reduceSession(start, {type: 'select-next'}))).toBe('B');
		expect(selectedClientName(run(start, {type: 'select-next'}, {type: 'select-next'}))).toBe('A');
		expect(selectedClientName(reduceSession(start, {type: 'select-previous'}))).toBe('B');
		expect(reduceSession(start, {type: 'select', index: 5})).toBe(start);
		expect(selectedClientName(reduceSession(start, {type: 'select', index: 1}))).toBe('B');
	});

	test('the GC pause length starts at the lease and stays within bounds', () => {
		expect(start.pauseLength).toBe(5);
		expect(reduceSession(start, {type: 'pause-length', delta: 2}).pauseLength).toBe(7);
		expect(reduceSession(start, {type: 'pause-length', delta: -50}).pauseLength).toBe(1);
		expect(reduceSession(start, {type: 'pause-length', delta: 500}).pauseLength).toBe(99);
	});
});

test('a scenario whose first step has commands opens before it, on its description', () => {
	const scenario = loadScenario('gc-pause');
	const session = startSession({...scenario, steps: scenario.steps.slice(1)});
	expect(stepPosition(session)).toEqual({k: 0, n: 6});
	expect(currentNarration(session)).toBe(scenario.description);
});

describe("the script's reach: how far the story goes, for the timeline's one scale", () => {
	test("gc-pause reaches t=10, where B's lease ends, from its first step on", () => {
		const start = startSession(loadScenario('gc-pause'));
		expect(start.scriptReach).toBe(10);
		// Every step of it keeps the same reach: it is the story's, not the step's.
		expect(run(start, next, next, next).scriptReach).toBe(10);
	});

	test("a script's own steps only: one step reaches its lease's end; a change by hand leaves the reach as it was", () => {
		const {scenario} = startSession(loadScenario('gc-pause'));
		// Step 2 of gc-pause: A acquires (lease until t=5) and writes.
		expect(startSession({...scenario, steps: [scenario.steps[1]!]}).scriptReach).toBe(5);
		const none = startSession({...scenario, steps: []});
		expect(none.scriptReach).toBe(0);
		expect(reduceSession(none, by('pause A 30')).scriptReach).toBe(0);
	});

	test('a long script is played at the start only as far as any screen could draw at once', () => {
		const long = scenarioOf(`title: long\nclients: [A]\nsteps:\n${'  - do: tick 10\n'.repeat(500)}`);
		const {scriptReach} = startSession(long);
		// 5,000 ticks in all: it stops a step past the reach beyond every screen.
		expect(scriptReach).toBeGreaterThan(1000);
		expect(scriptReach).toBeLessThanOrEqual(1010);
	});
});
