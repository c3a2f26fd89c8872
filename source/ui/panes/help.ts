// `?`: every key, in the chosen language, over the whole screen.

import {fit, pad} from '../../text/fit.js';
import {widthOf} from '../../text/width.js';
import {keyDescription, keyHelp} from '../keys.js';
import {labelsFor} from '../labels.js';
import {type PaneProps, piece, type Row, titleRule} from './rows.js';

export function helpRows({width, look}: Pick<PaneProps, 'width' | 'look'>): Row[] {
	const {lang} = look;
	const labels = labelsFor(lang);
	const keysWidth = Math.max(...keyHelp.map(help => widthOf(help.keys))) + 3;
	const title = titleRule([piece(labels.helpPane, 'title')], width, look, [piece(labels.helpFooter, 'dim')]);
	return [
		title,
		...keyHelp.map(help => [
			piece(` ${pad(help.keys, keysWidth - 1)}`, 'key'),
			piece(fit(keyDescription(help, lang), Math.max(0, width - keysWidth), look.glyphs.ellipsis)),
		]),
		[piece(` ${fit(labels.legend(look.glyphs), width - 2, look.glyphs.ellipsis)}`, 'dim')],
	];
}
