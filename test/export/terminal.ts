// A terminal emulator for tests: plays bytes into @xterm/headless and reads back what a person
// would see, as text or cell by cell with colours and attributes.

import xterm from '@xterm/headless';

export type Terminal = InstanceType<typeof xterm.Terminal>;

export function playInto(chunks: readonly string[], cols: number, rows: number): Terminal {
	const terminal = new xterm.Terminal({cols, rows, allowProposedApi: true});
	for (const chunk of chunks) writeInto(terminal, chunk);
	return terminal;
}

interface WithWriteBuffer {
	readonly _core: {readonly _writeBuffer?: {writeSync(data: string): void}};
}

/**
 * Plays `data` into the terminal now. xterm's public write() parses on a later timer tick and
 * calls back after it, about a millisecond of idle waiting each: most of the time of the tests
 * that write frame by frame. Its write buffer's writeSync runs the same parser at once (what it
 * cannot do, wait for an asynchronous escape handler, none of these terminals has).
 */
export function writeInto(terminal: Terminal, data: string): void {
	const writeBuffer = (terminal as unknown as WithWriteBuffer)._core._writeBuffer;
	if (!writeBuffer) throw new Error('@xterm/headless has no _core._writeBuffer.writeSync any more: play data with terminal.write(data, callback)');
	writeBuffer.writeSync(data);
}

/** The visible rows as text, trailing blanks trimmed. */
export function screenText(terminal: Terminal): string[] {
	const buffer = terminal.buffer.active;
	const lines: string[] = [];
	for (let row = 0; row < terminal.rows; row += 1) lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
	return lines;
}

/** The visible rows cell by cell: character, width, colours and attributes. */
export function screenCells(terminal: Terminal): string[] {
	const buffer = terminal.buffer.active;
	const rows: string[] = [];
	// One cell read into again and again: a new one for each of the screen's cells is most of the cost.
	let cell: ReturnType<NonNullable<ReturnType<typeof buffer.getLine>>['getCell']>;
	for (let row = 0; row < terminal.rows; row += 1) {
		const line = buffer.getLine(buffer.viewportY + row)!;
		// Joined once rather than added to cell by cell: a row built by += is a chain of pieces
		// that every comparison of two screens walks and copies again.
		const cells: string[] = [];
		for (let column = 0; column < terminal.cols; column += 1) {
			cell = line.getCell(column, cell)!;
			const attributes = `${cell.isBold()}${cell.isDim()}${cell.isItalic()}${cell.isUnderline()}${cell.isInverse()}`;
			cells.push(
				`${cell.getChars() || ' '}/${cell.getWidth()}/${cell.getFgColorMode()}:${cell.getFgColor()}/${cell.getBgColorMode()}:${cell.getBgColor()}/${attributes}`,
			);
		}
		rows.push(cells.join(' '));
	}
	return rows;
}
