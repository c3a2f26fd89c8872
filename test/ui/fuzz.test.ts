import fc from 'fast-check';
import {expect, test} from 'vitest';
import {loadScenario} from '../../source/scenario/files.js';
import {startSession} from '../../source/session/session.js';
import {widthOf} from '../../source/text/width.js';
import {initialAppState, pressKeys} from '../../source/ui/appState.js';
import {dashboardRows} from '../../source/ui/Dashboard.js';
import {makeLook} from '../../source/ui/look.js';
import {scenarioShelf} from '../../source/ui/ScenarioPicker.js';
import {expectEqual} from '../expect-equal.js';
import {noKey} from './input.js';

const letters = [...' lhbaruwpecfFtT123-+?:xAB 9'].map(input => ({input, key: noKey}));
const specials = (['leftArrow', 'rightArrow', 'upArrow', 'downArrow', 'home', 'end', 'tab', 'escape', 'return', 'backspace'] as const).map(name => ({
	input: '',
	key: {...noKey, [name]: true},
}));
const press = fc.constantFrom(...letters, ...specials);

test('any keys, any size, either language: the screen stays within its bounds and never throws', () => {
	const scenario = loadScenario('gc-pause');
	const shelf = scenarioShelf('en');
	// One look for each language and glyph set, as the app keeps one: what is built for a look is kept with it.
	const looks = new Map(
		(['en', 'ja'] as const).flatMap(lang => [false, true].map(ascii => [`${lang} ${ascii}`, makeLook({lang, theme: 'dark', ascii, color: false})] as const)),
	);
	fc.assert(
		fc.property(
			fc.array(press, {maxLength: 60}),
			fc.integer({min: 1, max: 220}),
			fc.integer({min: 1, max: 70}),
			fc.constantFrom('en' as const, 'ja' as const),
			fc.boolean(),
			(presses, width, height, lang, ascii) => {
				const state = presses.reduce((current, {input, key}) => pressKeys(current, input, key, shelf).state, initialAppState(startSession(scenario), false));
				if (state.picker) return;
				const rows = dashboardRows({session: state.session, width, height, overlay: state.overlay, prompt: state.prompt}, looks.get(`${lang} ${ascii}`)!);
				expect(rows.length).toBeLessThanOrEqual(Math.max(1, height));
				// Every row measured, the rows too wide for the screen listed: none.
				expectEqual(
					rows.map(row => row.map(part => part.text).join('')).filter(text => widthOf(text) > width),
					[],
					`${width} columns`,
				);
			},
		),
		{numRuns: 300},
	);
});
