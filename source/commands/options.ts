// Checking option values from the command line: each bad value gets one line that names the flag
// and says what was expected.

import {smallestTerminal} from '../export/dashboard.js';
import type {FrameSize} from '../export/frame.js';
import {langs} from '../scenario/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {quote} from '../text/quote.js';
import {themeNames} from '../ui/look.js';
import {UsageError} from './errors.js';

/** A number from the command line within `range`: `pattern` says how it may be written, `kind` what it is. */
function numberOption(flag: string, text: string | undefined, fallback: number, range: {readonly min: number; readonly max: number}, pattern: RegExp, kind: string): number {
	if (text === undefined) return fallback;
	const value = pattern.test(text.trim()) ? Number(text) : Number.NaN;
	if (!(value >= range.min && value <= range.max)) throw new UsageError(`${flag}: expected ${kind} from ${range.min} to ${range.max}, got ${quote(text)}`);
	return value;
}

export const wholeNumberOption = (flag: string, text: string | undefined, fallback: number, range: {readonly min: number; readonly max: number}): number =>
	numberOption(flag, text, fallback, range, /^\d+$/, 'a whole number');

export const secondsOption = (flag: string, text: string | undefined, fallback: number, range: {readonly min: number; readonly max: number}): number =>
	numberOption(flag, text, fallback, range, /^(\d+(\.\d*)?|\.\d+)$/, 'a number of seconds');

export function choiceOption<T extends string>(flag: string, text: string | undefined, choices: readonly T[], fallback: T): T {
	if (text === undefined) return fallback;
	if (!(choices as readonly string[]).includes(text)) throw new UsageError(`${flag}: expected one of ${choices.join(', ')}, got ${quote(text)}`);
	return text as T;
}

export interface ViewFlags {
	readonly cols?: string;
	readonly rows?: string;
	readonly lang?: string;
	readonly theme?: string;
	readonly ascii?: boolean;
	/** --no-keys leaves the key bar out. */
	readonly keys?: boolean;
}

/** The size of a headless terminal: small enough to stay cheap, large enough for the panes. */
const frameLimits = {cols: {min: 20, max: 1000}, rows: {min: 6, max: 500}} as const;

const defaultFrameSize = {cols: 80, rows: 24} as const;

/** How the dashboard looks, live or drawn: its language, theme and characters. */
export function lookOptions(flags: Pick<ViewFlags, 'lang' | 'theme' | 'ascii'>) {
	return {
		lang: choiceOption('--lang', flags.lang, langs, 'en'),
		theme: choiceOption('--theme', flags.theme, themeNames, 'dark'),
		ascii: flags.ascii ?? false,
	};
}

/** What `record` and `print` draw: the terminal size and how the dashboard looks in it. */
export function viewOptions(flags: ViewFlags) {
	return {
		cols: wholeNumberOption('--cols', flags.cols, defaultFrameSize.cols, frameLimits.cols),
		rows: wholeNumberOption('--rows', flags.rows, defaultFrameSize.rows, frameLimits.rows),
		...lookOptions(flags),
		keyBar: flags.keys ?? true,
	};
}

/** Every step is a frame drawn in tens of milliseconds: longer than any talk would take minutes. */
export const maxDrawnSteps = 1000;

/**
 * What `record` and `print` refuse to draw: a size too small for the dashboard (the frames would
 * show its "too small" notice) and a scenario too long to watch.
 */
export function checkDrawable(command: string, size: FrameSize, scenario: Scenario): void {
	const smallest = smallestTerminal(scenario);
	if (size.cols < smallest.cols) throw new UsageError(`--cols: ${size.cols} is too narrow for the dashboard, which needs at least ${smallest.cols} columns`);
	if (size.rows < smallest.rows) throw new UsageError(`--rows: ${size.rows} is too low for the dashboard of this scenario, which needs at least ${smallest.rows} rows`);
	if (scenario.steps.length > maxDrawnSteps) {
		throw new UsageError(`${command}: ${scenario.file} has ${scenario.steps.length} steps; ${command} draws at most ${maxDrawnSteps} (check and trace take any length)`);
	}
}
