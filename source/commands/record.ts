// `dlock-tui record <scenario> -o demo.cast`: the scenario played step by step into an asciicast
// (or, -o demo.svg, an animated SVG), with no terminal and no one at the keys.

import path from 'node:path';
import {drawDashboard} from '../export/dashboard.js';
import {type DrawSession, type RecordOptions, recordCast, recordSvg} from '../export/recording.js';
import {defaultStepSeconds} from '../session/pace.js';
import {loadScenario} from '../scenario/files.js';
import type {Scenario} from '../scenario/parse.js';
import {quote} from '../text/quote.js';
import {UsageError} from './errors.js';
import {checkDrawable} from './drawable.js';
import {choiceOption, secondsOption, type ViewFlags, viewOptions} from './options.js';
import {writeOutputFile} from './output-file.js';

export interface RecordFlags extends ViewFlags {
	readonly output?: string;
	readonly stepDelay?: string;
	/** --no-color; NO_COLOR in the environment does not change a file made for others to play. */
	readonly color?: boolean;
	readonly format?: string;
}

const formats = ['cast', 'svg'] as const;
type Format = (typeof formats)[number];

/** The format --format names, else the one -o's extension names, else a cast; the two must agree. */
function recordFormat(format: string | undefined, output: string): Format {
	const extension = path.extname(output).slice(1).toLowerCase();
	const named = formats.find(name => name === extension);
	if (format === undefined) return named ?? 'cast';
	const chosen = choiceOption('--format', format, formats, 'cast');
	if (named !== undefined && named !== chosen) {
		throw new UsageError(`--format ${chosen}: -o ${quote(output)} is named as a .${named} file; name it .${chosen} or leave out --format`);
	}
	return chosen;
}

/** The file's text, and what the line on stderr says about it. */
function recording(format: Format, scenario: Scenario, options: RecordOptions, draw: DrawSession): {text: string; summary: string} {
	if (format === 'svg') {
		const svg = recordSvg(scenario, options, draw);
		return {text: svg.text, summary: `${svg.frames} frames, ${svg.seconds} s a loop`};
	}
	const cast = recordCast(scenario, options, draw);
	return {text: cast.text, summary: `${cast.seconds} s, ${cast.events} events`};
}

export function runRecord(argument: string, flags: RecordFlags, write: (text: string) => void, report: (text: string) => void): void {
	if (flags.output === undefined || flags.output === '')
		throw new UsageError('record: missing -o FILE, where to write the recording (e.g. -o demo.cast, -o demo.svg, or -o - for stdout)');
	const format = recordFormat(flags.format, flags.output);
	const view = viewOptions(flags);
	const stepDelaySeconds = secondsOption('--step-delay', flags.stepDelay, defaultStepSeconds, {min: 0.1, max: 600});
	const scenario = loadScenario(argument);
	checkDrawable('record', view, scenario);
	const draw = drawDashboard({...view, color: flags.color ?? true}, view, true);
	const {text, summary} = recording(format, scenario, {cols: view.cols, rows: view.rows, stepDelaySeconds, lang: view.lang, theme: view.theme}, draw);
	if (flags.output === '-') {
		write(text);
		return;
	}
	const wrote = writeOutputFile(flags.output, text, [scenario.path ?? argument]);
	report(`${wrote}: ${scenario.steps.length} steps, ${summary}, ${Buffer.byteLength(text)} bytes\n`);
}
