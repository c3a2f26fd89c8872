// The one-line key bar: the keys a presenter needs most, shortened to the width; or, while a
// command is being typed, the command line.

import type {CommandProblem} from '../../model/command.js';
import {findClient} from '../../model/world.js';
import {currentWorld, selectedClientName} from '../../session/session.js';
import {pad, tailToWidth, wrap} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {keyDescription, keyHelp} from '../keys.js';
import {labelsFor, type PasteProblem} from '../labels.js';
import {commandProblemText} from '../../words/describe.js';
import type {Lang} from '../../text/narration.js';
import type {Look} from '../look.js';
import {type PaneProps, piece, type Row, rowWidth, titleRule} from './rows.js';

export interface Prompt {
	readonly text: string;
	/** Why the last command typed or pasted could not be run: shown (in the dashboard's language) until the text changes. */
	readonly error: PromptError | null;
}

/** A command that could not be read, with a word that would fix it; or a paste too large to run. */
export type PromptError =
	| {readonly problem: CommandProblem; readonly hint: string | null}
	| {readonly paste: PasteProblem; readonly count: number; readonly limit: number};

export interface KeyBarProps extends PaneProps {
	readonly prompt: Prompt | null;
	/** Seconds between steps while autoplay runs, else null. */
	readonly autoplay: number | null;
}

/**
 * The command line being typed, on the bottom row: when it is wider than the screen it scrolls to
 * show its end; the reason the last command could not be read is wrapped above it, whole.
 */
export function promptRows({width, look}: PaneProps, prompt: Prompt): Row[] {
	const g = look.glyphs;
	const cursor = '_';
	const room = width - 1 - widthOf(cursor);
	const shown = widthOf(prompt.text) <= room ? prompt.text : g.ellipsis + tailToWidth(prompt.text, room - widthOf(g.ellipsis));
	const line: Row = [piece(':', 'key'), piece(shown), piece(cursor, 'accent')];
	// The fix first: on a narrow screen it is what must not scroll away.
	const why = prompt.error && promptErrorText(prompt.error, look.lang);
	const error = why ? wrap(why, width - 1).map(text => [piece(` ${text}`, 'warn')]) : [];
	return [...error, line];
}

function promptErrorText(error: PromptError, lang: Lang): string {
	const labels = labelsFor(lang);
	if ('paste' in error) return labels.pasteProblem(error.paste, error.count, error.limit);
	return `${error.hint === null ? '' : `${labels.didYouMean(error.hint)} `}${commandProblemText(error.problem, lang)}`;
}

export function keyBarRow({session, width, look, prompt, autoplay}: KeyBarProps): Row {
	if (prompt) return promptRows({session, width, look}, prompt).at(-1)!;
	const world = currentWorld(session);
	const client = selectedClientName(session);
	const node = world.nodes.length > 1 ? world.nodes[session.selectedNode]! : null;
	return keyBar(
		client ?? '-',
		node && {name: node.name, up: node.up, cut: findClient(world, client ?? '')?.cut.includes(node.name) ?? false},
		world.tokens === 'none',
		session.pauseLength,
		width,
		look,
		autoplay,
	);
}

/** The selected node, with several: whether it is up, and whether the selected client is cut from it (what k and N would do). */
interface SelectedNode {
	readonly name: string;
	readonly up: boolean;
	readonly cut: boolean;
}

function keyBar(client: string, node: SelectedNode | null, tokenless: boolean, pauseLength: number, width: number, look: Look, autoplay: number | null): Row {
	const full = keyBarIn(client, node, tokenless, pauseLength, width, look, autoplay, false);
	if (node === null) return full.row;
	// With several nodes the bar has more to say than room: the selected client and node by name
	// alone (`Tab A`, `n L1`, `p GC 10`), where that keeps more of the client's, the pause's and the node keys.
	const named = keyBarIn(client, node, tokenless, pauseLength, width, look, autoplay, true);
	return named.keys > full.keys ? named.row : full.row;
}

/**
 * The bar, and how many of the first eight keys by rank it shows; `namesAlone`: the selected
 * client's and node's keys say their names without a word, and the pause its length without its keys.
 */
function keyBarIn(
	client: string,
	node: SelectedNode | null,
	tokenless: boolean,
	pauseLength: number,
	width: number,
	look: Look,
	autoplay: number | null,
	namesAlone: boolean,
): {row: Row; keys: number} {
	const words = labelsFor(look.lang).keyBar;
	const named = (word: string, name: string) => (namesAlone ? name : `${word} ${name}`);
	// Where no tokens are issued (Redis, Redlock) the resource's fencing has nothing to check:
	// cutting a client off takes its place on a narrow bar. With several nodes, the node keys come
	// after the selected client and the pause's length, which every story's keys act with: what a
	// speaker does to a Redlock story is to its nodes. In the order shown, each with its rank: on a
	// narrow bar the keys ranked last go first.
	const nodeKeys =
		node === null
			? []
			: [
					{key: 'n', what: named(words.node, node.name), rank: 4},
					{key: 'k', what: node.up ? words.crashNode : words.restartNode, rank: 5},
					{key: 'N', what: node.cut ? words.healNode : words.cutNode, rank: 6},
					{key: 'J', what: words.jumpNode, rank: 7},
				];
	// The other keys rank below the node keys.
	const afterNodeKeys = nodeKeys.length;
	const items: {key: string; what: string; rank: number}[] = [
		{key: 'Space', what: words.next, rank: 0},
		{key: '←', what: words.back, rank: 1},
		{key: 'Tab', what: named(words.client, client), rank: node === null ? 4 : 2},
		{key: 'p', what: namesAlone ? `GC ${pauseLength}` : `GC ${pauseLength} (-/+)`, rank: 3},
		...nodeKeys,
		{key: 'a', what: words.acquire, rank: afterNodeKeys + 5},
		{key: 'w', what: words.write, rank: afterNodeKeys + 6},
		// Turning fencing off and on is what a speaker shows most: it stays as long as anything does.
		{key: 'F', what: words.fencing, rank: tokenless ? afterNodeKeys + 10 : 2},
		{key: 't', what: 'tick', rank: afterNodeKeys + 8},
		{key: ':', what: words.command, rank: afterNodeKeys + 7},
		{key: 'v', what: words.variant, rank: afterNodeKeys + 9},
		{key: 'x', what: words.cut, rank: tokenless ? (node === null ? 2 : afterNodeKeys + 4) : afterNodeKeys + 10},
		// Help and quit always stay.
		{key: '?', what: words.help, rank: -1},
		{key: 'q', what: words.quit, rank: -1},
	];
	const lead: Row = autoplay === null ? [] : [piece(` ${words.auto} ${autoplay}s `, 'alarm'), piece(' ')];
	const gap = '  ';
	// Each key's pieces made, and so measured, once: the width the keys ranked below `below` take.
	const made = items.map(({key, what, rank}) => ({rank, pieces: [piece(key, 'key'), piece(` ${what}`, 'dim')]}));
	const barWidth = (below: number) => {
		const shown = made.filter(item => item.rank < below);
		return rowWidth(lead) + shown.reduce((total, item) => total + rowWidth(item.pieces), 0) + gap.length * Math.max(0, shown.length - 1);
	};
	let below = items.length;
	while (below > 0 && barWidth(below) > width) below -= 1;
	const shown = made.filter(item => item.rank < below);
	return {
		row: [...lead, ...shown.flatMap((item, index) => [...(index > 0 ? [piece(gap)] : []), ...item.pieces])],
		keys: shown.filter(item => item.rank < 8).length,
	};
}

/**
 * Every key, in as many columns as the width holds: on a terminal tall enough to spare the rows
 * after the story, the key bar's fuller version, so a speaker never has to open the help.
 */
export const keyListRows = ({width, look}: Pick<PaneProps, 'width' | 'look'>): Row[] => {
	const keysWidth = Math.max(...keyHelp.map(help => widthOf(help.keys))) + 2;
	const cellWidth = keysWidth + Math.max(...keyHelp.map(help => widthOf(keyDescription(help, look.lang)))) + 3;
	const columns = Math.max(1, Math.floor((width - 1) / cellWidth));
	const height = Math.ceil(keyHelp.length / columns);
	const rows: Row[] = Array.from({length: height}, (_, row) =>
		keyHelp
			.filter((_, index) => index % height === row)
			.flatMap(help => [piece(` ${pad(help.keys, keysWidth - 1)}`, 'key'), piece(pad(keyDescription(help, look.lang), cellWidth - keysWidth), 'dim')]),
	);
	return [titleRule([piece(labelsFor(look.lang).helpPane, 'title')], width, look), ...rows];
};
