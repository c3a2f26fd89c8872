import {describe, expect, test} from 'vitest';
import {drawDashboard} from '../../source/export/dashboard.js';
import {frameDiff, frameDraw} from '../../source/export/screen.js';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames, loadScenario} from '../../source/scenario/files.js';
import {playInto, screenCells, writeInto} from './terminal.js';

const size = {cols: 80, rows: 24};

// The real dashboard, every built-in story, both languages (Japanese: wide characters): after each
// step, the screen built from diffs is cell for cell the screen of that step drawn whole.
describe.each(builtinNames())('diffs between the dashboard frames of %s', name => {
	test.each(['en', 'ja'] as const)('%s', async lang => {
		const draw = drawDashboard({lang, theme: 'dark', ascii: false, color: true}, size, true);
		const frames = storyboard(loadScenario(name)).map(draw);
		const throughDiffs = await playInto([frameDraw(frames[0]!, size.cols)], size.cols, size.rows);
		for (let index = 1; index < frames.length; index += 1) {
			await writeInto(throughDiffs, frameDiff(frames[index - 1]!, frames[index]!, size.cols));
			const whole = await playInto([frameDraw(frames[index]!, size.cols)], size.cols, size.rows);
			expect(screenCells(throughDiffs), `frame ${index + 1}`).toEqual(screenCells(whole));
		}
	});
});
