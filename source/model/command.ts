// The one vocabulary of changes to a world: keys, scenario steps, the log, traces and recordings
// all speak it. parseCommand and printCommand are exact inverses.

import {printable, quote} from '../text/quote.js';

export type Command =
	| {readonly kind: 'tick'; readonly n: number}
	| {readonly kind: 'acquire' | 'renew'; readonly client: string; readonly lease?: number}
	| {readonly kind: 'release' | 'resume' | 'crash' | 'restart'; readonly client: string}
	| {readonly kind: 'write'; readonly client: string; readonly value?: string; readonly delay?: number}
	| {readonly kind: 'pause'; readonly client: string; readonly n: number}
	| {readonly kind: 'fencing'; readonly target: string; readonly on: boolean};

export type CommandKind = Command['kind'];

/** The word that names the resource in `fencing resource on|off`; no client may be called this. */
export const resourceTarget = 'resource';

/** Durations are capped so that a typo like `tick 99999999999` cannot hang the simulator. */
export const maxDuration = 1_000_000;
export const maxValueLength = 32;
export const clientNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,11}$/;

export const commandUsage: Record<CommandKind, string> = {
	tick: 'tick [n]',
	acquire: 'acquire C [lease]',
	renew: 'renew C [lease]',
	release: 'release C',
	write: 'write C [value] [delay=N]',
	pause: 'pause C N',
	resume: 'resume C',
	crash: 'crash C',
	restart: 'restart C',
	fencing: 'fencing C|resource on|off',
};

export interface ParseError {
	readonly message: string;
	/** The offending word, or null when a word is missing. */
	readonly word: string | null;
}

export type ParseResult = {readonly ok: true; readonly command: Command} | {readonly ok: false; readonly error: ParseError};

export interface ParseOptions {
	/** When given, client names outside this list are errors. */
	readonly clients?: readonly string[];
}

class CommandError extends Error {
	constructor(
		message: string,
		readonly word: string | null,
	) {
		super(message);
	}
}

const isKind = (word: string): word is CommandKind => Object.hasOwn(commandUsage, word);

export function parseCommand(line: string, options: ParseOptions = {}): ParseResult {
	try {
		return {ok: true, command: parseWords(line.trim().split(/\s+/).filter(Boolean), options)};
	} catch (error) {
		if (error instanceof CommandError) return {ok: false, error: {message: error.message, word: error.word}};
		throw error;
	}
}

function parseWords(words: string[], options: ParseOptions): Command {
	const [verb, ...args] = words;
	if (verb === undefined) throw new CommandError(`empty command: expected one of ${Object.keys(commandUsage).join(', ')}`, null);
	if (!isKind(verb)) throw new CommandError(`unknown command ${quote(verb)}: expected one of ${Object.keys(commandUsage).join(', ')}`, verb);
	const usage = commandUsage[verb];
	const tooMany = (count: number) => {
		if (args.length > count) throw new CommandError(`${verb}: unexpected ${quote(args[count]!)} (usage: ${usage})`, args[count]!);
	};
	const client = (word: string | undefined) => parseClient(verb, word, usage, options);

	switch (verb) {
		case 'tick':
			tooMany(1);
			return {kind: verb, n: args[0] === undefined ? 1 : parseDuration(verb, args[0])};
		case 'acquire':
		case 'renew': {
			tooMany(2);
			const name = client(args[0]);
			return args[1] === undefined ? {kind: verb, client: name} : {kind: verb, client: name, lease: parseDuration(`${verb} lease`, args[1])};
		}
		case 'release':
		case 'resume':
		case 'crash':
		case 'restart':
			tooMany(1);
			return {kind: verb, client: client(args[0])};
		case 'pause': {
			tooMany(2);
			const name = client(args[0]);
			if (args[1] === undefined) throw new CommandError(`pause: expected a length in ticks after '${name}' (usage: ${usage})`, null);
			return {kind: verb, client: name, n: parseDuration(verb, args[1])};
		}
		case 'write':
			return parseWrite(args, client(args[0]), usage);
		case 'fencing': {
			tooMany(2);
			const target = args[0] === resourceTarget ? resourceTarget : client(args[0]);
			const state = args[1];
			if (state !== 'on' && state !== 'off') {
				throw new CommandError(`fencing: expected 'on' or 'off'${state === undefined ? '' : `, got ${quote(state)}`} (usage: ${usage})`, state ?? null);
			}
			return {kind: verb, target, on: state === 'on'};
		}
	}
}

function parseWrite(args: string[], client: string, usage: string): Command {
	let value: string | undefined;
	let delay: number | undefined;
	for (const word of args.slice(1)) {
		if (word.startsWith('delay=')) {
			if (delay !== undefined) throw new CommandError(`write: delay given twice, at ${quote(word)} (usage: ${usage})`, word);
			delay = parseDuration('write delay', word.slice('delay='.length));
		} else if (value === undefined && delay === undefined) {
			if (word.length > maxValueLength || /\p{C}/u.test(word)) {
				throw new CommandError(`write: expected a value of at most ${maxValueLength} printable characters, got ${quote(word)}`, word);
			}
			value = word;
		} else {
			throw new CommandError(`write: unexpected ${quote(word)} (usage: ${usage})`, word);
		}
	}
	return {kind: 'write', client, ...(value === undefined ? {} : {value}), ...(delay === undefined ? {} : {delay})};
}

/** `no client named 'X' (clients: A, B)`: for a command and for a scenario's expectations. */
export const noClientNamed = (word: string, clients: readonly string[]): string =>
	`no client named ${quote(word)} (clients: ${clients.length > 0 ? [...new Set(clients)].map(printable).join(', ') : 'none'})`;

function parseClient(verb: string, word: string | undefined, usage: string, options: ParseOptions): string {
	if (word === undefined) throw new CommandError(`${verb}: expected a client name (usage: ${usage})`, null);
	if (options.clients && !options.clients.includes(word)) throw new CommandError(`${verb}: ${noClientNamed(word, options.clients)}`, word);
	if (!clientNamePattern.test(word) || word === resourceTarget) {
		throw new CommandError(`${verb}: expected a client name (a letter, then up to 11 letters, digits, - or _), got ${quote(word)}`, word);
	}
	return word;
}

function parseDuration(what: string, word: string): number {
	const n = /^\d+$/.test(word) ? Number(word) : Number.NaN;
	if (!Number.isSafeInteger(n) || n < 1 || n > maxDuration) {
		throw new CommandError(`${what}: expected a whole number from 1 to ${maxDuration}, got ${quote(word)}`, word);
	}
	return n;
}

export function printCommand(command: Command): string {
	switch (command.kind) {
		case 'tick':
			return command.n === 1 ? 'tick' : `tick ${command.n}`;
		case 'acquire':
		case 'renew':
			return command.lease === undefined ? `${command.kind} ${command.client}` : `${command.kind} ${command.client} ${command.lease}`;
		case 'release':
		case 'resume':
		case 'crash':
		case 'restart':
			return `${command.kind} ${command.client}`;
		case 'pause':
			return `pause ${command.client} ${command.n}`;
		case 'write':
			return [
				'write',
				command.client,
				...(command.value === undefined ? [] : [command.value]),
				...(command.delay === undefined ? [] : [`delay=${command.delay}`]),
			].join(' ');
		case 'fencing':
			return `fencing ${command.target} ${command.on ? 'on' : 'off'}`;
	}
}
