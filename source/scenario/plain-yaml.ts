// The fast way to read a scenario file, for the files people write: js-yaml's event parser (several
// times faster than building a `yaml` Document, which a 200,000-step file takes seconds and
// gigabytes to build) turned into plain values with the line of every value and key.
//
// It reads only a plain subset of YAML, where both parsers must agree: no anchors, aliases, tags
// or directives, one document, keys that are text, no duplicate or `__proto__` keys, no deep
// nesting, no tabs or lone carriage returns, and plain scalars resolved only when their YAML 1.2
// core meaning is beyond doubt (`true`, `false`, `null`, small whole numbers, words). Anything
// else (a file outside the subset, or one with any problem) is given back to the precise loader
// in parse.ts, which reads every file the same way and words the problems.

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
	readonly lines: CollectionLines;
	/** In a map: the key whose value comes next, or undefined when a key comes next. */
	key?: string;
}

/**
 * The lines of a collection, beside its value and as flat as can be (a large file has hundreds of
 * thousands): its own line, then each item's, or each key's and value's in the order of
 * Object.keys; a collection's lines in place of its line.
 */
interface CollectionLines extends Array<number | CollectionLines> {}

const lineOf = (lines: number | CollectionLines): number => (typeof lines === 'number' ? lines : (lines[0] as number));

/** Keys that Object.keys would put first, out of the order they were written in. */
const indexLike = /^(?:0|[1-9][0-9]*)$/;

/** Values and lines from the events, or null when the file is outside the plain subset or has more than maxValues values. */
function buildValues(text: string, events: readonly Event[]): {data: Record<string, unknown>; lines: ValueLines} | null {
	const lineAt = lineFinder(text);
	let rootLines: CollectionLines = [];
	const stack: Collection[] = [];
	let root: unknown;
	let documents = 0;
	let values = 0;

	/** Puts a finished value in its place; false when it cannot be (a key that is not text, twice, or `__proto__`). */
	const place = (value: unknown, line: number | CollectionLines): boolean => {
		values += 1;
		if (values > maxValues) return false;
		const parent = stack.at(-1);
		if (parent === undefined) {
			root = value;
			if (typeof line !== 'number') rootLines = line;
			return true;
		}
		parent.lines.push(line);
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
				const value = event.type === EVENT_ID.MAPPING ? {} : [];
				const lines: CollectionLines = [lineAt(event.start)];
				stack.push({value, lines});
				break;
			}
			case EVENT_ID.POP: {
				const done = stack.pop();
				if (done === undefined) break;
				if (done.key !== undefined || !place(done.value, done.lines)) return null;
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
	return {data: root as Record<string, unknown>, lines: new RecordedLines(root as Record<string, unknown>, rootLines)};
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
		private readonly rootLines: CollectionLines,
	) {}

	of(path: Path): number | null {
		let value: unknown = this.root;
		let lines: number | CollectionLines = this.rootLines;
		for (const part of path) {
			const child = childLines(value, lines, part, 1);
			if (child === undefined) break;
			value = (value as Record<PropertyKey, unknown>)[part];
			lines = child;
		}
		return lineOf(lines);
	}

	ofKey(path: Path, key: string): number | null {
		let value: unknown = this.root;
		let lines: number | CollectionLines | undefined = this.rootLines;
		for (const part of path) {
			lines = childLines(value, lines, part, 1);
			if (lines === undefined) return this.of(path);
			value = (value as Record<PropertyKey, unknown>)[part];
		}
		const line = Array.isArray(value) ? undefined : childLines(value, lines, key, 0);
		return line === undefined ? this.of(path) : lineOf(line);
	}

}

/** The lines of an item, or of a key (0) or value (1) in a map. */
function childLines(collection: unknown, lines: number | CollectionLines, part: PropertyKey, ofValue: 0 | 1): number | CollectionLines | undefined {
	if (typeof lines === 'number' || collection === null || typeof collection !== 'object') return undefined;
	if (Array.isArray(collection)) return typeof part === 'number' ? lines[1 + part] : undefined;
	// The position of the key in Object.keys order, without making that array (this runs a few times a step).
	let index = 0;
	for (const key in collection) {
		if (key === part) return lines[1 + 2 * index + ofValue];
		index += 1;
	}
	return undefined;
}
