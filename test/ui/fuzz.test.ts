import fc from 'fast-check';
import type {Key} from 'ink';
import {describe, expect, test} from 'vitest';
import {builtinNames} from '../../source/scenario/files.js';
import {startSession} from '../../source/session/session.js';
import {widthOf} from '../../source/text/width.js';
import {type AppState, initialAppState, pressKeys} from '../../source/ui/appState.js';
import {dashboardRows} from '../../source/ui/Dashboard.js';
import {keyHelp} from '../../source/ui/keys.js';
import {makeLook} from '../../source/ui/look.js';
import {headerRow} from '../../source/ui/panes/header.js';
import {keyBarRow} from '../../source/ui/panes/keyBar.js';
import {type Row, shownRow} from '../../source/ui/panes/rows.js';
import {scenarioShelf} from '../../source/ui/ScenarioPicker.js';
import {expectEqual} from '../expect-equal.js';
import {fuzzSeed, replayWith} from '../fuzz-seed.js';
import {builtinScenario} from '../scenario/helpers.js';
import {noKey} from './input.js';

/** One event as Ink hands it to the app: what it decoded, and the sequence the terminal sent. */
interface Press {
	readonly input: string;
	readonly key: Key;
	readonly sequence?: string;
}

const esc = '\u001B';
const special = (name: keyof Key, sequence: string, extra: Partial<Key> = {}): Press => ({input: '', key: {...noKey, [name]: true, ...extra}, sequence});
/** The keys the help names that are not letters, as Ink decodes them. */
const named: Record<string, readonly Press[]> = {
	Space: [{input: ' ', key: noKey}],
	'→': [special('rightArrow', `${esc}[C`)],
	'←': [special('leftArrow', `${esc}[D`)],
	'↑': [special('upArrow', `${esc}[A`)],
	'↓': [special('downArrow', `${esc}[B`)],
	PgDn: [special('pageDown', `${esc}[6~`)],
	PgUp: [special('pageUp', `${esc}[5~`)],
	Enter: [{input: '\r', key: {...noKey, return: true}}],
	Backspace: [special('backspace', '\b'), special('delete', '\u007F')],
	Home: [special('home', `${esc}[H`)],
	End: [special('end', `${esc}[F`)],
	Tab: [special('tab', '\t'), special('tab', `${esc}[Z`, {shift: true})],
	Esc: [special('escape', esc, {meta: true})],
	'Ctrl-C': [{input: 'c', key: {...noKey, ctrl: true}, sequence: '\u0003'}],
	'1-9': [...'123456789'].map(digit => ({input: digit, key: noKey})),
};
/** Every key the help table names, each as one or more presses: a key it names that this list cannot press fails the test. */
const helpKeys = keyHelp.flatMap(help => help.keys.split(' ')).filter(name => name !== '');
const everyKey = helpKeys.flatMap(name => named[name] ?? (name.length === 1 ? [{input: name, key: noKey}] : []));

/** What else reaches the app: typed commands (some wrong), a paste, and what the terminal sends of its own. */
const text = (input: string): Press => ({input, key: noKey});
const other: readonly Press[] = [
	text('tick 3'),
	text('jump L2 +5'),
	text('partition A L1'),
	text('heal A'),
	text('write A pause=4'),
	text('crash L3'),
	text('restart L3'),
	text('acquire Z'),
	text('😀é'),
	text('='),
	text('_'),
	{input: '[200~', key: noKey, sequence: `${esc}[200~`},
	{input: '[201~', key: noKey, sequence: `${esc}[201~`},
	{input: 'P', key: {...noKey, meta: true}, sequence: `${esc}P`},
	{input: ']', key: noKey, sequence: `${esc}]`},
	text('11;rgb:0/0/0\u0007q'),
	{input: '\\', key: noKey, sequence: `${esc}\\`},
	{input: '[M', key: noKey, sequence: `${esc}[M`},
	{input: '[<0;3;4M', key: noKey, sequence: `${esc}[<0;3;4M`},
	{input: '[I', key: noKey, sequence: `${esc}[I`},
	{input: 'x', key: {...noKey, meta: true}, sequence: `${esc}x`},
	{input: '\u0007', key: {...noKey, ctrl: true}},
];

const controlCharacter = /\p{Cc}/u;
const textOf = (row: Row) => row.map(part => part.text).join('');
const shelf = scenarioShelf('en');
type LookName = `${'en' | 'ja'} ${boolean}`;
const looks = new Map<LookName, ReturnType<typeof makeLook>>(
	(['en', 'ja'] as const).flatMap(lang =>
		[false, true].map(ascii => [`${lang} ${ascii}` as const, makeLook({lang, theme: 'dark', ascii, color: false})] as const),
	),
);

/** What a person would see of a state: the screen's rows, which must keep to its size, hold no control character, open with the header and end with the key bar. */
function checkScreen(state: AppState, width: number, height: number, lookName: LookName) {
	if (state.picker) return;
	const look = looks.get(lookName)!;
	const props = {session: state.session, width, height, overlay: state.overlay, prompt: state.prompt};
	const rows = dashboardRows(props, look).map(textOf);
	const at = `${width}x${height} ${lookName} ${state.session.scenario.path}`;
	expect(rows.length, at).toBeLessThanOrEqual(Math.max(1, height));
	expectEqual(
		rows.filter(row => widthOf(row) > width || controlCharacter.test(row)),
		[],
		`rows too wide or with a control character at ${at}`,
	);
	if (rows.length === 1) return; // too small: one line that says so
	const pane = {session: state.session, width, look};
	if (state.overlay === null) expect(rows[0], `header at ${at}`).toBe(textOf(shownRow(headerRow(pane), width, look)));
	expect(rows.at(-1), `key bar at ${at}`).toBe(textOf(shownRow(keyBarRow({...pane, prompt: state.prompt, autoplay: null}), width, look)));
}

describe('the dashboard under any keys', () => {
	test('the fuzz presses every key the help names', () => {
		expectEqual(
			helpKeys.filter(name => !(name in named) && name.length !== 1),
			[],
			'keys the help names that the fuzz cannot press',
		);
		expect(everyKey.map(press => press.input)).toEqual(expect.arrayContaining([...'WXnNjJkvos']));
	});

	const seed = fuzzSeed();
	test.each(builtinNames())(`%s: long runs of any keys at any size, either language: the screen keeps its shape (seed ${seed}; ${replayWith(seed)})`, name => {
		const press = fc.oneof({weight: 6, arbitrary: fc.constantFrom(...everyKey)}, {weight: 1, arbitrary: fc.constantFrom(...other)});
		fc.assert(
			fc.property(
				fc.array(press, {minLength: 50, maxLength: 300}),
				fc.integer({min: 1, max: 220}),
				fc.integer({min: 1, max: 70}),
				fc.constantFrom(...looks.keys()),
				(presses, width, height, lookName) => {
					let state = initialAppState(startSession(builtinScenario(name)), false);
					presses.forEach(({input, key, sequence}, index) => {
						state = pressKeys(state, input, key, shelf, sequence).state;
						// Seen now and then on the way, not only at the end.
						if (index % 50 === 49) checkScreen(state, width, height, lookName);
					});
					checkScreen(state, width, height, lookName);
				},
			),
			{numRuns: 15, seed},
		);
	});
});
