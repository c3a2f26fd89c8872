// `?`: every key and every sign on the screen, in the chosen language, over the whole screen.
// Longer than a small screen: ↓ shows its end (the signs), ↑ its start.

import {fit, pad} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {keyDescription, keyHelp} from '../keys.js';
import {asciiText} from '../look.js';
import {legend, labelsFor, type Sign} from '../labels.js';
import {type PaneProps, piece, type Row, fitHeight, titleRule} from './rows.js';

export interface HelpProps extends Pick<PaneProps, 'width' | 'look'> {
	/** Rows to fill, exactly. */
	readonly height: number;
	/** Scrolled to the end, when the help is longer than the screen. */
	readonly atEnd: boolean;
}

/** Gap between columns of signs. */
const signGap = 3;

/** The signs in as many columns as the width holds, read down each column, meanings aligned in each. */
function signRows(signs: readonly Sign[], width: number): Row[] {
	// Each measured once, not once for every number of columns tried.
	const measured = signs.map(entry => ({...entry, signWidth: widthOf(entry.sign), meaningWidth: widthOf(entry.meaning)}));
	for (let count = signs.length; ; count -= 1) {
		const height = Math.ceil(signs.length / count);
		const columns = Array.from({length: Math.ceil(signs.length / height)}, (_, index) => measured.slice(index * height, (index + 1) * height));
		const signWidths = columns.map(column => Math.max(...column.map(entry => entry.signWidth)));
		const entryWidths = columns.map((column, index) => signWidths[index]! + 1 + Math.max(...column.map(entry => entry.meaningWidth)));
		const total = 1 + entryWidths.reduce((sum, each) => sum + each, 0) + signGap * (columns.length - 1);
		if (total > width && count > 1) continue;
		return Array.from({length: height}, (_, row) => [
			piece(' '),
			...columns.flatMap((column, index) => {
				const entry = column[row];
				if (entry === undefined) return [];
				const signWidth = signWidths[index]!;
				const meaningWidth = entryWidths[index]! - signWidth - 1;
				return [
					piece(index > 0 ? ' '.repeat(signGap) : ''),
					piece(entry.sign + ' '.repeat(signWidth - entry.signWidth), 'key', signWidth),
					piece(` ${entry.meaning}${' '.repeat(meaningWidth - entry.meaningWidth)}`, 'plain', meaningWidth + 1),
				];
			}),
		]);
	}
}

/** The signs under their title: on a tall terminal, below the keys, with rows to spare. */
export const signListRows = ({width, look}: Pick<PaneProps, 'width' | 'look'>): Row[] => [
	titleRule([piece(labelsFor(look.lang).signsPane, 'title')], width, look),
	...signRows(legend(look.glyphs, look.lang), width),
];

export function helpRows({width, height, atEnd, look}: HelpProps): Row[] {
	const {lang} = look;
	const labels = labelsFor(lang);
	// Measured as shown: --ascii spells ↑ as Up.
	const shown = (text: string) => (look.ascii ? asciiText(text) : text);
	const keysWidth = Math.max(...keyHelp.map(help => widthOf(shown(help.keys)))) + 3;
	const body: Row[] = [
		...keyHelp.map(help => [
			piece(` ${pad(shown(help.keys), keysWidth - 1)}`, 'key'),
			piece(fit(keyDescription(help, lang), Math.max(0, width - keysWidth), look.glyphs.ellipsis)),
		]),
		...signListRows({width, look}),
		[piece(` ${fit(labels.faintSigns, width - 2, look.glyphs.ellipsis)}`, 'dim')],
	];
	const room = Math.max(0, height - 1);
	const scrolls = body.length > room;
	const hint = scrolls ? [piece(shown(atEnd ? labels.helpBack : labels.helpMore), 'key'), piece('  ')] : [];
	const title = titleRule([piece(labels.helpPane, 'title')], width, look, [...hint, piece(labels.helpFooter, 'dim')]);
	const start = scrolls && atEnd ? body.length - room : 0;
	return [title, ...fitHeight(body.slice(start, start + room), room)].slice(0, Math.max(0, height));
}
