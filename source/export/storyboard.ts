// A scenario played from start to end with no one at the keys: the dashboard's session after
// each scripted step, and the words that name each step (print's rules, the cast's markers).

import stringWidth from 'string-width';
import {printCommand} from '../model/command.js';
import type {Lang} from '../model/describe.js';
import type {Narration, Scenario} from '../scenario/parse.js';
import {currentEntry, currentNarration, isAtEnd, reduceSession, type Session, startSession, stepPosition} from '../session/session.js';

/** The session at the start, then after every scripted step. */
export function storyboard(scenario: Scenario): Session[] {
	const sessions = [startSession(scenario)];
	while (!isAtEnd(sessions.at(-1)!)) sessions.push(reduceSession(sessions.at(-1)!, {type: 'next'}));
	return sessions;
}

/** Narration in the chosen language, else the other one. */
export function narrationText(narration: Narration | null, lang: Lang): string {
	return (lang === 'ja' ? (narration?.ja ?? narration?.en) : (narration?.en ?? narration?.ja)) ?? '';
}

/** Cut to at most `width` terminal columns, marking the cut. */
export function truncateToWidth(text: string, width: number): string {
	if (stringWidth(text) <= width) return text;
	let kept = '';
	for (const {segment} of new Intl.Segmenter().segment(text)) {
		if (stringWidth(kept + segment) > width - 1) break;
		kept += segment;
	}
	return `${kept.trimEnd()}…`;
}

/** Labels stay short: the web player lists them, and print puts them in one rule line. */
export const maxLabelWidth = 60;

/**
 * What a step is about, in a few words: the first sentence of its narration, else its commands.
 * Null at the start, before any step.
 */
export function stepSummary(session: Session, lang: Lang): string | null {
	if (stepPosition(session).k === 0) return null;
	const said = narrationText(currentNarration(session), lang).trim();
	const firstSentence = said.split(/(?<=[.!?。！？])\s*/u)[0] ?? '';
	const commands = currentEntry(session).commands.map(played => printCommand(played.command)).join(', ');
	return truncateToWidth(firstSentence || commands || '(nothing happens)', maxLabelWidth);
}
