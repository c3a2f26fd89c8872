// Flags the command line does not know, and flags given a value of the wrong kind: one line that
// names the flag (meow's own report is two bare lines and exits by itself).

import {quote} from '../model/quote.js';
import {didYouMean} from '../scenario/suggest.js';
import {UsageError} from './errors.js';

export interface FlagSpec {
	readonly type: 'boolean' | 'string' | 'number';
	readonly shortFlag?: string;
	readonly aliases?: readonly string[];
}

/** meow answers these itself. */
const builtinFlags: Readonly<Record<string, FlagSpec>> = {help: {type: 'boolean'}, version: {type: 'boolean'}};

const kebab = (name: string) => name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);

/** Throws a UsageError for the first flag in `argv` that `flags` does not accept as written. */
export function checkFlags(argv: readonly string[], flags: Readonly<Record<string, FlagSpec>>): void {
	const specs = new Map<string, FlagSpec>();
	for (const [name, spec] of Object.entries({...builtinFlags, ...flags})) {
		for (const long of [name, ...(spec.aliases ?? [])]) specs.set(`--${kebab(long)}`, spec);
		if (spec.shortFlag) specs.set(`-${spec.shortFlag}`, spec);
	}
	const known = [...specs.keys()].filter(flag => flag.startsWith('--'));

	for (let index = 0; index < argv.length; index += 1) {
		const argument = argv[index]!;
		if (argument === '--') return;
		if (!argument.startsWith('-') || argument === '-' || /^-\d/.test(argument)) continue;
		if (/^-[^-]{2,}/.test(argument)) {
			checkShortGroup(argument, specs);
			continue;
		}
		const equals = argument.indexOf('=');
		const flag = equals < 0 ? argument : argument.slice(0, equals);
		const value = equals < 0 ? undefined : argument.slice(equals + 1);
		const negated = flag.startsWith('--no-') ? specs.get(`--${flag.slice('--no-'.length)}`) : undefined;
		const spec = specs.get(flag) ?? (negated?.type === 'boolean' ? negated : undefined);
		if (!spec) {
			const hint = didYouMean(flag, known);
			throw new UsageError(`unknown flag ${quote(flag)}${hint ? ` (did you mean '${hint}'?)` : ''}`);
		}
		if (spec.type === 'boolean') {
			if (value !== undefined && value !== 'true' && value !== 'false') throw new UsageError(`${flag} takes no value, got ${quote(argument)}`);
			continue;
		}
		const given = value ?? argv[index + 1];
		if (given === undefined || (value === undefined && given.startsWith('-') && !/^-\d/.test(given))) {
			throw new UsageError(`${flag}: expected a value after it (${flag}=…)`);
		}
		if (spec.type === 'number' && !Number.isFinite(Number(given))) throw new UsageError(`${flag}: expected a number, got ${quote(given)}`);
		if (value === undefined) index += 1;
	}
}

/** `-xj`: short flags may be grouped, and the rest of a group is the value of one that takes a value (`-odemo.cast`). */
function checkShortGroup(group: string, specs: ReadonlyMap<string, FlagSpec>): void {
	for (const letter of Array.from(group.slice(1))) {
		const spec = specs.get(`-${letter}`);
		if (!spec) throw new UsageError(`unknown flag ${quote(`-${letter}`)} in ${quote(group)}`);
		if (spec.type !== 'boolean') return;
	}
}
