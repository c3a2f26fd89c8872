// `dlock-tui record <scenario> -o demo.cast`: the scenario played step by step into an asciicast,
// with no terminal and no one at the keys.

import {drawDashboard} from '../export/dashboard.js';
import {defaultStepDelaySeconds, recordCast} from '../export/recording.js';
import {loadScenario} from '../scenario/files.js';
import {UsageError} from './errors.js';
import {checkDrawable} from './drawable.js';
import {secondsOption, type ViewFlags, viewOptions} from './options.js';
import {writeOutputFile} from './output-file.js';

export interface RecordFlags extends ViewFlags {
	readonly output?: string;
	readonly stepDelay?: string;
	/** --no-color; NO_COLOR in the environment does not change a file made for others to play. */
	readonly color?: boolean;
}

export function runRecord(argument: string, flags: RecordFlags, write: (text: string) => void, report: (text: string) => void): void {
	if (flags.output === undefined || flags.output === '')
		throw new UsageError('record: missing -o FILE, where to write the asciicast (e.g. -o demo.cast, or -o - for stdout)');
	const view = viewOptions(flags);
	const stepDelaySeconds = secondsOption('--step-delay', flags.stepDelay, defaultStepDelaySeconds, {min: 0.1, max: 600});
	const scenario = loadScenario(argument);
	checkDrawable('record', view, scenario);
	const draw = drawDashboard({...view, color: flags.color ?? true}, view, true);
	const cast = recordCast(scenario, {cols: view.cols, rows: view.rows, stepDelaySeconds, lang: view.lang}, draw);
	if (flags.output === '-') {
		write(cast.text);
		return;
	}
	const wrote = writeOutputFile(flags.output, cast.text, [scenario.path ?? argument]);
	report(`${wrote}: ${scenario.steps.length} steps, ${cast.seconds} s, ${cast.events} events, ${Buffer.byteLength(cast.text)} bytes\n`);
}
