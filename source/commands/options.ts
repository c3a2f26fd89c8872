// Checking option values from the command line: each bad value gets one line that names the flag
// and says what was expected.

import {langs} from '../text/narration.js';
import {quote} from '../text/quote.js';
import {didYouMean} from '../text/suggest.js';
import {themeNames} from '../ui/look.js';
import {minDashboardRows, minDashboardWidth} from '../ui/size.js';
import {UsageError} from './errors.js';

/** A number from the command line within `range`: `pattern` says how it may be written, `kind` what it is. */
function numberOption(
	flag: string,
	text: string | undefined,
	fallback: number,
	range: {readonly min: number; readonly max: number},
	pattern: RegExp,
	kind: string,
): number {
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
	if (!(choices as readonly string[]).includes(text)) {
		const hint = didYouMean(text, choices);
		throw new UsageError(`${flag}: expected one of ${choices.join(', ')}, got ${quote(text)}${hint ? ` (did you mean '${hint}'?)` : ''}`);
	}
	return text as T;
}

export interface ViewFlags {
	readonly cols?: string;
	readonly rows?: string;
	readonly lang?: string;
	readonly theme?: string;
	readonly ascii?: boolean;
	/** --keys draws the key bar in a recording or a picture, which has none unless asked. */
	readonly keys?: boolean;
}

/**
 * The size of a headless terminal: small enough to stay cheap, large enough for any dashboard
 * (the rows a scenario's dashboard needs depend on its clients: drawable.ts checks them).
 */
export const frameLimits = {cols: {min: minDashboardWidth, max: 1000}, rows: {min: minDashboardRows, max: 500}} as const;

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
		// Nobody watching a recording or a picture can press a key: no key bar unless --keys asks for one.
		keyBar: flags.keys ?? false,
	};
}
