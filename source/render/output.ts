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

const escape = '\u001B';
const sgr = /\u001B\[([\d;]*)m/g;

/**
 * Whether every escape code in `line` is a colour or text style (SGR) and all of them are ended by
 * its end: then the terminal shows the line as Ink's grid would, cell for cell, and the row after
 * it starts unstyled. Anything else is left to Ink.
 */
export function endsUnstyled(line: string): boolean {
	if (!line.includes(escape)) return !line.includes('\u009B');
	if (line.includes('\u009B')) return false;
	let codes = 0;
	const open = new Set<string>();
	for (const match of line.matchAll(sgr)) {
		codes += 1;
		if (!applySgr(match[1]!, open)) return false;
	}
	// An escape that is not an SGR code (a cursor move, a link) is Ink's to handle.
	return open.size === 0 && codes === line.split(escape).length - 1;
}

/** What each SGR parameter starts (the attribute it sets) or ends (the attributes it resets). */
const starts = new Map<number, string>([
	[1, 'intensity'],
	[2, 'intensity'],
	[3, 'italic'],
	[4, 'underline'],
	[5, 'blink'],
	[6, 'blink'],
	[7, 'inverse'],
	[8, 'hidden'],
	[9, 'strike'],
	[21, 'underline'],
	[53, 'overline'],
]);
const ends = new Map<number, string>([
	[22, 'intensity'],
	[23, 'italic'],
	[24, 'underline'],
	[25, 'blink'],
	[27, 'inverse'],
	[28, 'hidden'],
	[29, 'strike'],
	[39, 'foreground'],
	[49, 'background'],
	[55, 'overline'],
]);

/** Applies one SGR code's parameters to the set of open attributes; false for a parameter it does not know. */
function applySgr(parameters: string, open: Set<string>): boolean {
	const numbers = parameters === '' ? [0] : parameters.split(';').map(Number);
	for (let index = 0; index < numbers.length; index += 1) {
		const code = numbers[index]!;
		if (code === 0) open.clear();
		else if (starts.has(code)) open.add(starts.get(code)!);
		else if (ends.has(code)) open.delete(ends.get(code)!);
		else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) open.add('foreground');
		else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) open.add('background');
		else if (code === 38 || code === 48) {
			// 38;5;n or 38;2;r;g;b
			const skip = numbers[index + 1] === 5 ? 2 : numbers[index + 1] === 2 ? 4 : -1;
			if (skip < 0 || index + skip >= numbers.length) return false;
			open.add(code === 38 ? 'foreground' : 'background');
			index += skip;
		} else return false;
	}
	return true;
}
