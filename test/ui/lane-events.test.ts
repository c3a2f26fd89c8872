// The lanes drawn from events made by hand on top of the model's: a reply that waits unread in a
// frozen client's socket, the read where it wakes, and a given-up attempt's deletions, from their
// send on the client's lane to their arrival, where the node's key and the lock's grant end.

import {describe, expect, test} from 'vitest';
import {applyCommand} from '../../source/model/apply.js';
import type {Event} from '../../source/model/event.js';
import {createWorld} from '../../source/model/world.js';
import {pushPlayedStep, type Session, startSession} from '../../source/session/session.js';
import {makeLook} from '../../source/ui/look.js';
import {buildTimeline, type Lane, latestNamings} from '../../source/ui/panes/lanes.js';
import {command} from '../model/helpers.js';
import {scenarioOf} from '../scenario/helpers.js';

const g = makeLook({lang: 'en', theme: 'dark', ascii: false, color: false}).glyphs;

/** The scenario's setup with the commands played one step each, each command's events as `edit` makes them. */
function played(yaml: string, lines: readonly string[], edit: (events: readonly Event[], line: string) => readonly Event[] = events => events): Session {
	const scenario = scenarioOf(`${yaml}\nsteps:\n  - say: start\n`);
	let session = startSession(scenario);
	let world = createWorld(scenario.setup);
	for (const line of lines) {
		const outcome = applyCommand(world, command(line));
		world = outcome.world;
		session = pushPlayedStep(session, session.history.entry.step, [{command: command(line), events: edit(outcome.events, line), world, refused: null}], world);
	}
	return session;
}

const laneOf = (session: Session, name: string, locks: 'nodes' | 'summary' | 'none' = 'none'): Lane =>
	buildTimeline(session, g, 0, locks).lanes.find(lane => lane.name === name)!;

const marksAt = (lane: Lane, t: number) => lane.marks.filter(mark => mark.t === t).map(mark => mark.text);

describe('a frozen client reads nothing', () => {
	// L1 to L4 answer at t=2, while A is frozen until t=3; L5's slow reply is due at t=12, after A's timeout.
	const setup = 'title: unread\nbackend: redlock\nlease: 10\nlatency: 1\nclients: [A, B]';
	const lines = ['latency A L5 6', 'acquire A', 'pause A 3', 'tick 12'];

	test('the replies that reach it wait unread where they arrive, and are read where it wakes', () => {
		const a = laneOf(played(setup, lines), 'A');
		expect(marksAt(a, 2)).toEqual([`${g.reply}${g.unread}${g.times}4`]);
		expect(a.marks.find(mark => mark.t === 2)!.signs).toContain('replyUnread');
		// Nothing at t=2 says it read or got a grant.
		expect(a.marks.filter(mark => mark.t === 2 && mark.signs.includes('replyGranted'))).toEqual([]);
		expect(marksAt(a, 3)).toContain(`${g.ok}${g.times}4`);
	});

	test("the model's word that a reply waits unread is taken", () => {
		// A's replies arrive as it reads them, but the events say they wait: the lane says what the events say.
		const unread = played(setup, ['acquire A', 'tick 2'], events =>
			events.map(event => (event.kind === 'reply-arrived' ? {...event, unread: true as const} : event)),
		);
		const a = laneOf(unread, 'A');
		expect(a.marks.filter(mark => mark.signs.includes('replyUnread')).map(mark => mark.t)).toEqual([2]);
		expect(a.marks.filter(mark => mark.signs.includes('replyGranted'))).toEqual([]);
	});

	test('a client that crashes before it wakes never reads them', () => {
		const a = laneOf(played(setup, ['latency A L5 6', 'acquire A', 'pause A 5', 'tick 3', 'crash A', 'tick 2']), 'A');
		expect(a.marks.filter(mark => mark.signs.includes('replyGranted'))).toEqual([]);
	});
});

describe("a given-up attempt's deletions", () => {
	// A's keys stand on all five nodes from t=2 (until t=12); it wakes at 8, finds 10 − 8 − 3 < 0 and gives up; its deletions arrive at t=10.
	const setup = 'title: deletions\nbackend: redlock\nlease: 10\nlatency: 2\ndrift: 3\nclients: [A, B]';
	const lines = ['acquire A', 'pause A 8', 'tick 20'];
	const session = played(setup, lines);

	test('leave the client as requests do, and travel to their arrival', () => {
		const a = laneOf(session, 'A');
		expect(a.spans.filter(span => span.kind === 'request' && span.from === 8)).toEqual([{from: 8, to: 10, kind: 'request'}]);
	});

	test('without an event of their arrival, they travel as long as the links take', () => {
		const untold = played(setup, lines, events => events.filter(event => event.kind !== 'deletion-arrived'));
		expect(laneOf(untold, 'A').spans.filter(span => span.kind === 'request' && span.from === 8)).toEqual([{from: 8, to: 10, kind: 'request'}]);
	});

	test("end each node's key where they arrive, inside a long tick", () => {
		for (const node of ['L1', 'L2', 'L3', 'L4', 'L5'])
			expect(laneOf(session, node, 'nodes').spans.filter(span => span.kind === 'holds')).toEqual([{from: 2, to: 10, kind: 'holds'}]);
	});

	test('end the grant there: the lock service named A from t=2 to t=10', () => {
		expect(latestNamings(session.history, 5)).toEqual([{holder: 'A', token: null, from: 2, to: 10, end: 'released', earlier: false}]);
	});

	test("a deletion that finds no key of the attempt's ends nothing", () => {
		const kept = played(setup, lines, events => events.map(event => (event.kind === 'deletion-arrived' ? {...event, deleted: false} : event)));
		// The world after the tick says the keys are gone: they end with it.
		expect(laneOf(kept, 'L1', 'nodes').spans.filter(span => span.kind === 'holds')).toEqual([{from: 2, to: 20, kind: 'holds'}]);
		expect(latestNamings(kept.history, 5)).toEqual([{holder: 'A', token: null, from: 2, to: 20, end: 'released', earlier: false}]);
	});
});
