// The story: step k of n, the step's narration, what the last action did in words, a red banner
// once the resource has been corrupted, and a clear note when the user has left the script.

import {describeEvent, describeRefusal} from '../model/describe.js';
import {printCommand} from '../model/command.js';
import {currentEntry, currentNarration, historyEntries, isOffScript, type Session, stepPosition} from '../session/session.js';
import {type Labels, labelsFor} from './labels.js';
import type {PaneProps} from './LockPane.js';
import type {Glyphs} from './look.js';
import {fitRow, piece, type Row, Rows, titleRule} from './Rows.js';
import {fit, wrap} from './text.js';

export interface StoryProps extends PaneProps {
	readonly height: number;
}

/** The first corrupting write of the history and the step it happened in. */
function firstViolation(session: Session): {step: number; writer: string; token: number} | null {
	for (const entry of historyEntries(session)) {
		for (const played of entry.commands) {
			const event = played.events.find(candidate => candidate.kind === 'accepted' && candidate.violation);
			if (event?.kind === 'accepted') return {step: entry.step, writer: event.client, token: event.senderToken};
		}
	}
	return null;
}

function happenings(session: Session, labels: Labels, lang: PaneProps['lang'], g: Glyphs): {text: string; refused: boolean}[] {
	const entry = currentEntry(session);
	return entry.commands.flatMap(played => {
		const header = entry.by === 'hand' ? [{text: `${g.pointer} ${printCommand(played.command)}`, refused: false}] : [];
		if (played.refused) return [...header, {text: `${g.bad} ${labels.refused}: ${describeRefusal(played.refused, lang)}`, refused: true}];
		const events = played.events.map(event => ({text: `· ${describeEvent(event, lang)}`, refused: false}));
		return [...header, ...(events.length === 0 ? [{text: `· ${labels.nothingHappened}`, refused: false}] : events)];
	});
}

export function storyRows({session, width, height, lang, look}: StoryProps): Row[] {
	const labels = labelsFor(lang);
	const g = look.glyphs;
	const {k, n} = stepPosition(session);
	const title: Row = [piece(labels.storyPane, 'title'), piece(' · '), piece(k === 0 ? labels.intro : labels.step(k, n), 'accent')];
	const rows: Row[] = [titleRule(title, width, look)];

	const violation = firstViolation(session);
	if (violation) rows.push(fitRow([piece(` ${fit(`${g.bad} ${labels.violation(violation.step, violation.writer, violation.token)}`, width - 2, g.ellipsis)}`, 'banner')], width));
	if (isOffScript(session)) rows.push([piece(` ${fit(labels.offScript(session.history.handEntries), width - 2, g.ellipsis)} `, 'alarm')]);

	const available = Math.max(0, height - rows.length);
	const narration = wrap(currentNarration(session)?.[lang] ?? currentNarration(session)?.en ?? '', width - 2);
	const events = happenings(session, labels, lang, g).flatMap(line =>
		wrap(line.text, width - 4).map((text, index) => ({text: index === 0 ? text : `  ${text}`, refused: line.refused})),
	);
	const eventRoom = Math.min(events.length, Math.max(available - narration.length, Math.min(2, available - 1)));
	const narrationRoom = available - eventRoom;
	const shown = narration.slice(0, narrationRoom);
	if (narration.length > narrationRoom && narrationRoom > 0) shown[narrationRoom - 1] = fit(`${shown[narrationRoom - 1]} ${g.ellipsis}`, width - 2, g.ellipsis);
	rows.push(...shown.map(line => [piece(` ${line}`)]));
	rows.push(...events.slice(events.length - eventRoom).map(line => [piece(` ${line.text}`, line.refused ? 'warn' : 'dim')]));
	return rows;
}

export function StoryPane(props: StoryProps) {
	return <Rows rows={storyRows(props)} width={props.width} look={props.look} />;
}
