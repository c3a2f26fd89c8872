// The moves the search tries from every state, as commands: by default what can go wrong with a
// lock (each client acquires, writes, is paused by GC for longer than a lease, resumes) and time
// passing, a tick or a whole lease.

import {type Command, maxDuration, type ParseOptions, parseCommand, printCommand, suggestedWord} from '../model/command.js';
import {maxExploreMoves} from '../scenario/explore-limits.js';
import {quote} from '../text/quote.js';
import {commandProblemText} from '../words/describe.js';

export interface MoveSetup {
	readonly lease: number;
	readonly clients: readonly string[];
}

/** For each client in declared order `acquire C`, `write C`, `pause C <lease+1>`, `resume C`; then `tick 1`, `tick <lease>`. */
export function defaultMoves({lease, clients}: MoveSetup): Command[] {
	const pause = Math.min(lease + 1, maxDuration);
	const moves: Command[] = clients.flatMap((client): Command[] => [
		{kind: 'acquire', client},
		{kind: 'write', client},
		{kind: 'pause', client, n: pause},
		{kind: 'resume', client},
	]);
	moves.push({kind: 'tick', n: 1});
	if (lease !== 1) moves.push({kind: 'tick', n: lease});
	return moves;
}

export type MovesResult = {readonly ok: true; readonly moves: Command[]} | {readonly ok: false; readonly message: string};

/**
 * A list of moves as written on the command line (`acquire A, write A, tick 3`): each one a
 * command for these clients and nodes, once. A mistake is one line naming the move, with a suggestion when
 * a near word fixes it.
 */
export function readMoves(texts: readonly string[], names: Required<ParseOptions>): MovesResult {
	const parsed: Command[] = [];
	for (const [index, text] of texts.entries()) {
		const result = parseCommand(text, names);
		if (!result.ok) {
			const hint = suggestedWord(text, result.error, names);
			return {
				ok: false,
				message: `move ${index + 1} (${quote(text.trim())}): ${commandProblemText(result.error.problem)}${hint === null ? '' : ` (did you mean ${quote(hint)}?)`}`,
			};
		}
		parsed.push(result.command);
	}
	const moves = distinctMoves(parsed);
	if (moves.length === 0) return {ok: false, message: 'expected at least one move, e.g. "acquire A, write A, tick 1"'};
	if (moves.length > maxExploreMoves) return {ok: false, message: `expected at most ${maxExploreMoves} moves, got ${moves.length}`};
	return {ok: true, moves};
}

/** Each move once, in the order first given: the same move twice would only be tried twice. */
export function distinctMoves(moves: readonly Command[]): Command[] {
	const seen = new Set<string>();
	return moves.filter(move => {
		const line = printCommand(move);
		if (seen.has(line)) return false;
		seen.add(line);
		return true;
	});
}

/** `acquire A, write A, tick 3` into its moves; empty items (a trailing comma) are left out. */
export const splitMoves = (list: string): string[] =>
	list
		.split(',')
		.map(text => text.trim())
		.filter(text => text !== '');
