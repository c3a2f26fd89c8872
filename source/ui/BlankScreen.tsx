// A blanked screen, as presentation programs show one: black to the edges (the bottom row is the
// terminal's own, as Ink clears a screen it fills).

import {repeated} from './panes/rows.js';
import {Rows} from './Rows.js';

export function BlankScreen({columns, rows}: {readonly columns: number; readonly rows: number}) {
	return <Rows rows={Array.from({length: rows - 1}, () => [repeated(' ', columns, 'blank')])} width={columns} />;
}
