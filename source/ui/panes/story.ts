// The story: step k of n (and the end, and the variant being played), the step's narration, what
// the last action did in words, a red banner once the resource has been corrupted, and a clear
// note when the user has left the script. Narration the world no longer bears out is shown as
// what the script expected, faint: the events below it say what happened.

import {printCommand} from '../../model/command.js';
import {describeEvent, describeRefusal} from '../../model/describe.js';
import {type Lang, narrationIn} from '../../scenario/narration.js';
import {
	currentEntry,
	currentNarration,
	type Entry,
	flippedFencing,
	isAtEnd,
	isOffScript,
	narrationHolds,
	type Session,
	stepPosition,
	storyDescription,
} from '../../session/session.js';
import {fit, wrap} from '../../text/fit.js';
import {type Corruption, type Labels, labelsFor} from '../labels.js';
import type {Glyphs, Role} from '../look.js';
import {fitRow, type PaneProps, piece, type Row, titleRule} from './rows.js';

export interface StoryProps extends PaneProps {
	readonly height: number;
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
}

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

/** At most `room` wrapped lines; when some are left out, the last shown ends in an ellipsis. */
function shorten(lines: readonly string[], room: number, width: number, g: Glyphs): string[] {
	const shown = lines.slice(0, Math.max(0, room));
	if (lines.length > shown.length && shown.length > 0) shown[shown.length - 1] = fit(`${shown.at(-1)} ${g.ellipsis}`, width - 2, g.ellipsis);
	return shown;
}

export function storyRows({session, width, height, look}: StoryProps): Row[] {
	const {lang} = look;
	const labels = labelsFor(lang);
	const g = look.glyphs;
	const {k, n} = stepPosition(session);
	const fencing = flippedFencing(session);
	const title: Row = [
		piece(labels.storyPane, 'title'),
		piece(' · '),
		piece(k === 0 ? labels.intro : labels.step(k, n), 'accent'),
		...(fencing === null ? [] : [piece(' · '), piece(labels.flipped(fencing), 'alarm')]),
		...(isAtEnd(session) ? [piece(' · '), piece(labels.theEnd, 'accent')] : []),
	];
	const rows: Row[] = [titleRule(title, width, look)];

	const violation = firstViolation(session);
	if (violation) rows.push(fitRow([piece(` ${fit(`${g.bad} ${labels.violation(violation)}`, width - 2, g.ellipsis)}`, 'banner')], width, g.ellipsis));
	if (isOffScript(session)) rows.push([piece(` ${fit(labels.offScript(session.history.changes), width - 2, g.ellipsis)} `, 'alarm')]);

	const available = Math.max(0, height - rows.length);
	const said = narrationIn(currentNarration(session), lang);
	const holds = narrationHolds(session);
	const narration = wrap(holds || said === '' ? said : `${labels.scripted} ${said}`, width - 2);
	// One line per event, shortened at a word if need be: room for more of them beats wrapping one.
	const current = entryLines(currentEntry(session), lang, labels, g, true);
	const eventRoom = Math.max(available - narration.length, Math.min(current.length, 1, available - 1));
	// Older entries fill what room is left above the latest, newest nearest to it.
	const log = [...current];
	for (let node = session.history.previous; node && log.length < eventRoom; node = node.previous)
		log.unshift(...entryLines(node.entry, lang, labels, g, false));
	const narrationRoom = available - Math.min(eventRoom, log.length);
	rows.push(...shorten(narration, narrationRoom, width, g).map(line => [piece(` ${line}`, holds ? 'plain' : 'dim')]));
	rows.push(...log.slice(Math.max(0, log.length - eventRoom)).map(line => fitRow([piece(` ${line.text}`, line.role)], width, g.ellipsis)));
	// Before anything has happened, the room below the first step tells what the scenario is about.
	const description = storyDescription(session);
	if (log.length === 0 && holds && description && k > 0 && rows.length + 2 <= height) {
		rows.push([], ...shorten(wrap(narrationIn(description, lang), width - 2), height - rows.length - 1, width, g).map(line => [piece(` ${line}`, 'dim')]));
	}
	return rows;
}
