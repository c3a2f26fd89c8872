// Lock requests and replies that take time, as the dashboard draws them: on the client's lane from
// send to arrival (`→`, `←`), the replies read (`✓×3`, `✗`), one lost (`↯`), named in the legend;
// and the waiting client's row in the clients table. The worlds and events are made by hand from
// the model's shapes, one step each.

import {fileURLToPath} from 'node:url';
import {describe, expect, test} from 'vitest';
import {storyboard} from '../../source/export/storyboard.js';
import {loadScenario} from '../../source/scenario/files.js';
import type {Event} from '../../source/model/event.js';
import {changedClient, changedWorld, type Message, type Waiting, type World} from '../../source/model/world.js';
import {beginningsOf, currentWorld, type EndedSpan, followEvent, pushPlayedStep, type Session, startSession} from '../../source/session/session.js';
import type {Lang} from '../../source/text/narration.js';
import {timelineLegend} from '../../source/ui/labels.js';
import {asciiText, makeLook} from '../../source/ui/look.js';
import {buildTimeline, spanSign} from '../../source/ui/panes/lanes.js';
import {clientsRows} from '../../source/ui/panes/clients.js';
import {shownRow} from '../../source/ui/panes/rows.js';
import {timelineRows} from '../../source/ui/panes/timeline.js';
import {command} from '../model/helpers.js';
import {scenarioOf} from '../scenario/helpers.js';

const looks = {en: makeLook({lang: 'en', theme: 'dark', ascii: false, color: false}), ja: makeLook({lang: 'ja', theme: 'dark', ascii: false, color: false})};

const story = scenarioOf(`
title: Three nodes, two ticks each way
backend: redlock
nodes: 3
lease: 10
latency: 2
clients: [A, B]
steps:
  - do: [tick 2, acquire A]
  - do: tick 2
  - do: tick 2
`);

const nodes = ['L1', 'L2', 'L3'];

const request = (to: string, arrivesAt: number): Message => ({
	kind: 'request',
	from: 'A',
	to,
	op: 'acquire',
	granted: null,
	arrivesAt,
	attempt: 1,
	lease: 10,
	undo: false,
	refusal: null,
	token: null,
});
const reply = (from: string, granted: boolean, arrivesAt: number): Message => ({...request('A', arrivesAt), kind: 'reply', from, granted, lease: null});

const waitingOf = (replies: number, grants: number): Waiting => ({
	op: 'acquire',
	since: 2,
	replies,
	unread: 0,
	grants,
	sent: 3,
	attempt: 1,
	lease: 10,
	heartbeat: false,
	grant: null,
	refusal: null,
	token: null,
});

/** A's world at `clock`: its wait, and the messages on their way. */
function worldAt(start: World, clock: number, waiting: Waiting | null, messages: readonly Message[]): World {
	const clients = start.clients.map(client => (client.name === 'A' ? changedClient(client, {waiting}) : client));
	return changedWorld(start, {clock, clients, messages});
}

/** The session after each step, as the model would play it: `lost` loses L3's reply on its way. */
function stepsOf(lost: boolean): Session[] {
	let session = startSession(story);
	const start = currentWorld(session);
	const step = (events: Event[], world: World) => {
		session = pushPlayedStep(session, session.history.entry.step + 1, [{command: command(`tick 2`), events, world, refused: null}], world);
		return session;
	};
	const sent = step(
		[{kind: 'request-sent', t: 2, client: 'A', op: 'acquire', to: nodes, failed: []}],
		worldAt(
			start,
			2,
			waitingOf(0, 0),
			nodes.map(node => request(node, 4)),
		),
	);
	const answered = step(
		nodes.map(node => ({kind: 'request-arrived', t: 4, client: 'A', node, op: 'acquire', granted: node !== 'L2', replyAt: 6})),
		worldAt(
			start,
			4,
			waitingOf(0, 0),
			nodes.map(node => reply(node, node !== 'L2', 6)),
		),
	);
	const read = step(
		[
			...nodes.map(
				(node): Event =>
					lost && node === 'L3'
						? {kind: 'message-lost', t: 6, client: 'A', node, message: 'reply', op: 'acquire', why: 'cut'}
						: {kind: 'reply-arrived', t: 6, client: 'A', node, op: 'acquire', granted: node !== 'L2', ignored: false},
			),
		],
		worldAt(start, 6, lost ? waitingOf(2, 1) : null, []),
	);
	return [sent, answered, read];
}

const timeline = (session: Session, width: number, lang: Lang = 'en') =>
	timelineRows({session, width, look: looks[lang]}).map(row =>
		shownRow(row, width, looks[lang])
			.map(part => part.text)
			.join('')
			.trimEnd(),
	);

const laneOf = (lines: readonly string[], name: string) => lines.find(line => line === ` ${name}` || line.startsWith(` ${name} `))!;

/** The column of tick t on the ruler. */
const columnOf = (lines: readonly string[], t: number) => {
	const ruler = lines.at(-1)!;
	return [...ruler.matchAll(/\d+/g)].find(match => match[0] === String(t))!.index;
};

describe('messages on the timeline', () => {
	test.each([80, 120])('at %i columns: requests travel → from the send, replies ← back, and the replies read are counted', width => {
		const [sent, answered, read] = stepsOf(false);
		const atSend = timeline(sent!, width);
		const a = laneOf(atSend, 'A');
		// The requests' way, to come: from t=2 to their arrival at t=4.
		expect(a.slice(columnOf(atSend, 2), columnOf(atSend, 4))).toMatch(/^→+$/);
		const atAnswer = timeline(answered!, width);
		const b = laneOf(atAnswer, 'A');
		expect(b.slice(columnOf(atAnswer, 2), columnOf(atAnswer, 4))).toMatch(/^→+$/);
		expect(b.slice(columnOf(atAnswer, 4), columnOf(atAnswer, 6))).toMatch(/^←+$/);
		const atRead = timeline(read!, width);
		const c = laneOf(atRead, 'A');
		expect(c.slice(columnOf(atRead, 6))).toBe('✓×2 ✗');
		// B sent nothing: its lane stays empty.
		expect(laneOf(atRead, 'B').trim()).toBe('B');
	});

	test('a lost reply is marked where it was due', () => {
		const [, , read] = stepsOf(true);
		const lines = timeline(read!, 120);
		expect(laneOf(lines, 'A').slice(columnOf(lines, 6))).toBe('✓ ✗ ↯');
	});

	test.each(['en', 'ja'] as const)('the legend names every message sign drawn (%s)', lang => {
		const [, answered, read] = stepsOf(true);
		const words = {
			en: ['→ request', '← reply', '←✓ granted', '←✗ not granted', '↯ lost'],
			ja: ['→ 依頼', '← 返事', '←✓ 許可', '←✗ 不許可', '↯ 消失'],
		}[lang];
		const legend = [...timeline(answered!, 120, lang), ...timeline(read!, 120, lang)].join('\n');
		for (const word of words) expect(legend).toContain(word);
	});

	test('with --ascii the ways are drawn ) and (', () => {
		const ascii = makeLook({lang: 'en', theme: 'dark', ascii: true, color: false});
		const [, answered] = stepsOf(false);
		const lines = timelineRows({session: answered!, width: 80, look: ascii}).map(row =>
			shownRow(row, 80, ascii)
				.map(part => part.text)
				.join(''),
		);
		expect(laneOf(lines, 'A')).toMatch(/\)+\(+/);
	});
});

describe('a waiting client in the clients table', () => {
	const clients = (session: Session, width: number, lang: Lang = 'en') =>
		clientsRows({session, width, look: looks[lang]}).map(row =>
			shownRow(row, width, looks[lang])
				.map(part => part.text)
				.join('')
				.trimEnd(),
		);

	test.each([
		[120, 'en', 'acquiring since t=2 · 2 of 3 replies · 1 granted'],
		[120, 'ja', '取得の返事待ち (t=2 から) · 返事 2/3 · 許可 1'],
		[80, 'en', 'acquiring t=2 2/3 1✓'],
		[80, 'ja', '取得待ち t=2 2/3 1✓'],
	] as const)('at %i columns (%s): %s', (width, lang, words) => {
		const [, , read] = stepsOf(true);
		const row = clients(read!, width, lang).find(line => line.includes(' A '))!;
		expect(row).toContain(`${words} `);
	});

	test('a paused client says its pause, then the replies that wait for it', () => {
		const [, , read] = stepsOf(true);
		const world = currentWorld(read!);
		const frozen = changedWorld(world, {
			clients: world.clients.map(client => (client.name === 'A' ? changedClient(client, {status: 'paused', pausedUntil: 9}) : client)),
		});
		const session = pushPlayedStep(read!, 4, [{command: command('tick'), events: [], world: frozen, refused: null}], frozen);
		expect(clients(session, 120).find(line => line.includes(' A '))).toMatch(/paused by GC until t=9 · 2 of 3 replies · 1 granted +—/);
		expect(clients(session, 80).find(line => line.includes(' A '))).toMatch(/GC until t=9 · 2\/3 1✓ +—/);
	});

	test('the headings stay where they are at every step, from before the wait to its end', () => {
		for (const width of [80, 120]) {
			const headings = new Set([startSession(story), ...stepsOf(true), ...stepsOf(false)].map(session => clients(session, width)[1]));
			expect(headings.size).toBe(1);
		}
	});

	test('a story whose links are all instant keeps the status column as narrow as before', () => {
		const instant = scenarioOf('title: instant\nclients: [A]\nsteps:\n  - do: acquire A\n');
		const believes = (session: Session) => clients(session, 120)[1]!.indexOf('believes');
		const room = believes(startSession(scenarioOf('title: paused\nclients: [A]\nsteps:\n  - do: pause A 5\n')));
		expect(believes(startSession(instant))).toBe(room);
		// Room for `acquiring since t=99 · 3 of 3 replies · 3 granted`.
		expect(believes(startSession(story))).toBeGreaterThan(room + 20);
	});
});

const fixture = (path: string) => storyboard(loadScenario(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url))));

/** A session's timeline at `width`, the lock's lanes as one. */
const summaryTimeline = (session: Session, width: number) =>
	timelineRows({session, width, look: looks.en, lockLanes: 'summary'}).map(row =>
		shownRow(row, width, looks.en)
			.map(part => part.text)
			.join('')
			.trimEnd(),
	);

describe('stories played by the model', () => {
	const stories = {pause: fixture('messages/in-flight-pause.yaml'), validity: fixture('validity-in-flight.yaml')};

	test.each(Object.keys(stories) as (keyof typeof stories)[])('%s: the clients table keeps its headings at every step, in both languages', name => {
		for (const lang of ['en', 'ja'] as const)
			for (const width of [80, 120]) {
				const headings = new Set(
					stories[name].map(session =>
						clientsRows({session, width, look: looks[lang]})[1]!
							.map(part => part.text)
							.join(''),
					),
				);
				expect(headings.size, `${lang} ${width}`).toBe(1);
			}
	});

	test.each(Object.keys(stories) as (keyof typeof stories)[])('%s: every sign drawn at every step is in the legend, in both languages', name => {
		for (const lang of ['en', 'ja'] as const) {
			const look = looks[lang];
			const meanings = new Map(timelineLegend(look.glyphs, lang).map(({name, sign, meaning}) => [name, `${sign} ${meaning}`]));
			for (const session of stories[name]) {
				const shown = timelineRows({session, width: 120, look, lockLanes: 'summary'})
					.map(row => row.map(part => part.text).join(''))
					.join('\n');
				for (const lane of buildTimeline(session, look.glyphs, 0, 'summary').lanes)
					for (const sign of [...lane.marks.flatMap(mark => mark.signs), ...lane.spans.map(span => spanSign[span.kind])])
						expect(shown).toContain(meanings.get(sign));
			}
		}
	});

	test('replies read as the client decides are told by its decision: the way back ends in its acquire', () => {
		const quick = scenarioOf('title: quick\nbackend: redlock\nlease: 10\nlatency: 1\nclients: [A]\nsteps:\n  - do: [acquire A, tick 3]\n');
		const lines = summaryTimeline(storyboard(quick).at(-1)!, 80);
		const a = laneOf(lines, 'A');
		expect(a.slice(columnOf(lines, 0), columnOf(lines, 2))).toMatch(/^→+←+$/);
		expect(a.slice(columnOf(lines, 2))).toMatch(/^\[─+$/);
	});

	test('a client that gives the lock up for want of validity is drawn turned away where it decided', () => {
		const lines = summaryTimeline(stories.validity[2]!, 80);
		expect(laneOf(lines, 'A').slice(columnOf(lines, 9))).toMatch(/^\[✗/);
	});

	test('two requests lost on cut links, with the deletions of the attempt given up: counted where they were due; the requests that arrived end their way there', () => {
		const lines = summaryTimeline(stories.validity[5]!, 120);
		const a = laneOf(lines, 'A');
		expect(a.slice(columnOf(lines, 11))).toMatch(/^↯×4 *←+✓×3$/);
		expect(a.slice(columnOf(lines, 10), columnOf(lines, 11))).toMatch(/→$/);
	});
});

describe('a story played by the model: the OKs in flight while A is paused', () => {
	const steps = fixture('messages/in-flight-pause.yaml');

	test.each([80, 120])('at %i columns: the requests and replies run through the pause, the keys are granted as they arrive', width => {
		const frozen = steps[2]!;
		const lines = timelineRows({session: frozen, width, look: looks.en, lockLanes: 'summary'}).map(row =>
			shownRow(row, width, looks.en)
				.map(part => part.text)
				.join('')
				.trimEnd(),
		);
		const a = laneOf(lines, 'A');
		// Sent at 0 as the pause began, at the nodes at 2, back at 4 where they wait unread, the pause going on.
		expect(a.slice(columnOf(lines, 0))).toMatch(/^GC→+←+←·×5▒+$/);
		expect(a.indexOf('←')).toBe(columnOf(lines, 2));
		expect(a.indexOf('←·')).toBe(columnOf(lines, 4));
		expect(a).not.toContain('✓');
		expect(laneOf(lines, 'lock').indexOf('[A×5')).toBe(columnOf(lines, 2));
	});
});

describe('the ways of requests and replies, event by event', () => {
	const ways = (events: readonly Event[]) => {
		const beginnings = beginningsOf(startSession(story).history.begun);
		const ended: EndedSpan[] = [];
		for (const event of events) followEvent(beginnings, event, (_, span) => ended.push(span));
		return {ended, open: beginnings.clients.get('A')!};
	};
	const sent = (t: number, undo = false): Event => ({kind: 'request-sent', t, client: 'A', op: undo ? 'release' : 'acquire', to: nodes, failed: [], undo});
	const arrived = (t: number, node: string): Event => ({kind: 'request-arrived', t, client: 'A', node, op: 'acquire', granted: true, replyAt: t + 2});
	const read = (t: number, node: string): Event => ({kind: 'reply-arrived', t, client: 'A', node, op: 'acquire', granted: true, ignored: false});

	test('requests run until the last of them arrives, replies until the last is read', () => {
		const {ended, open} = ways([sent(2), arrived(4, 'L1'), arrived(4, 'L2'), arrived(5, 'L3'), read(6, 'L1'), read(6, 'L2')]);
		expect(ended).toEqual([{kind: 'request', from: 2, to: 5}]);
		// L3's reply is due at 7: still on its way.
		expect(open.answered).toEqual({from: 4, until: 7});
		expect(open.asking).toBeNull();
	});

	test("a new wait begun before the last one's requests arrived ends their way there", () => {
		const {ended, open} = ways([sent(2), sent(5), arrived(7, 'L1')]);
		expect(ended).toEqual([{kind: 'request', from: 2, to: 5}]);
		expect(open.asking).toEqual({from: 5, op: 'acquire', left: 2});
	});

	test("a given-up attempt's deletions, which nobody waits for, are neither awaited nor drawn", () => {
		const {ended, open} = ways([sent(2), arrived(4, 'L1'), arrived(4, 'L2'), arrived(4, 'L3'), sent(6, true)]);
		expect(ended).toEqual([{kind: 'request', from: 2, to: 4}]);
		expect(open.asking).toBeNull();
	});
});

test("a plain font writes the decision's true minus as a hyphen", () => {
	expect(asciiText('validity 10 − (14 − 2) − 1 = −3')).toBe('validity 10 - (14 - 2) - 1 = -3');
});
