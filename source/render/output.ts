// A faster stand-in for Ink's Output, the grid every frame is drawn into; the build puts it in
// place of Ink's own (scripts/build.mjs). Ink splits every line of every frame into one object per
// character and joins them again, about 17 ms a frame at 200x60. The dashboard's frame is one line
// of text per row, starting at the left edge, each already styled: such a row can be written as it
// is. Anything else (a clip, two writes on one row, an escape code other than a colour or a text
// style) goes to Ink's own Output, so what is drawn never changes, only how fast.

/** One of Ink's per-line transforms: what a <Text>'s colour props and <Transform> do to a line. */
type Transformer = (line: string, index: number) => string;

interface OutputOptions {
	readonly width: number;
	readonly height: number;
}

interface Clip {
	readonly x1: number | undefined;
	readonly x2: number | undefined;
	readonly y1: number | undefined;
	readonly y2: number | undefined;
}

/** What Ink's renderer calls on its Output. */
export interface InkOutput {
	readonly width: number;
	readonly height: number;
	write(x: number, y: number, text: string, options: {transformers: Transformer[]}): void;
	clip(clip: Clip): void;
	unclip(): void;
	get(): {output: string; height: number};
}

export type InkOutputClass = new (options: OutputOptions) => InkOutput;

export type OutputOperation =
	| {readonly type: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly transformers: Transformer[]}
	| {readonly type: 'clip'; readonly clip: Clip}
	| {readonly type: 'unclip'};

/** Ink's Output with rows of plain styled text written straight through; `Original` draws the rest. */
export function withStraightRows(Original: InkOutputClass): InkOutputClass {
	return class StraightRowsOutput implements InkOutput {
		readonly width: number;
		readonly height: number;
		private readonly operations: OutputOperation[] = [];

		constructor(options: OutputOptions) {
			this.width = options.width;
			this.height = options.height;
		}

		write(x: number, y: number, text: string, {transformers}: {transformers: Transformer[]}): void {
			// Ink's Output drops empty writes too.
			if (text) this.operations.push({type: 'write', x, y, text, transformers});
		}

		clip(clip: Clip): void {
			this.operations.push({type: 'clip', clip});
		}

		unclip(): void {
			this.operations.push({type: 'unclip'});
		}

		get(): {output: string; height: number} {
			const rows = straightRows(this.operations, this.height);
			if (rows) return {output: rows.join('\n'), height: this.height};
			const original = new Original({width: this.width, height: this.height});
			for (const operation of this.operations) {
				if (operation.type === 'write') original.write(operation.x, operation.y, operation.text, {transformers: operation.transformers});
				else if (operation.type === 'clip') original.clip(operation.clip);
				else original.unclip();
			}
			return original.get();
		}
	};
}

/** The frame's rows when every write is whole lines at the left edge, one per row, styled only by SGR codes; else null. */
function straightRows(operations: readonly OutputOperation[], height: number): string[] | null {
	const rows: (string | undefined)[] = Array.from({length: height});
	for (const operation of operations) {
		if (operation.type !== 'write' || operation.x !== 0 || operation.y < 0) return null;
		const lines = operation.text.split('\n');
		for (let index = 0; index < lines.length; index += 1) {
			const y = operation.y + index;
			// Ink drops lines below the frame.
			if (y >= height) break;
			if (rows[y] !== undefined) return null;
			let line = lines[index]!;
			for (const transform of operation.transformers) line = transform(line, index);
			if (!endsUnstyled(line)) return null;
			// Ink trims each row's end the same way.
			rows[y] = line.trimEnd();
		}
	}
	return rows.map(row => row ?? '');
}

/**
 * Whether every escape code in `line` is a colour or text style (SGR) and all of them are ended by
 * its end: then the terminal shows the line as Ink's grid would, cell for cell, and the row after
 * it starts unstyled. Anything else (a cursor move, a link, an 8-bit code) is left to Ink.
 */
export function endsUnstyled(line: string): boolean {
	if (line.includes('\u009B')) return false;
	let open = 0;
	for (let at = line.indexOf('\u001B'); at !== -1; at = line.indexOf('\u001B', at + 1)) {
		if (line.charCodeAt(at + 1) !== 0x5B) return false;
		const end = sgrEnd(line, at + 2);
		if (end === -1) return false;
		open = applySgr(line.slice(at + 2, end), open);
		if (open === -1) return false;
		at = end;
	}
	return open === 0;
}

/** The index of the `m` that ends an SGR code whose parameters start at `from`, or -1 if it is not one. */
function sgrEnd(line: string, from: number): number {
	for (let index = from; index < line.length; index += 1) {
		const code = line.charCodeAt(index);
		if (code === 0x6D) return index;
		// Digits and semicolons only.
		if (!((code >= 0x30 && code <= 0x39) || code === 0x3B)) return -1;
	}
	return -1;
}

/** One bit for each attribute an SGR code can begin. */
const attribute = {intensity: 1, italic: 2, underline: 4, blink: 8, inverse: 16, hidden: 32, strike: 64, overline: 128, foreground: 256, background: 512};

/** What each SGR parameter begins (an attribute) or ends (the attribute it resets). */
const begins = new Map<number, number>([
	[1, attribute.intensity],
	[2, attribute.intensity],
	[3, attribute.italic],
	[4, attribute.underline],
	[5, attribute.blink],
	[6, attribute.blink],
	[7, attribute.inverse],
	[8, attribute.hidden],
	[9, attribute.strike],
	[21, attribute.underline],
	[53, attribute.overline],
]);
const ends = new Map<number, number>([
	[22, attribute.intensity],
	[23, attribute.italic],
	[24, attribute.underline],
	[25, attribute.blink],
	[27, attribute.inverse],
	[28, attribute.hidden],
	[29, attribute.strike],
	[39, attribute.foreground],
	[49, attribute.background],
	[55, attribute.overline],
]);

/** The open attributes after one SGR code's parameters; -1 for a parameter it does not know. */
function applySgr(parameters: string, open: number): number {
	const numbers = parameters === '' ? [0] : parameters.split(';').map(Number);
	for (let index = 0; index < numbers.length; index += 1) {
		const code = numbers[index]!;
		if (code === 0) open = 0;
		else if (begins.has(code)) open |= begins.get(code)!;
		else if (ends.has(code)) open &= ~ends.get(code)!;
		else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) open |= attribute.foreground;
		else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) open |= attribute.background;
		else if (code === 38 || code === 48) {
			// 38;5;n or 38;2;r;g;b
			const skip = numbers[index + 1] === 5 ? 2 : numbers[index + 1] === 2 ? 4 : -1;
			if (skip < 0 || index + skip >= numbers.length) return -1;
			open |= code === 38 ? attribute.foreground : attribute.background;
			index += skip;
		} else return -1;
	}
	return open;
}
