// The story: step k of n (and the end, and the variant being played), the step's narration, what
// the last action did in words, a red banner once the resource has been corrupted, and a clear
// note when the user has left the script. A step whose narration the world no longer bears out
// (a change by hand came before it) is told from what happened, its events; the script's own
// words, and the steps still to come, only when asked (`i`), faint, as what the script expected.

import {printCommand} from '../../model/command.js';
import {describeEvent, describeRefusal, narrate} from '../../words/describe.js';
import {type Lang, narrationIn} from '../../text/narration.js';
import {
	currentEntry,
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
}

/** Prose wider than this is hard to read: on a wide terminal the story's sentences wrap here. */
const proseWidth = 100;
const measure = (width: number) => Math.min(width - 2, proseWidth);

/** What one entry did, in words, one line per event (the clock's ticks left out when other events say more). */
function entryLines(entry: Entry, lang: Lang, labels: Labels, g: Glyphs, latest: boolean): LogLine[] {
	const at = (t: number) => `t=${t}`.padEnd(4);
	const saysMore = entry.commands.some(played => played.events.some(event => event.kind !== 'ticked'));
	return entry.commands.flatMap(played => {
		const clock = played.world.clock;
		const header: LogLine[] = entry.by === 'hand' ? [{text: `${at(clock)} ${g.pointer} ${printCommand(played.command)}`, role: latest ? 'accent' : 'dim'}] : [];
		if (played.refused)
			return [...header, {text: `${at(clock)} ${g.bad} ${labels.refused}: ${describeRefusal(played.refused, lang)}`, role: latest ? 'warn' : 'dim'}];
		const told = saysMore ? played.events.filter(event => event.kind !== 'ticked') : played.events;
		const events = told.map(event => ({text: `${at(event.t)} ${describeEvent(event, lang, true)}`, role: (latest ? 'plain' : 'dim') as Role}));
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

/**
 * What the story says of the step at `node`: the script's narration while the world bears it out;
 * else the step told from its events, and, `withScript`, the script's words as what it expected.
 */
function stepSaid(session: Session, node: History, lang: Lang, withScript: boolean): Said[] {
	const {step} = node.entry;
	const script = narrationIn(step === 0 ? storyDescription(session) : stepNarration(session, step), lang);
	if (narrationHolds(session, node)) return script === '' ? [] : [{text: script, role: 'plain'}];
	const told = narrate(stepHistory(node).entry.commands, lang);
	return [
		...(told === '' ? [] : [{text: told, role: 'plain' as Role}]),
		...(withScript && script !== '' ? [{text: `${labelsFor(lang).scripted} ${script}`, role: 'dim' as Role}] : []),
	];
}

/** The narration's lines, at most `limit` of them, and whether it goes on past them. */
function narrationLines(session: Session, width: number, lang: Lang, limit: number): {lines: Said[]; more: boolean} {
	const lines = stepSaid(session, session.history, lang, session.scriptShown).flatMap(({text, role}) =>
		wrap(text, measure(width), limit + 1).map(line => ({text: line, role})),
	);
	return {lines: lines.slice(0, limit), more: lines.length > limit};
}

/** What the current entry did, in words: the latest event's line last. */
const currentLines = (session: Session, lang: Lang, g: Glyphs): LogLine[] => {
	const entry = currentEntry(session);
	// A step told from its events says them already, as its narration.
	return entry.by === 'script' && !narrationHolds(session) ? [] : entryLines(entry, lang, labelsFor(lang), g, true);
};

/** The latest event's rows: it is never cut, nor is the narration, while the pane has room for both. */
const latestRows = (session: Session, width: number, look: PaneProps['look']): Row[] => {
	const latest = currentLines(session, look.lang, look.glyphs).at(-1);
	return latest ? logRows(latest, width) : [];
};

/** The rows the story needs to show its title, banners, the whole narration and the latest event, up to `most`. */
export function storyRowsNeeded({session, width, look}: PaneProps, most: number): number {
	// Live or not, the title takes one row.
	const fixed = headRows(session, width, look, false, false).length + latestRows(session, width, look).length;
	return fixed + narrationLines(session, width, look.lang, Math.max(0, most - fixed)).lines.length;
}

export function storyRows({session, width, height, look, live, watched}: StoryProps): Row[] {
	const {lang} = look;
	const labels = labelsFor(lang);
	const g = look.glyphs;
	const {k, n} = stepPosition(session);
	const head = headRows(session, width, look, live ?? false, watched ?? false);
	const available = Math.max(0, height - head.length);
	// The narration and the latest event come first; older events get what room is left.
	const latest = latestRows(session, width, look).slice(-available);
	const narration = narrationLines(session, width, lang, available - latest.length);
	const holds = narrationHolds(session);
	const told = shorten(
		narration.lines.map(line => line.text),
		available - latest.length,
		narration.more,
		width,
		g,
	).map((line, index) => [piece(` ${line}`, narration.lines[index]!.role)]);
	const room = available - told.length - latest.length;
	const current = currentLines(session, lang, g).slice(0, -1);
	/** The entries before the current one, newest first; in a transcript each step's narration comes above its events. */
	// The step on screen, under the changes by hand made since: its narration is the one told above.
	const onScreen = stepHistory(session.history);
	const older = function* (transcript: boolean) {
		for (let node = session.history.previous; node; node = node.previous) {
			const {entry} = node;
			const lines = entryLines(entry, lang, labels, g, false);
			const say =
				transcript && entry.by !== 'hand' && entry.step > 0 && node !== onScreen
					? stepSaid(session, node, lang, false)
							.map(said => said.text)
							.join(' ')
					: '';
			// A step told from its events says them already.
			const told = entry.by === 'script' && !narrationHolds(session, node) ? [] : lines;
			yield say ? [{text: `${entry.step}/${n} ${say}`, role: 'dim' as Role, prose: true}, ...told] : lines;
		}
	};
	// Events only, the newest nearest to the latest one, under the narration.
	const log = fill(
		(function* () {
			yield current;
			yield* older(false);
		})(),
		room,
		width,
	);
	if (!log.complete) return [...head, ...told, ...log.rows, ...latest];
	// Room for every event: then the story so far, each earlier step's narration above its events, in order.
	const now = fill([current], room, width).rows;
	const past = fill(older(true), room - now.length, width);
	if (!past.complete) return [...head, ...told, ...log.rows, ...latest];
	// What the scenario is about, with room to spare (whole or not at all): under the narration
	// before anything has happened, else above the story so far, as its prologue...
	let left = room - now.length - past.rows.length;
	const quiet = past.rows.length === 0 && now.length === 0 && latest.length === 0;
	const description = storyDescription(session);
	const about = k > 0 && holds && description ? wrap(narrationIn(description, lang), measure(width), left) : [];
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
	return [...head, ...prologue, ...past.rows, ...told, ...now, ...latest, ...intro, ...ahead];
}
