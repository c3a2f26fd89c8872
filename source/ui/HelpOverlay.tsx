// `?`: every key, in the chosen language, over the whole screen.

import type {Lang} from '../scenario/narration.js';
import {fit, pad} from '../text/fit.js';
import {widthOf} from '../text/width.js';
import {keyDescription, keyHelp} from './keys.js';
import {labelsFor} from './labels.js';
import type {Look} from './look.js';
import {piece, type Row, Rows, titleRule} from './Rows.js';

export interface HelpProps {
	readonly width: number;
	readonly lang: Lang;
	readonly look: Look;
}

export function helpRows({width, lang, look}: HelpProps): Row[] {
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

export function HelpOverlay(props: HelpProps) {
	return <Rows rows={helpRows(props)} width={props.width} look={props.look} />;
}
