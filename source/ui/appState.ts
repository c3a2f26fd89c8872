// Everything the interactive app knows, as pure functions: the session, the open overlay, the
// command line being typed, autoplay, the scenario picker, the line about the last save. A key
// may also ask for what a state cannot hold (quit, save a file): pressKeys returns those requests
// and the app does them where it handles the key. The picker lists and opens scenario files through
// the shelf the app hands pressKeys, so that the next key, even in the same chunk, acts on what
// it opened.

import type {Key} from 'ink';
import {type Command, parseCommand, suggestedWord} from '../model/command.js';
import type {Event} from '../model/event.js';
import {type ShellAction, reduceShell} from '../session/reload.js';
import type {Scenario} from '../scenario/parse.js';
import {charactersOf} from '../text/width.js';
import {currentEntry, currentWorld, isAtEnd, type Session, type Trail} from '../session/session.js';
import type {Overlay} from './Dashboard.js';
import {actionForKey} from './keys.js';
import type {Prompt, PromptError} from './panes/keyBar.js';
import {type ReportState, readReports} from './terminalReports.js';

export interface AppState {
	readonly session: Session;
	readonly overlay: Overlay;
	readonly prompt: Prompt | null;
	/** Autoplay steps on until the script ends or a key is pressed. */
	readonly autoplaying: boolean;
	/** The scenario picker, while it is open: it takes every key but Ctrl-C. */
	readonly picker: Picker | null;
	/** One line about the last save or the link latency `L` set, until the next key. */
	readonly notice: Notice | null;
	/** `o` asked whether to drop the changes by hand: `o` again or `y` opens the picker, any other key stays. */
	readonly confirmOpen: boolean;
	/** The text of a paste still arriving (between the terminal's bracketed-paste markers), or null. */
	readonly paste: string | null;
	/** Inside a report the terminal is sending (an answer to a query, a mouse report), which is not keys. */
	readonly report: ReportState;
	/** The screen is blanked (black, as presentation programs do) until the next key. */
	readonly blank: boolean;
}

/** One line of the scenario picker. */
export interface PickerChoice {
	readonly file: string;
	readonly name: string;
	readonly title: string;
	/** Shown where the title does not fit. */
	readonly short: string | null;
	readonly description: string | null;
	/** The backend's heading, on the first scenario of its group. */
	readonly heading: string | null;
}

/** The scenario picker while it is open. */
export interface Picker {
	readonly choices: readonly PickerChoice[];
	/** The highlighted line: the app moves it, ink-select-input only draws it. */
	readonly index: number;
	/** Why the last scenario chosen did not open. */
	readonly problems: readonly string[];
}

/** The scenarios the picker lists and opens: read from files by the app, made up by a test. */
export interface ScenarioShelf {
	/** What the picker lists while `current` is on screen, in its order. */
	readonly list: (current: Scenario) => readonly PickerChoice[];
	/** The scenario in a file, or what is wrong with it. */
	readonly open: (file: string) => {readonly ok: true; readonly scenario: Scenario} | {readonly ok: false; readonly problems: readonly string[]};
}

/** A line of text; or what `L` set, which the app words in its language. */
export type Notice = {readonly text: string; readonly ok: boolean} | {readonly latency: LatencySet};

/** The latency a command set: the client, its links (node names, `lock` for a lone node) and the ticks each way. */
export type LatencySet = Omit<Extract<Event, {kind: 'latency'}>, 'kind' | 't'>;

export type AppEvent =
	| {readonly type: 'autoplay-step'}
	| {readonly type: 'session'; readonly action: ShellAction}
	| {readonly type: 'saved'; readonly notice: Notice};

/** What a key asks of the world outside the state: the save key saves the session as it was then. */
export type KeyRequest = {readonly type: 'quit'} | {readonly type: 'save'; readonly session: Session};

export interface Pressed {
	readonly state: AppState;
	/** In the order of the keys; a quit is the last (the keys after it are not read). */
	readonly requests: readonly KeyRequest[];
}

/** Longer than any command; the line scrolls to show its end (keyBar.ts). */
const maxPromptLength = 256;

export function initialAppState(session: Session, autoplay: boolean): AppState {
	return {session, overlay: null, prompt: null, autoplaying: autoplay, picker: null, notice: null, confirmOpen: false, paste: null, report: null, blank: false};
}

export const isAutoplaying = (state: AppState): boolean => state.autoplaying && !isAtEnd(state.session);

export function reduceApp(state: AppState, event: AppEvent): AppState {
	switch (event.type) {
		case 'autoplay-step':
			return isAutoplaying(state) ? {...state, session: reduceShell(state.session, {type: 'next'})} : state;
		case 'session':
			return {...state, session: reduceShell(state.session, event.action)};
		case 'saved':
			return {...state, notice: event.notice};
	}
}

/**
 * One event Ink read from the terminal: `input` and `key` as Ink decoded it, `sequence` as the
 * terminal sent it (it differs only for escape sequences). Keys typed faster than the screen
 * updates (a held key, a paste) come as one event: one press each. What the terminal sends of its
 * own (terminalReports.ts) is not a key: it changes nothing, not even autoplay.
 */
export function pressKeys(state: AppState, input: string, key: Key, shelf: ScenarioShelf, sequence = input): Pressed {
	const read = readReports(state.report, sequence, key);
	if (read.keys === '') return {state: {...state, report: read.state}, requests: []};
	return pressRead({...state, report: read.state}, read.keys === 'all' ? input : read.keys, key, shelf);
}

function pressRead(state: AppState, input: string, key: Key, shelf: ScenarioShelf): Pressed {
	const pasting = readPaste(state, input, key);
	if (pasting) return {state: {...pasting, autoplaying: false, notice: null}, requests: []};
	const chunk = [...input];
	const presses = chunk.length > 1 && !key.ctrl && !key.meta && !input.includes('\u001B') ? chunk : [input];
	let current: AppState = {...state, autoplaying: false, notice: null};
	const requests: KeyRequest[] = [];
	for (const [index, each] of presses.entries()) {
		// Text and its Enter that came together at the `:` line (a paste the terminal did not mark,
		// a fast typist) is read as a paste is: a command a line.
		const rest = presses.slice(index).join('');
		if (current.prompt && presses.length > 1 && /[\r\n]/.test(rest)) return {state: runPaste(current, rest), requests};
		const pressed = pressKey(current, each, key, shelf);
		current = pressed.state;
		if (pressed.request === null) continue;
		requests.push(pressed.request);
		if (pressed.request.type === 'quit') break;
	}
	return {state: current, requests};
}

function pressKey(state: AppState, input: string, key: Key, shelf: ScenarioShelf): {readonly state: AppState; readonly request: KeyRequest | null} {
	const to = (next: AppState) => ({state: next, request: null});
	// As in a shell, Ctrl-C cancels the command line being typed; with none, it quits.
	if (key.ctrl && input === 'c') return state.prompt ? to({...state, prompt: null}) : {state, request: {type: 'quit'}};
	// Any key brings a blank screen back and does nothing else: a presenter's next click only shows
	// the screen again, as it was (even q: a speaker fumbling in the dark quits nothing).
	if (state.blank) return to({...state, blank: false});
	if (state.picker) return to(choose(state, state.picker, input, key, shelf));
	// Another story drops the changes by hand: only `o` again or `y` goes on; any other key stays, and does nothing else.
	if (state.confirmOpen)
		return to({...state, confirmOpen: false, ...(!key.ctrl && !key.meta && (input === 'o' || input === 'y') ? pickerOpen(state, shelf) : {})});
	if (state.prompt) return to(typeInPrompt(state, state.prompt, input, key));
	// Over the help, the arrows scroll it to its end and back.
	if (state.overlay && (key.upArrow || key.downArrow)) return to({...state, overlay: key.downArrow ? 'help-end' : 'help'});
	const action = actionForKey(input, key);
	switch (action?.type) {
		case undefined:
			return to(state);
		case 'quit':
			return {state, request: {type: 'quit'}};
		case 'save':
			return {state, request: {type: 'save', session: state.session}};
		case 'blank':
			return to({...state, blank: true});
		case 'help':
			return to({...state, overlay: state.overlay ? null : 'help'});
		case 'close':
			return to({...state, overlay: null});
		case 'prompt':
			return to({...state, overlay: null, prompt: {text: '', error: null}});
		case 'open':
			return to({...state, overlay: null, ...(hasChangesByHand(state.session) ? {confirmOpen: true} : pickerOpen(state, shelf))});
		case 'session': {
			const session = reduceShell(state.session, action.action);
			const latency =
				action.action.type === 'hand' && action.action.verb === 'latency-lock' && session.history !== state.session.history ? latencySet(session) : null;
			return to({...state, session, notice: latency && {latency}});
		}
	}
}

/** The latency the last command set, from its event. */
function latencySet(session: Session): LatencySet | null {
	const event = currentEntry(session)
		.commands.flatMap(played => played.events)
		.find(each => each.kind === 'latency');
	return event?.kind === 'latency' ? {client: event.client, peers: event.peers, n: event.n} : null;
}

/**
 * Whether the session holds changes by hand that opening another story would drop: on screen, or
 * on a place Back or Forward reaches.
 */
export function hasChangesByHand(session: Session): boolean {
	const changed = (trail: Trail | null) => {
		for (let place = trail; place; place = place.back) if (place.history.changes > 0) return true;
		return false;
	};
	if (changed(session.trail)) return true;
	for (let way = session.forward; way; way = way.rest) if (changed(way.trail)) return true;
	return false;
}

const pickerOpen = (state: AppState, shelf: ScenarioShelf): Pick<AppState, 'picker'> => ({picker: openPicker(state.session.scenario, shelf)});

/** The picker as it opens: the scenario on screen highlighted (or the first line, for one it does not list). */
export function openPicker(current: Scenario, shelf: ScenarioShelf): Picker {
	const choices = shelf.list(current);
	const onScreen = choices.findIndex(choice => choice.file === current.path);
	return {choices, index: Math.max(0, onScreen), problems: []};
}

/**
 * The picker's keys: the arrows (and j, k, PgDn, PgUp) move the highlight, round the list; Enter opens the
 * highlighted scenario, on its first screen, or says why it did not open; Esc goes back.
 */
function choose(state: AppState, picker: Picker, input: string, key: Key, shelf: ScenarioShelf): AppState {
	if (key.escape) return {...state, picker: null};
	const letter = key.ctrl || key.meta ? '' : input;
	// A clicker's next and back (PgDn, PgUp) move as the arrows do.
	const move = key.upArrow || key.pageUp || letter === 'k' ? -1 : key.downArrow || key.pageDown || letter === 'j' ? 1 : 0;
	const count = picker.choices.length;
	if (move !== 0) return {...state, picker: {...picker, index: (picker.index + move + count) % count}};
	if (!key.return) return state;
	const opened = shelf.open(picker.choices[picker.index]!.file);
	if (!opened.ok) return {...state, picker: {...picker, problems: opened.problems}};
	return {...state, picker: null, session: reduceShell(state.session, {type: 'load', scenario: opened.scenario, keepStep: false})};
}

/** A line of the `:` prompt read as a command of this session's clients, or why it is not one (with a word that would fix it). */
function readCommand(session: Session, line: string): {readonly ok: true; readonly command: Command} | {readonly ok: false; readonly error: PromptError} {
	const world = currentWorld(session);
	const options = {clients: world.clients.map(client => client.name), nodes: world.nodes.map(node => node.name)};
	const parsed = parseCommand(line, options);
	return parsed.ok ? parsed : {ok: false, error: {problem: parsed.error.problem, hint: suggestedWord(line, parsed.error, options)}};
}

function typeInPrompt(state: AppState, prompt: Prompt, input: string, key: Key): AppState {
	if (key.escape) return {...state, prompt: null};
	if (key.return) {
		const read = readCommand(state.session, prompt.text);
		if (!read.ok) return {...state, prompt: {text: prompt.text, error: read.error}};
		return {...state, prompt: null, session: reduceShell(state.session, {type: 'do', command: read.command})};
	}
	// A character as a person sees it goes at once: an emoji, a flag, a letter with its accent.
	if (key.backspace || key.delete) return {...state, prompt: {text: charactersOf(prompt.text).slice(0, -1).join(''), error: null}};
	if (key.ctrl || key.meta || input === '' || /\p{C}/u.test(input)) return state;
	// Full, the line takes no more (cutting it could split a character in two).
	const text = prompt.text + input;
	return text.length > maxPromptLength ? state : {...state, prompt: {text, error: null}};
}

// The dashboard turns on the terminal's bracketed paste, so a paste arrives between two markers
// instead of as keys. Ink strips the marker's ESC and hands it over as text.
const pasteStart = '[200~';
const pasteEnd = '[201~';
/** A paste is commands for the `:` line: this many at most, each no longer than a typed one. */
const maxPastedCommands = 100;
const maxPasteLength = maxPastedCommands * (maxPromptLength + 2);

/** The state after a paste marker or a piece of a paste, or null for input that is neither. A control key still acts (Ctrl-C quits). */
function readPaste(state: AppState, input: string, key: Key): AppState | null {
	if (input === pasteStart && !key.ctrl && !key.meta) return {...state, paste: ''};
	if (state.paste === null || key.ctrl) return null;
	if (input === pasteEnd) return {...runPaste(state, state.paste), paste: null};
	// A line break that came alone is read as the Enter key.
	const text = key.return ? '\r' : input;
	return {...state, paste: (state.paste + text).slice(0, maxPasteLength + 1)};
}

/**
 * At the `:` line a paste runs one command per line, as if each were typed and Enter pressed; the
 * part after the last line break stays on the line, not yet run. A line that is not a command
 * stops the paste there, on the line with its error; the lines after it are not run. Elsewhere a
 * paste does nothing: pasted text is never taken for keys.
 */
function runPaste(state: AppState, text: string): AppState {
	if (!state.prompt) return state;
	if (text.length > maxPasteLength) return {...state, prompt: {text: state.prompt.text, error: {paste: 'too-long', count: 0, limit: maxPastedCommands}}};
	const lines = (state.prompt.text + text).replace(/[^\P{C}\r\n]/gu, '').split(/\r\n|\r|\n/);
	const unfinished = lines.pop()!;
	const commands = lines.filter(line => line.trim() !== '');
	if (commands.length > maxPastedCommands)
		return {...state, prompt: {text: state.prompt.text, error: {paste: 'too-many-lines', count: commands.length, limit: maxPastedCommands}}};
	let session = state.session;
	for (const line of commands) {
		const read: ReturnType<typeof readCommand> =
			line.length > maxPromptLength ? {ok: false, error: {paste: 'line-too-long', count: 1, limit: maxPromptLength}} : readCommand(session, line);
		if (!read.ok)
			return {
				...state,
				session,
				prompt: {text: line.slice(0, maxPromptLength), error: read.error},
			};
		session = reduceShell(session, {type: 'do', command: read.command});
	}
	const open = unfinished !== '' || commands.length === 0;
	return {...state, session, prompt: open ? {text: unfinished.slice(0, maxPromptLength), error: null} : null};
}
