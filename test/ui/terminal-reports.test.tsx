import {render} from 'ink-testing-library';
import {afterEach, describe, expect, test} from 'vitest';
import {historyCommands, startSession} from '../../source/session/session.js';
import {App} from '../../source/ui/App.js';
import {initialAppState, type Pressed, pressKeys} from '../../source/ui/appState.js';
import {scenarioShelf} from '../../source/ui/ScenarioPicker.js';
import {builtinScenario} from '../scenario/helpers.js';
import {appProps, noKey, tick} from './input.js';

const esc = '\u001B';
/** What terminals send of their own: each with the keys a person might find in it (q, digits, space, r). */
const reports = {
	dcs: `${esc}Pq abc${esc}\\`,
	decrqss: `${esc}P1$r0;1m${esc}\\`,
	oscBell: `${esc}]11;rgb:0000/0000/0000\u0007`,
	oscSt: `${esc}]10;rgb:ffff/ffff/ffff${esc}\\`,
	apc: `${esc}_Gq=2;OK${esc}\\`,
	pm: `${esc}^privacy q${esc}\\`,
	sos: `${esc}Xstring q${esc}\\`,
	x10Press: `${esc}[M !!`,
	x10Release: `${esc}[M#q5`,
	sgrMouse: `${esc}[<0;12;5M`,
	sgrRelease: `${esc}[<0;12;5m`,
	urxvtMouse: `${esc}[32;12;5M`,
	focusIn: `${esc}[I`,
	focusOut: `${esc}[O`,
	// F5 and Shift-F5: what a presenter's clicker sends to start a slide show.
	functionKey: `${esc}[15~`,
	shiftFunctionKey: `${esc}[15;2~`,
	altLetter: `${esc}q`,
};

let app: ReturnType<typeof render> | null = null;
afterEach(() => {
	app?.unmount();
	app = null;
});

describe('what the terminal sends of its own, through Ink as the dashboard reads it', () => {
	test.each(Object.entries(reports))('%s is read whole and does nothing: the keys after it still act', async (_, report) => {
		app = render(<App {...appProps(builtinScenario('gc-pause'))} />);
		await tick();
		app.stdin.write(report);
		await tick();
		await tick();
		expect(app.lastFrame()).toContain('step 1 of 7');
		expect(app.lastFrame()).toContain('▸ 1 A');
		// Still running (a quit would leave the frame as it was), on the first client.
		app.stdin.write(' ');
		await tick();
		expect(app.lastFrame()).toContain('step 2 of 7');
	});

	test('a report that comes in pieces, and keys in the same chunk as a report', async () => {
		app = render(<App {...appProps(builtinScenario('gc-pause'))} />);
		await tick();
		for (const piece of [`${esc}P`, 'q', 'ab', `c${esc}`, '\\', `${esc}[M`, ' ', '!!l']) {
			app.stdin.write(piece);
			await tick();
		}
		await tick();
		expect(app.lastFrame()).toContain('step 2 of 7');
		app.stdin.write(`${reports.oscBell}l${reports.x10Press}l`);
		await tick();
		expect(app.lastFrame()).toContain('step 4 of 7');
	});

	test('at the command line a report types nothing; Escape still gets out of a string that never ends', async () => {
		app = render(<App {...appProps(builtinScenario('gc-pause'))} />);
		await tick();
		for (const piece of [':', 'ti', reports.oscSt, reports.focusIn, reports.functionKey, reports.shiftFunctionKey, reports.sgrMouse, 'ck', '\r']) {
			app.stdin.write(piece);
			await tick();
		}
		expect(app.lastFrame()).toContain('OFF SCRIPT: 1 change by hand');
		expect(app.lastFrame()).toContain('t=1  ▸ tick');
		for (const piece of [`${esc}P`, 'never ended q', esc]) {
			app.stdin.write(piece);
			await tick();
			await tick();
		}
		app.stdin.write('l');
		await tick();
		expect(app.lastFrame()).toContain('step 2 of 7');
	});
});

describe('the command line', () => {
	const shelf = scenarioShelf('en');
	const typed = (...inputs: string[]): Pressed =>
		[':', ...inputs].reduce<Pressed>((last, input) => pressKeys(last.state, input, noKey, shelf), {
			state: initialAppState(startSession(builtinScenario('gc-pause')), false),
			requests: [],
		});
	const backspace = (pressed: Pressed) => pressKeys(pressed.state, '', {...noKey, backspace: true}, shelf).state.prompt?.text;

	test('Backspace deletes a whole character: an emoji, one with its skin tone, a flag, a letter with its accent', () => {
		for (const character of ['😀', '👍🏽', '🇯🇵', 'é', 'が']) {
			expect(backspace(typed('write A ', ...character))).toBe('write A ');
		}
	});

	test('a full line takes no more, and never half a character', () => {
		const full = typed('t'.repeat(255), '😀');
		expect(full.state.prompt?.text).toBe('t'.repeat(255));
		expect(typed('t'.repeat(254), '😀').state.prompt?.text).toBe(`${'t'.repeat(254)}😀`);
	});

	test('a command typed around a report runs as typed', () => {
		const pressed = [...'tick', '\r'].reduce<Pressed>((last, input, index) => {
			const around = index === 2 ? pressKeys(last.state, ']', noKey, shelf, `${esc}]`) : last;
			const middle = index === 2 ? pressKeys(around.state, '4;1;rgb:1/2/3\u0007', noKey, shelf) : around;
			return pressKeys(middle.state, input, input === '\r' ? {...noKey, return: true} : noKey, shelf);
		}, typed());
		expect(historyCommands(pressed.state.session)).toEqual(['tick']);
	});
});
