// Events, refusals and command problems in words, in the language asked for: what is not one language's, with each
// language's sentences in its catalog (en.ts, ja.ts). The trace uses the English text.

import type {Lang} from '../text/narration.js';
import {type Command, type CommandProblem, printCommand} from '../model/command.js';
import type {Event, Refusal} from '../model/event.js';
import type {Terms, Words} from './catalog.js';
import type {BackendWords} from './labels.js';
import {en} from './en.js';
import {ja} from './ja.js';

const catalogs: Readonly<Record<Lang, Words>> = {en, ja};

/** Every word of a language. */
export const wordsFor = (lang: Lang): Words => catalogs[lang];

/** A backend's words (`czxid 2`, `session`) in a language, for a world of these terms. */
const backendWordsOf = (terms: Terms, lang: Lang): BackendWords => wordsFor(lang).backendWords(terms.backend, terms.tokens);

/**
 * An event in the words of its world's backend (`terms`: the world it happened in).
 * `besideTime`: the text is shown beside the event's time (the story's log), so it does not say it again.
 */
export function describeEvent(event: Event, terms: Terms, lang: Lang = 'en', besideTime = false): string {
	// The catalog's entry for this kind takes this kind's event; TypeScript cannot follow a kind from the key to the argument.
	const words = wordsFor(lang).events[event.kind] as (event: Event, besideTime: boolean, words: BackendWords) => string;
	return words(event, besideTime, backendWordsOf(terms, lang));
}

export function describeRefusal(refusal: Refusal, terms: Terms, lang: Lang = 'en'): string {
	const words = wordsFor(lang).refusals[refusal.kind] as (refusal: Refusal, words: BackendWords) => string;
	return words(refusal, backendWordsOf(terms, lang));
}

/** What is wrong with a command line. */
export function commandProblemText(problem: CommandProblem, lang: Lang = 'en'): string {
	const words = wordsFor(lang).commandProblems[problem.kind] as (problem: CommandProblem) => string;
	return words(problem);
}

/** Events told in one narration at most; a tick through many heartbeats says how many more there were. */
const maxToldEvents = 8;

/** A command that was refused, and why: `pause A 5 was refused (A is paused by GC until t=3)`. */
export const describeRefused = (command: Command, refusal: Refusal, terms: Terms, lang: Lang = 'en'): string =>
	wordsFor(lang).refused(printCommand(command), describeRefusal(refusal, terms, lang));

/** A command played, as far as words go: what it did, or why it was refused. */
export interface Told {
	readonly command: Command;
	readonly events: readonly Event[];
	readonly refused: Refusal | null;
}

/**
 * What commands did, told as a step's narration: each event's words, or why a command was refused,
 * as sentences (`explore`'s steps, a step played off script).
 */
export function narrate(played: readonly Told[], terms: Terms, lang: Lang): string {
	const sentences = played.flatMap(each =>
		each.refused
			? [describeRefused(each.command, each.refused, terms, lang)]
			: each.events.filter(event => event.kind !== 'elided').map(event => describeEvent(event, terms, lang)),
	);
	if (sentences.length === 0) return '';
	const {narration} = wordsFor(lang);
	const more = sentences.length - maxToldEvents;
	const told = sentences.slice(0, maxToldEvents);
	if (more > 0) told.push(narration.more(more));
	return narration.join(told);
}
