import type {Key} from 'ink';
import {describe, expect, test} from 'vitest';
import {printCommand} from '../../source/model/command.js';
import {loadScenario} from '../../source/scenario/files.js';
import {currentWorld, historyCommands, startSession} from '../../source/session/session.js';
import {type AppEvent, initialAppState, isAutoplaying, reduceApp} from '../../source/ui/appState.js';
import {actionForKey, keyHelp} from '../../source/ui/keys.js';
import {noKey} from './input.js';

const press = (input: string, key: Partial<Key> = {}): AppEvent => ({type: 'key', input, key: {...noKey, ...key}});
const start = () => initialAppState(startSession(loadScenario('gc-pause')), false);
const run = (...events: AppEvent[]) => events.reduce(reduceApp, start());

describe('key map', () => {
	test('every way to step forward and back', () => {
		for (const key of [press(' '), press('l'), press('', {rightArrow: true}), press('', {pageDown: true}), press('\r', {return: true})]) {
			expect(actionForKey(key.type === 'key' ? key.input : '', key.type === 'key' ? key.key : noKey)).toEqual({type: 'session', action: {type: 'next'}});
		}
		for (const key of [press('h'), press('', {leftArrow: true}), press('', {pageUp: true}), press('', {backspace: true}), press('', {delete: true})]) {
			expect(actionForKey(key.type === 'key' ? key.input : '', key.type === 'key' ? key.key : noKey)).toEqual({type: 'session', action: {type: 'back'}});
		}
	});

	test('letters that change the world issue commands by hand; unknown keys do nothing', () => {
		expect(actionForKey('p', noKey)).toEqual({type: 'session', action: {type: 'hand', verb: 'pause'}});
		expect(actionForKey('F', noKey)).toEqual({type: 'session', action: {type: 'hand', verb: 'toggle-resource-fencing'}});
		expect(actionForKey('z', noKey)).toBeNull();
		expect(actionForKey('a', {...noKey, ctrl: true})).toBeNull();
		expect(actionForKey('c', {...noKey, ctrl: true})).toEqual({type: 'quit'});
	});

	test('the help table names every letter the map knows', () => {
		const documented = keyHelp.map(help => help.keys).join(' ');
		for (const letter of 'lhbaruwpecfFtT:?q') {
			expect(actionForKey(letter, noKey)).not.toBeNull();
			expect(documented.split(' ')).toContain(letter);
		}
	});
});

describe('app state', () => {
	test('keys are reduced against the latest state: + + p pauses for the new length', () => {
		const state = run(press('2'), press('+'), press('+'), press('p'));
		expect(historyCommands(state.session)).toEqual(['pause B 7']);
	});

	test('keys that arrive in one chunk (a held key, a paste) count one by one', () => {
		const state = run(press('ttt'), press(':'), press('tick 2'), press('\r', {return: true}));
		expect(historyCommands(state.session)).toEqual(['tick', 'tick', 'tick', 'tick 2']);
		expect(run(press(':tick'), press('\r', {return: true})).session.history.entry.world.clock).toBe(1);
	});

	test('every key that changes the world is a command in the history', () => {
		const state = run(press('a'), press('w'), press('t'), press('T'), press('r'), press('f'), press('F'), press('c'), press('c'), press('u'));
		expect(historyCommands(state.session)).toEqual([
			'acquire A',
			'write A',
			'tick',
			'tick 5',
			'renew A',
			'fencing A off',
			'fencing resource off',
			'crash A',
			'restart A',
			'release A',
		]);
	});

	test('the command line: typed text, errors, Enter runs, Escape cancels; q types instead of quitting', () => {
		let state = run(press(':'), ...[...'tick q'].map(char => press(char)));
		expect(state.quitting).toBe(false);
		expect(state.prompt?.text).toBe('tick q');
		state = reduceApp(state, press('\r', {return: true}));
		expect(state.prompt?.error).toMatch(/tick: expected a whole number/);
		state = [press('', {backspace: true}), press('3'), press('\r', {return: true})].reduce(reduceApp, state);
		expect(state.prompt).toBeNull();
		expect(currentWorld(state.session).clock).toBe(3);
		expect(run(press(':'), press('x'), press('', {escape: true})).prompt).toBeNull();
	});

	test('help toggles with ? and closes with Escape; q and Ctrl-C quit', () => {
		expect(run(press('?')).overlay).toBe('help');
		expect(run(press('?'), press('?')).overlay).toBeNull();
		expect(run(press('?'), press('', {escape: true})).overlay).toBeNull();
		expect(run(press('q')).quitting).toBe(true);
		expect(run(press(':'), press('c', {ctrl: true})).quitting).toBe(true);
	});

	test('autoplay steps until the end, and any key takes over', () => {
		let state = initialAppState(startSession(loadScenario('gc-pause')), true);
		state = reduceApp(state, {type: 'autoplay-step'});
		expect(state.session.history.entry.step).toBe(2);
		const taken = reduceApp(state, press('h'));
		expect(isAutoplaying(taken)).toBe(false);
		expect(taken.session.history.entry.step).toBe(1);
		expect(reduceApp(taken, {type: 'autoplay-step'})).toBe(taken);
		for (let step = 0; step < 10; step += 1) state = reduceApp(state, {type: 'autoplay-step'});
		expect(state.session.history.entry.step).toBe(7);
		expect(isAutoplaying(state)).toBe(false);
		expect(printCommand(state.session.history.entry.commands[0]!.command)).toBe('write A');
	});
});
