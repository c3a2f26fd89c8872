// The one-line key bar: the keys a presenter needs most, shortened to the width; or, while a
// command is being typed, the command line.

import {type CommandProblem, commandProblemText} from '../../model/command.js';
import {selectedClientName} from '../../session/session.js';
import {fit} from '../../text/fit.js';
import {labelsFor} from '../labels.js';
import {type PaneProps, piece, type Row, rowWidth} from './rows.js';

export interface Prompt {
	readonly text: string;
	/** Why the last command typed could not be read, shown (in the dashboard's language) until the text changes. */
	readonly error: CommandProblem | null;
}

export interface KeyBarProps extends PaneProps {
	readonly prompt: Prompt | null;
	/** Seconds between steps while autoplay runs, else null. */
	readonly autoplay: number | null;
}

export function keyBarRow({session, width, look, prompt, autoplay}: KeyBarProps): Row {
	const words = labelsFor(look.lang).keyBar;
	if (prompt) {
		const head = [piece(':', 'key'), piece(prompt.text), piece('_', 'accent')];
		const error = prompt.error
			? [piece('  '), piece(fit(commandProblemText(prompt.error, look.lang), Math.max(0, width - rowWidth(head) - 2), look.glyphs.ellipsis), 'warn')]
			: [];
		return [...head, ...error];
	}
	const client = selectedClientName(session) ?? '-';
	const items: [string, string][] = [
		['Space', words.next],
		['←', words.back],
		['Tab', `${words.client} ${client}`],
		['p', `GC ${session.pauseLength} (-/+)`],
		['a', words.acquire],
		['w', words.write],
		['F', words.fencing],
		['t', 'tick'],
		[':', words.command],
		['v', words.variant],
	];
	const always: [string, string][] = [
		['?', words.help],
		['q', words.quit],
	];
	const lead: Row = autoplay === null ? [] : [piece(` ${words.auto} ${autoplay}s `, 'alarm'), piece(' ')];
	const render = (list: [string, string][]): Row => [
		...lead,
		...list.flatMap(([key, what], index) => [...(index > 0 ? [piece('  ')] : []), piece(key, 'key'), piece(` ${what}`, 'dim')]),
	];
	// Drop the least needed keys first; help and quit always stay.
	for (let count = items.length; count >= 0; count -= 1) {
		const row = render([...items.slice(0, count), ...always]);
		if (rowWidth(row) <= width) return row;
	}
	return render(always);
}
