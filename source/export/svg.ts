// Frames as SVG pictures: a still of one frame, or an animation of a recording's shots that holds
// each frame as long as the cast holds it, looping. Self-contained: CSS only, no script, no link,
// no font file.
//
// By hand because the tools that turn terminal output into SVG (svg-term, ansi-to-svg) place text
// by its length in characters, so every column after a wide character (Japanese) is off by one.
// Here the frames are read into the same grid of cells as the cast (screen.ts) and every character
// gets the x of its own column, whatever the widths of the font that draws it.

import type {ThemeName} from '../ui/look.js';
import type {Shot} from './asciicast.js';
import {type Palette, palettes} from './palette.js';
import type {Frame, FrameSize} from './frame.js';
import {rowSlots, type Slot} from './screen.js';

// Sizes in the picture's own units: a cell 6 wide and 12 tall for a font of 10, as monospace fonts
// advance 0.6 em; whole numbers keep the file small. The picture is drawn 1.4 times that size.
const cellWidth = 6;
const cellHeight = 12;
const fontSize = 10;
/** From the top of a row to the baseline of its text. */
const baseline = 9;
const margin = 6;
const pixelsPerUnit = 1.4;

const fontFamily = 'ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono","Liberation Mono",monospace';

/** Where the cells of a picture are, in its viewBox's units: column c starts at `margin + c * cellWidth`. */
export const svgLayout = {cellWidth, cellHeight, margin} as const;

/** How a cell is drawn: the classes of its text and of its background (null: the terminal's own). */
interface CellLook {
	readonly text: string;
	readonly background: string | null;
}

/** Colour classes: `c3` fills text with ANSI colour 3, `k3` a background; `f` and `g` are the terminal's text and background. */
const textColour = (colour: number | 'f' | 'g') => `c${colour}`;
const backgroundColour = (colour: number | 'f' | 'g') => `k${colour}`;

/**
 * The SGR codes of a cell (what Ink writes for the dashboard's styles: bold, faint, inverse and the
 * 16 colours) as classes. Inverse swaps the text and background colours, as a terminal does.
 */
function cellLook(codes: readonly string[]): CellLook {
	let foreground: number | 'f' = 'f';
	let background: number | 'g' = 'g';
	let bold = false;
	let faint = false;
	let inverse = false;
	for (const code of codes) {
		for (const parameter of code.slice(2, -1).split(';').map(Number)) {
			if (parameter === 1) bold = true;
			else if (parameter === 2) faint = true;
			else if (parameter === 7) inverse = true;
			else if (parameter >= 30 && parameter <= 37) foreground = parameter - 30;
			else if (parameter >= 90 && parameter <= 97) foreground = parameter - 90 + 8;
			else if (parameter >= 40 && parameter <= 47) background = parameter - 40;
			else if (parameter >= 100 && parameter <= 107) background = parameter - 100 + 8;
		}
	}
	const [text, back] = inverse ? [background, foreground] : [foreground, background];
	return {text: [textColour(text), ...(bold ? ['b'] : []), ...(faint ? ['d'] : [])].join(' '), background: back === 'g' ? null : backgroundColour(back)};
}

/** Text as XML: markup escaped, and what XML cannot hold at all (a lone surrogate, U+FFFF) shown as U+FFFD. */
const escapeXml = (text: string) =>
	text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');

/**
 * Up to this many spaces stay inside a run of text (a space draws only its background, drawn
 * apart, so its style does not matter); a longer gap ends the run rather than place every space.
 */
const maxJoinedSpaces = 3;

/**
 * Draws frames into SVG elements, reading each distinct line and style once, and remembers which
 * classes it used so that the stylesheet holds only those.
 */
class Painter {
	readonly classes = new Set<string>();
	private readonly looks = new Map<string, CellLook>();
	private readonly rows = new Map<string, string>();

	constructor(private readonly cols: number) {}

	private look(slot: Slot): CellLook {
		let look = this.looks.get(slot.style);
		if (look === undefined) {
			look = cellLook(slot.char.styles.map(style => style.code));
			this.looks.set(slot.style, look);
			for (const name of [...look.text.split(' '), ...(look.background === null ? [] : [look.background])]) this.classes.add(name);
		}
		return look;
	}

	/** The elements of a frame: each row's backgrounds, then its text. */
	frame(frame: Frame): string {
		return frame.map((line, row) => this.row(line, row)).join('');
	}

	private row(line: string, row: number): string {
		const key = `${row}\u0000${line}`;
		let drawn = this.rows.get(key);
		if (drawn === undefined) {
			drawn = this.draw(rowSlots(line, this.cols), margin + row * cellHeight);
			this.rows.set(key, drawn);
		}
		return drawn;
	}

	private draw(slots: readonly Slot[], top: number): string {
		let out = '';
		const looks = slots.map(slot => this.look(slot));
		// Backgrounds: one rectangle for each stretch of cells of one colour.
		for (let start = 0; start < slots.length; ) {
			const background = looks[start]!.background;
			let end = start + 1;
			while (end < slots.length && looks[end]!.background === background) end += 1;
			if (background !== null) {
				out += `<rect x="${margin + start * cellWidth}" y="${top}" width="${(end - start) * cellWidth}" height="${cellHeight}" class="${background}"/>`;
			}
			start = end;
		}
		// Text: runs of one style, each character at the x of its column (a code point each, as SVG counts them).
		let run: {text: string; xs: number[]; look: string; spaces: number} | null = null;
		const finish = () => {
			if (run === null) return;
			const text = run.text.slice(0, run.text.length - run.spaces);
			const xs = run.xs.slice(0, run.xs.length - run.spaces);
			out += `<text x="${xs.join(' ')}" y="${top + baseline}" class="${run.look}">${escapeXml(text)}</text>`;
			run = null;
		};
		for (const [column, slot] of slots.entries()) {
			if (!slot.lead) continue;
			const value = slot.char.value;
			const x = margin + column * cellWidth;
			if (value === ' ') {
				if (run === null) continue;
				if (run.spaces === maxJoinedSpaces) finish();
				else {
					run.text += ' ';
					run.xs.push(x);
					run.spaces += 1;
				}
				continue;
			}
			const look = looks[column]!.text;
			if (run !== null && run.look !== look) finish();
			run ??= {text: '', xs: [], look, spaces: 0};
			run.text += value;
			for (const _ of value) run.xs.push(x);
			run.spaces = 0;
		}
		finish();
		return out;
	}

	/** The rules for the classes used, in the palette's colours. */
	stylesheet(palette: Palette): string {
		const colour = (name: string) => {
			const which = name.slice(1);
			return which === 'f' ? palette.foreground : which === 'g' ? palette.background : palette.ansi[Number(which)]!;
		};
		const rules = [...this.classes].sort().map(name => {
			if (name === 'b') return '.b{font-weight:bold}';
			if (name === 'd') return '.d{opacity:.5}';
			return `.${name}{fill:${colour(name)}}`;
		});
		return `text{font-family:${fontFamily};font-size:${fontSize}px;white-space:pre}${rules.join('')}`;
	}
}

export interface PictureOptions extends FrameSize {
	readonly theme: ThemeName;
	/** What the picture shows, for screen readers and as the tooltip. */
	readonly title: string;
}

/** The document around the frames: size, title, styles and the terminal's background. */
function picture(options: PictureOptions, styles: string, body: string): string {
	const width = 2 * margin + options.cols * cellWidth;
	const height = 2 * margin + options.rows * cellHeight;
	const size = (units: number) => Math.round(units * pixelsPerUnit);
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${size(width)}" height="${size(height)}" viewBox="0 0 ${width} ${height}" role="img">`,
		`<title>${escapeXml(options.title)}</title>`,
		`<style>${styles}</style>`,
		`<rect width="${width}" height="${height}" rx="4" fill="${palettes[options.theme].background}"/>`,
		body,
		'</svg>',
		'',
	].join('\n');
}

/** One frame as a picture, for a slide. */
export function svgStill(options: PictureOptions, frame: Frame): string {
	const painter = new Painter(options.cols);
	const body = painter.frame(frame);
	return picture(options, painter.stylesheet(palettes[options.theme]), body);
}

export interface SvgAnimation {
	readonly text: string;
	readonly frames: number;
	/** How long one loop lasts. */
	readonly seconds: number;
}

/** Percent of the loop, short: `12.5`. */
const percent = (ms: number, totalMs: number) => Number(((100 * ms) / totalMs).toFixed(3));

/**
 * Every shot as a frame of its own, shown for its hold time, then the loop starts again. Each
 * frame is a group with its own keyframes; `step-end` keeps a value until the next keyframe. A
 * viewer that does not animate, or that asks for less motion, shows the last frame: the end of the story.
 */
export function svgAnimation(options: PictureOptions, shots: readonly Shot[]): SvgAnimation {
	const painter = new Painter(options.cols);
	const totalMs = shots.reduce((sum, shot) => sum + shot.holdMs, 0);
	let at = 0;
	const frames: string[] = [];
	const keyframes: string[] = [];
	for (const [index, shot] of shots.entries()) {
		const start = percent(at, totalMs);
		at += shot.holdMs;
		const stops = [`${start}%{visibility:visible}`, ...(index < shots.length - 1 ? [`${percent(at, totalMs)}%{visibility:hidden}`] : [])];
		keyframes.push(`@keyframes s${index}{${start > 0 ? '0%{visibility:hidden}' : ''}${stops.join('')}}#s${index}{animation-name:s${index}}`);
		frames.push(`<g id="s${index}">${painter.frame(shot.frame)}</g>`);
	}
	const last = `s${shots.length - 1}`;
	const animation = [
		`g{visibility:hidden;animation:${totalMs / 1000}s step-end infinite}#${last}{visibility:visible}`,
		'@media (prefers-reduced-motion:reduce){g{animation:none}}',
		...keyframes,
	].join('');
	const styles = `${painter.stylesheet(palettes[options.theme])}${animation}`;
	return {text: picture(options, styles, frames.join('\n')), frames: shots.length, seconds: totalMs / 1000};
}
