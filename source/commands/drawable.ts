// What `record` and `print` refuse to draw. Apart from options.ts, which every command reads: this
// needs the dashboard's layout, and so Ink, which trace, check and list do without.

import {smallestTerminal} from '../export/dashboard.js';
import type {FrameSize} from '../export/frame.js';
import type {Scenario} from '../scenario/parse.js';
import {UsageError} from './errors.js';

/** Every step is a frame drawn in tens of milliseconds: longer than any talk would take minutes. */
export const maxDrawnSteps = 1000;

/**
 * What `record` and `print` refuse to draw: too few rows for the dashboard of this scenario (the
 * frames would show its "too small" notice) and a scenario too long to watch.
 */
export function checkDrawable(command: string, size: FrameSize, scenario: Scenario): void {
	// The columns were checked with the options: every dashboard needs the same.
	const smallest = smallestTerminal(scenario, size.cols);
	if (size.rows < smallest.rows)
		throw new UsageError(`--rows: ${size.rows} is too low for the dashboard of this scenario, which needs at least ${smallest.rows} rows`);
	if (scenario.steps.length > maxDrawnSteps) {
		throw new UsageError(
			`${command}: ${scenario.file} has ${scenario.steps.length} steps; ${command} draws at most ${maxDrawnSteps} (check and trace take any length)`,
		);
	}
}
