// How the dashboard looks: its language, a theme (colours for each role a piece of text plays),
// whether colour is allowed at all (NO_COLOR, --no-color) and the glyphs (Unicode, or ASCII for
// plain fonts).

import type {ForegroundColorName} from 'chalk';
import type {Lang} from '../text/narration.js';

export type ThemeName = 'dark' | 'light' | 'contrast';
export const themeNames: readonly ThemeName[] = ['dark', 'light', 'contrast'];

/**
 * What a piece of text is, not how it looks: the theme decides that. `dim` is text of less weight
 * (older events, notes), still to be read from the back of a room; `decoration` is never letters
 * or digits: rules, separators and the signs of what is still to come, the one role a theme may
 * draw grey.
 */
export type Role = 'plain' | 'title' | 'label' | 'dim' | 'decoration' | 'accent' | 'ok' | 'bad' | 'warn' | 'selected' | 'banner' | 'alarm' | 'key' | 'blank';

export interface Style {
	readonly color?: ForegroundColorName;
	/** A foreground colour's name: Ink's <Text> spelling, made `bgRed` etc. when styled. */
	readonly backgroundColor?: ForegroundColorName;
	readonly bold?: boolean;
	readonly inverse?: boolean;
	readonly dimColor?: boolean;
}

const themes: Record<ThemeName, Record<Role, Style>> = {
	// Grey text fades on a projector: labels and notes in the terminal's own colour, grey only for lines.
	dark: {
		plain: {},
		title: {color: 'cyanBright', bold: true},
		label: {},
		dim: {},
		decoration: {color: 'gray'},
		accent: {color: 'cyan', bold: true},
		ok: {color: 'green', bold: true},
		bad: {color: 'redBright', bold: true},
		warn: {color: 'yellow', bold: true},
		selected: {color: 'cyanBright', bold: true},
		banner: {color: 'whiteBright', backgroundColor: 'red', bold: true},
		alarm: {color: 'black', backgroundColor: 'yellow', bold: true},
		key: {color: 'cyan', bold: true},
		blank: {backgroundColor: 'black'},
	},
	// Yellow and grey vanish on white: darker hues, no dimming, grey only for lines.
	light: {
		plain: {},
		title: {color: 'blue', bold: true},
		label: {},
		dim: {},
		decoration: {color: 'blackBright'},
		accent: {color: 'blue', bold: true},
		ok: {color: 'green', bold: true},
		bad: {color: 'red', bold: true},
		warn: {color: 'magenta', bold: true},
		selected: {color: 'blue', bold: true},
		banner: {color: 'whiteBright', backgroundColor: 'red', bold: true},
		alarm: {color: 'whiteBright', backgroundColor: 'magenta', bold: true},
		key: {color: 'blue', bold: true},
		blank: {backgroundColor: 'black'},
	},
	// For projectors that wash colours out: bright colours, bold, and inverse where it matters.
	contrast: {
		plain: {bold: true},
		title: {color: 'whiteBright', bold: true},
		label: {color: 'whiteBright'},
		dim: {color: 'white'},
		decoration: {color: 'white'},
		accent: {color: 'cyanBright', bold: true},
		ok: {color: 'greenBright', bold: true},
		bad: {color: 'redBright', bold: true, inverse: true},
		warn: {color: 'yellowBright', bold: true},
		selected: {color: 'black', backgroundColor: 'whiteBright', bold: true},
		banner: {color: 'whiteBright', backgroundColor: 'red', bold: true},
		alarm: {color: 'black', backgroundColor: 'yellowBright', bold: true},
		key: {color: 'yellowBright', bold: true},
		blank: {backgroundColor: 'black'},
	},
};

/** Without colour, emphasis survives as bold and inverse so that nothing important disappears. */
const colorless: Record<Role, Style> = {
	plain: {},
	title: {bold: true},
	label: {},
	dim: {},
	decoration: {},
	accent: {bold: true},
	ok: {bold: true},
	bad: {bold: true},
	warn: {bold: true},
	selected: {bold: true},
	banner: {inverse: true, bold: true},
	alarm: {inverse: true},
	key: {bold: true},
	blank: {},
};

export interface Glyphs {
	readonly rule: string;
	readonly pointer: string;
	readonly ok: string;
	readonly bad: string;
	readonly warn: string;
	readonly ellipsis: string;
	/** Lease ruler: time still left, time used up, its ends. */
	readonly leaseLeft: string;
	readonly leaseUsed: string;
	readonly leaseStart: string;
	readonly leaseEnd: string;
	/** Timeline lanes. */
	readonly holds: string;
	readonly stale: string;
	readonly gc: string;
	readonly expired: string;
	readonly sent: string;
	readonly crashed: string;
	readonly restarted: string;
	/** A clock stepped ahead or back: a break in a node's lane. */
	readonly jumped: string;
	/** A client's links cut (a partition), and restored. */
	readonly cut: string;
	readonly healed: string;
	readonly released: string;
	readonly renewed: string;
	/** A renewal or an acquire the lock service turned away. */
	readonly renewRefused: string;
	readonly acquireRefused: string;
	/** A request no node answered (after `+`, `[` or `]`). */
	readonly unanswered: string;
	/** A node's lock-delay window: it grants nobody. */
	readonly lockDelay: string;
	/** What several nodes did at one moment, counted: `[A×3` (A's keys), `✂×5`. */
	readonly times: string;
	readonly violation: string;
	/** A lock request travelling to the nodes, its reply travelling back, and one lost on the way. */
	readonly request: string;
	readonly reply: string;
	readonly lost: string;
	/** After the reply's sign: it reached a frozen client and waits unread. */
	readonly unread: string;
}

const unicodeGlyphs: Glyphs = {
	rule: '─',
	pointer: '▸',
	ok: '✓',
	bad: '✗',
	warn: '!',
	ellipsis: '…',
	leaseLeft: '━',
	leaseUsed: '·',
	leaseStart: '├',
	leaseEnd: '┤',
	holds: '─',
	stale: '┄',
	gc: '▒',
	expired: '✂',
	sent: '›',
	crashed: '✕',
	restarted: '↺',
	jumped: '≈',
	cut: '‖',
	healed: '⇌',
	released: ']',
	renewed: '+',
	renewRefused: '+✗',
	acquireRefused: '[✗',
	unanswered: '?',
	lockDelay: '═',
	times: '×',
	violation: '!',
	request: '→',
	reply: '←',
	lost: '↯',
	unread: '·',
};

const asciiGlyphs: Glyphs = {
	rule: '-',
	pointer: '>',
	ok: 'v',
	bad: 'x',
	warn: '!',
	ellipsis: '...',
	leaseLeft: '=',
	leaseUsed: '.',
	leaseStart: '|',
	leaseEnd: '|',
	holds: '-',
	stale: '.',
	gc: '#',
	expired: '/',
	sent: '>',
	crashed: 'X',
	restarted: 'R',
	jumped: '~',
	cut: '||',
	healed: '<>',
	released: ']',
	renewed: '+',
	renewRefused: '+x',
	acquireRefused: '[x',
	unanswered: '?',
	lockDelay: '%',
	times: '*',
	violation: '!',
	request: ')',
	reply: '(',
	lost: '^',
	unread: '.',
};

/** What the command line chose. */
export interface LookOptions {
	readonly lang: Lang;
	readonly theme: ThemeName;
	readonly ascii: boolean;
	readonly color: boolean;
}

export interface Look {
	readonly lang: Lang;
	readonly styles: Record<Role, Style>;
	readonly glyphs: Glyphs;
	readonly ascii: boolean;
}

export function makeLook({lang, theme, ascii, color}: LookOptions): Look {
	return {lang, styles: color ? themes[theme] : colorless, glyphs: ascii ? asciiGlyphs : unicodeGlyphs, ascii};
}

/** Symbols that words and key names use, and what a plain font shows instead. */
const asciiSymbols: Record<string, string> = {
	'→': '->',
	'←': '<-',
	'↑': 'Up',
	'↓': 'Down',
	'—': '-',
	'−': '-',
	'·': '-',
	'…': '...',
	'✓': 'v',
	'✗': 'x',
	'▸': '>',
};
const asciiPattern = new RegExp(`[${Object.keys(asciiSymbols).join('')}]`, 'gu');

/** Text with the symbols of asciiSymbols spelled out; letters of any script stay as they are. */
export const asciiText = (text: string): string => text.replace(asciiPattern, symbol => asciiSymbols[symbol]!);
