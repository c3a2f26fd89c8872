// The story pane off script in a Redlock story: what several nodes did alike is one line, and a
// short pane keeps the decision ahead of the per-node detail.

import {describe, expect, test} from 'vitest';
import type {Event} from '../../source/model/event.js';
import type {Lang} from '../../source/text/narration.js';
import {reduceSession, type Session, startSession} from '../../source/session/session.js';
import {dashboardRows} from '../../source/ui/Dashboard.js';
import {makeLook} from '../../source/ui/look.js';
import {groupEvents, tellCommands} from '../../source/ui/panes/eventWords.js';
import type {Row} from '../../source/ui/panes/rows.js';
import {storyRows} from '../../source/ui/panes/story.js';
import {by, next, run} from '../session/helpers.js';
import {builtinScenario} from '../scenario/helpers.js';
import {generic} from '../words/terms.js';

const lookIn = (lang: Lang) => makeLook({lang, theme: 'dark', ascii: false, color: false});
const textOf = (rows: readonly Row[]) => rows.map(row => row.map(part => part.text).join('')).join('\n');
const screen = (session: Session, width: number, height: number, lang: Lang = 'en') =>
	textOf(dashboardRows({session, width, height: height - 1}, lookIn(lang)));
const storyOf = (text: string) => text.slice(text.search(/── (Story|筋書き)/));

/** redlock-validity played by hand: A asks, freezes with its five OKs on their way, and reads them too late. */
const improvised = (): Session => run(startSession(builtinScenario('redlock-validity')), next, by('tick'), by('pause A 11'), by('tick 11'));

const decision = 'A decides: validity 10 − (12 − 0) − 1 = −3 ≤ 0: gives the lock up';

describe('the story off script', () => {
	test('at 80x24 the decision is on screen, in both languages', () => {
		expect(storyOf(screen(improvised(), 80, 24))).toContain(decision);
		expect(storyOf(screen(improvised(), 80, 24, 'ja'))).toContain('A の判断: 有効時間 10 − (12 − 0) − 1 = −3 ≤ 0: ロックを手放す');
	});

	test("what five nodes did alike is one line with the count, the nodes' names where they fit", () => {
		const wide = storyOf(screen(improvised(), 120, 40));
		expect(wide).toContain("t=1  5 nodes (L1 L2 L3 L4 L5) answer A's acquire: granted; the replies arrive at t=2");
		expect(wide).toContain("t=11 A's keys on 5 nodes (L1 L2 L3 L4 L5) expired");
		expect(wide).not.toMatch(/L\d answers A's acquire/);
		expect(wide).not.toMatch(/A gets L\d's reply/);
		// At 80 columns the names would take a second row: the count alone.
		const narrow = storyRows({session: improvised(), width: 80, height: 30, look: lookIn('en')});
		expect(textOf(narrow)).toContain("t=1  5 nodes answer A's acquire: granted; the replies arrive at t=2");
		expect(textOf(storyRows({session: improvised(), width: 120, height: 30, look: lookIn('ja')}))).toContain('5 ノード (L1 L2 L3 L4 L5) 上の A のキーが失効');
	});

	test('on few rows the decision stays, and the per-node detail goes first', () => {
		for (const height of [3, 4, 5]) {
			const text = textOf(storyRows({session: improvised(), width: 80, height, look: lookIn('en')}));
			expect(text, `${height} rows`).toContain(decision);
		}
		const seven = textOf(storyRows({session: improvised(), width: 80, height: 7, look: lookIn('en')}));
		expect(seven).toContain("A asks L1, L2, L3, L4 and L5 to delete this attempt's keys");
		expect(seven).not.toContain('5 nodes');
	});

	test('a step told from its events sums what the nodes did, with no "more events"', () => {
		// A tick by hand before step 7: B's acquire at step 6, and the nodes' answers at step 7, told from what happened.
		let session = run(startSession(builtinScenario('redlock-validity')), next, next, next, by('tick 4'));
		for (let step = 0; step < 3; step += 1) session = reduceSession(session, next);
		const story = storyOf(screen(session, 80, 24));
		expect(story).toContain("5 nodes answer B's acquire: granted; the replies arrive at t=17.");
		expect(story).not.toContain('more events');
	});
});

describe('per-node events grouped', () => {
	const reply = (node: string, extra: Partial<Extract<Event, {kind: 'reply-arrived'}>> = {}): Event => ({
		kind: 'reply-arrived',
		t: 2,
		client: 'A',
		node,
		op: 'acquire',
		granted: true,
		ignored: false,
		...extra,
	});

	test('alike in kind, client, outcome and time: one group, where the first was; another outcome, another group', () => {
		const groups = groupEvents([reply('L1'), reply('L2', {granted: false}), {kind: 'ticked', t: 2, from: 1}, reply('L3'), reply('L4', {t: 3})]);
		expect(groups.map(group => [group.event.kind, group.nodes])).toEqual([
			['reply-arrived', ['L1', 'L3']],
			['reply-arrived', ['L2']],
			['ticked', []],
			['reply-arrived', ['L4']],
		]);
	});

	test('any per-node detail the model adds groups by it too: a reply that waits unread, a deletion', () => {
		const unread = {...reply('L1'), unread: true} as unknown as Event;
		const deletions = ['L1', 'L2', 'L3'].map(node => ({kind: 'deletion-arrived', t: 13, client: 'A', node, deleted: true}) as unknown as Event);
		const groups = groupEvents([unread, {...unread, node: 'L2'} as Event, reply('L3'), ...deletions]);
		expect(groups.map(group => group.nodes)).toEqual([['L1', 'L2'], ['L3'], ['L1', 'L2', 'L3']]);
		const told = tellCommands(
			[{command: {kind: 'tick', n: 1}, events: [unread, {...unread, node: 'L2'} as Event, ...deletions], refused: null}],
			generic,
			'en',
			200,
			[],
		);
		expect(told.text).toBe("the replies of 2 nodes (L1 L2) reach A, frozen: granted, waiting unread; 3 nodes (L1 L2 L3) delete A's key.");
	});
});

describe('no spoilers', () => {
	const plot = 'A wakes up still believing it holds the lock';
	const gcPause = (steps: number) => run(startSession(builtinScenario('gc-pause')), ...Array.from({length: steps}, () => next));

	test("the story's description, which tells the whole plot, is on the first screen only, or asked for with i", () => {
		const flat = (session: Session) => storyOf(screen(session, 120, 40)).replace(/\s+/g, ' ');
		expect(flat(gcPause(0))).toContain(plot);
		expect(flat(gcPause(2))).not.toContain(plot);
		expect(flat(reduceSession(gcPause(2), {type: 'toggle-script'}))).toContain(plot);
	});
});
