// The one vocabulary of changes to a world: keys, scenario steps, the log, traces and recordings
// all speak it. parseCommand and printCommand are exact inverses.

import {didYouMean} from '../text/suggest.js';

export type Command =
	| {readonly kind: 'tick'; readonly n: number}
	| {readonly kind: 'acquire' | 'renew'; readonly client: string; readonly lease?: number}
	| {readonly kind: 'release' | 'resume' | 'crash' | 'restart'; readonly client: string}
	| {readonly kind: 'write'; readonly client: string; readonly value?: string; readonly delay?: number; readonly pause?: number}
	| {readonly kind: 'pause'; readonly client: string; readonly n: number}
	| {readonly kind: 'fencing'; readonly target: string; readonly on: boolean}
	/** `target`: a client or a node; `by`: a signed whole number, never 0. */
	| {readonly kind: 'jump'; readonly target: string; readonly by: number}
	/** `peers`: node names, `lock` (every node) or `resource`; none means every node (partition) or every link (heal). */
	| {readonly kind: 'partition' | 'heal'; readonly client: string; readonly peers: readonly string[]}
	/** `peer`: a node's name, `lock` (every node) or `resource`; `n` ticks each way, 0 or more. */
	| {readonly kind: 'latency'; readonly client: string; readonly peer: string; readonly n: number};

export type CommandKind = Command['kind'];

// `crash` and `restart` name a client or a lock node (names are distinct), so their `client` is either.

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
	write: 'write C [value] [delay=N] [pause=M]',
	pause: 'pause C N',
	resume: 'resume C',
	crash: 'crash C|node',
	restart: 'restart C|node',
	fencing: 'fencing C|resource on|off',
	jump: 'jump C|node ±n',
	partition: 'partition C [node|lock|resource…]',
	heal: 'heal C [node|lock|resource…]',
	latency: 'latency C node|lock|resource n',
};

/** The word for every lock node at once in `partition` and `heal`. */
export const lockPeer = 'lock';

/** What is wrong with a command line, as data: words/ says it in each language (commandProblemText). */
export type CommandProblem =
	| {readonly kind: 'empty'}
	| {readonly kind: 'unknown-command'; readonly verb: string}
	| {readonly kind: 'unexpected'; readonly verb: CommandKind; readonly word: string}
	| {readonly kind: 'no-pause-length'; readonly client: string}
	| {readonly kind: 'not-on-off'; readonly got: string | null}
	| {readonly kind: 'delay-twice'; readonly word: string}
	| {readonly kind: 'pause-twice'; readonly word: string}
	| {readonly kind: 'bad-value'; readonly word: string}
	| {readonly kind: 'no-client-named'; readonly verb: CommandKind; readonly word: string; readonly clients: readonly string[]}
	| {readonly kind: 'no-client'; readonly verb: CommandKind}
	| {readonly kind: 'bad-client-name'; readonly verb: CommandKind; readonly word: string}
	/** `crash`, `restart` or `jump` of a name that is neither a client nor a node. */
	| {readonly kind: 'no-name'; readonly verb: CommandKind; readonly word: string; readonly clients: readonly string[]; readonly nodes: readonly string[]}
	| {readonly kind: 'no-peer-named'; readonly verb: CommandKind; readonly word: string; readonly nodes: readonly string[]}
	| {readonly kind: 'no-jump'; readonly target: string}
	/** `latency C` without a peer, or `latency C PEER` without a number. */
	| {readonly kind: 'no-latency-peer'; readonly client: string}
	| {readonly kind: 'no-latency'; readonly client: string; readonly peer: string}
	| {readonly kind: 'bad-latency'; readonly word: string}
	| {readonly kind: 'bad-jump'; readonly word: string}
	/** `what` names the number: `tick`, `acquire lease`, `write delay`, `pause`. */
	| {readonly kind: 'bad-number'; readonly what: string; readonly word: string};

export interface ParseError {
	/** The offending word, or null when a word is missing. */
	readonly word: string | null;
	readonly problem: CommandProblem;
}

export type ParseResult = {readonly ok: true; readonly command: Command} | {readonly ok: false; readonly error: ParseError};

export interface ParseOptions {
	/** When given, client names outside this list are errors. */
	readonly clients?: readonly string[];
	/** The lock nodes' names (`L1` when not given): `crash`, `restart`, `jump` and peers may name them. */
	readonly nodes?: readonly string[];
}

/** Never leaves parseCommand, which turns it into a ParseError: its message only names the problem's kind. */
class CommandError extends Error {
	constructor(
		readonly problem: CommandProblem,
		readonly word: string | null,
	) {
		super(problem.kind);
	}
}

const isKind = (word: string): word is CommandKind => Object.hasOwn(commandUsage, word);

export function parseCommand(line: string, options: ParseOptions = {}): ParseResult {
	try {
		return {ok: true, command: parseWords(line.trim().split(/\s+/).filter(Boolean), options)};
	} catch (error) {
		if (error instanceof CommandError) return {ok: false, error: {word: error.word, problem: error.problem}};
		throw error;
	}
}

/** A near word that, put in place of the wrong one, makes the command right: `acquire` for `aquire A`. */
export function suggestedWord(line: string, error: ParseError, options: ParseOptions = {}): string | null {
	if (error.word === null) return null;
	const words = line.trim().split(/\s+/);
	const index = words.indexOf(error.word);
	const candidates = [...Object.keys(commandUsage), ...(options.clients ?? []), ...(options.nodes ?? []), resourceTarget, lockPeer, 'on', 'off'];
	const hint = didYouMean(
		error.word,
		candidates.filter(candidate => candidate !== error.word),
	);
	if (index < 0 || hint === null) return null;
	const fixed = words.map((other, position) => (position === index ? hint : other)).join(' ');
	return parseCommand(fixed, options).ok ? hint : null;
}

function parseWords(words: string[], options: ParseOptions): Command {
	const [verb, ...args] = words;
	if (verb === undefined) throw new CommandError({kind: 'empty'}, null);
	if (!isKind(verb)) throw new CommandError({kind: 'unknown-command', verb}, verb);
	const tooMany = (count: number) => {
		if (args.length > count) throw new CommandError({kind: 'unexpected', verb, word: args[count]!}, args[count]!);
	};
	const client = (word: string | undefined) => parseClient(verb, word, options);

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
			tooMany(1);
			return {kind: verb, client: client(args[0])};
		case 'crash':
		case 'restart':
			tooMany(1);
			return {kind: verb, client: parseClientOrNode(verb, args[0], options)};
		case 'jump': {
			tooMany(2);
			const target = parseClientOrNode(verb, args[0], options);
			if (args[1] === undefined) throw new CommandError({kind: 'no-jump', target}, null);
			return {kind: verb, target, by: parseJump(args[1])};
		}
		case 'partition':
		case 'heal':
			return {kind: verb, client: client(args[0]), peers: args.slice(1).map(word => parsePeer(verb, word, options))};
		case 'latency': {
			tooMany(3);
			const name = client(args[0]);
			if (args[1] === undefined) throw new CommandError({kind: 'no-latency-peer', client: name}, null);
			const peer = parsePeer(verb, args[1], options);
			if (args[2] === undefined) throw new CommandError({kind: 'no-latency', client: name, peer}, null);
			return {kind: verb, client: name, peer, n: parseLatency(args[2])};
		}
		case 'pause': {
			tooMany(2);
			const name = client(args[0]);
			if (args[1] === undefined) throw new CommandError({kind: 'no-pause-length', client: name}, null);
			return {kind: verb, client: name, n: parseDuration(verb, args[1])};
		}
		case 'write':
			return parseWrite(args, client(args[0]));
		case 'fencing': {
			tooMany(2);
			const target = args[0] === resourceTarget ? resourceTarget : client(args[0]);
			const state = args[1];
			if (state !== 'on' && state !== 'off') throw new CommandError({kind: 'not-on-off', got: state ?? null}, state ?? null);
			return {kind: verb, target, on: state === 'on'};
		}
	}
}

function parseWrite(args: string[], client: string): Command {
	let value: string | undefined;
	let delay: number | undefined;
	let pause: number | undefined;
	for (const word of args.slice(1)) {
		if (word.startsWith('delay=')) {
			if (delay !== undefined) throw new CommandError({kind: 'delay-twice', word}, word);
			delay = parseDuration('write delay', word.slice('delay='.length));
		} else if (word.startsWith('pause=')) {
			if (pause !== undefined) throw new CommandError({kind: 'pause-twice', word}, word);
			pause = parseDuration('write pause', word.slice('pause='.length));
		} else if (value === undefined && delay === undefined && pause === undefined) {
			if (word.length > maxValueLength || /\p{C}/u.test(word)) throw new CommandError({kind: 'bad-value', word}, word);
			value = word;
		} else {
			throw new CommandError({kind: 'unexpected', verb: 'write', word}, word);
		}
	}
	return {kind: 'write', client, ...(value === undefined ? {} : {value}), ...(delay === undefined ? {} : {delay}), ...(pause === undefined ? {} : {pause})};
}

function parseClient(verb: CommandKind, word: string | undefined, options: ParseOptions): string {
	if (word === undefined) throw new CommandError({kind: 'no-client', verb}, null);
	if (options.clients && !options.clients.includes(word)) throw new CommandError({kind: 'no-client-named', verb, word, clients: options.clients}, word);
	if (!clientNamePattern.test(word) || word === resourceTarget) throw new CommandError({kind: 'bad-client-name', verb, word}, word);
	return word;
}

/** A client or node name; with known names, one of them. */
function parseClientOrNode(verb: CommandKind, word: string | undefined, options: ParseOptions): string {
	if (word === undefined) throw new CommandError({kind: 'no-client', verb}, null);
	const nodes = options.nodes ?? defaultNodes;
	if (options.clients && !options.clients.includes(word) && !nodes.includes(word))
		throw new CommandError({kind: 'no-name', verb, word, clients: options.clients, nodes}, word);
	if (!clientNamePattern.test(word) || word === resourceTarget || word === lockPeer) throw new CommandError({kind: 'bad-client-name', verb, word}, word);
	return word;
}

/** With one node the world's only node is `L1`. */
const defaultNodes = ['L1'];

function parsePeer(verb: CommandKind, word: string, options: ParseOptions): string {
	if (word === lockPeer || word === resourceTarget) return word;
	const nodes = options.nodes ?? (options.clients ? defaultNodes : undefined);
	if (nodes ? !nodes.includes(word) : !clientNamePattern.test(word)) throw new CommandError({kind: 'no-peer-named', verb, word, nodes: nodes ?? []}, word);
	return word;
}

/** `+3`, `-2` or `3`: a clock step either way, never 0, no larger than the longest tick. */
function parseJump(word: string): number {
	const n = /^[+-]?\d+$/.test(word) ? Number(word) : Number.NaN;
	if (!Number.isSafeInteger(n) || n === 0 || Math.abs(n) > maxDuration) throw new CommandError({kind: 'bad-jump', word}, word);
	return n;
}

/** Ticks each way on a link: 0 (the instant of the second model) or more. */
function parseLatency(word: string): number {
	const n = /^\d+$/.test(word) ? Number(word) : Number.NaN;
	if (!Number.isSafeInteger(n) || n > maxDuration) throw new CommandError({kind: 'bad-latency', word}, word);
	return n;
}

function parseDuration(what: string, word: string): number {
	const n = /^\d+$/.test(word) ? Number(word) : Number.NaN;
	if (!Number.isSafeInteger(n) || n < 1 || n > maxDuration) throw new CommandError({kind: 'bad-number', what, word}, word);
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
		case 'jump':
			return `jump ${command.target} ${command.by > 0 ? '+' : ''}${command.by}`;
		case 'partition':
		case 'heal':
			return [command.kind, command.client, ...command.peers].join(' ');
		case 'pause':
			return `pause ${command.client} ${command.n}`;
		case 'write':
			return [
				'write',
				command.client,
				...(command.value === undefined ? [] : [command.value]),
				...(command.delay === undefined ? [] : [`delay=${command.delay}`]),
				...(command.pause === undefined ? [] : [`pause=${command.pause}`]),
			].join(' ');
		case 'fencing':
			return `fencing ${command.target} ${command.on ? 'on' : 'off'}`;
		case 'latency':
			return `latency ${command.client} ${command.peer} ${command.n}`;
	}
}
