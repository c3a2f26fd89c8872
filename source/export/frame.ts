// A React element drawn headless into a fixed-size frame: the dashboard's own components, with
// no terminal behind them, so recordings and prints never depend on the environment (Ink's live
// renderer changes what it writes when it sees CI or a non-TTY stdout; renderToString does not).

import chalk from 'chalk';
import {renderToString} from 'ink';
import type {ReactNode} from 'react';

export interface FrameSize {
	readonly cols: number;
	readonly rows: number;
}

/** One screen: exactly `rows` lines, with their ANSI styling when drawn `styled`, else plain text. */
export type Frame = readonly string[];

/** The chalk level of styled frames: 24-bit, what the asciinema player and modern terminals show. */
const styledLevel = 3;

/**
 * `styled` decides whether any escape code is written (bold and inverse too); whether the
 * element uses colours is its own business (the dashboard's `color` prop).
 */
export function renderFrame(node: ReactNode, size: FrameSize, styled: boolean): Frame {
	// chalk picks its level from the environment (TTY, CI, FORCE_COLOR): a frame must not.
	const level = chalk.level;
	chalk.level = styled ? styledLevel : 0;
	let text: string;
	try {
		text = renderToString(node, {columns: size.cols});
	} finally {
		chalk.level = level;
	}
	const lines = text.split('\n').slice(0, size.rows);
	while (lines.length < size.rows) lines.push('');
	return lines;
}
