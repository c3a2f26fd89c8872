// The shortest sequence `explore` found, as a scenario file: the setup it searched from, a step
// per command narrated from that command's events in English and Japanese, and on the last step
// the expectation that shows the target was reached. `check` replays it; the dashboard plays it.
// Pure: writing the file is the command's job.

import path from 'node:path';
import {Document, isMap, type YAMLMap, type YAMLSeq} from 'yaml';
import {type Command, printCommand} from '../model/command.js';
import {narrate} from '../words/describe.js';
import type {WorldSetup} from '../model/world.js';
import type {Target} from '../explore/targets.js';
import {type Lang, type Narration, narrationIn} from '../text/narration.js';
import type {PlayedCommand} from '../scenario/run.js';
import {quote} from '../text/quote.js';

export interface Found {
	/** The scenario searched from: its file as messages name it, and its title. */
	readonly from: {readonly file: string; readonly title: Narration};
	readonly setup: WorldSetup;
	/** The sequence, played from the setup's world. */
	readonly played: readonly PlayedCommand[];
	readonly target: Target;
	readonly moves: readonly Command[];
	readonly states: number;
}

const plural = (count: number, word: string) => `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;

function ending(found: Found): Narration {
	const count = found.played.length;
	return {
		en: `That is ${found.target.words.en} in ${plural(count, 'move')}: no shorter sequence of the moves explored gets there.`,
		ja: `${count} 手で「${found.target.words.ja}」に至った。探索した手では、これより短い道はない。`,
	};
}

/** The setup as a scenario file writes it: every key the setup gives, a client with nothing but a name as its name. */
function setupFile(setup: WorldSetup): Record<string, unknown> {
	const given = (object: object) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
	const {clients, ...rest} = setup;
	return {
		...given(rest),
		clients: clients.map(client => {
			const fields = given(client);
			return Object.keys(fields).length === 1 ? client.name : fields;
		}),
	};
}

/** Moves listed in the description, up to this many characters (a long list is counted instead). */
const maxListedMoves = 600;

export function exploredScenario(found: Found): string {
	const {played, target} = found;
	const count = played.length;
	const steps = played.map((each, index) => {
		const last = index === count - 1;
		const say = (lang: Lang) => `${narrate([each], each.world, lang)}${last ? `${lang === 'ja' ? '' : ' '}${narrationIn(ending(found), lang)}` : ''}`;
		return {
			do: printCommand(each.command),
			say: {en: say('en'), ja: say('ja')},
			...(last ? {expect: target.expectation(each.world)} : {}),
		};
	});
	// The base name, cut short: the description must pass check whatever the file was called.
	const file = quote(path.basename(found.from.file));
	const moves = found.moves.map(printCommand).join(', ');
	const listed = moves.length <= maxListedMoves ? moves : plural(found.moves.length, 'move');
	const states = found.states.toLocaleString('en');
	const doc = new Document({
		title: {en: `Explored: ${target.short.en} in ${plural(count, 'move')}`, ja: `探索: ${count} 手で${target.short.ja}`},
		description: {
			en: `The shortest way to ${target.words.en} from the setup of ${file} (${narrationIn(found.from.title, 'en')}), found by dlock-tui explore among ${states} states. Moves tried: ${listed}.`,
			ja: `${file} (${narrationIn(found.from.title, 'ja')}) の設定から「${target.words.ja}」に至る最短の手順。dlock-tui explore が ${states} 状態を調べて見つけた。試した手: ${listed}。`,
		},
		...setupFile(found.setup),
		steps,
	});
	doc.commentBefore = ' Found by dlock-tui explore. `dlock-tui check` replays it; `dlock-tui` plays it.';
	// Clients and expectations on one line each, as the built-in scenarios write them.
	for (const client of (doc.get('clients') as YAMLSeq).items) if (isMap(client)) client.flow = true;
	const last = (doc.get('steps') as YAMLSeq<YAMLMap>).items.at(-1);
	const expect = last?.get('expect', true);
	if (isMap(expect)) expect.flow = true;
	return doc.toString({lineWidth: 0, flowCollectionPadding: false});
}
