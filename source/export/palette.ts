// The terminal each theme is drawn for: its background, its text and its 16 colours, which the
// pictures paint with and a cast's header names, so that a player shows a recording in them.
// Every colour a theme draws letters in reads at 4.5:1 or more (WCAG AA) against what it is drawn
// on here, banners included: the light terminal's green is darker than most, for white.

import type {ThemeName} from '../ui/look.js';

/** A terminal's colours: its background and text, and the 16 ANSI colours (black, red, ... bright white). */
export interface Palette {
	readonly background: string;
	readonly foreground: string;
	readonly ansi: readonly string[];
}

// The dark and light themes choose their colour names for a dark and a light terminal.
const darkAnsi = [
	'#000000',
	'#cd3131',
	'#0dbc79',
	'#e5e510',
	'#2472c8',
	'#bc3fbc',
	'#11a8cd',
	'#e5e5e5',
	'#767676',
	'#f14c4c',
	'#23d18b',
	'#f5f543',
	'#3b8eea',
	'#d670d6',
	'#29b8db',
	'#ffffff',
];
const lightAnsi = [
	'#000000',
	'#c91b00',
	'#007f00',
	'#a68b00',
	'#0037da',
	'#a100a1',
	'#00848a',
	'#e5e5e5',
	'#666666',
	'#e74856',
	'#16a60c',
	'#c19c00',
	'#3b78ff',
	'#b4009e',
	'#0598bc',
	'#ffffff',
];

export const palettes: Record<ThemeName, Palette> = {
	dark: {background: '#1e1e1e', foreground: '#d4d4d4', ansi: darkAnsi},
	light: {background: '#ffffff', foreground: '#1f1f1f', ansi: lightAnsi},
	contrast: {background: '#000000', foreground: '#ffffff', ansi: darkAnsi},
};
