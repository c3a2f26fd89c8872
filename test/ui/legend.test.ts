// The legend names every sign the dashboard can draw, the help shows all of it at the smallest
// size (scrolled), and docs/dashboard.md lists each sign with its --ascii counterpart.

import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames} from '../../source/scenario/files.js';
import type {Lang} from '../../source/text/narration.js';
import {reduceSession, type Session, startSession} from '../../source/session/session.js';
import {dashboardRows, type Overlay} from '../../source/ui/Dashboard.js';
import {keyDescription, keyHelp} from '../../source/ui/keys.js';
import {labelsFor, legend} from '../../source/ui/labels.js';
import {type Glyphs, makeLook} from '../../source/ui/look.js';
import {buildTimeline} from '../../source/ui/panes/lanes.js';
import {builtinScenario, scenarioOf} from '../scenario/helpers.js';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lookIn = (lang: Lang, ascii = false) => makeLook({lang, theme: 'dark', ascii, color: false});

/** Glyphs that are typography, not signs: the rules between panes and the ellipsis of a cut line. */
const typography: readonly (keyof Glyphs)[] = ['rule', 'ellipsis'];

/** Every event the timeline draws, by hand: fencing both ways, a crash, a restart, refusals, a write in flight. */
const everything = startSession(
	scenarioOf(
		[
			'title: every sign',
			'clients: [A, {name: B, renewEvery: 2}]',
			'steps:',
			'  - do: [acquire B, write B, tick 2, acquire A, fencing resource off, write A, fencing resource on]',
			'  - do: [pause B 6, tick 6, acquire A, write A, write B, renew B, release A]',
			'  - do: [write A late delay=3, crash A, restart A]',
		].join('\n'),
	),
);

/** Every session worth drawing: each built-in at each step, and the one above. */
const sessions: Session[] = [
	...builtinNames().flatMap(name => storyboard(builtinScenario(name))),
	...storyboard(everything.scenario),
	reduceSession(reduceSession(everything, {type: 'end'}), {type: 'do', command: {kind: 'write', client: 'A', delay: 5}}),
];

describe.each([false, true])('ascii %s', ascii => {
	const look = lookIn('en', ascii);
	const signs = legend(look.glyphs, 'en').map(entry => entry.sign);

	test('every glyph of the look is a sign of the legend', () => {
		for (const [name, glyph] of Object.entries(look.glyphs)) {
			if (typography.includes(name as keyof Glyphs)) continue;
			expect(
				signs.some(sign => sign.includes(glyph)),
				`${name} ${glyph}`,
			).toBe(true);
		}
	});

	test('every mark the timeline draws is drawn with signs of the legend (names and numbers apart)', () => {
		const shapes = new Map(legend(look.glyphs, 'en').map(({name, sign}) => [name, sign]));
		const drawn = new Set<string>();
		for (const session of sessions) {
			for (const locks of ['nodes', 'summary'] as const)
				for (const lane of buildTimeline(session, look.glyphs, 0, locks).lanes)
					for (const mark of lane.marks) {
						drawn.add(mark.signs.join(' '));
						// A jump's sign is its shape's (`≈+10` is `≈±n`); letters and digits are names and numbers.
						const explained = mark.signs.map(sign => shapes.get(sign)!).join('');
						for (const character of mark.text.replace(/([≈~])[+-]/g, '$1±').replace(/[\p{L}\p{N}]/gu, ''))
							expect(explained, `${mark.text} as ${mark.signs.join(', ')}`).toContain(character);
					}
		}
		// The sessions above draw most kinds of mark.
		expect(drawn.size).toBeGreaterThanOrEqual(20);
	});
});

describe('the help', () => {
	const textOf = (lang: Lang, width: number, rows: number, overlay: Overlay) =>
		dashboardRows({session: startSession(builtinScenario('gc-pause')), width, height: rows - 1, overlay}, lookIn(lang))
			.map(row => row.map(part => part.text).join(''))
			.join('\n');

	for (const lang of ['en', 'ja'] as const) {
		for (const [width, rows] of [
			[68, 23],
			[80, 24],
			[120, 40],
		] as const) {
			test(`${lang} ${width}x${rows}: every key and every sign, on the help or scrolled to its end`, () => {
				const start = textOf(lang, width, rows, 'help');
				const both = `${start}\n${textOf(lang, width, rows, 'help-end')}`;
				for (const help of keyHelp) expect(both).toContain(keyDescription(help, lang));
				for (const {sign, meaning} of legend(lookIn(lang).glyphs, lang)) expect(both).toMatch(new RegExp(`${escaped(sign)} +${escaped(meaning)}`));
				// Only a help longer than the screen says it scrolls.
				expect(start.includes(labelsFor(lang).helpMore), start).toBe(width < 120);
			});
		}
	}

	test('--ascii: the keys column is as wide as the keys spelled out, the title rule whole', () => {
		const rows = dashboardRows({session: startSession(builtinScenario('gc-pause')), width: 80, height: 23, overlay: 'help'}, lookIn('en', true)).map(row =>
			row.map(part => part.text).join(''),
		);
		expect(rows[0]).toMatch(/ --$/);
		const starts = keyHelp.map(help => rows.find(row => row.includes(` ${help.en}`))?.indexOf(` ${help.en}`));
		expect(new Set(starts)).toEqual(new Set([starts[0]]));
	});

	test('the fencing keys say fencing', () => {
		const fencing = keyHelp.filter(help => help.keys === 'f' || help.keys === 'F');
		expect(fencing.map(help => help.en)).toEqual(['client fencing: sends its token on/off', 'resource fencing: checks tokens on/off']);
		for (const help of fencing) expect(help.ja).toContain('フェンシング');
	});
});

test('docs/dashboard.md lists every sign with its --ascii counterpart', () => {
	const page = readFileSync(new URL('../../docs/dashboard.md', import.meta.url), 'utf8');
	const unicode = legend(lookIn('en').glyphs, 'en');
	const ascii = legend(lookIn('en', true).glyphs, 'en');
	for (const [index, {sign, meaning}] of unicode.entries()) {
		// A table cell writes | as \|.
		const row = page
			.split('\n')
			.map(line => line.replaceAll('\\|', '|'))
			.find(line => line.startsWith(`| \`${sign}\` `));
		expect(row, sign).toBeDefined();
		expect(row).toContain(`| \`${ascii[index]!.sign}\` `);
		expect(row, sign).toContain(meaning.split(/[^\w]/)[0]!);
	}
});
