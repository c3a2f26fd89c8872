import {describe, test} from 'vitest';
import {drawDashboard} from '../../source/export/dashboard.js';
import {Screen} from '../../source/export/screen.js';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames} from '../../source/scenario/files.js';
import {expectEqual} from '../expect-equal.js';
import {playInto, screenCells, writeInto} from './terminal.js';
import {builtinScenario} from '../scenario/helpers.js';

const size = {cols: 80, rows: 24};

// The real dashboard, every built-in story, both languages (Japanese: wide characters): after each
// step, the screen built from diffs is cell for cell the screen of that step drawn whole (the
// frame's own lines, one under another, in a terminal reset for it).
describe.each(builtinNames())('diffs between the dashboard frames of %s', name => {
	test.each(['en', 'ja'] as const)('%s', lang => {
		const draw = drawDashboard({lang, theme: 'dark', ascii: false, color: true, keyBar: true}, size, true);
		const frames = storyboard(builtinScenario(name)).map(draw);
		const screen = new Screen(size.cols);
		const throughDiffs = playInto([screen.show(frames[0]!)], size.cols, size.rows);
		// Reset (RIS) for each frame: the same as a new terminal, at less cost.
		const whole = playInto([], size.cols, size.rows);
		for (let index = 1; index < frames.length; index += 1) {
			writeInto(throughDiffs, screen.show(frames[index]!));
			whole.reset();
			writeInto(whole, frames[index]!.join('\r\n'));
			expectEqual(screenCells(throughDiffs), screenCells(whole), `frame ${index + 1}`);
		}
	});
});
