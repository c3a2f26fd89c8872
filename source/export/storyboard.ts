// A scenario played from start to end with no one at the keys: the dashboard's session after
// each scripted step, and the words that name each step (print's rules, the cast's markers).

import {printCommand} from '../model/command.js';
import {type Lang, narrationIn} from '../text/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {currentEntry, currentNarration, isAtEnd, reduceSession, type Session, startSession, stepPosition} from '../session/session.js';
import {fit} from '../text/fit.js';

/** The session at the start, then after every scripted step. */
export function storyboard(scenario: Scenario): Session[] {
	const sessions = [startSession(scenario)];
	while (!isAtEnd(sessions.at(-1)!)) sessions.push(reduceSession(sessions.at(-1)!, {type: 'next'}));
	return sessions;
}

/** Labels stay short: the web player lists them, and print puts them in one rule line. */
const maxLabelWidth = 60;

/**
 * What a step is about: the first sentence of its narration, whole, else its commands. Null at
 * the start, before any step.
 */
export function stepSentence(session: Session, lang: Lang): string | null {
	if (stepPosition(session).k === 0) return null;
	const said = narrationIn(currentNarration(session), lang).trim();
	const firstSentence = said.split(/(?<=[.!?。！？])\s*/u)[0] ?? '';
	const commands = currentEntry(session)
		.commands.map(played => printCommand(played.command))
		.join(', ');
	return firstSentence || commands || '(nothing happens)';
}

/** The same in a few words, for the cast's markers: cut to a label's width. */
export function stepSummary(session: Session, lang: Lang, ellipsis = '…'): string | null {
	const sentence = stepSentence(session, lang);
	return sentence === null ? null : fit(sentence, maxLabelWidth, ellipsis);
}
