// Reading the command line: meow parses it against the flags below. meow lets through, or prints
// and exits on, what must instead be one line naming the flag: an unknown or misspelt flag, a value
// given to a flag that takes none, a value given twice or not at all. So before meow reads the
// words, each word written as a flag is checked here against the same table.

import meow from 'meow';
import packageJson from '../../package.json' with {type: 'json'};
import {quote} from '../text/quote.js';
import {defaultExploreDepth, maxExploreDepth} from '../scenario/explore-limits.js';
import {defaultScenarioName} from '../scenario/files.js';
import {didYouMean} from '../text/suggest.js';
import {UsageError} from './errors.js';
import {frameLimits} from './options.js';

/** What the first word may name; anything else names a scenario for the dashboard. */
export const subcommands = ['trace', 'check', 'record', 'print', 'explore', 'list', 'live', 'help'] as const;

export type Command = 'dashboard' | (typeof subcommands)[number];

interface FlagSpec {
	readonly type: 'boolean' | 'string';
	readonly shortFlag?: string;
	/** The commands it changes; given to any other, it is refused. */
	readonly for: readonly Command[];
}

const drawn = ['dashboard', 'record', 'print', 'live'] as const satisfies readonly Command[];

const flagSpecs = {
	json: {type: 'boolean', for: ['trace']},
	lang: {type: 'string', for: ['dashboard', 'list', 'record', 'print', 'live']},
	theme: {type: 'string', for: drawn},
	ascii: {type: 'boolean', for: drawn},
	// --color and --no-color: print is plain unless asked, the others coloured unless asked not to be.
	color: {type: 'boolean', for: drawn},
	keys: {type: 'boolean', for: ['dashboard', 'record', 'print']},
	autoplay: {type: 'string', for: ['dashboard']},
	output: {type: 'string', shortFlag: 'o', for: ['record', 'print', 'explore']},
	cols: {type: 'string', for: ['record', 'print']},
	rows: {type: 'string', for: ['record', 'print']},
	stepDelay: {type: 'string', for: ['record']},
	format: {type: 'string', for: ['record', 'print']},
	step: {type: 'string', for: ['print']},
	depth: {type: 'string', for: ['explore']},
	moves: {type: 'string', for: ['explore']},
	until: {type: 'string', for: ['explore']},
	open: {type: 'boolean', for: ['explore']},
	etcd: {type: 'string', for: ['live']},
	tickMs: {type: 'string', for: ['live']},
	check: {type: 'boolean', for: ['live']},
	help: {type: 'boolean', shortFlag: 'h', for: ['dashboard', ...subcommands]},
	version: {type: 'boolean', shortFlag: 'v', for: ['dashboard', ...subcommands]},
} as const satisfies Record<string, FlagSpec>;

type FlagName = keyof typeof flagSpecs;

/** A string flag's text, a boolean flag's value; absent when not given. */
export type Flags = {
	readonly [Name in FlagName]?: (typeof flagSpecs)[Name]['type'] extends 'boolean' ? boolean : string;
};

const help = `
  Usage
    $ dlock-tui [scenario]            open the dashboard (default: ${defaultScenarioName})
    $ dlock-tui list                  the built-in scenarios
    $ dlock-tui trace <scenario>      every command and the state after it
    $ dlock-tui check <scenario...>   play each scenario and check its expectations
    $ dlock-tui record <scenario> -o demo.cast
                                      an asciinema recording of the scenario, step by step
                                      (-o demo.svg: an animated SVG picture)
    $ dlock-tui print <scenario>      every step's screen as text
                                      (--format svg -o DIR: an SVG picture of each)
    $ dlock-tui explore <scenario>    the shortest way from its setup to a violation, as a scenario
    $ dlock-tui live [scenario]       play it on real etcd or Redis with real client processes, beside the model
    $ dlock-tui help                  this help

  A scenario is a built-in name (see dlock-tui list) or a path to a YAML file.

  Options, and the commands they are for
    --lang en|ja    dashboard, list, record, print, live: English or Japanese
    --theme T       dashboard, record, print, live: dark (default), light or contrast
    --ascii         dashboard, record, print, live: ASCII only, no box drawing
    --no-color      dashboard, record, live, print --format svg: no colours; the dashboard also
                    honours NO_COLOR
    --color         print: keep colours and styles (escape codes)
    --autoplay S    dashboard: play on by itself, S seconds a short step (longer narration
                    stays longer, as in a recording); any key takes over
    --cols N        record, print: terminal columns, ${frameLimits.cols.min} to ${frameLimits.cols.max} (default 80)
    --rows N        record, print: terminal rows, ${frameLimits.rows.min} to ${frameLimits.rows.max} (default 24; more clients need more)
    --keys          record, print: the key bar and key hints (none unless asked: nobody
                    watching can press a key)
    --no-keys       dashboard: no key bar; its row goes to the story
    -o, --output F  record, print, explore: the file to write (- for stdout; print's
                    and explore's default)
    --step-delay S  record: seconds a step (default 3; more for long narration)
    --format F      record: cast or svg (default: by -o's extension, else cast)
                    print: text (default) or svg (one picture a step, into -o DIR)
    --step K        print --format svg: only step K's picture (0: the start screen)
    --json          trace: one JSON object per line
    --depth N       explore: how many moves deep to search (default ${defaultExploreDepth}, at most ${maxExploreDepth})
    --moves LIST    explore: the moves to try, e.g. "acquire A, write A, pause A 6, tick 5"
    --until T       explore: violation (default), two-holders or rejected
    --open          explore: open the scenario found (-o FILE) in the dashboard
    --etcd URL      live: use this etcd (keys under dlock-tui/) instead of starting a fresh local one
    --tick-ms N     live: milliseconds a tick (default 1000); on etcd a lease must last 2 s or more
    --check         live: compare with the model step by step; exit 1 where they differ
    -h, --help      show this help
    -v, --version   show the version

  Examples
    $ dlock-tui                           Space: the next step, ?: every key
    $ dlock-tui fencing-gap --autoplay 3  plays on by itself, 3 seconds a short step
    $ dlock-tui check my-scenarios/       every scenario file in a folder
    $ dlock-tui trace gc-pause --json
    $ dlock-tui record gc-pause -o demo.cast --lang ja --cols 100
    $ dlock-tui record gc-pause -o demo.svg --theme light
    $ dlock-tui print gc-pause --format svg -o slides/ --step 3
    $ dlock-tui explore gc-pause-unfenced -o shortest.yaml --open
    $ dlock-tui live gc-pause --check       needs etcd (Debian: etcd-server)
    $ dlock-tui live redlock-in-flight      needs redis-server (Debian: redis-server)
`;

const kebab = (name: string) => name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);

const flagNames = Object.keys(flagSpecs) as FlagName[];
const byLongName = new Map(flagNames.map(name => [kebab(name), name]));
const byShortFlag = new Map(flagNames.flatMap(name => ('shortFlag' in flagSpecs[name] ? [[flagSpecs[name].shortFlag, name] as const] : [])));
/** The table as meow takes it. */
const meowFlags = Object.fromEntries(
	Object.entries<FlagSpec>(flagSpecs).map(([name, spec]) => [
		name,
		spec.shortFlag === undefined ? {type: spec.type} : {type: spec.type, shortFlag: spec.shortFlag},
	]),
);

/** A word meow reads as a word or a value, not as a flag: `-` and negative numbers (`-5`, `-.5`). */
const notAFlag = (word: string) => !word.startsWith('-') || word === '-' || /^-(\d+(\.\d+)?|\.\d+)$/.test(word);

export interface CommandLine {
	/** The words that are not flags, and every word after `--`. */
	readonly input: readonly string[];
	readonly flags: Flags;
	/** Each flag given, as it was first written (`-o`, `--no-keys`), for messages. */
	readonly given: ReadonlyMap<FlagName, string>;
	/** The whole help: the description, usage, options and examples. */
	readonly help: string;
}

/** Reads `argv`; throws a UsageError naming the first flag that is not accepted as written. */
export function readCommandLine(argv: readonly string[]): CommandLine {
	const written = flagsWritten(argv);
	const cli = meow(help, {
		importMeta: import.meta,
		argv,
		// The bundled package.json: meow never looks for one on disk.
		pkg: packageJson,
		flags: meowFlags,
		// Help, version and unknown flags are run()'s: meow would print them and exit, and run()
		// must never end the process.
		autoHelp: false,
		autoVersion: false,
		allowUnknownFlags: true,
		// An absent boolean stays undefined: --color and --no-color each mean something.
		booleanDefault: undefined,
	});
	const given = new Map<FlagName, string>();
	for (const [name, spellings] of written) {
		// A value flag followed by nothing, by another flag, or by `=` alone: meow gives it ''.
		if (flagSpecs[name].type === 'string' && cli.flags[name] === '') throw new UsageError(`${spellings[0]}: expected a value after it (${spellings[0]}=…)`);
		given.set(name, spellings[0]!);
	}
	const flags = Object.fromEntries(flagNames.filter(name => cli.flags[name] !== undefined).map(name => [name, cli.flags[name]])) as Flags;
	return {input: cli.input, flags, given, help: cli.help};
}

/** Every flag written before `--`, with how it was spelt each time; throws for one that is not a flag as written. */
function flagsWritten(argv: readonly string[]): Map<FlagName, string[]> {
	const written = new Map<FlagName, string[]>();
	const note = (name: FlagName, spelling: string) => written.set(name, [...(written.get(name) ?? []), spelling]);
	for (const word of argv) {
		if (word === '--') break;
		if (notAFlag(word)) continue;
		if (word.startsWith('--')) readLongFlag(word, note);
		else readShortFlags(word, note);
	}
	for (const [name, spellings] of written) {
		// Booleans may be said again (`--json --no-json`: the last counts); a value given twice is a mistake.
		if (flagSpecs[name].type === 'string' && spellings.length > 1) throw new UsageError(`${spellings[0]}: given twice; give it once`);
	}
	return written;
}

/** `--name`, `--name=value`, `--no-name` for a boolean. */
function readLongFlag(word: string, note: (name: FlagName, spelling: string) => void): void {
	const equals = word.indexOf('=');
	const flag = equals < 0 ? word : word.slice(0, equals);
	const value = equals < 0 ? undefined : word.slice(equals + 1);
	const name = byLongName.get(flag.slice('--'.length));
	const negated = flag.startsWith('--no-') ? byLongName.get(flag.slice('--no-'.length)) : undefined;
	const known = name ?? (negated !== undefined && flagSpecs[negated].type === 'boolean' ? negated : undefined);
	if (known === undefined) {
		const hint = didYouMean(
			flag,
			[...byLongName.keys()].map(long => `--${long}`),
		);
		throw new UsageError(`unknown flag ${quote(flag)}${hint ? ` (did you mean '${hint}'?)` : ''}`);
	}
	// meow reads `--json=false`, and drops any other value of a boolean without a word.
	const booleanValue = name === undefined ? value === undefined : value === undefined || value === 'true' || value === 'false';
	if (flagSpecs[known].type === 'boolean' && !booleanValue) throw new UsageError(`${flag} takes no value, got ${quote(word)}`);
	note(known, flag);
}

/**
 * `-o FILE`, `-o=FILE`, and letters grouped (`-hv`). A value stuck to its letter (`-odemo.cast`) is
 * refused: meow reads some such words as letters (`-o -o -u -t=.cast`), so none is guessed at.
 */
function readShortFlags(word: string, note: (name: FlagName, spelling: string) => void): void {
	const letters = Array.from(word.slice(1));
	for (const [index, letter] of letters.entries()) {
		const name = byShortFlag.get(letter);
		const flag = `-${letter}`;
		if (name === undefined) throw new UsageError(`unknown flag ${quote(flag)}${letters.length > 1 ? ` in ${quote(word)}` : ''}`);
		note(name, flag);
		const next = letters[index + 1];
		if (next === undefined) return;
		if (flagSpecs[name].type === 'string') {
			if (next === '=') return;
			throw new UsageError(`${flag}: put a space or = between ${flag} and its value (${flag} FILE), got ${quote(word)}`);
		}
		if (next === '=') throw new UsageError(`${flag} takes no value, got ${quote(word)}`);
	}
}

const inWords = (words: readonly string[]) => (words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);
const commandName = (command: Command) => (command === 'dashboard' ? 'the dashboard' : command);

/** `dlock-tui trace x --cols 100`: a flag the command would ignore is a mistake worth a word. */
export function checkFlagsApply(command: Command, given: CommandLine['given']): void {
	for (const [name, spelling] of given) {
		const commands: readonly Command[] = flagSpecs[name].for;
		if (!commands.includes(command)) throw new UsageError(`${spelling} applies to ${inWords(commands.map(commandName))}, not ${commandName(command)}`);
	}
}
