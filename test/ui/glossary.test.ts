// One word for one thing in Japanese: the terms the dashboard, the stories and the help use, and
// the variants they must not use, checked over everything the product shows in Japanese: every
// pane of every built-in story at every step (and the help over it), every event of those
// stories in words, every scenario's title, description and narration, the key help, and the
// labels that are plain words.

import {describe, expect, test} from 'vitest';
import {describeEvent} from '../../source/words/describe.js';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames} from '../../source/scenario/files.js';
import type {Scenario} from '../../source/scenario/parse.js';
import {narrationIn} from '../../source/text/narration.js';
import {dashboardRows} from '../../source/ui/Dashboard.js';
import {keyHelp} from '../../source/ui/keys.js';
import {labelsFor} from '../../source/ui/labels.js';
import {makeLook} from '../../source/ui/look.js';
import type {Row} from '../../source/ui/panes/rows.js';
import {builtinScenario} from '../scenario/helpers.js';

/** The chosen term, and the variants that would say the same thing in other words. */
const glossary: readonly {readonly term: string; readonly banned: readonly RegExp[]}[] = [
	{term: 'ハートビート (heartbeat)', banned: [/心拍/]},
	{term: 'lock-delay (Consul, Chubby)', banned: [/ロック遅延/, /(?<!ネットワーク)遅延/]},
	{term: '最大トークン (max token)', banned: [/\bmax\b/i]},
	{term: '失効 (a lease or key expires)', banned: [/リースが切れ/, /リース切れ/, /期限切れ/]},
	{term: '資源 (the resource)', banned: [/リソース/]},
	// The chapter's own word for corruption.
	{term: '破壊 (corruption)', banned: [/破損/, /汚染/, /不整合/]},
	{term: '書き込み (a write)', banned: [/書込/]},
	{term: '持ち主 (the holder)', banned: [/保持者/, /所有者/]},
	{term: '延長 (renew)', banned: [/更新/, /\brenew\b/i]},
	{term: '取得 (acquire)', banned: [/\bacquire\b/i]},
	{term: '跳ぶ, 跳躍 (a clock jump)', banned: [/時計が [+-]?\d+ ずれ/]},
	// Stale comes before what it qualifies, as Japanese puts it, not after it word for word; a
	// space stands after it only before a word in Latin letters (`古い czxid 2`), as beside any kana.
	{term: '古いトークン 1 (stale)', banned: [/トークン \d+ 古い/, /ロック 古い/, /(?:^| )古い(?: (?![\x21-\x7E])|$)/m]},
	{term: '分断 (partition)', banned: [/パーティション/]},
];

const ja = makeLook({lang: 'ja', theme: 'dark', ascii: false, color: false});
const textOf = (rows: readonly Row[]) => rows.map(row => row.map(part => part.text).join('')).join('\n');
const scenarios = builtinNames().map(name => builtinScenario(name));

function narrationOf(scenario: Scenario): string[] {
	const said = [scenario.title, scenario.short, scenario.description, ...scenario.steps.map(step => step.say)];
	return said.flatMap(narration => (narration === null ? [] : [narrationIn(narration, 'ja')]));
}

/** The labels that are words rather than functions, at any depth. */
function plainLabels(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (value !== null && typeof value === 'object') return Object.values(value).flatMap(plainLabels);
	return [];
}

/** Every screen of every built-in, at two sizes, with and without the help over it. */
function screens(): {readonly where: string; readonly text: string}[] {
	return scenarios.flatMap(scenario =>
		storyboard(scenario).flatMap((session, step) =>
			[
				[80, 24],
				[120, 40],
			].flatMap(([width, height]) =>
				([undefined, 'help'] as const).map(overlay => ({
					where: `${scenario.file} step ${step} at ${width}x${height}${overlay ? ' (help)' : ''}`,
					text: textOf(dashboardRows({session, width: width!, height: height! - 1, overlay}, ja)),
				})),
			),
		),
	);
}

const drawn = screens();
const shown: readonly {readonly where: string; readonly text: string}[] = [
	...drawn,
	...scenarios.flatMap(scenario => narrationOf(scenario).map(text => ({where: scenario.file, text}))),
	...scenarios.flatMap(scenario =>
		storyboard(scenario).flatMap(session =>
			session.history.entry.commands.flatMap(played =>
				played.events.flatMap(event =>
					[describeEvent(event, played.world, 'ja'), describeEvent(event, played.world, 'ja', true)].map(text => ({where: `${scenario.file} event`, text})),
				),
			),
		),
	),
	...keyHelp.map(help => ({where: `help for ${help.keys}`, text: help.ja})),
	...plainLabels(labelsFor('ja')).map(text => ({where: 'labels', text})),
];

describe('the Japanese glossary', () => {
	test.each(glossary)('$term, never another word for it', ({banned}) => {
		// Each place named with the line the variant is on.
		const found = shown.flatMap(({where, text}) =>
			text.split('\n').flatMap(line => banned.flatMap(pattern => (pattern.test(line) ? [`${where}: ${line.trim()}`] : []))),
		);
		expect(found).toEqual([]);
	});

	test('each term is in use, so the table speaks of words the product says', () => {
		const all = shown.map(({text}) => text).join('\n');
		for (const {term} of glossary) expect(all, term).toContain(term.split(/[ ,(]/)[0]);
	});

	test('no screen splits a name or an identifier across lines (row-42, lock-delay, t=10)', () => {
		const split = drawn.flatMap(({where, text}) => text.split('\n').flatMap(line => (/[A-Za-z0-9][-=]$/.test(line.trimEnd()) ? [`${where}: ${line}`] : [])));
		expect(split).toEqual([]);
	});
});
