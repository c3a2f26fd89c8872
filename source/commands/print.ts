// `dlock-tui print <scenario>`: every step's dashboard as text under a rule naming the step, for
// slides, docs and golden files.

import {drawDashboard} from '../export/dashboard.js';
import {printPages} from '../export/recording.js';
import {loadScenario} from '../scenario/files.js';
import {makeLook} from '../ui/look.js';
import {checkDrawable} from './drawable.js';
import {type ViewFlags, viewOptions} from './options.js';
import {writeOutputFile} from './output-file.js';

export interface PrintFlags extends ViewFlags {
	/** --color: keep colours and styles (escape codes); plain text otherwise, whatever the terminal. */
	readonly color?: boolean;
	/** -o FILE: the pages go there instead of to stdout. */
	readonly output?: string;
}

export function runPrint(argument: string, flags: PrintFlags, write: (text: string) => void, report: (text: string) => void): void {
	const view = viewOptions(flags);
	const color = flags.color ?? false;
	const scenario = loadScenario(argument);
	checkDrawable('print', view, scenario);
	const {glyphs} = makeLook({...view, color});
	const pages = `${printPages(scenario, {...view, glyphs}, drawDashboard({...view, color}, view, color))}\n`;
	if (flags.output === undefined || flags.output === '-') write(pages);
	else report(`${writeOutputFile(flags.output, pages, [scenario.path ?? argument])}: ${scenario.steps.length} steps, ${Buffer.byteLength(pages)} bytes\n`);
}
