// `dlock-tui explore <scenario>`: the shortest sequence of moves from the scenario's setup that
// ends in a violation (or two holders, or a rejected write), found breadth-first and written as a
// scenario. The search runs in slices, so that progress is shown on stderr and Ctrl-C stops it
// between two of them.

import {maxExploreStates, replay, startExplore} from '../explore/explore.js';
import {defaultMoves, distinctMoves, readMoves, splitMoves} from '../explore/moves.js';
import {defaultExploreDepth, maxExploreDepth} from '../scenario/explore-limits.js';
import type {SearchStatus} from '../explore/search.js';
import {type TargetName, targetNames, targets} from '../explore/targets.js';
import {exploredScenario} from '../export/explored-scenario.js';
import {printCommand} from '../model/command.js';
import {defaultLease, resolveSetup} from '../model/world.js';
import {loadScenario} from '../scenario/files.js';
import {printable, quote} from '../text/quote.js';
import {didYouMean} from '../text/suggest.js';
import {UsageError} from './errors.js';
import {wholeNumberOption} from './options.js';
import type {TerminalProblem} from './terminal.js';
import {writeOutputFile} from './output-file.js';

export interface ExploreFlags {
	readonly depth?: string;
	readonly moves?: string;
	readonly until?: string;
	readonly output?: string;
	readonly open?: boolean;
}

export interface ExploreIo {
	/** The result: the scenario found when there is no -o, else what was found. */
	readonly write: (text: string) => unknown;
	/** Progress and, when the scenario goes to stdout, what was found. */
	readonly stderr: NodeJS.WriteStream;
	/** Opens a written scenario in the dashboard (--open). */
	readonly open: (file: string) => Promise<void>;
	/** Why the dashboard could not open here (null: it can): --open is refused before the search. */
	readonly terminalProblem: TerminalProblem | null;
	/** Milliseconds, for the slices and the progress line: performance.now, or a test's own clock, so a test sees a second of progress without waiting one. */
	readonly clock?: () => number;
	/** Bytes the process holds: its resident set, or a test's own figure. */
	readonly memory?: () => number;
}

/**
 * The search yields to the event loop this often (a signal is handled only then), and shows
 * progress once it has run this long. The clock is read after every move: one move can take long
 * (a million ticks with heartbeats), and reading it costs far less than a move.
 */
const sliceMs = 50;
/**
 * The most memory a search may hold, in bytes (the process's resident set, read between slices):
 * past it the search stops as it does at maxExploreStates. The states a search can hold in it
 * depend on how big each world is: nine clients' worlds fill it long before 3,000,000 states.
 */
export const maxExploreBytes = 1.2e9;
const progressAfterMs = 1000;
/** Exit status when Ctrl-C stopped the search, as a shell reports a program SIGINT ended. */
export const interruptedExitCode = 130;

/** Resolves to the exit code: 1 found (a counterexample is a failed check), 0 none, 130 stopped by Ctrl-C. */
export async function runExplore(argument: string, flags: ExploreFlags, io: ExploreIo): Promise<number> {
	const target = targets[untilOption(flags.until)];
	const depthFlag = flags.depth === undefined ? undefined : wholeNumberOption('--depth', flags.depth, defaultExploreDepth, {min: 1, max: maxExploreDepth});
	const toFile = flags.output !== undefined && flags.output !== '-';
	if (flags.open && !toFile) throw new UsageError('--open: needs -o FILE, the scenario file to write and open');
	if (flags.open && io.terminalProblem !== null) throw new UsageError(`--open: ${openRefusals[io.terminalProblem]}`);
	const scenario = loadScenario(argument);
	const clients = scenario.setup.clients.map(client => client.name);
	const fromFile = scenario.explore?.moves;
	let moves = fromFile ? distinctMoves(fromFile) : defaultMoves({lease: scenario.setup.lease ?? defaultLease, clients});
	if (flags.moves !== undefined) {
		const read = readMoves(splitMoves(flags.moves), {clients, nodes: resolveSetup(scenario.setup).nodes.map(node => node.name)});
		if (!read.ok) throw new UsageError(`--moves: ${read.message}`);
		moves = read.moves;
	}
	const depth = depthFlag ?? scenario.explore?.depth ?? defaultExploreDepth;

	const search = startExplore({setup: scenario.setup, moves, target, depth});
	const now = io.clock ?? (() => performance.now());
	const memory = io.memory ?? (() => process.memoryUsage.rss());
	let full = false;
	const started = now();
	const progress = progressLine(io.stderr, now);
	let interrupted = false;
	const interrupt = () => {
		interrupted = true;
	};
	process.on('SIGINT', interrupt);
	let status: SearchStatus = {kind: 'running'};
	try {
		while (status.kind === 'running' && !interrupted) {
			const sliceEnds = now() + sliceMs;
			do status = search.advance(1);
			while (status.kind === 'running' && now() < sliceEnds);
			if (status.kind === 'running' && memory() > maxExploreBytes) {
				full = true;
				status = search.stopForSize();
			}
			const elapsed = now() - started;
			if (elapsed >= progressAfterMs)
				progress.show(`explore: ${search.states.toLocaleString('en')} states, depth ${search.depth}, ${rate(search.states, elapsed)} states/s`);
			// Between slices the event loop runs: Ctrl-C is heard here.
			if (status.kind === 'running') await new Promise(resolve => setImmediate(resolve));
		}
	} finally {
		process.off('SIGINT', interrupt);
		progress.end();
	}
	const seconds = (now() - started) / 1000;
	const counts = `${search.states.toLocaleString('en')} states seen, ${seconds.toFixed(1)} s`;
	// Every state up to search.depth moves has been seen and none reached the target.
	const within = `${target.none} within ${search.depth} move${search.depth === 1 ? '' : 's'}`;
	switch (status.kind) {
		case 'running':
			io.write(
				`stopped by Ctrl-C at depth ${search.depth} (${search.expanded.toLocaleString('en')} of its ${search.levelSize.toLocaleString('en')} states explored): ${within} (${counts})\n`,
			);
			return interruptedExitCode;
		case 'none':
			io.write(
				status.exhausted
					? `${target.none} at all: every reachable state seen (${counts}; none is more than ${search.depth - 1} moves away)\n`
					: `${within} (${counts}, depth ${search.depth} reached)\n`,
			);
			return 0;
		case 'too-many': {
			const most = full ? `${maxExploreBytes / 1e9} GB of memory` : `${maxExploreStates.toLocaleString('en')} states`;
			io.write(`${within}; stopped at ${most}, the most a search holds (${counts}; a smaller --depth or fewer --moves or clients)\n`);
			return 0;
		}
		case 'found':
			break;
	}

	const commands = status.moves.map(index => moves[index]!);
	const text = exploredScenario({
		from: {file: scenario.file, title: scenario.title},
		setup: scenario.setup,
		played: replay(scenario.setup, commands),
		target,
		moves,
		states: search.states,
	});
	const summary = [
		`found ${target.words.en} in ${commands.length} move${commands.length === 1 ? '' : 's'} (${counts}):`,
		...commands.map((command, index) => `  ${index + 1}. ${printCommand(command)}`),
	];
	if (!toFile) {
		io.write(text);
		io.stderr.write(`${summary.join('\n')}\n`);
		return 1;
	}
	const wrote = writeOutputFile(flags.output!, text, [scenario.path ?? argument]);
	// With --open, said once the dashboard is closed, below its last screen, where it can be read.
	if (flags.open) await io.open(flags.output!);
	io.write(
		`${[...summary, `${wrote}: ${commands.length} steps; \`dlock-tui check\` replays it, \`dlock-tui ${printable(flags.output!)}\` plays it`].join('\n')}\n`,
	);
	return 1;
}

const openRefusals: Readonly<Record<TerminalProblem, string>> = {
	'no-terminal': 'the dashboard needs a terminal to read keys from, and there is none here (leave --open out; `dlock-tui FILE` opens the file later)',
	dumb: 'the dashboard needs a terminal that can move the cursor, and TERM=dumb cannot (leave --open out)',
};

function untilOption(text: string | undefined): TargetName {
	if (text !== undefined && !(targetNames as readonly string[]).includes(text)) {
		const hint = didYouMean(text, targetNames);
		throw new UsageError(`--until: expected one of ${targetNames.join(', ')}, got ${quote(text)}${hint === null ? '' : ` (did you mean '${hint}'?)`}`);
	}
	return (text ?? 'violation') as TargetName;
}

const rate = (states: number, ms: number) => Math.round((states / ms) * 1000).toLocaleString('en');

/** A line of progress: on a terminal, rewritten in place; elsewhere (a log), one line each time. */
function progressLine(stream: NodeJS.WriteStream, now: () => number) {
	let shown = false;
	let lastShown = 0;
	return {
		show(text: string) {
			const time = now();
			if (time - lastShown < progressAfterMs) return;
			lastShown = time;
			stream.write(stream.isTTY ? `\r${text}\x1b[K` : `${text}\n`);
			shown = true;
		},
		end() {
			if (shown && stream.isTTY) stream.write('\n');
		},
	};
}
