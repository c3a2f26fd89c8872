// Everything the interactive app knows, as one pure reducer: the session, the open overlay, the
// command line being typed, autoplay, the scenario picker, quitting. Keys are reduced against the
// latest state, so keys that arrive together (a fast typist, a paste, a clicker) never act on a
// stale screen.

import type {Key} from 'ink';
import {parseCommand} from '../model/command.js';
import {type ShellAction, reduceShell} from '../session/reload.js';
import {currentWorld, isAtEnd, type Session} from '../session/session.js';
import type {Overlay} from './Dashboard.js';
import type {Prompt} from './KeyBar.js';
import {actionForKey} from './keys.js';

export interface AppState {
	readonly session: Session;
	readonly overlay: Overlay;
	readonly prompt: Prompt | null;
	/** Autoplay steps on until the script ends or a key is pressed. */
	readonly autoplaying: boolean;
	readonly picking: boolean;
	readonly quitting: boolean;
	/** Counts presses of the save key: the app saves (a side effect) when it changes. */
	readonly saveRequests: number;
	/** One line about the last save, until the next key. */
	readonly notice: Notice | null;
}

export interface Notice {
	readonly text: string;
	readonly ok: boolean;
}

export type AppEvent =
	| {readonly type: 'key'; readonly input: string; readonly key: Key}
	| {readonly type: 'autoplay-step'}
	| {readonly type: 'session'; readonly action: ShellAction}
	| {readonly type: 'picked'; readonly action: ShellAction}
	| {readonly type: 'saved'; readonly notice: Notice};

const maxPromptLength = 80;

export function initialAppState(session: Session, autoplay: boolean): AppState {
	return {session, overlay: null, prompt: null, autoplaying: autoplay, picking: false, quitting: false, saveRequests: 0, notice: null};
}

export const isAutoplaying = (state: AppState): boolean => state.autoplaying && !isAtEnd(state.session);

export function reduceApp(state: AppState, event: AppEvent): AppState {
	switch (event.type) {
		case 'autoplay-step':
			return isAutoplaying(state) ? {...state, session: reduceShell(state.session, {type: 'next'})} : state;
		case 'session':
			return {...state, session: reduceShell(state.session, event.action)};
		case 'picked':
			return {...state, picking: false, session: reduceShell(state.session, event.action)};
		case 'saved':
			return {...state, notice: event.notice};
		case 'key': {
			const pressed = {...state, autoplaying: false, notice: null};
			// Keys typed faster than the screen updates (a held key, a paste) arrive as one chunk: one press each.
			const chunk = [...event.input];
			if (chunk.length > 1 && !event.key.ctrl && !event.key.meta && !event.input.includes('\u001B')) {
				return chunk.reduce<AppState>((current, input) => pressKey(current, input, event.key), pressed);
			}
			return pressKey(pressed, event.input, event.key);
		}
	}
}

function pressKey(state: AppState, input: string, key: Key): AppState {
	if (key.ctrl && input === 'c') return {...state, quitting: true};
	// The picker reads its own keys (arrows, Enter); Escape leaves it.
	if (state.picking) return key.escape ? {...state, picking: false} : state;
	if (state.prompt) return typeInPrompt(state, state.prompt, input, key);
	const action = actionForKey(input, key);
	switch (action?.type) {
		case undefined:
			return state;
		case 'quit':
			return {...state, quitting: true};
		case 'help':
			return {...state, overlay: state.overlay === 'help' ? null : 'help'};
		case 'close':
			return {...state, overlay: null};
		case 'prompt':
			return {...state, overlay: null, prompt: {text: '', error: null}};
		case 'open':
			return {...state, overlay: null, picking: true};
		case 'save':
			return {...state, saveRequests: state.saveRequests + 1};
		case 'session':
			return {...state, session: reduceShell(state.session, action.action)};
	}
}

function typeInPrompt(state: AppState, prompt: Prompt, input: string, key: Key): AppState {
	if (key.escape) return {...state, prompt: null};
	if (key.return) {
		const parsed = parseCommand(prompt.text, {clients: currentWorld(state.session).clients.map(client => client.name)});
		if (!parsed.ok) return {...state, prompt: {text: prompt.text, error: parsed.error.message}};
		return {...state, prompt: null, session: reduceShell(state.session, {type: 'do', command: parsed.command})};
	}
	if (key.backspace || key.delete) return {...state, prompt: {text: prompt.text.slice(0, -1), error: null}};
	if (key.ctrl || key.meta || input === '' || /\p{C}/u.test(input)) return state;
	return {...state, prompt: {text: (prompt.text + input).slice(0, maxPromptLength), error: null}};
}
