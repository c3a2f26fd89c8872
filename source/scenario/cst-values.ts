// Plain values straight from the `yaml` package's CST (its parser's output), without its Document.
//
// Written by hand because yaml turns a CST into values only through a Document (the Composer, then
// toJS): for a long scenario that costs more than lexing, parsing and checking it together, and
// builds hundreds of bytes of nodes a value. yaml's public CST API resolves one scalar's text
// (CST.resolveAsScalar) and its schema's tags resolve plain scalars (`5`, `null`, `true`); what is
// left is walking maps and lists, done here. Only the shapes a scenario is written in are read:
// at the first thing about which the Composer could say more than "fine" (an anchor, an alias, a
// tag, `?`, `---` on a collection's line, an empty value, a tab, a comment not set apart, a key
// repeated or over 1,000 characters, `__proto__`, a list or map as a key, any error from the
// parser), this gives up and readYaml parses the file again for the Document. Tests hold it to
// yaml's own values and lines on every built-in scenario and on odd and hostile files.
//
// What is read keeps its place in the text (a Place) instead of its tokens, so that the items of a
// block list can be read while the parser goes on, and their tokens dropped (readEndedItems): kept
// whole, a long scenario's tokens were most of its memory, and moving them most of the time the
// garbage collector took.

import {CST, Document, isScalar, type ScalarTag} from 'yaml';
import type {Tree} from './read-yaml.js';

/** Returned by every reader below when the Composer must read the file instead. */
const unsupported: unique symbol = Symbol('unsupported');

/**
 * Where a value is in the text: a scalar's offset, or a collection's offset with its items' places
 * (a map's as key, key offset, place: three entries a key, so that a map's place is two objects).
 */
export type Place = number | ListPlace | MapPlace;
interface ListPlace {
	readonly offset: number;
	readonly items: readonly Place[];
}
interface MapPlace {
	readonly offset: number;
	readonly pairs: readonly unknown[];
}

/** The place of the value the last reader returned: set there, so that no reader builds a pair for every value. */
let placed: Place = 0;

/** A document as yaml's Composer makes them: its schema (YAML 1.2 core) and the options its tags resolve with. */
const {schema, options} = new Document();
/** The tags the Composer tries on a plain scalar, in its order (a map's key may take one more kind). */
const plainTags = schema.tags.filter((tag): tag is ScalarTag & {test: RegExp} => !tag.collection && tag.test !== undefined);
const valueTags = plainTags.filter(tag => tag.default === true);
const keyTags = plainTags.filter(tag => tag.default === true || tag.default === 'key');

/** yaml's scalar readers report an error through a callback; one reading at a time, so one flag. */
let scalarFailed = false;
const onScalarError = () => {
	scalarFailed = true;
};

type ScalarToken = CST.FlowScalar | CST.BlockScalar;

/** The characters a plain scalar cannot start with (yaml reports an error). */
const badPlainStart = new Set(['\t', ',', '%', '|', '>', '@', '`']);

/** A double-quoted scalar, closed, on one line and without escapes: its text is what is between the quotes. */
const simpleDoubleQuoted = /^"[^"\\\n\r]*"$/;

/**
 * A scalar's text as yaml's CST.resolveAsScalar gives it. For a plain scalar on one line that is
 * its source, unless it starts with a character yaml refuses there, and for a double-quoted one
 * without escapes on one line what is between the quotes; either must be followed by nothing but
 * spaces and comments. `a: b` and `say: "…"` in ten thousand steps: this saves yaml's allocations
 * for each, and yaml reads a quoted text a character at a time (2 MB of narration took half a
 * second, most of it collecting garbage).
 */
function scalarText(token: ScalarToken): string | typeof unsupported {
	if (token.type === 'scalar' || token.type === 'double-quoted-scalar') {
		const plain = token.type === 'scalar';
		const simple = plain ? !token.source.includes('\n') && !badPlainStart.has(token.source.charAt(0)) : simpleDoubleQuoted.test(token.source);
		if (simple) {
			if (token.end !== undefined && !cleanEnd(token.end, 0, true)) return unsupported;
			return plain ? token.source : token.source.slice(1, -1);
		}
	}
	scalarFailed = false;
	const {value} = CST.resolveAsScalar(token, true, onScalarError);
	return scalarFailed ? unsupported : value;
}

/** A scalar's value as the Composer gives it: the text of a quoted or block scalar, a plain one through the first tag that matches. */
function scalarValue(token: ScalarToken, atKey: boolean): unknown {
	const text = scalarText(token);
	if (text === unsupported || token.type !== 'scalar') return text;
	const known = atKey ? knownKeys : knownValues;
	let value = known.get(text);
	if (value === undefined) {
		value = plainValue(text, atKey);
		if (known.size < maxKnown) known.set(text, value);
	}
	return value;
}

/**
 * Plain texts already resolved, as keys and as values: a long scenario says a few words (`do`,
 * `acquire A`) thousands of times, and each would go through every tag's test. A value is a
 * number, text, true, false or null: the same wherever the text stands. A file may hold a million
 * different texts: only the first are kept.
 */
const knownKeys = new Map<string, unknown>();
const knownValues = new Map<string, unknown>();
const maxKnown = 1000;

function plainValue(text: string, atKey: boolean): unknown {
	const tag = (atKey ? keyTags : valueTags).find(each => each.test.test(text));
	if (tag === undefined) return text;
	scalarFailed = false;
	let resolved: unknown;
	try {
		resolved = tag.resolve(text, onScalarError, options);
	} catch {
		return unsupported;
	}
	if (scalarFailed) return unsupported;
	return isScalar(resolved) ? resolved.value : resolved;
}

const isFlowScalar = (token: CST.Token | null | undefined): token is CST.FlowScalar =>
	token?.type === 'scalar' || token?.type === 'single-quoted-scalar' || token?.type === 'double-quoted-scalar';

/** What `separators` found: its indicator, a newline, how many commas (from the third bit up). */
const found = 1;
const newline = 2;
const oneComma = 4;
/** The offset of the indicator `separators` found last. */
let indicatorOffset = 0;

/**
 * The tokens between values (spaces, line breaks, comments, `-`, `:`, `,`) as yaml's resolveProps
 * reads them, when they can hold no problem: at most one `indicator`, no tab, each comment after a
 * space or a line break (or first, on a new line). -1 when they might hold one.
 */
function separators(tokens: readonly CST.SourceToken[], indicator: CST.SourceToken['type'], startOnNewline: boolean): number {
	let result = 0;
	let hasSpace = startOnNewline;
	for (const token of tokens) {
		switch (token.type) {
			case 'space':
				if (token.source.includes('\t')) return -1;
				hasSpace = true;
				break;
			case 'newline':
				result |= newline;
				hasSpace = true;
				break;
			case 'comment':
				if (!hasSpace) return -1;
				break;
			case 'comma':
				result += oneComma;
				hasSpace = false;
				break;
			default:
				if (token.type !== indicator || result & found) return -1;
				result |= found;
				indicatorOffset = token.offset;
				hasSpace = false;
		}
	}
	return result;
}

/** Whether the tokens after a value (from `from` on) are spaces, line breaks and comments; `spaced`: each comment after a space. */
function cleanEnd(tokens: readonly CST.SourceToken[], from: number, spaced: boolean): boolean {
	let hasSpace = false;
	for (let index = from; index < tokens.length; index += 1) {
		const token = tokens[index]!;
		if (token.type === 'space' || token.type === 'newline') hasSpace = true;
		else if (token.type !== 'comment' || (spaced && !hasSpace)) return false;
	}
	return true;
}

/** How toJS names a key in a plain object. */
const keyName = (key: unknown) => (key === null ? '' : String(key));

/**
 * Reads a key and its value into `object` and their places into `pairs`; gives up on a key that is
 * there already (repeated, or another spelling of one), or is `__proto__`.
 */
function setPair(object: Record<string, unknown>, pairs: unknown[], keyToken: CST.FlowScalar, valueToken: CST.Token): boolean {
	const key = scalarValue(keyToken, true);
	const value = valueFrom(valueToken);
	if (key === unsupported || value === unsupported) return false;
	const name = keyName(key);
	if (name === '__proto__' || Object.hasOwn(object, name)) return false;
	object[name] = value;
	pairs.push(key, keyToken.offset, placed);
	return true;
}

function valueFrom(token: CST.Token): unknown {
	switch (token.type) {
		case 'scalar':
		case 'single-quoted-scalar':
		case 'double-quoted-scalar':
		case 'block-scalar':
			placed = token.offset;
			return scalarValue(token, false);
		case 'block-map':
			return blockMap(token);
		case 'block-seq':
			return blockSeq(token);
		case 'flow-collection':
			return token.start.source === '{' ? flowMap(token) : flowSeq(token);
		default:
			return unsupported;
	}
}

/** Returned for a block list's item that is only comment lines: the Composer skips it. */
const skipped: unique symbol = Symbol('skipped');

function listItem({start, value}: CST.BlockSequence['items'][number]): unknown {
	const props = separators(start, 'seq-item-ind', true);
	if (props < 0) return unsupported;
	if (!(props & found) && value === undefined) return skipped;
	if (!(props & found) || value === undefined) return unsupported;
	return valueFrom(value);
}

/** The items of a block list read so far (readEndedItems reads them while the parser goes on): how many, their values and places. */
interface ReadItems {
	count: number;
	readonly values: unknown[];
	readonly places: Place[];
}

const readItemsOf = new WeakMap<CST.BlockSequence, ReadItems>();

/** Reads `seq`'s items up to `end` (not included), on from those read already; null at one not written the plain way. */
function readItems(seq: CST.BlockSequence, end: number): ReadItems | null {
	let read = readItemsOf.get(seq);
	if (read === undefined) {
		read = {count: 0, values: [], places: []};
		readItemsOf.set(seq, read);
	}
	for (; read.count < end; read.count += 1) {
		const value = listItem(seq.items[read.count]!);
		if (value === unsupported) return null;
		if (value === skipped) continue;
		read.values.push(value);
		read.places.push(placed);
	}
	return read;
}

/**
 * Reads the items of the block lists open on yaml's parser's stack that the next item has ended
 * (the parser changes only a list's last item), and drops their tokens. False when an item is not
 * written the plain way: the tokens are no longer whole, and the file must be parsed again for the
 * Composer.
 */
export function readEndedItems(stack: readonly CST.Token[]): boolean {
	for (const token of stack) {
		if (token.type !== 'block-seq') continue;
		const last = token.items.length - 1;
		const before = readItemsOf.get(token)?.count ?? 0;
		if (last <= before) continue;
		if (readItems(token, last) === null) return false;
		for (let index = before; index < last; index += 1) token.items[index] = {start: []};
	}
	return true;
}

function blockSeq(seq: CST.BlockSequence): unknown {
	const read = readItems(seq, seq.items.length);
	if (read === null) return unsupported;
	placed = {offset: seq.offset, items: read.places};
	return read.values;
}

function blockMap(map: CST.BlockMap): unknown {
	const object: Record<string, unknown> = {};
	const pairs: unknown[] = [];
	const last = map.items.length - 1;
	for (let index = 0; index <= last; index += 1) {
		const {start, key, sep, value} = map.items[index]!;
		const keyProps = separators(start, 'explicit-key-ind', true);
		if (keyProps < 0 || keyProps & found) return unsupported;
		if (sep === undefined) {
			// Comment lines at the end of the map.
			if (key || value || index !== last) return unsupported;
			continue;
		}
		if (!isFlowScalar(key) || key.indent !== map.indent || containsNewline(key) || value === undefined) return unsupported;
		const valueProps = separators(sep, 'map-value-ind', false);
		if (valueProps < 0 || !(valueProps & found) || valueProps >= oneComma) return unsupported;
		if (value.type === 'block-map' && !(valueProps & newline)) return unsupported;
		if (indicatorOffset - key.offset > 1000) return unsupported;
		if (!setPair(object, pairs, key, value)) return unsupported;
	}
	placed = {offset: map.offset, pairs};
	return object;
}

/** yaml's containsNewline for a one-line scalar key. */
const containsNewline = (key: CST.FlowScalar) => key.source.includes('\n') || (key.end?.some(token => token.type === 'newline') ?? false);

const isBlock = (token: CST.Token) => token.type === 'block-map' || token.type === 'block-seq';

/** Whether a flow collection is closed by `close` with only spaces and comments after it. */
const closedBy = (collection: CST.FlowCollection, close: string) => collection.end[0]?.source === close && cleanEnd(collection.end, 1, true);

/** Items of a flow collection are separated by exactly one comma: none before the first. */
const wellSeparated = (props: number, index: number) => props >= 0 && !(props & found) && props >> 2 === (index === 0 ? 0 : 1);

function flowSeq(collection: CST.FlowCollection): unknown {
	if (!closedBy(collection, ']')) return unsupported;
	const values: unknown[] = [];
	const places: Place[] = [];
	for (let index = 0; index < collection.items.length; index += 1) {
		const {start, key, sep, value} = collection.items[index]!;
		const props = separators(start, 'explicit-key-ind', false);
		if (!wellSeparated(props, index)) return unsupported;
		if (key !== undefined || sep !== undefined || value === undefined || isBlock(value)) return unsupported;
		const read = valueFrom(value);
		if (read === unsupported) return unsupported;
		values.push(read);
		places.push(placed);
	}
	placed = {offset: collection.offset, items: places};
	return values;
}

function flowMap(collection: CST.FlowCollection): unknown {
	if (!closedBy(collection, '}')) return unsupported;
	const object: Record<string, unknown> = {};
	const pairs: unknown[] = [];
	for (let index = 0; index < collection.items.length; index += 1) {
		const {start, key, sep, value} = collection.items[index]!;
		const props = separators(start, 'explicit-key-ind', false);
		if (!wellSeparated(props, index)) return unsupported;
		if (!isFlowScalar(key) || sep === undefined || value === undefined || isBlock(value)) return unsupported;
		const valueProps = separators(sep, 'map-value-ind', false);
		if (valueProps < 0 || !(valueProps & found) || valueProps >= oneComma) return unsupported;
		if (!setPair(object, pairs, key, value)) return unsupported;
	}
	placed = {offset: collection.offset, pairs};
	return object;
}

/** Tokens around the document that the Composer keeps as comments, or skips. */
const outside = new Set<string>(['byte-order-mark', 'space', 'comment', 'newline']);

/** The one document's plain values and their places; null when yaml's Composer must read the file. */
export function cstValues(tokens: readonly CST.Token[]): {readonly data: unknown; readonly root: Place} | null {
	const documents = tokens.filter(token => !outside.has(token.type));
	const [document] = documents;
	if (documents.length !== 1 || document?.type !== 'document' || document.value === undefined) return null;
	const {start, value, end} = document;
	const props = separators(start, 'doc-start', true);
	if (props < 0 || (props & found && isBlock(value) && !(props & newline))) return null;
	if (end !== undefined && !cleanEnd(end, 0, false)) return null;
	const data = valueFrom(value);
	return data === unsupported ? null : {data, root: placed};
}

/** The index a path's part names in a list (`3` or `'3'`), as yaml's Document reads it; undefined for any other part. */
export function listIndex(part: PropertyKey): number | undefined {
	const index = typeof part === 'string' && part !== '' ? Number(part) : part;
	return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : undefined;
}

/** Where a map place's key `key` is among its pairs (keys compared by value, as yaml's Document does); -1 when it has none. */
function pairIndex(node: Place, key: PropertyKey): number {
	if (typeof node === 'number' || !('pairs' in node)) return -1;
	for (let index = 0; index < node.pairs.length; index += 3) if (node.pairs[index] === key) return index;
	return -1;
}

/** Finding lines by the places cstValues kept: the same lookups as in yaml's Document. */
export const placeTree: Tree<Place> = {
	child(node, part) {
		if (typeof node === 'number') return undefined;
		if ('items' in node) {
			const index = listIndex(part);
			return index === undefined ? undefined : node.items[index];
		}
		const index = pairIndex(node, part);
		return index < 0 ? undefined : (node.pairs[index + 2] as Place);
	},
	keyOffset(node, key) {
		const index = pairIndex(node, key);
		return index < 0 ? null : ((node as MapPlace).pairs[index + 1] as number);
	},
	offset: node => (typeof node === 'number' ? node : node.offset),
};
