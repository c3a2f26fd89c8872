// Reading the command line: the words and the flags, each flag checked as it is read. A flag the
// program does not know, or given a value of the wrong kind, gets one line that names it.

import {quote} from '../text/quote.js';
import {didYouMean} from '../text/suggest.js';
import {UsageError} from './errors.js';

export interface FlagSpec {
	readonly type: 'boolean' | 'string';
	readonly shortFlag?: string;
}

/** What the flags were given: a string flag's text, a boolean flag's value; absent when not given. */
export type FlagValues<Specs extends Readonly<Record<string, FlagSpec>>> = {
	readonly [Name in keyof Specs]?: Specs[Name]['type'] extends 'boolean' ? boolean : string;
};

export interface CommandLine<Specs extends Readonly<Record<string, FlagSpec>>> {
	/** The words that are not flags, and every argument after `--`. */
	readonly input: readonly string[];
	readonly flags: FlagValues<Specs> & {readonly help?: boolean; readonly version?: boolean};
}

/** Every command line knows these. */
const builtinFlags = {help: {type: 'boolean'}, version: {type: 'boolean'}} as const satisfies Record<string, FlagSpec>;

const kebab = (name: string) => name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);

/** A word that starts with a dash but is a value or a word: `-`, `-5`, `-0.5`. */
const notAFlag = (argument: string) => !argument.startsWith('-') || argument === '-' || /^-\d/.test(argument);

/** Reads `argv` against `specs`; throws a UsageError for the first flag not accepted as written. */
export function parseCommandLine<Specs extends Readonly<Record<string, FlagSpec>>>(argv: readonly string[], specs: Specs): CommandLine<Specs> {
	const byFlag = new Map<string, {readonly name: string; readonly spec: FlagSpec}>();
	for (const [name, spec] of Object.entries<FlagSpec>({...builtinFlags, ...specs})) {
		byFlag.set(`--${kebab(name)}`, {name, spec});
		if (spec.shortFlag) byFlag.set(`-${spec.shortFlag}`, {name, spec});
	}
	const input: string[] = [];
	const values = new Map<string, string | boolean>();
	/** Booleans may be said again (`--json --no-json`: the last counts); a value given twice is a mistake. */
	const set = (name: string, flag: string, value: string | boolean) => {
		const earlier = values.get(name);
		if (typeof value === 'string' && earlier !== undefined) throw new UsageError(`${flag}: given twice (${quote(String(earlier))} and ${quote(value)}); give it once`);
		values.set(name, value);
	};

	for (let index = 0; index < argv.length; index += 1) {
		const argument = argv[index]!;
		if (argument === '--') {
			input.push(...argv.slice(index + 1));
			break;
		}
		if (notAFlag(argument)) {
			input.push(argument);
			continue;
		}
		if (/^-[^-]{2,}/.test(argument)) {
			readShortGroup(argument, byFlag, set);
			continue;
		}
		const equals = argument.indexOf('=');
		const flag = equals < 0 ? argument : argument.slice(0, equals);
		const inline = equals < 0 ? undefined : argument.slice(equals + 1);
		const negated = flag.startsWith('--no-') ? byFlag.get(`--${flag.slice('--no-'.length)}`) : undefined;
		const known = byFlag.get(flag) ?? (negated?.spec.type === 'boolean' ? negated : undefined);
		if (!known) {
			const hint = didYouMean(flag, [...byFlag.keys()].filter(name => name.startsWith('--')));
			throw new UsageError(`unknown flag ${quote(flag)}${hint ? ` (did you mean '${hint}'?)` : ''}`);
		}
		if (known.spec.type === 'boolean') {
			if (inline !== undefined && inline !== 'true' && inline !== 'false') throw new UsageError(`${flag} takes no value, got ${quote(argument)}`);
			set(known.name, flag, (inline ?? 'true') === 'true' ? known !== negated : known === negated);
			continue;
		}
		const value = inline ?? argv[index + 1];
		if (value === undefined || (inline === undefined && !notAFlag(value))) throw new UsageError(`${flag}: expected a value after it (${flag}=…)`);
		if (inline === undefined) index += 1;
		set(known.name, flag, value);
	}
	return {input, flags: Object.fromEntries(values) as CommandLine<Specs>['flags']};
}

/** `-xj`: short flags may be grouped, and the rest of a group is the value of one that takes a value (`-odemo.cast`, `-o=demo.cast`). */
function readShortGroup(
	group: string,
	byFlag: ReadonlyMap<string, {readonly name: string; readonly spec: FlagSpec}>,
	set: (name: string, flag: string, value: string | boolean) => void,
): void {
	const letters = Array.from(group.slice(1));
	for (const [position, letter] of letters.entries()) {
		const known = byFlag.get(`-${letter}`);
		if (!known) throw new UsageError(`unknown flag ${quote(`-${letter}`)} in ${quote(group)}`);
		if (known.spec.type === 'boolean') {
			set(known.name, `-${letter}`, true);
			continue;
		}
		const rest = letters.slice(position + 1).join('');
		set(known.name, `-${letter}`, rest.startsWith('=') ? rest.slice(1) : rest);
		return;
	}
}
