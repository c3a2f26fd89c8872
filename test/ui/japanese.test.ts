// Under --lang ja: the command line's errors in Japanese, one word for token, and no event that
// says its time again beside the story's time column.

import {describe, expect, test} from 'vitest';
import {describeEvent} from '../../source/words/describe.js';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames} from '../../source/scenario/files.js';
import {startSession} from '../../source/session/session.js';
import {makeLook} from '../../source/ui/look.js';
import {clientsRows} from '../../source/ui/panes/clients.js';
import {promptRows} from '../../source/ui/panes/keyBar.js';
import {lockRows} from '../../source/ui/panes/lock.js';
import {resourceRows} from '../../source/ui/panes/resource.js';
import {storyRows} from '../../source/ui/panes/story.js';
import type {Row} from '../../source/ui/panes/rows.js';
import {timelineRows} from '../../source/ui/panes/timeline.js';
import {builtinScenario} from '../scenario/helpers.js';

const look = makeLook({lang: 'ja', theme: 'dark', ascii: false, color: false});
const textOf = (rows: readonly Row[]) => rows.map(row => row.map(part => part.text).join('')).join('\n');
const sessions = builtinNames().flatMap(name => storyboard(builtinScenario(name)));

test('the command line says what is wrong in Japanese, with the command words as typed', () => {
	const session = startSession(builtinScenario('gc-pause'));
	const rows = promptRows({session, width: 120, look}, {text: 'tick q', error: {problem: {kind: 'bad-number', what: 'tick', word: 'q'}, hint: null}});
	expect(textOf(rows)).toBe(" tick: 1 から 1000000 までの整数が必要 ('q' は不可)\n:tick q_");
});

describe('every built-in at every step', () => {
	test('the panes say トークン, never token', () => {
		for (const session of sessions) {
			const pane = {session, width: 80, look};
			const text = textOf([...lockRows(pane), ...resourceRows(pane), ...clientsRows({...pane, headings: true}), ...timelineRows(pane)]);
			expect(text).not.toMatch(/token/i);
			expect(text).toContain('トークン');
		}
	});

	test('events in Japanese say トークン; beside their time (the story log) they never say it again', () => {
		for (const session of sessions) {
			for (const played of session.history.entry.commands) {
				for (const event of played.events) {
					expect(describeEvent(event, played.world, 'ja')).not.toMatch(/token/i);
					for (const lang of ['ja', 'en'] as const) {
						const text = describeEvent(event, played.world, lang, true);
						expect(text, text).not.toMatch(new RegExp(`t=${event.t}(?!\\d)`));
					}
				}
			}
		}
		const session = storyboard(builtinScenario('crash')).at(4)!;
		expect(textOf(storyRows({session, width: 80, height: 8, look}))).toContain('t=5  A のリースが失効 (トークン 1)。ロックは空き');
	});
});
