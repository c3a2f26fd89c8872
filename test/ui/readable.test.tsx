// A projector washes grey out: in every theme, no letter or digit of any built-in story is drawn in
// grey or faint, and each has a contrast of at least 4.5:1 (WCAG AA) against the background under
// it, in the colours of the theme's terminal (source/export/palette.ts). Decoration (rules,
// separators, the signs of what is still to come) may be grey.

import {describe, expect, test} from 'vitest';
import {drawDashboard} from '../../source/export/dashboard.js';
import {renderFrame} from '../../source/export/frame.js';
import {palettes} from '../../source/export/palette.js';
import {rowSlots} from '../../source/export/screen.js';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames} from '../../source/scenario/files.js';
import {startSession} from '../../source/session/session.js';
import {Dashboard} from '../../source/ui/Dashboard.js';
import {makeLook, type ThemeName, themeNames} from '../../source/ui/look.js';
import {LookContext} from '../../source/ui/useLook.js';
import {builtinScenario} from '../scenario/helpers.js';
import {contrastRatio, sgrColours, textContrast} from './contrast.js';

const sizes = [
	{cols: 80, rows: 24},
	{cols: 120, rows: 40},
] as const;

// SGR: 90 is grey (bright black), 2 faint.
const grey = 90;
const faint = 2;

interface Cell {
	readonly text: string;
	readonly grey: boolean;
	readonly faint: boolean;
	/** Its text's contrast against its background, in the theme's terminal. */
	readonly contrast: number;
}

/** The cells of a styled frame that hold a letter or a digit, with what their SGR codes say. */
function textCells(frame: readonly string[], cols: number, theme: ThemeName): Cell[] {
	return frame.flatMap(line =>
		rowSlots(line, cols)
			.filter(slot => slot.lead && /[\p{L}\p{N}]/u.test(slot.char.value))
			.map(slot => {
				const parameters = slot.char.styles.flatMap(style => style.code.slice(2, -1).split(';').map(Number));
				const foreground = parameters.findLast(code => (code >= 30 && code <= 37) || (code >= 90 && code <= 97) || code === 39);
				const {text, background} = sgrColours(parameters, palettes[theme]);
				return {text: slot.char.value, grey: foreground === grey, faint: parameters.includes(faint), contrast: contrastRatio(text, background)};
			}),
	);
}

/** What a viewer cannot read in a frame: each such character with its row's text, for the message. */
function unreadable(frame: readonly string[], cols: number, theme: ThemeName): string[] {
	const plain = (line: string) => line.replace(/\u001B\[[\d;]*m/g, '');
	return frame.flatMap(line => {
		const bad = textCells([line], cols, theme).filter(cell => cell.faint || cell.grey || cell.contrast < textContrast);
		return bad.length > 0 ? [`${bad.map(cell => cell.text).join('')} in: ${plain(line).trim()}`] : [];
	});
}

/** The default theme at both sizes; the others, which change colours and not the layout, at 80x24. */
const views = (theme: ThemeName) =>
	sizes.filter(size => theme === 'dark' || size.cols === 80).flatMap(size => (['en', 'ja'] as const).map(lang => ({...size, lang})));

describe.each(themeNames)('every letter and digit is readable from the back of a room: --theme %s', theme => {
	// About 200 frames a test: a slow machine shared with others may take a while.
	test.each(views(theme))('every step of every built-in story, and the help, at $cols x $rows in $lang', {timeout: 120_000}, ({lang, ...size}) => {
		const problems: string[] = [];
		const draw = drawDashboard({lang, theme, ascii: false, color: true, keyBar: true}, size, true);
		for (const name of builtinNames()) {
			for (const [index, session] of storyboard(builtinScenario(name)).entries()) {
				problems.push(...unreadable(draw(session), size.cols, theme).map(problem => `${name} page ${index + 1}: ${problem}`));
			}
		}
		const look = makeLook({lang, theme, ascii: false, color: true});
		for (const overlay of ['help', 'help-end'] as const) {
			const help = renderFrame(
				<LookContext value={look}>
					<Dashboard session={startSession(builtinScenario('gc-pause'))} width={size.cols} height={size.rows - 1} overlay={overlay} />
				</LookContext>,
				size,
				true,
			);
			problems.push(...unreadable(help, size.cols, theme).map(problem => `${overlay}: ${problem}`));
		}
		expect(problems).toEqual([]);
	});
});

test('the check sees grey and faint letters, and lets grey lines be', () => {
	const line = '\u001B[90m── \u001B[39m\u001B[90mLabel\u001B[39m \u001B[2m7\u001B[22m ok';
	expect(unreadable([line], 20, 'dark')).toEqual(['Label7 in: ── Label 7 ok']);
	expect(unreadable(['\u001B[90m────\u001B[39m plain'], 20, 'dark')).toEqual([]);
	expect(unreadable(['\u001B[37mwhite\u001B[39m'], 20, 'light')).toEqual(['white in: white']);
	expect(unreadable(['\u001B[97m\u001B[41mbanner\u001B[49m\u001B[39m'], 20, 'light')).toEqual([]);
	// Light grey on red is 4.09:1 on a dark terminal; inverse paints the text in the background's colour.
	expect(unreadable(['\u001B[1;37;41mCORRUPTED\u001B[0m'], 20, 'dark')).toEqual(['CORRUPTED in: CORRUPTED']);
	expect(unreadable(['\u001B[7;91mbad\u001B[0m'], 20, 'contrast')).toEqual([]);
});
