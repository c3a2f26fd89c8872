// The story: step k of n (and the end, and the variant being played), the step's narration, what
// the last action did in words, a red banner once the resource has been corrupted, and a clear
// note when the user has left the script. A step whose narration the world no longer bears out
// (a change by hand came before it) is told from what happened, its events; the script's own
// words, and the steps still to come, only when asked (`i`), faint, as what the script expected.

import {printCommand} from '../../model/command.js';
import {describeRefusal} from '../../words/describe.js';
import {type Lang, narrationIn} from '../../text/narration.js';
import {
	currentEntry,
	currentWorld,
	type Entry,
	flippedFencing,
	type History,
	isAtEnd,
	isOffScript,
	narrationHolds,
	type Session,
	stepHistory,
	stepNarration,
	stepPosition,
	storyDescription,
} from '../../session/session.js';
import {fit, wrap} from '../../text/fit.js';
import {type Corruption, type Labels, labelsFor} from '../labels.js';
import type {Glyphs, Role} from '../look.js';
import {groupEvents, groupLine, type Rank, rankOf, tellCommands} from './eventWords.js';
import {fitRow, type PaneProps, piece, type Row, titleRule} from './rows.js';

export interface StoryProps extends PaneProps {
	readonly height: number;
	/** Played live: the end cannot be played again in place. */
	readonly live?: boolean;
	/** No key bar (a recording, a picture): the end names no key. */
	readonly watched?: boolean;
}

/** The first corrupting write of the history and the step it happened in. */
function firstViolation(session: Session): Corruption | null {
	const first = session.history.firstViolation;
	for (const played of first?.commands ?? []) {
		const event = played.events.find(candidate => candidate.kind === 'accepted' && candidate.violation);
		if (event?.kind === 'accepted')
			return {step: first!.step, byHand: first!.by === 'hand', writer: event.client, sent: event.token, believed: event.senderToken};
	}
	return null;
}

interface LogLine {
	readonly text: string;
	readonly role: Role;
	/** A step's narration: wrapped at the prose measure. */
	readonly prose?: boolean;
	/** What it is worth when rows are short (eventWords.ts): a command, a refusal and the like are plain. */
	readonly rank?: Rank;
}

/** Prose wider than this is hard to read: on a wide terminal the story's sentences wrap here. */
const proseWidth = 100;
const measure = (width: number) => Math.min(width - 2, proseWidth);

/** The width a log line's words have after its `t=N`. */
const logWidth = (width: number) => width - 2 - 5;

/** What one entry did, in words, one line per event (the clock's ticks left out when other events say more; several nodes' alike in one). */
function entryLines(entry: Entry, lang: Lang, labels: Labels, g: Glyphs, latest: boolean, width: number): LogLine[] {
	const at = (t: number) => `t=${t}`.padEnd(4);
	const saysMore = entry.commands.some(played => played.events.some(event => event.kind !== 'ticked'));
	return entry.commands.flatMap(played => {
		const clock = played.world.clock;
		const header: LogLine[] = entry.by === 'hand' ? [{text: `${at(clock)} ${g.pointer} ${printCommand(played.command)}`, role: latest ? 'accent' : 'dim'}] : [];
		if (played.refused)
			return [
				...header,
				{text: `${at(clock)} ${g.bad} ${labels.refused}: ${describeRefusal(played.refused, played.world, lang)}`, role: latest ? 'warn' : 'dim'},
			];
		const told = saysMore ? played.events.filter(event => event.kind !== 'ticked') : played.events;
		const events = groupEvents(told).map(group => ({
			text: `${at(group.event.t)} ${groupLine(group, played.world, lang, logWidth(width))}`,
			role: (latest ? 'plain' : 'dim') as Role,
			rank: rankOf(group.event),
		}));
		const nothing = played.events.length === 0 ? [{text: `${at(clock)} ${labels.nothingHappened}`, role: 'dim' as Role}] : [];
		return [...header, ...events, ...nothing];
	});
}

/** At most `room` lines; when some are left out, the last shown ends in an ellipsis. */
function shorten(lines: readonly string[], room: number, more: boolean, width: number, g: Glyphs): string[] {
	const shown = lines.slice(0, Math.max(0, room));
	if ((more || lines.length > shown.length) && shown.length > 0) shown[shown.length - 1] = fit(`${shown.at(-1)} ${g.ellipsis}`, width - 2, g.ellipsis);
	return shown;
}

/**
 * A log line wrapped to the pane, the rows after the first indented under the words after `t=N`
 * (or a step's `k/n`); at most `limit` rows, so that a long narration is never wrapped whole.
 */
function logRows(line: LogLine, width: number, limit = Number.POSITIVE_INFINITY): Row[] {
	const indent = /^(t=\S+|\d+\/\d+)\s+/.exec(line.text)?.[0].length ?? 0;
	const [first = '', ...rest] = wrap(line.text.slice(indent), (line.prose ? measure(width) : width - 2) - indent, limit);
	return [[piece(` ${line.text.slice(0, indent)}${first}`, line.role)], ...rest.map(words => [piece(` ${' '.repeat(indent)}${words}`, line.role)])];
}

/** Rows of `groups` of lines, newest group first, each line whole or not at all, within `room`; `complete` when nothing was left out. */
function fill(groups: Iterable<readonly LogLine[]>, room: number, width: number): {rows: Row[]; complete: boolean} {
	const rows: Row[] = [];
	let left = room;
	for (const lines of groups) {
		for (const line of [...lines].reverse()) {
			const wrapped = logRows(line, width, left + 1);
			if (wrapped.length > left) return {rows, complete: false};
			rows.unshift(...wrapped);
			left -= wrapped.length;
		}
	}
	return {rows, complete: true};
}

/** The pane's title and the banners under it. */
const headRows = (session: Session, width: number, look: PaneProps['look'], live: boolean, watched: boolean): Row[] => {
	const labels = labelsFor(look.lang);
	const g = look.glyphs;
	const {k, n} = stepPosition(session);
	const fencing = flippedFencing(session);
	const title: Row = [
		piece(labels.storyPane, 'title'),
		piece(' · '),
		piece(k === 0 ? labels.intro : labels.step(k, n), 'accent'),
		...(fencing === null ? [] : [piece(' · '), piece(labels.flipped(fencing), 'alarm')]),
		...(isAtEnd(session) ? [piece(' · '), piece(live ? labels.theEndLive : watched ? labels.theEndWatched : labels.theEnd, 'accent')] : []),
	];
	const rows: Row[] = [titleRule(title, width, look)];
	const violation = firstViolation(session);
	if (violation) rows.push(...wrap(`${g.bad} ${labels.violation(violation)}`, width - 2).map(line => fitRow([piece(` ${line}`, 'banner')], width)));
	if (isOffScript(session)) rows.push([piece(` ${fit(labels.offScript(session.history.changes), width - 2, g.ellipsis)} `, 'alarm')]);
	return rows;
};

/** A piece of what the story says of a step, and how it is shown. */
interface Said {
	readonly text: string;
	readonly role: Role;
}

/** The lines a short pane leaves out first, in turn, when a step told from its events does not fit: per-node detail, then all but its key lines. */
const leftOutInTurn: readonly (readonly Rank[])[] = [[], ['detail'], ['detail', 'plain']];

/**
 * What the story says of the step at `node`: the script's narration while the world bears it out;
 * else the step told from its events (those ranked `leaveOut` left out), and, `withScript`, the
 * script's words as what it expected. `left`: something was left out.
 */
function stepSaid(
	session: Session,
	node: History,
	lang: Lang,
	withScript: boolean,
	width: number,
	leaveOut: readonly Rank[] = [],
): {said: Said[]; left: boolean} {
	const {step} = node.entry;
	const script = narrationIn(step === 0 ? storyDescription(session) : stepNarration(session, step), lang);
	if (narrationHolds(session, node)) return {said: script === '' ? [] : [{text: script, role: 'plain'}], left: false};
	const told = tellCommands(stepHistory(node).entry.commands, currentWorld(session), lang, measure(width), leaveOut);
	return {
		said: [
			...(told.text === '' ? [] : [{text: told.text, role: 'plain' as Role}]),
			...(withScript && script !== '' ? [{text: `${labelsFor(lang).scripted} ${script}`, role: 'dim' as Role}] : []),
		],
		left: told.left,
	};
}

/** The narration's lines, at most `limit` of them, and whether it goes on past them (or left lines out to fit). */
function narrationLines(session: Session, width: number, lang: Lang, limit: number): {lines: Said[]; more: boolean} {
	let lines: Said[] = [];
	let left = false;
	for (const leaveOut of leftOutInTurn) {
		const said = stepSaid(session, session.history, lang, session.scriptShown, width, leaveOut);
		lines = said.said.flatMap(({text, role}) => wrap(text, measure(width), limit + 1).map(line => ({text: line, role})));
		left = said.left;
		if (lines.length <= limit) break;
	}
	return {lines: lines.slice(0, limit), more: left || lines.length > limit};
}

/** What the current entry did, in words, in order. */
const currentLines = (session: Session, width: number, lang: Lang, g: Glyphs): LogLine[] => {
	const entry = currentEntry(session);
	// A step told from its events says them already, as its narration.
	if (entry.by === 'script' && !narrationHolds(session)) return [];
	const lines = entryLines(entry, lang, labelsFor(lang), g, true, width);
	// A step's narration tells what matters in it: its events are plain beside it.
	return entry.by === 'hand' ? lines : lines.map(line => (line.rank === 'key' ? {...line, rank: 'plain'} : line));
};

/**
 * The current entry's lines never left out while the pane has room for them and the narration:
 * its last, and, for a change by hand (which no narration tells), its key lines.
 */
const isKept = (line: LogLine, index: number, lines: readonly LogLine[]) => line.rank === 'key' || index === lines.length - 1;

/**
 * The indices of the kept lines whose rows fit in `most`: where they do not all fit, the last
 * line goes before a key line, then the oldest key lines; and their rows.
 */
function keptLines(lines: readonly LogLine[], width: number, most = Number.POSITIVE_INFINITY): {indices: number[]; rows: number} {
	let kept = lines.flatMap((line, index) => (isKept(line, index, lines) ? [{index, line, rows: logRows(line, width).length}] : []));
	const total = () => kept.reduce((sum, each) => sum + each.rows, 0);
	while (total() > most && kept.length > 0) {
		const last = kept.at(-1)!;
		kept = last.line.rank === 'key' ? kept.slice(1) : kept.slice(0, -1);
	}
	return {indices: kept.map(each => each.index), rows: total()};
}

/** The rows the story needs to show its title, banners, the whole narration and the current entry's kept lines, up to `most`. */
export function storyRowsNeeded({session, width, look}: PaneProps, most: number): number {
	// Live or not, the title takes one row.
	const fixed = headRows(session, width, look, false, false).length + keptLines(currentLines(session, width, look.lang, look.glyphs), width).rows;
	return fixed + narrationLines(session, width, look.lang, Math.max(0, most - fixed)).lines.length;
}

/**
 * The current entry's rows: the kept lines, and the others within `room`, by rank, the newest
 * first among equals, as many as fit whole, shown in their order; `complete` when all were.
 */
function currentRows(lines: readonly LogLine[], kept: readonly number[], width: number, room: number): {rows: Row[]; complete: boolean} {
	const wrapped = lines.map(line => logRows(line, width));
	const rankOrder: readonly (Rank | undefined)[] = ['key', 'plain', undefined, 'detail'];
	const others = lines
		.map((line, index) => ({line, index}))
		.filter(({line, index}) => !isKept(line, index, lines))
		.sort((a, b) => rankOrder.indexOf(a.line.rank) - rankOrder.indexOf(b.line.rank) || b.index - a.index);
	const shown = new Set(kept);
	let left = room;
	for (const {index} of others) {
		if (wrapped[index]!.length > left) break;
		shown.add(index);
		left -= wrapped[index]!.length;
	}
	return {rows: wrapped.flatMap((rows, index) => (shown.has(index) ? rows : [])), complete: shown.size === lines.length};
}

export function storyRows({session, width, height, look, live, watched}: StoryProps): Row[] {
	const {lang} = look;
	const labels = labelsFor(lang);
	const g = look.glyphs;
	const {k, n} = stepPosition(session);
	const head = headRows(session, width, look, live ?? false, watched ?? false);
	const available = Math.max(0, height - head.length);
	// The narration and the current entry's kept lines come first; its other lines and older events get what room is left.
	const lines = currentLines(session, width, lang, g);
	const kept = keptLines(lines, width, available);
	const narration = narrationLines(session, width, lang, available - kept.rows);
	const holds = narrationHolds(session);
	const told = shorten(
		narration.lines.map(line => line.text),
		available - kept.rows,
		narration.more,
		width,
		g,
	).map((line, index) => [piece(` ${line}`, narration.lines[index]!.role)]);
	const current = currentRows(lines, kept.indices, width, available - told.length - kept.rows);
	const now = current.rows;
	const room = available - told.length - now.length;
	/** The entries before the current one, newest first; in a transcript each step's narration comes above its events. */
	// The step on screen, under the changes by hand made since: its narration is the one told above.
	const onScreen = stepHistory(session.history);
	const older = function* (transcript: boolean) {
		for (let node = session.history.previous; node; node = node.previous) {
			const {entry} = node;
			const lines = entryLines(entry, lang, labels, g, false, width);
			const say =
				transcript && entry.by !== 'hand' && entry.step > 0 && node !== onScreen
					? stepSaid(session, node, lang, false, width)
							.said.map(said => said.text)
							.join(' ')
					: '';
			// A step told from its events says them already.
			const told = entry.by === 'script' && !narrationHolds(session, node) ? [] : lines;
			yield say ? [{text: `${entry.step}/${n} ${say}`, role: 'dim' as Role, prose: true}, ...told] : lines;
		}
	};
	if (!current.complete) return [...head, ...told, ...now];
	// Events only, the newest nearest to the current entry's, under the narration.
	const log = fill(older(false), room, width);
	if (!log.complete) return [...head, ...told, ...log.rows, ...now];
	// Room for every event: then the story so far, each earlier step's narration above its events, in order.
	const past = fill(older(true), room, width);
	if (!past.complete) return [...head, ...told, ...log.rows, ...now];
	// What the scenario is about, with room to spare (whole or not at all): under the narration
	// before anything has happened; later, only when asked (`i`), above the story so far, as its
	// prologue: it tells the whole plot.
	let left = room - past.rows.length;
	const quiet = past.rows.length === 0 && now.length === 0;
	const description = storyDescription(session);
	const about = k > 0 && holds && description && (quiet || session.scriptShown) ? wrap(narrationIn(description, lang), measure(width), left) : [];
	const aboutRows = about.length > 0 && about.length < left ? about.map(line => [piece(` ${line}`, 'dim')]) : [];
	const prologue = !quiet && aboutRows.length > 0 ? [...aboutRows, []] : [];
	const intro = quiet && aboutRows.length > 0 ? [[], ...aboutRows] : [];
	left -= aboutRows.length > 0 ? aboutRows.length + 1 : 0;
	// ...and, when asked, the steps still to come below, faint, as many as fit whole: the script at
	// a glance (unasked, they would give away the next step); off script, as what it expected.
	const ahead: Row[] = [];
	for (let step = k + 1; step <= n && left > 1 && session.scriptShown; step += 1) {
		const planned = narrationIn(stepNarration(session, step), lang);
		const say = planned !== '' && !holds ? `${labels.scripted} ${planned}` : planned;
		if (!say) continue;
		const rows = logRows({text: `${step}/${n} ${say}`, role: 'dim', prose: true}, width, left + 1);
		if (rows.length + (ahead.length === 0 ? 1 : 0) > left) break;
		if (ahead.length === 0) {
			ahead.push([]);
			left -= 1;
		}
		ahead.push(...rows);
		left -= rows.length;
	}
	return [...head, ...prologue, ...past.rows, ...told, ...now, ...intro, ...ahead];
}
