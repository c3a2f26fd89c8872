import type {Key} from 'ink';
import {describe, expect, test} from 'vitest';
import {printCommand} from '../../source/model/command.js';
import {currentWorld, historyCommands, startSession} from '../../source/session/session.js';
import {type AppState, initialAppState, isAutoplaying, type Pressed, pressKeys, reduceApp} from '../../source/ui/appState.js';
import {actionForKey, keyHelp} from '../../source/ui/keys.js';
import {makeLook} from '../../source/ui/look.js';
import {scenarioShelf} from '../../source/ui/ScenarioPicker.js';
import {keyBarRow} from '../../source/ui/panes/keyBar.js';
import {noKey} from './input.js';
import {builtinScenario} from '../scenario/helpers.js';

interface KeyPress {
	readonly input: string;
	readonly key: Key;
}

const press = (input: string, key: Partial<Key> = {}): KeyPress => ({input, key: {...noKey, ...key}});
const shelf = scenarioShelf('en');
const start = () => initialAppState(startSession(builtinScenario('gc-pause')), false);
/** Each press against the state the one before left: the state at the end, and every request on the way. */
const pressAll = (state: AppState, presses: readonly KeyPress[]): Pressed =>
	presses.reduce<Pressed>(
		(last, {input, key}) => {
			const next = pressKeys(last.state, input, key, shelf);
			return {state: next.state, requests: [...last.requests, ...next.requests]};
		},
		{state, requests: []},
	);
const run = (...presses: KeyPress[]) => pressAll(start(), presses).state;
const requests = (...presses: KeyPress[]) => pressAll(start(), presses).requests;

describe('key map', () => {
	test('every way to step forward and back', () => {
		for (const key of [press(' '), press('\r', {return: true})]) {
			expect(actionForKey(key.input, key.key)).toEqual({type: 'session', action: {type: 'next'}});
		}
		for (const key of [press('l'), press('', {rightArrow: true}), press('', {pageDown: true})]) {
			expect(actionForKey(key.input, key.key)).toEqual({type: 'session', action: {type: 'forward'}});
		}
		for (const key of [press('h'), press('', {leftArrow: true}), press('', {pageUp: true}), press('', {backspace: true}), press('', {delete: true})]) {
			expect(actionForKey(key.input, key.key)).toEqual({type: 'session', action: {type: 'back'}});
		}
	});

	test('S returns to the script, i shows the script; b is no longer the way back to the script', () => {
		expect(actionForKey('S', noKey)).toEqual({type: 'session', action: {type: 'rejoin'}});
		expect(actionForKey('i', noKey)).toEqual({type: 'session', action: {type: 'toggle-script'}});
		expect(actionForKey('b', noKey)).not.toEqual({type: 'session', action: {type: 'rejoin'}});
		const improvised = run(press(' '), press('F'), press(' '));
		const rejoined = pressAll(improvised, [press('S')]).state;
		expect(rejoined.session.history.changes).toBe(0);
		expect(pressAll(rejoined, [press('', {leftArrow: true})]).state.session.history).toBe(improvised.session.history);
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
		for (const letter of 'lhSib.aruwWpecfFtTxXnNjJk:?q') {
			expect(actionForKey(letter, noKey)).not.toBeNull();
			expect(documented.split(' ')).toContain(letter);
		}
	});
});

describe('keys for nodes, clocks and links', () => {
	const redlock = () => initialAppState(startSession(builtinScenario('redlock-clock-jump')), false);

	test('each issues one command that reads like a scenario step, and pressed again undoes a cut or a crash', () => {
		const state = pressAll(redlock(), [
			press('x'),
			press('x'),
			press('X'),
			press('X'),
			press('n'),
			press('n'),
			press('N'),
			press('N'),
			press('j'),
			press('J'),
			press('k'),
			press('k'),
			press('-'),
			press('W'),
		]).state;
		expect(historyCommands(state.session)).toEqual([
			'partition A',
			'heal A lock',
			'partition A resource',
			'heal A resource',
			'partition A L3',
			'heal A L3',
			'jump A +10',
			'jump L3 +10',
			'crash L3',
			'restart L3',
			'write A pause=9',
		]);
	});

	test('the node selection goes round the nodes, and the key bar names the selected node where it has room', () => {
		const state = pressAll(redlock(), [press('n'), press('n'), press('n'), press('n'), press('n'), press('n')]).state;
		expect(state.session.selectedNode).toBe(1);
		// With one node there is nothing to choose: the session stays as it was.
		const oneNode = start();
		expect(pressAll(oneNode, [press('n')]).state.session).toBe(oneNode.session);
		const bar = keyBarRow({
			session: state.session,
			width: 200,
			look: makeLook({lang: 'en', theme: 'dark', ascii: false, color: false}),
			prompt: null,
			autoplay: null,
		});
		expect(bar.map(part => part.text).join('')).toContain('n node L2');
	});
});

describe('app state', () => {
	test('keys are reduced against the latest state: + + p pauses for the new length', () => {
		const state = run(press('2'), press('+'), press('+'), press('p'));
		expect(historyCommands(state.session)).toEqual(['pause B 7']);
	});

	test('L slows the selected client’s links to the lock by the length chosen, and a second L makes them instant again', () => {
		const state = run(press('2'), press('-'), press('L'), press('L'));
		expect(historyCommands(state.session)).toEqual(['latency B lock 4', 'latency B lock 0']);
		const slow = run(press('2'), press('-'), press('L'));
		// Its writes to the resource, and the other client, stay as fast as they were.
		expect(currentWorld(slow.session).clients[1]!.latency).toEqual({L1: 4, resource: 0});
		expect(currentWorld(slow.session).clients[0]!.latency).toEqual({L1: 0, resource: 0});
	});

	test(':latency A lock 3 runs from the command line', () => {
		const state = run(press(':'), press('latency A lock 3'), press('\r', {return: true}));
		expect(historyCommands(state.session)).toEqual(['latency A lock 3']);
		expect(currentWorld(state.session).clients[0]!.latency.L1).toBe(3);
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
		const typed = [press(':'), ...[...'tick qs'].map(char => press(char))];
		expect(requests(...typed)).toEqual([]);
		let state = run(...typed, press('', {backspace: true}));
		expect(state.prompt?.text).toBe('tick q');
		state = pressAll(state, [press('\r', {return: true})]).state;
		expect(state.prompt?.error).toEqual({problem: {kind: 'bad-number', what: 'tick', word: 'q'}, hint: null});
		state = pressAll(state, [press('', {backspace: true}), press('3'), press('\r', {return: true})]).state;
		expect(state.prompt).toBeNull();
		expect(currentWorld(state.session).clock).toBe(3);
		expect(run(press(':'), press('x'), press('', {escape: true})).prompt).toBeNull();
	});

	test('a command and its Enter that arrive together run, each line a command; what follows the last stays on the line', () => {
		for (const chunk of ['acquire A\r', 'acquire A\n', 'acquire A\r\n']) {
			const state = run(press(':'), press(chunk));
			expect(historyCommands(state.session), JSON.stringify(chunk)).toEqual(['acquire A']);
			expect(state.prompt, JSON.stringify(chunk)).toBeNull();
		}
		expect(historyCommands(run(press(':acquire A\r')).session)).toEqual(['acquire A']);
		const two = run(press(':'), press('tick\rtick 2\rwri'));
		expect(historyCommands(two.session)).toEqual(['tick', 'tick 2']);
		expect(two.prompt).toEqual({text: 'wri', error: null});
	});

	test('after an error the text stays on the line for editing, and the next key edits it', () => {
		for (const typed of [
			[press(':'), press('aquire A\r')],
			[press(':'), ...[...'aquire A'].map(char => press(char)), press('\r', {return: true})],
		]) {
			const failed = run(...typed);
			expect(failed.prompt?.text).toBe('aquire A');
			expect(failed.prompt?.error).not.toBeNull();
			expect(historyCommands(failed.session)).toEqual([]);
			const edited = pressAll(failed, [press('x')]).state;
			expect(edited.prompt).toEqual({text: 'aquire Ax', error: null});
			const fixed = pressAll(failed, [press('', {backspace: true}), press('', {backspace: true}), press('\r', {return: true})]).state;
			expect(fixed.prompt?.text).toBe('aquire');
		}
	});

	test('a cut or heal that changes nothing, typed at the line, is refused as no change and leaves the script alone', () => {
		const state = run(press(':'), press('heal A\r'));
		expect(state.session.history.entry.commands[0]?.refused).toEqual({kind: 'no-change', client: 'A', cut: false, peers: []});
		expect(state.session.history.changes).toBe(0);
	});

	test('help toggles with ? and closes with Escape; q and Ctrl-C quit', () => {
		expect(run(press('?')).overlay).toBe('help');
		expect(run(press('?'), press('?')).overlay).toBeNull();
		expect(run(press('?'), press('', {escape: true})).overlay).toBeNull();
		// Over the help the arrows scroll it, and leave the selected client alone.
		expect(run(press('?'), press('', {downArrow: true})).overlay).toBe('help-end');
		expect(run(press('?'), press('', {downArrow: true}), press('', {upArrow: true})).overlay).toBe('help');
		expect(run(press('?'), press('', {downArrow: true})).session.selected).toBe(start().session.selected);
		expect(run(press('?'), press('', {downArrow: true}), press('?')).overlay).toBeNull();
		expect(requests(press('q'))).toEqual([{type: 'quit'}]);
		expect(requests(press('c', {ctrl: true}))).toEqual([{type: 'quit'}]);
		expect(requests(press('o'), press('c', {ctrl: true}))).toEqual([{type: 'quit'}]);
	});

	test('Ctrl-C while typing a command cancels the command line, as in a shell; the next one quits', () => {
		const typing = [press(':'), press('t'), press('i')];
		expect(requests(...typing, press('c', {ctrl: true}))).toEqual([]);
		const cancelled = run(...typing, press('c', {ctrl: true}));
		expect(cancelled.prompt).toBeNull();
		expect(historyCommands(cancelled.session)).toEqual([]);
		expect(requests(...typing, press('c', {ctrl: true}), press('c', {ctrl: true}))).toEqual([{type: 'quit'}]);
	});

	test('v replays the story so far with the resource fencing flipped, on script; v again flips back', () => {
		const flipped = run(press(' '), press(' '), press('v'));
		expect(flipped.session.flipped).toBe(true);
		expect(flipped.session.history.entry.step).toBe(3);
		expect(currentWorld(flipped.session).resource.fenced).toBe(false);
		expect(run(press(' '), press(' '), press('v'), press('v')).session.flipped).toBe(false);
	});

	test('keys after a quit in the same chunk are not read', () => {
		const pressed = pressKeys(start(), 'qt', noKey, shelf);
		expect(pressed.requests).toEqual([{type: 'quit'}]);
		expect(currentWorld(pressed.state.session).clock).toBe(0);
	});

	test('s asks to save the session as it is at that key, and changes nothing itself', () => {
		const stepped = run(press(' '));
		const pressed = pressAll(start(), [press(' '), press('s'), press('t')]);
		expect(pressed.requests).toEqual([{type: 'save', session: stepped.session}]);
		expect(historyCommands(pressed.state.session)).toEqual(['acquire A', 'write A', 'tick']);
	});

	test('b and . blank the screen; the next key only brings it back, as it was; Ctrl-C still quits', () => {
		const shown = run(press(' '), press('2'), press('?'));
		for (const blank of ['b', '.']) {
			const blanked = pressAll(shown, [press(blank)]).state;
			expect(blanked.blank).toBe(true);
			expect(blanked.session).toBe(shown.session);
			expect(blanked.overlay).toBe('help');
			// Keys that would step, quit, type or open: each only brings the screen back.
			for (const key of [press(' '), press('q'), press(':'), press('o'), press('p'), press(blank), press('', {escape: true}), press('', {pageDown: true})]) {
				const back = pressAll(blanked, [key]);
				expect(back.requests).toEqual([]);
				expect(back.state).toEqual(shown);
			}
			expect(pressAll(blanked, [press('c', {ctrl: true})]).requests).toEqual([{type: 'quit'}]);
		}
		// A clicker's two presses in one chunk: blank, then back.
		expect(pressKeys(shown, 'bb', noKey, shelf).state.blank).toBe(false);
		// Blanking stops autoplay: nothing moves behind a blank screen.
		const playing = initialAppState(startSession(builtinScenario('gc-pause')), true);
		const blankedPlay = pressKeys(playing, 'b', noKey, shelf).state;
		expect(isAutoplaying(blankedPlay)).toBe(false);
		expect(reduceApp(blankedPlay, {type: 'autoplay-step'})).toBe(blankedPlay);
	});

	test('F5 and Shift-F5 (a clicker starting a slide show) change nothing, blank or not', () => {
		const shown = run(press(' '));
		for (const sequence of ['\u001B[15~', '\u001B[15;2~']) {
			for (const state of [shown, pressAll(shown, [press('b')]).state]) {
				// Ink hands over the sequence without its ESC, as text.
				const pressed = pressKeys(state, sequence.slice(1), noKey, shelf, sequence);
				expect(pressed.requests).toEqual([]);
				expect(pressed.state).toEqual(state);
			}
		}
	});

	test('autoplay steps until the end, and any key takes over', () => {
		let state = initialAppState(startSession(builtinScenario('gc-pause')), true);
		state = reduceApp(state, {type: 'autoplay-step'});
		expect(state.session.history.entry.step).toBe(2);
		const taken = pressKeys(state, 'h', noKey, shelf).state;
		expect(isAutoplaying(taken)).toBe(false);
		expect(taken.session.history.entry.step).toBe(1);
		expect(reduceApp(taken, {type: 'autoplay-step'})).toBe(taken);
		for (let step = 0; step < 10; step += 1) state = reduceApp(state, {type: 'autoplay-step'});
		expect(state.session.history.entry.step).toBe(7);
		expect(isAutoplaying(state)).toBe(false);
		expect(printCommand(state.session.history.entry.commands[0]!.command)).toBe('write A');
	});
});
