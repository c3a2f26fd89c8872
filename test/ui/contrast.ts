// Contrast as WCAG 2.x measures it (relative luminance), and the colours a cell or a role is drawn
// in, as the palette of each theme's terminal (source/export/palette.ts) paints them.

import type {Palette} from '../../source/export/palette.js';
import type {Style} from '../../source/ui/look.js';

/** WCAG AA for text: every letter and digit a viewer must read. */
export const textContrast = 4.5;
/** WCAG AA for what is not text (WCAG 2.1, 1.4.11): the lines and signs of decoration. */
export const signContrast = 3;

const channel = (value: number) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);

/** The relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
	const [r, g, b] = [1, 3, 5].map(at => channel(Number.parseInt(hex.slice(at, at + 2), 16) / 255)) as [number, number, number];
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** From 1 (the same) to 21 (black on white), whichever of the two is lighter. */
export function contrastRatio(a: string, b: string): number {
	const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
	return (lighter + 0.05) / (darker + 0.05);
}

export interface Colours {
	readonly text: string;
	readonly background: string;
}

const ansiNames = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];

/** A chalk colour name's place among the 16 ANSI colours: `red` 1, `redBright` 9, `gray` 8. */
function ansiIndex(name: string): number {
	if (name === 'gray' || name === 'grey') return 8;
	const bright = name.endsWith('Bright');
	const index = ansiNames.indexOf(bright ? name.slice(0, -'Bright'.length) : name);
	if (index < 0) throw new Error(`not an ANSI colour: ${name}`);
	return index + (bright ? 8 : 0);
}

/** What a role's style paints: its colours, or the terminal's, swapped when inverse. */
export function styleColours(style: Style, palette: Palette): Colours {
	const text = style.color ? palette.ansi[ansiIndex(style.color)]! : palette.foreground;
	const background = style.backgroundColor ? palette.ansi[ansiIndex(style.backgroundColor)]! : palette.background;
	return style.inverse ? {text: background, background: text} : {text, background};
}

/** What a cell's SGR parameters paint (30-37 and 90-97 its text, 40-47 and 100-107 its background, 7 inverse), as a terminal does. */
export function sgrColours(parameters: readonly number[], palette: Palette): Colours {
	let text = palette.foreground;
	let background = palette.background;
	let inverse = false;
	for (const code of parameters) {
		if (code === 0) [text, background, inverse] = [palette.foreground, palette.background, false];
		else if (code === 7) inverse = true;
		else if (code === 27) inverse = false;
		else if (code >= 30 && code <= 37) text = palette.ansi[code - 30]!;
		else if (code >= 90 && code <= 97) text = palette.ansi[code - 90 + 8]!;
		else if (code === 39) text = palette.foreground;
		else if (code >= 40 && code <= 47) background = palette.ansi[code - 40]!;
		else if (code >= 100 && code <= 107) background = palette.ansi[code - 100 + 8]!;
		else if (code === 49) background = palette.background;
	}
	return inverse ? {text: background, background: text} : {text, background};
}
