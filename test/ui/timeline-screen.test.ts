// The timeline on the dashboard as a viewer sees it, over every built-in story, step by step, at
// 80x24 and 120x40 in both languages: every sign drawn is in the legend shown, whole; a story
// keeps one scale; the marks of a tick stand on it, apart; and the lock's own events reach the
// lanes at 80x24 as they do at 120x40.

import {describe, expect, test} from 'vitest';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames} from '../../source/scenario/files.js';
import {currentWorld, reduceSession, type Session} from '../../source/session/session.js';
import type {Lang} from '../../source/text/narration.js';
import {dashboardRows} from '../../source/ui/Dashboard.js';
import {labelsFor, timelineLegend} from '../../source/ui/labels.js';
import {widthOf} from '../../source/text/width.js';
import {makeLook} from '../../source/ui/look.js';
import {buildTimeline} from '../../source/ui/panes/lanes.js';
import {columnsPerTickFor, timelineBaseHeight, timelineRowsIn} from '../../source/ui/panes/timeline.js';
import {command} from '../model/helpers.js';
import {builtinScenario} from '../scenario/helpers.js';

const looks = {en: makeLook({lang: 'en', theme: 'dark', ascii: false, color: false}), ja: makeLook({lang: 'ja', theme: 'dark', ascii: false, color: false})};
const sizes = [
	[80, 24],
	[120, 40],
] as const;

interface ShownTimeline {
	/** The signs and meanings shown: on the title row after the title, and on the rows under it. */
	readonly legend: string[];
	/** Each lane's name and what it draws after its name. */
	readonly lanes: {readonly name: string; readonly drawn: string}[];
	/** The time ruler, after its `t`. */
	readonly ruler: string;
	/** Where the lanes' drawing starts. */
	readonly plotFrom: number;
}

/** The timeline pane of the dashboard, found by its title, as text; one row kept free, as the dashboard keeps it. */
function shownTimeline(session: Session, width: number, height: number, lang: Lang): ShownTimeline {
	const lines = dashboardRows({session, width, height: height - 1}, looks[lang]).map(row => row.map(part => part.text).join(''));
	const rule = looks[lang].glyphs.rule;
	const top = lines.findIndex(line => line.startsWith(`${rule}${rule} ${labelsFor(lang).timelinePane} `));
	const rulerAt = lines.findIndex((line, index) => index > top && line.startsWith(' t '));
	const world = currentWorld(session);
	const names = new Set([...world.clients.map(client => client.name), ...world.nodes.map(node => node.name), labelsFor(lang).lockLane, world.resource.name]);
	const laneName = (line: string) => /^ (\S+) /.exec(line)?.[1];
	const body = lines.slice(top + 1, rulerAt);
	const firstLane = body.findIndex(line => names.has(laneName(line) ?? ''));
	const plotFrom = /^ t +/.exec(lines[rulerAt]!)![0].length;
	const titleSigns = lines[top]!.slice(`${rule}${rule} ${labelsFor(lang).timelinePane} `.length).replace(new RegExp(`^[${rule}]* ?|[ ${rule}]*$`, 'g'), '');
	return {
		legend: [titleSigns, ...body.slice(0, firstLane).map(line => line.trim())].flatMap(line => (line === '' ? [] : line.split('  '))),
		// A wide name (ロック) takes two columns a character.
		lanes: body.slice(firstLane).map(line => {
			const name = laneName(line)!;
			return {name, drawn: line.slice(plotFrom - (widthOf(name) - name.length))};
		}),
		ruler: lines[rulerAt]!.slice(plotFrom),
		plotFrom,
	};
}

/** Each tick the ruler names, and the column it stands on. */
const rulerTicks = (ruler: string): [number, number][] => [...ruler.matchAll(/\d+/g)].map(match => [Number(match[0]), match.index]);

/**
 * Letters and digits are names and numbers (`[A`, `max2`, `L3`), and a jump's sign is its
 * shape's (`≈+10` is `≈±n`): every other character drawn is a sign's.
 */
const signCharacters = (text: string) => [...text.replace(/≈[+-]/g, '≈±')].filter(character => !/[\p{L}\p{N}\s]/u.test(character));

const everyScreen = builtinNames().flatMap(name => (['en', 'ja'] as const).flatMap(lang => sizes.map(([width, height]) => ({name, lang, width, height}))));

describe.each(everyScreen)('$name at $width x $height in $lang', ({name, lang, width, height}) => {
	const sessions = storyboard(builtinScenario(name));
	const shown = sessions.map(session => shownTimeline(session, width, height, lang));

	test('every sign drawn is in the legend shown, or the legend ends in an ellipsis (given way to the lock lane), and every entry of the legend is whole', () => {
		const entries = new Set(timelineLegend(looks[lang].glyphs, lang).map(({sign, meaning}) => `${sign} ${meaning}`));
		const {ellipsis} = looks[lang].glyphs;
		for (const [step, {legend, lanes}] of shown.entries()) {
			const cut = legend.at(-1) === ellipsis;
			for (const entry of cut ? legend.slice(0, -1) : legend) expect(entries.has(entry), `step ${step}: ${entry}`).toBe(true);
			// Only where the lock's lane took the legend's last rows: the lanes then show every lock node's event.
			if (cut) {
				expect(
					lanes.map(lane => lane.name),
					`step ${step}`,
				).toContain(labelsFor(lang).lockLane);
				continue;
			}
			const explained = legend.join(' ');
			for (const {drawn} of lanes)
				for (const character of signCharacters(drawn)) expect(explained, `step ${step}: ${character} in ${drawn}`).toContain(character);
		}
	});

	test('one scale for the whole story: as many columns a tick at every step', () => {
		const scales = shown.map(({ruler}) => {
			const [[first, at], [second, next]] = rulerTicks(ruler) as [[number, number], [number, number]];
			return (next - at) / (second - first);
		});
		expect(new Set(scales).size, scales.join(' ')).toBe(1);
	});

	test('a counted mark is drawn with its whole count, or without it where it has no room: never half of it', () => {
		const times = looks[lang].glyphs.times;
		for (const [step, {lanes}] of shown.entries())
			for (const {name: lane, drawn} of lanes) expect(drawn, `step ${step}, ${lane}`).not.toMatch(new RegExp(`${times}(?!\\d)`));
	});

	test('the marks of a tick start on its column of the ruler, a blank between them', () => {
		const glyphs = looks[lang].glyphs;
		for (const [step, {lanes, ruler}] of shown.entries()) {
			const session = sessions[step]!;
			const columns = new Map(rulerTicks(ruler));
			// The marks of every lane the dashboard may show, by name.
			const built = new Map(
				(['nodes', 'summary'] as const).flatMap(locks =>
					buildTimeline(session, glyphs, 0, locks, labelsFor(lang).lockLane).lanes.map(lane => [lane.name, lane.marks] as const),
				),
			);
			for (const {name: lane, drawn} of lanes) {
				const marks = built.get(lane)!;
				for (const t of new Set(marks.map(mark => mark.t))) {
					const column = columns.get(t);
					if (column === undefined) continue;
					const texts = marks.filter(mark => mark.t === t).map(mark => mark.text);
					const from = drawn.slice(column);
					// As many of them as have room before the next tick's marks, each whole but for a first cut short.
					const whole = texts.map((_, count) => texts.slice(0, count + 1).join(' ')).filter(prefix => from.startsWith(prefix));
					const where = `step ${step}, ${lane} at t=${t}: ${drawn}`;
					if (whole.length === 0) expect(texts[0]!.startsWith(from.trimEnd().split(' ')[0]!), where).toBe(true);
					else expect(from[whole.at(-1)!.length] ?? ' ', where).toMatch(whole.length === texts.length ? /./ : / /);
				}
			}
		}
	});
});

describe('the scale', () => {
	test('from the story: the whole of it in the width where it fits, 3 to 12 columns a tick', () => {
		expect(columnsPerTickFor(4, 72)).toBe(12);
		expect(columnsPerTickFor(10, 72)).toBe(6);
		expect(columnsPerTickFor(22, 72)).toBe(3);
		expect(columnsPerTickFor(500, 72)).toBe(3);
	});

	test('heartbeat keeps its first grant and write in view to its end at 80x24', () => {
		for (const session of storyboard(builtinScenario('heartbeat')).slice(1)) {
			const {lanes, ruler} = shownTimeline(session, 80, 24, 'en');
			expect(ruler).toMatch(/^0 /);
			expect(lanes.find(lane => lane.name === 'A')!.drawn).toMatch(/^\[1 ✓/);
			expect(lanes.find(lane => lane.name === 'row-42')!.drawn).toMatch(/^max1/);
		}
	});

	test('a story that goes beyond its script by hand takes a new scale', () => {
		const end = storyboard(builtinScenario('release-handoff')).at(-1)!;
		const further = reduceSession(end, {type: 'do', command: command('tick 40')});
		const scale = (session: Session) => {
			const [[first, at], [second, next]] = rulerTicks(shownTimeline(session, 80, 24, 'en').ruler) as [[number, number], [number, number]];
			return (next - at) / (second - first);
		};
		expect(scale(further)).toBeLessThan(scale(end));
	});
});

describe('two things at one moment', () => {
	test('etcd-revision: the grant, the write and the pause at one tick, a blank between, no pause drawn through them', () => {
		const lane = shownTimeline(storyboard(builtinScenario('etcd-revision'))[3]!, 80, 24, 'en').lanes.find(each => each.name === 'A')!;
		expect(lane.drawn).toMatch(/^\[\d+ ✓ GC▒/);
	});
});

describe("the lock's lanes", () => {
	const laneAt = (name: string, step: number, width: number, height: number, lane: string, lang: Lang = 'en') =>
		shownTimeline(storyboard(builtinScenario(name))[step]!, width, height, lang)
			.lanes.find(each => each.name === lane)
			?.drawn.trimEnd();

	test('redlock-clock-jump at 80x24: one lane for the nodes shows the grant, the jump and the expiry by its own clock, then B', () => {
		// The story opens on its first step: the session of step k is the k-th.
		expect(laneAt('redlock-clock-jump', 1, 80, 24, 'lock')).toBe('[A×3');
		expect(laneAt('redlock-clock-jump', 2, 80, 24, 'lock')).toMatch(/^\[A×3 +L3≈\+10✂$/);
		expect(laneAt('redlock-clock-jump', 3, 80, 24, 'lock')).toMatch(/^\[A×3 +L3≈\+10✂ \[B×3$/);
		expect(laneAt('redlock-clock-jump', 3, 80, 24, 'ロック', 'ja')).toMatch(/^\[A×3 +L3≈\+10✂ \[B×3$/);
		// At 120x40, a lane per node instead.
		expect(laneAt('redlock-clock-jump', 3, 120, 40, 'lock')).toBeUndefined();
		expect(laneAt('redlock-clock-jump', 3, 120, 40, 'L3')).toMatch(/^\[A─+≈\+10 ✂ \[B$/);
	});

	test('redlock-restart at 80x24: the crash and the restart of L3', () => {
		expect(laneAt('redlock-restart', 2, 80, 24, 'lock')).toMatch(/^\[A×3 +L3✕$/);
		expect(laneAt('redlock-restart', 3, 80, 24, 'lock')).toMatch(/^\[A×3 +L3✕↺$/);
	});

	test('redlock-gc-pause: five keys expiring at one moment are counted', () => {
		expect(laneAt('redlock-gc-pause', 6, 80, 24, 'lock')).toMatch(/ ✂×5 \[B×5$/);
	});

	test("consul-lock-delay: the lock-delay window on the lock's lane, and B turned away in it", () => {
		const sessions = storyboard(builtinScenario('consul-lock-delay'));
		for (const [width, height] of sizes) {
			const shown = shownTimeline(sessions[3]!, width, height, 'en');
			const ticks = new Map(rulerTicks(shown.ruler));
			const lock = shown.lanes.find(lane => lane.name === 'lock')!.drawn;
			// From the expiry at t=5 to the window's end at t=10.
			expect(lock.indexOf('═')).toBe(ticks.get(5));
			expect(lock.lastIndexOf('═') + 1).toBe(ticks.get(10));
			expect(shown.lanes.find(lane => lane.name === 'B')!.drawn.indexOf('[✗')).toBe(ticks.get(5));
			expect(shown.legend).toContain('═ lock-delay');
		}
	});

	test('partition: the heartbeats no one answers', () => {
		const drawn = shownTimeline(storyboard(builtinScenario('partition')).at(-1)!, 80, 24, 'en');
		expect(drawn.lanes.find(lane => lane.name === 'A')!.drawn).toMatch(/‖─+\+\?─+\+\?/);
		expect(drawn.legend).toContain('? no answer');
	});
});

describe('the room the timeline takes', () => {
	test("at 80x24 every step of every story with a lock story of its own keeps the lock's lane", () => {
		for (const name of builtinNames())
			for (const [step, session] of storyboard(builtinScenario(name)).entries()) {
				const world = currentWorld(session);
				if (world.nodes.length < 2 && world.lockDelay === 0) continue;
				for (const lang of ['en', 'ja'] as const)
					expect(
						shownTimeline(session, 80, 24, lang).lanes.map(lane => lane.name),
						`${name} step ${step} in ${lang}`,
					).toContain(labelsFor(lang).lockLane);
			}
	});

	const jumped = storyboard(builtinScenario('redlock-clock-jump'))[3]!;
	const names = (spare: number, squeezed: number) =>
		timelineRowsIn({session: jumped, width: 80, look: looks.en}, spare, squeezed).map(
			row =>
				row
					.map(part => part.text)
					.join('')
					.split(' ')[1],
		);

	test('a lane per node where the rows allow, else one for them all, else none with the legend on its title alone where not a row is left', () => {
		expect(names(20, 20)).toEqual(expect.arrayContaining(['L1', 'L5']));
		expect(names(2, 2)).toContain('lock');
		expect(names(2, 2)).not.toContain('L1');
		// The clients' headings give way to the lock's lane before the lane does, and so do the legend's rows under its title.
		expect(names(0, 2)).toContain('lock');
		expect(names(0, 1)).toContain('lock');
		const none = names(0, 0);
		expect(none).not.toContain('lock');
		expect(none).toHaveLength(timelineBaseHeight(currentWorld(jumped)));
	});
});
