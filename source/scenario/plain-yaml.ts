// The fast way to read a scenario file, for the files people write: js-yaml's event parser (several
// times faster than building a `yaml` Document, which a 200,000-step file takes seconds and
// gigabytes to build) turned into plain values with the line of every value and key.
//
// It reads only a plain subset of YAML, where both parsers must agree: no anchors, aliases, tags
// or directives, one document without `---` or `...` markers, keys that are text, no duplicate or
// `__proto__` keys, no deep nesting, no tabs or lone carriage returns, and plain scalars resolved
// only when their YAML 1.2 core meaning is beyond doubt (`true`, `false`, `null`, small whole
// numbers, words). A file outside the subset is given back to the precise loader in parse.ts,
// which reads every file the same way; inside it, both find the same problems on the same lines.

import {EVENT_ID, type Event, getScalarValue, parseEvents, SCALAR_STYLE, type ScalarEvent} from 'js-yaml';
import {maxNesting, maxValues} from './hazards.js';

export type Path = readonly PropertyKey[];

/** The line of a value or of a key, by its path in the data. */
export interface ValueLines {
	of(path: Path): number | null;
	ofKey(path: Path, key: string): number | null;
}

export type PlainYaml = {readonly ok: true; readonly data: Record<string, unknown>; readonly lines: ValueLines} | {readonly ok: false};

const outside: PlainYaml = {ok: false};

export function readPlainYaml(text: string): PlainYaml {
	if (text.includes('\t') || text.includes('\uFEFF') || (text.includes('\r') && /\r(?!\n)/.test(text))) return outside;
	// Document markers (`---`, `...`): where one document ends and another starts is the precise loader's to say.
	if (/^(?:---|\.\.\.)(?:[ \r\n]|$)/m.test(text)) return outside;
	// Parsing keeps every event in memory: a file packed with tiny values is left to the precise
	// loader, whose first step counts them with a lexer that keeps nothing.
	if (mostValues(text) > 2 * maxValues) return outside;
	try {
		const built = buildValues(text, parseEvents(text, {maxDepth: maxNesting + 1}));
		return built ? {ok: true, ...built} : outside;
	} catch {
		// js-yaml refused the file, or could not decode a value in it: the precise loader says why.
		return outside;
	}
}

/**
 * An upper bound of the values in a YAML text, from its characters: every value other than the
 * whole document is a block sequence item (after `-`), a key or value of a map entry (`:` or `?`),
 * or an entry of a flow collection (after `[`, `{` or `,`, a pair at most).
 */
export function mostValues(text: string): number {
	let bound = 1;
	for (let index = 0; index < text.length; index += 1) {
		const code = text.charCodeAt(index);
		if (code === 0x2d) bound += 1;
		// , : ? [ {
		else if (code === 0x2c || code === 0x3a || code === 0x3f || code === 0x5b || code === 0x7b) bound += 2;
	}
	return bound;
}

/** The plain scalars that YAML 1.2's core schema reads as null, a boolean or a number (the spec's patterns). */
const notText =
	/^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)?$/;

/** The first characters notText can match (a quick test for the most common plain scalars, words). */
const mayNotBeText = new Set(['', ...'~nNtTfF0123456789+-.']);

/** What a plain scalar means in YAML 1.2 core, when that is beyond doubt; `undefined` otherwise. */
function plainValue(source: string): unknown {
	if (!mayNotBeText.has(source.charAt(0)) || !notText.test(source)) return source;
	if (/^(?:0|[1-9][0-9]{0,14})$/.test(source)) return Number(source);
	if (source === 'true') return true;
	if (source === 'false') return false;
	if (source === 'null') return null;
	// Other spellings, numbers that are not small whole ones, the empty value: left to the precise loader.
	return undefined;
}

const hasProperties = (event: {anchorStart: number; tagStart: number}) => event.anchorStart !== -1 || event.tagStart !== -1;

interface Collection {
	readonly value: Record<string, unknown> | unknown[];
	readonly line: number;
	/** Where its children's entries start in the pending stack. */
	readonly base: number;
	/** In a map: the key whose value comes next, or undefined when a key comes next. */
	key?: string;
}

/**
 * The lines of every value, flat (a large file has hundreds of thousands of collections, and an
 * array each would cost a third of the time): a collection's record is its line, its number of
 * entries, then an entry for each item, or for each key and value in the order of Object.keys. An
 * entry is a scalar's line, or -1 - the offset of a collection's record.
 */
type Entry = number;

const lineOf = (records: readonly number[], entry: Entry): number => (entry >= 0 ? entry : records[-1 - entry]!);

/** Keys that Object.keys would put first, out of the order they were written in. */
const indexLike = /^(?:0|[1-9][0-9]*)$/;

/** Values and lines from the events, or null when the file is outside the plain subset or has more than maxValues values. */
function buildValues(text: string, events: readonly Event[]): {data: Record<string, unknown>; lines: ValueLines} | null {
	const lineAt = lineFinder(text);
	const records: number[] = [];
	/** The entries of the collections still open, innermost last. */
	const pending: Entry[] = [];
	const stack: Collection[] = [];
	let root: unknown;
	let rootEntry: Entry = 0;
	let documents = 0;
	let values = 0;

	/** Puts a finished value in its place; false when it cannot be (a key that is not text, twice, or `__proto__`). */
	const place = (value: unknown, entry: Entry): boolean => {
		values += 1;
		if (values > maxValues) return false;
		const parent = stack.at(-1);
		if (parent === undefined) {
			root = value;
			rootEntry = entry;
			return true;
		}
		pending.push(entry);
		if (Array.isArray(parent.value)) {
			parent.value.push(value);
			return true;
		}
		if (parent.key === undefined) {
			if (typeof value !== 'string' || value === '__proto__' || indexLike.test(value) || Object.hasOwn(parent.value, value)) return false;
			parent.key = value;
			return true;
		}
		parent.value[parent.key] = value;
		parent.key = undefined;
		return true;
	};

	for (const event of events) {
		switch (event.type) {
			case EVENT_ID.DOCUMENT: {
				documents += 1;
				if (documents > 1 || event.directives.length > 0) return null;
				break;
			}
			case EVENT_ID.MAPPING:
			case EVENT_ID.SEQUENCE: {
				if (hasProperties(event) || stack.length >= maxNesting) return null;
				stack.push({value: event.type === EVENT_ID.MAPPING ? {} : [], line: lineAt(event.start), base: pending.length});
				break;
			}
			case EVENT_ID.POP: {
				const done = stack.pop();
				if (done === undefined) break;
				if (done.key !== undefined) return null;
				const offset = records.length;
				records.push(done.line, pending.length - done.base);
				for (let index = done.base; index < pending.length; index += 1) records.push(pending[index]!);
				pending.length = done.base;
				if (!place(done.value, -1 - offset)) return null;
				break;
			}
			case EVENT_ID.SCALAR: {
				if (hasProperties(event) || event.valueStart === -1) return null;
				const value = scalarValue(text, event);
				if (value === undefined || !place(value, scalarLine(event, lineAt))) return null;
				break;
			}
			default:
				// An alias.
				return null;
		}
	}
	if (root === null || typeof root !== 'object' || Array.isArray(root)) return null;
	return {data: root as Record<string, unknown>, lines: new RecordedLines(root as Record<string, unknown>, records, rootEntry)};
}

function scalarValue(text: string, event: ScalarEvent): unknown {
	const source = getScalarValue(text, event);
	return event.style === SCALAR_STYLE.PLAIN ? plainValue(source) : source;
}

/**
 * Where a scalar starts as the precise loader counts it: at its text, at its opening quote, or at a
 * block scalar's header (its text starts on the line after it).
 */
function scalarLine(event: ScalarEvent, lineAt: (offset: number) => number): number {
	return lineAt(event.style === SCALAR_STYLE.PLAIN ? event.valueStart : event.valueStart - 1);
}

/** Offset to line; the offsets come mostly in order, so it walks from the last answer. */
function lineFinder(text: string): (offset: number) => number {
	const starts = [0];
	for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', newline + 1)) starts.push(newline + 1);
	let index = 0;
	return offset => {
		while (index + 1 < starts.length && starts[index + 1]! <= offset) index += 1;
		while (index > 0 && starts[index]! > offset) index -= 1;
		return index + 1;
	};
}

/** The lines recorded while building the values. */
class RecordedLines implements ValueLines {
	constructor(
		private readonly root: Record<string, unknown>,
		private readonly records: readonly number[],
		private readonly rootEntry: Entry,
	) {}

	of(path: Path): number | null {
		let value: unknown = this.root;
		let entry = this.rootEntry;
		for (const part of path) {
			const child = this.childEntry(value, entry, part, 1);
			if (child === undefined) break;
			value = (value as Record<PropertyKey, unknown>)[part];
			entry = child;
		}
		return lineOf(this.records, entry);
	}

	ofKey(path: Path, key: string): number | null {
		let value: unknown = this.root;
		let entry: Entry | undefined = this.rootEntry;
		for (const part of path) {
			entry = this.childEntry(value, entry, part, 1);
			if (entry === undefined) return this.of(path);
			value = (value as Record<PropertyKey, unknown>)[part];
		}
		const keyEntry = Array.isArray(value) ? undefined : this.childEntry(value, entry, key, 0);
		return keyEntry === undefined ? this.of(path) : lineOf(this.records, keyEntry);
	}

	/** The entry of an item, or of a key (0) or value (1) in a map. */
	private childEntry(collection: unknown, entry: Entry, part: PropertyKey, ofValue: 0 | 1): Entry | undefined {
		if (entry >= 0 || collection === null || typeof collection !== 'object') return undefined;
		const entries = -1 - entry + 2;
		if (Array.isArray(collection)) return typeof part === 'number' && part < collection.length ? this.records[entries + part] : undefined;
		// The position of the key in Object.keys order, without making that array (this runs a few times a step).
		let index = 0;
		for (const key in collection) {
			if (key === part) return this.records[entries + 2 * index + ofValue];
			index += 1;
		}
		return undefined;
	}
}
