// The timeline draws only what the window can show, from what the history had begun before it:
// whatever it leaves out must be exactly what lies before the window.

import {describe, expect, test} from 'vitest';
import {reduceSession, type Session, startSession} from '../../source/session/session.js';
import {makeLook} from '../../source/ui/look.js';
import {buildTimeline, type Timeline} from '../../source/ui/panes/lanes.js';
import {timelineRows} from '../../source/ui/panes/timeline.js';
import {expectEqual} from '../expect-equal.js';
import {scenarioOf} from '../scenario/helpers.js';

const cycle = [
	'acquire A',
	'write A',
	'pause A 7',
	'tick 6',
	'acquire B',
	'[write B, fencing B off]',
	'tick 2',
	'write A',
	'[release B, fencing B on]',
	'crash A',
	'restart A',
	'[acquire C, write C delay=2, tick 3, release C, fencing resource off, write B, fencing resource on]',
];

/**
 * A session of these steps. Each different step is read from YAML once and used wherever it
 * comes: the histories are long, made of a few steps again and again, and the timeline is drawn
 * from what the steps do, not from the file.
 */
function sessionOf(clients: string, steps: readonly string[], backend?: string): Session {
	const distinct = [...new Set(steps)];
	const lines = [
		'title: timeline window',
		'lease: 5',
		...(backend ? [`backend: ${backend}`] : []),
		`clients: [${clients}]`,
		'steps:',
		...distinct.map(step => `  - do: ${step}`),
	];
	const scenario = scenarioOf(`${lines.join('\n')}\n`, 'window.yaml');
	return startSession({...scenario, steps: steps.map(step => scenario.steps[distinct.indexOf(step)]!)});
}

const glyphs = makeLook({lang: 'en', theme: 'dark', ascii: false, color: false}).glyphs;

/** What a window starting at `from` can show of a timeline. */
const visibleFrom = (timeline: Timeline, from: number) => ({
	now: timeline.now,
	horizon: timeline.horizon,
	lanes: timeline.lanes.map(lane => ({name: lane.name, spans: lane.spans.filter(span => span.to >= from), marks: lane.marks.filter(mark => mark.t >= from)})),
});

function expectSameWindow(session: Session, width: number) {
	const from = session.history.entry.world.clock - width;
	const windowed = buildTimeline(session, glyphs, from);
	expectEqual(visibleFrom(windowed, from), visibleFrom(buildTimeline(session, glyphs, 0), from));
	// Nothing from before the window is kept.
	for (const lane of windowed.lanes) {
		for (const mark of lane.marks) expect(mark.t).toBeGreaterThanOrEqual(from);
		for (const span of lane.spans) expect(span.to).toBeGreaterThanOrEqual(from);
	}
}

describe('the timeline over a long history', () => {
	test('draws the window as a full replay would, forward, back and at the end', () => {
		let session = sessionOf(
			'A, B, C',
			Array.from({length: 1200}, (_, index) => cycle[index % cycle.length]!),
		);
		let checked = 0;
		for (let step = 1; step <= 1200; step += 1) {
			session = reduceSession(session, {type: 'next'});
			if (step % 97 === 0) {
				expectSameWindow(session, 12);
				checked += 1;
			}
		}
		// Far back, then forward again.
		for (let back = 1; back <= 700; back += 1) {
			session = reduceSession(session, {type: 'back'});
			if (back % 89 === 0) expectSameWindow(session, 25);
		}
		session = reduceSession(session, {type: 'end'});
		expectSameWindow(session, 40);
		expect(checked).toBeGreaterThan(10);
		expect(session.history.length).toBeGreaterThan(1000);
	});

	test('what began long before the window (a lease, a stale belief, a pause, the max token) is still drawn', () => {
		// D holds the lock from t=2 on, E's lease expired at t=1, P is paused from the start, and
		// nothing happens for hundreds of entries until D writes again.
		const steps = [
			'[pause P 1000000, acquire E 1, pause E 3, tick 2, acquire D 1000000, write D]',
			...Array.from({length: 600}, () => 'tick'),
			'write D',
			'tick',
		];
		const session = reduceSession(sessionOf('D, E, P', steps), {type: 'end'});
		expectSameWindow(session, 8);
		const lanes = buildTimeline(session, glyphs, session.history.entry.world.clock - 8).lanes;
		expect(lanes.map(lane => lane.spans.map(span => span.kind))).toEqual([['holds'], ['stale'], ['gc'], []]);
		expect(lanes.at(-1)!.marks.map(mark => mark.text)).toEqual([glyphs.ok]);
	});

	test('a window that starts before the clock did draws everything', () => {
		const session = reduceSession(sessionOf('A, B, C', cycle.slice(0, 9)), {type: 'end'});
		expect(buildTimeline(session, glyphs, -5)).toEqual(buildTimeline(session, glyphs, 0));
	});
});

describe('the timeline drawn on top of the frame before', () => {
	// Glyphs of their own: nothing drawn with the dashboard's glyphs is reused, so this timeline is drawn from scratch.
	const look = makeLook({lang: 'en', theme: 'dark', ascii: false, color: false});
	const fresh = (session: Session) => timelineRows({session, width: 120, look: {...look, glyphs: {...look.glyphs}}, lockLanes: 'nodes'});
	const shown = (session: Session) => timelineRows({session, width: 120, look, lockLanes: 'nodes'});
	const redlockCycle = [
		'[partition A L4 L5, acquire A]',
		'[heal A, tick 2, jump L3 +10]',
		'[partition B L1 L2, acquire B]',
		'[write B, write A]',
		'pause A 7',
		'tick 3',
		'[crash L3, tick 2]',
		'restart L3',
		'[heal B, release B, tick 6]',
	];

	test.each([
		// A second write on the same token shows no `max` again: what the frame before last showed is carried on.
		['one lock node', 'A, B, C', undefined, [...cycle, 'acquire A', 'write A', 'write A']],
		['five Redlock nodes', 'A, B', 'redlock', redlockCycle],
	])('stepping on, back and on again draws what a drawing from scratch draws (%s)', (_, clients, backend, steps) => {
		let session = sessionOf(
			clients,
			Array.from({length: 300}, (__, index) => steps[index % steps.length]!),
			backend,
		);
		const actions: ('next' | 'back')[] = [
			...Array.from({length: 150}, () => 'next' as const),
			...Array.from({length: 40}, (__, index) => (index % 2 === 0 ? 'back' : 'next') as 'next' | 'back'),
			...Array.from({length: 30}, () => 'back' as const),
			...Array.from({length: 60}, () => 'next' as const),
		];
		for (const type of actions) {
			session = reduceSession(session, {type});
			// From scratch first: what the dashboard draws next is then drawn on top of its own frame before.
			const expected = fresh(session);
			expectEqual(shown(session), expected);
		}
	});
});

describe("the lock's lane over a long history", () => {
	test('a lock-delay window begun before the window is drawn from the expiry, as a full replay draws it', () => {
		const steps = ['[acquire A, tick 5]', 'acquire B', ...Array.from({length: 40}, () => 'tick 1'), '[acquire A, tick 5]', 'tick 2'];
		let session = sessionOf('A, B', steps, 'consul');
		for (let step = 0; step < steps.length; step += 1) {
			session = reduceSession(session, {type: 'next'});
			const from = session.history.entry.world.clock - 3;
			const lock = (start: number) => buildTimeline(session, glyphs, start, 'summary').lanes.find(lane => lane.of === 'lock')!;
			expectEqual(visibleFrom({now: 0, horizon: 0, lanes: [lock(from)]}, from), visibleFrom({now: 0, horizon: 0, lanes: [lock(0)]}, from));
		}
		// The last window: from A's expiry at t=50 to its end at t=55, seen from t=49 on.
		expect(buildTimeline(session, glyphs, 49, 'summary').lanes.find(lane => lane.of === 'lock')!.spans).toEqual([{from: 50, to: 55, kind: 'delay'}]);
	});
});
