// Rows on the screen: one Ink text node, a line each. React and Ink spend time on every node of
// every frame, and the rows are laid out already.

import {Text} from 'ink';
import {paintRow, type Row, shownRow} from './panes/rows.js';
import {useLook} from './useLook.js';

/** Rows fitted to `width` and spelled for the look. */
export function Rows({rows, width}: {readonly rows: readonly Row[]; readonly width: number}) {
	const look = useLook();
	return <FittedRows rows={rows.map(row => shownRow(row, width, look))} />;
}

/** Rows already fitted (the dashboard fits its own). */
export function FittedRows({rows}: {readonly rows: readonly Row[]}) {
	const look = useLook();
	return <Text wrap="truncate">{rows.map(row => paintRow(row, look)).join('\n')}</Text>;
}
