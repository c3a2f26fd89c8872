// What the timeline's lanes show: every mark apart from its neighbours and under its own tick of
// the time ruler, and the renewals and turned-away acquires the stories talk about.

import {describe, expect, test} from 'vitest';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames} from '../../source/scenario/files.js';
import {reduceSession, type Session, startSession} from '../../source/session/session.js';
import {makeLook} from '../../source/ui/look.js';
import {buildTimeline} from '../../source/ui/panes/lanes.js';
import {shownRow} from '../../source/ui/panes/rows.js';
import {timelineRows} from '../../source/ui/panes/timeline.js';
import {command} from '../model/helpers.js';
import {builtinScenario, scenarioOf} from '../scenario/helpers.js';

const look = makeLook({lang: 'en', theme: 'dark', ascii: false, color: false});

/** The timeline's rows as the screen shows them, one string each. */
const lines = (session: Session, width: number) =>
	timelineRows({session, width, look}).map(row =>
		shownRow(row, width, look)
			.map(part => part.text)
			.join('')
			.trimEnd(),
	);

/** Where each word of a line starts: [column, word]. */
const wordsOf = (line: string): [number, string][] => [...line.matchAll(/\S+/g)].map(match => [match.index, match[0]]);

/** The column of each tick the ruler names. */
const rulerColumns = (ruler: string) => new Map(wordsOf(ruler).flatMap(([x, word]) => (/^\d+$/.test(word) ? [[Number(word), x] as const] : [])));

const after = (session: Session, ...commands: string[]) => commands.reduce((last, text) => reduceSession(last, {type: 'do', command: command(text)}), session);

describe('resource lane', () => {
	test('two things on one tick stay apart: ✓ max2 ✗, not ✓max2✗', () => {
		const shown = lines(storyboard(builtinScenario('fencing-gap')).at(-1)!, 80);
		const resource = shown.find(line => line.startsWith(' row-42 '))!;
		expect(resource).toMatch(/ ✓ max2 ✗$/);
		// The first of them sits on the ruler's 7.
		expect(resource.indexOf('✓')).toBe(rulerColumns(shown.at(-1)!).get(7));
	});

	test('a write and a fencing change on one tick', () => {
		const session = after(startSession(builtinScenario('gc-pause')), 'acquire A', 'write A', 'fencing resource off', 'write A', 'fencing resource on');
		const resource = lines(session, 80).find(line => line.startsWith(' row-42 '))!;
		expect(resource.trim()).toBe('row-42 max1 unfenced ✓ fenced');
	});

	test.each(builtinNames())('%s: the marks of each tick start on its column of the ruler, a space apart', name => {
		for (const session of storyboard(builtinScenario(name))) {
			for (const width of [80, 120]) {
				const shown = lines(session, width);
				const ruler = rulerColumns(shown.at(-1)!);
				const marks = buildTimeline(session, look.glyphs).lanes.at(-1)!.marks;
				for (const t of new Set(marks.map(mark => mark.t))) {
					const column = ruler.get(t);
					if (column === undefined) continue;
					const tick = marks
						.filter(mark => mark.t === t)
						.map(mark => mark.text)
						.join(' ');
					const lane = shown.at(-2)!;
					expect(lane.slice(column, column + tick.length), `${name} at ${width}, t=${t}`).toBe(tick);
					expect(lane[column + tick.length] ?? ' ', `${name} at ${width}, t=${t}`).toBe(' ');
				}
			}
		}
	});
});

describe('client lanes', () => {
	const laneOf = (session: Session, name: string) => lines(session, 80).find(line => line.startsWith(` ${name} `))!;

	test('heartbeat renewals, a refused acquire and a failed renewal are drawn', () => {
		const sessions = storyboard(builtinScenario('heartbeat'));
		// t=2, 4 and 6: three renewals over A's lease; B turned away at t=6.
		expect(laneOf(sessions[3]!, 'A')).toMatch(/^ A\s+\[1 ✓─+\+─+\+─+\+/);
		expect(laneOf(sessions[3]!, 'B')).toMatch(/^ B\s+\[✗$/);
		// At t=17 A's overdue heartbeat is refused.
		expect(laneOf(sessions.at(-1)!, 'A')).toMatch(/✂▒+\+✗$/);
	});

	test('a renewal by hand, and an acquire turned away while a crashed client holds the lock', () => {
		expect(laneOf(storyboard(builtinScenario('release-handoff'))[4]!, 'B')).toMatch(/\[2 ✓─+\+\s+✂$/);
		expect(laneOf(storyboard(builtinScenario('crash'))[3]!, 'B')).toMatch(/^ B\s+\[✗$/);
	});

	test('marks on one tick never touch: a column of the lane shows between them', () => {
		const session = startSession(scenarioOf('title: t\nclients: [A, B]\nsteps:\n  - do: [acquire A, write A, renew A, pause A 3, acquire B]\n'));
		const played = reduceSession(session, {type: 'next'});
		expect(laneOf(played, 'A')).toMatch(/^ A\s+\[1.✓.\+.GC▒/);
	});
});
