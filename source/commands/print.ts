// `dlock-tui print <scenario>`: every step's dashboard as text under a rule naming the step, for
// slides, docs and golden files; or, --format svg, as a folder of SVG pictures, one a step.

import {mkdirSync, statSync} from 'node:fs';
import {drawDashboard} from '../export/dashboard.js';
import {drawStills, pageSteps, printPages} from '../export/recording.js';
import {writeFailure} from '../export/write-failure.js';
import type {Scenario} from '../scenario/parse.js';
import {loadScenario} from '../scenario/files.js';
import {quote} from '../text/quote.js';
import {makeLook} from '../ui/look.js';
import {checkDrawable} from './drawable.js';
import {UsageError} from './errors.js';
import {choiceOption, type ViewFlags, viewOptions, wholeNumberOption} from './options.js';
import {writeOutputFile, writeOutputFolder} from './output-file.js';

export interface PrintFlags extends ViewFlags {
	/** --color: keep colours and styles (escape codes); plain text otherwise, whatever the terminal. */
	readonly color?: boolean;
	/** -o FILE: the pages go there instead of to stdout; -o DIR for pictures. */
	readonly output?: string;
	readonly format?: string;
	/** --step K: one picture only. */
	readonly step?: string;
}

export function runPrint(argument: string, flags: PrintFlags, write: (text: string) => void, report: (text: string) => void): void {
	const format = choiceOption('--format', flags.format, ['text', 'svg'], 'text');
	if (format === 'svg') {
		printStills(argument, flags, write, report);
		return;
	}
	if (flags.step !== undefined) throw new UsageError('--step: applies to print --format svg (one picture), not to text');
	const view = viewOptions(flags);
	const color = flags.color ?? false;
	const scenario = loadScenario(argument);
	checkDrawable('print', view, scenario);
	const {glyphs} = makeLook({...view, color});
	const pages = `${printPages(scenario, {...view, glyphs}, drawDashboard({...view, color}, view, color))}\n`;
	if (flags.output === undefined || flags.output === '-') write(pages);
	else report(`${writeOutputFile(flags.output, pages, [scenario.path ?? argument])}: ${scenario.steps.length} steps, ${Buffer.byteLength(pages)} bytes\n`);
}

/** `step-03.svg`: numbered so that the files sort in order (`step-003.svg` past 99 steps). */
const stillName = (step: number, scenario: Scenario) => `step-${String(step).padStart(Math.max(2, String(scenario.steps.length).length), '0')}.svg`;

function printStills(argument: string, flags: PrintFlags, write: (text: string) => void, report: (text: string) => void): void {
	const folder = flags.output;
	if (folder === undefined || folder === '') {
		throw new UsageError('print --format svg: missing -o DIR, the folder for the pictures (step-01.svg, ...), or -o - with --step K for one');
	}
	const view = viewOptions(flags);
	const scenario = loadScenario(argument);
	checkDrawable('print', view, scenario);
	const steps = pageSteps(scenario);
	const only = flags.step === undefined ? null : wholeNumberOption('--step', flags.step, 0, {min: steps[0]!, max: steps.at(-1)!});
	if (folder === '-' && only === null) throw new UsageError('print --format svg -o -: give --step K too, to write one picture to stdout');
	const draw = drawDashboard({...view, color: flags.color ?? true}, view, true);
	const stills = drawStills(scenario, view, draw, only);
	if (folder === '-') {
		write(stills[0]!.text);
		return;
	}
	makeFolder(folder);
	const files = stills.map(still => ({name: stillName(still.step, scenario), text: still.text}));
	const wrote = writeOutputFolder(folder, files, [scenario.path ?? argument]);
	for (const [index, still] of stills.entries())
		report(`${wrote[index]}: step ${still.step}/${scenario.steps.length}, ${Buffer.byteLength(still.text)} bytes\n`);
}

/** The folder of -o, made if it is not there yet. */
function makeFolder(folder: string): void {
	try {
		if (statSync(folder, {throwIfNoEntry: false})?.isDirectory() === false)
			throw new UsageError(`-o: ${quote(folder)} is a file; print --format svg writes a folder of pictures`);
		mkdirSync(folder, {recursive: true});
	} catch (error) {
		if (error instanceof UsageError) throw error;
		throw new UsageError(`-o: cannot make the folder ${quote(folder)}: ${writeFailure(error as NodeJS.ErrnoException)}`);
	}
}
