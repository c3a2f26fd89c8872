// The shape of a language's words: one catalog per language (en.ts, ja.ts) holds every sentence of
// that language, whole. Each part is typed over the kinds it tells, so a kind added to the model
// makes the compiler name every language that lacks its words.

import {type CommandProblem, lockPeer, resourceTarget} from '../model/command.js';
import type {Event, Refusal} from '../model/event.js';
import type {Backend, TokenKind} from '../model/world.js';
import {printable} from '../text/quote.js';
import type {BackendWords, Labels} from './labels.js';

/** What a world's words depend on: its backend and its kind of token (a world itself is one). */
export interface Terms {
	readonly backend: Backend;
	readonly tokens: TokenKind;
}

/** Each kind of event in words; `besideTime`: shown beside the event's time (the story's log), so it does not say it again. */
export type EventWords = {
	readonly [K in Event['kind']]: (event: Extract<Event, {kind: K}>, besideTime: boolean, words: BackendWords) => string;
};

/** Why a command was refused, for each kind of refusal. */
export type RefusalWords = {readonly [K in Refusal['kind']]: (refusal: Extract<Refusal, {kind: K}>, words: BackendWords) => string};

/**
 * What is wrong with a command line, for each kind of problem. The command's own words (`tick`,
 * `delay=`, the usage line) stay as they are typed in every language, so a line can be copied back.
 */
export type CommandProblemWords = {readonly [K in CommandProblem['kind']]: (problem: Extract<CommandProblem, {kind: K}>) => string};

export interface Words {
	/** Every label, heading and line of the dashboard. */
	readonly labels: Labels;
	/** The backend's words for a world of this backend and kind of token. */
	readonly backendWords: (backend: Backend, tokens: TokenKind) => BackendWords;
	readonly events: EventWords;
	readonly refusals: RefusalWords;
	readonly commandProblems: CommandProblemWords;
	/** A refused command, as typed, with why: `pause A 5 was refused (…)`. */
	readonly refused: (command: string, why: string) => string;
	/** A narration: its sentences joined, and what stands for the `more` left out. */
	readonly narration: {readonly more: (more: number) => string; readonly join: (sentences: readonly string[]) => string};
}

/** The words for the lock service (`lock`, every node at once) and the resource, as peers are named. */
export interface PeerWords {
	readonly lock: string;
	readonly resource: string;
}

/** `lock` is the lock service of one node; `resource` the resource; any other peer is a node, by its name. */
export const peerName = (peer: string, words: PeerWords): string => {
	if (peer === lockPeer) return words.lock;
	if (peer === resourceTarget) return words.resource;
	return peer;
};

/** A number with a true minus sign, as arithmetic is printed: `−3`. */
export const signed = (n: number): string => (n < 0 ? `−${-n}` : String(n));

/** `A, B`: names as a problem lists them, each once and printable; `none` when there are none. */
export const nameList = (names: readonly string[], none: string): string => (names.length > 0 ? [...new Set(names)].map(printable).join(', ') : none);
