// A scenario file's YAML, read by the `yaml` package: plain values, the line of every value and
// key, or every problem with its line. `yaml` rejects duplicate keys, caps alias expansion and
// keeps `__proto__` an ordinary key; what it does not guard against is refused here, each at
// the line where the file goes wrong:
// - more values than memory allows, and nesting deep enough to exhaust the stack: counted while
//   the text is parsed (the lexer feeds the parser one token at a time), so a hostile file is
//   stopped before its document is built;
// - `__proto__` keys (zod drops them from maps without a word, and a plain object would take one
//   as its prototype), and lists or maps used as keys: found in the document before any of it
//   becomes JavaScript values.
// The parser's output (its CST) becomes values directly when it is written the plain way most
// scenarios are (cst-values.ts), a block list's items as soon as they end; anything else is parsed
// again for yaml's Document, which says what is wrong.

import {
	Composer,
	type CST,
	type Document,
	isAlias,
	isCollection,
	isMap,
	isNode,
	isScalar,
	isSeq,
	Lexer,
	LineCounter,
	type Node,
	type Pair,
	Parser,
	visit,
	type YAMLMap,
} from 'yaml';
import {cstValues, listIndex, placeTree, readEndedItems} from './cst-values.js';
import {printable} from '../text/quote.js';
import type {Problem} from './parse.js';

/** A scenario needs six levels (steps → step → expect → clients → A → status); this leaves room. */
export const maxNesting = 32;

/** Alias expansion is capped so that a "billion laughs" file fails fast instead of eating memory. */
export const maxAliasCount = 100;

/**
 * A document takes about 800 bytes a value while it is built: 10 MiB of `- 1` lines would take
 * gigabytes. A step takes about five values: this allows 200,000 steps and some narration.
 */
export const maxValues = 1_500_000;

export type Path = readonly PropertyKey[];

/** The line of a value or of a key, by its path in the data. */
export interface ValueLines {
	of(path: Path): number | null;
	ofKey(path: Path, key: string): number | null;
	/** The lines under the value at `path` (a long file's steps are looked up one by one, each from its own node). */
	within(path: Path): ValueLines;
}

export type YamlRead = {readonly ok: true; readonly data: unknown; readonly lines: ValueLines} | {readonly ok: false; readonly problems: readonly Problem[]};

/**
 * `valueLimit` is maxValues but in tests, which would take seconds to write that many; tests also
 * read through yaml's Document alone (`fromCst` false), to hold both ways to the same values and lines.
 */
export function readYaml(text: string, valueLimit = maxValues, fromCst = true): YamlRead {
	return (fromCst ? readPlain(text, valueLimit) : null) ?? readDocument(text, valueLimit);
}

/**
 * The values read from yaml's CST, block lists' items as soon as they end (cst-values.ts); null
 * when the file is not written the plain way and yaml's Document must read it.
 */
function readPlain(text: string, valueLimit: number): YamlRead | null {
	const lineCounter = new LineCounter();
	const lineAt = (offset: number) => lineCounter.linePos(offset).line;
	const parsed = parseText(text, lineCounter, valueLimit, readEndedItems);
	if (parsed === null) return null;
	if ('offset' in parsed) return refused(lineAt(parsed.offset), parsed.message);
	const plain = cstValues(parsed.tokens);
	return plain && {ok: true, data: plain.data, lines: new TreeLines(placeTree, plain.root, lineAt)};
}

/** The values of yaml's Document, or every problem it finds. */
function readDocument(text: string, valueLimit: number): YamlRead {
	const lineCounter = new LineCounter();
	const lineAt = (offset: number) => lineCounter.linePos(offset).line;
	const parsed = parseText(text, lineCounter, valueLimit)!;
	if ('offset' in parsed) return refused(lineAt(parsed.offset), parsed.message);
	const {doc, secondDocument} = composeDocument(parsed.tokens, text.length);
	const problems = doc.errors.map(error => ({line: lineAt(error.pos[0]), message: yamlMessage(error.code, error.message)}));
	if (secondDocument !== null) problems.push({line: lineAt(secondDocument), message: 'YAML: a second document starts here (---): a scenario is one document'});
	if (problems.length > 0) return {ok: false, problems};
	const hazard = findHazard(doc);
	if (hazard) return refused(lineAt(hazard.offset), hazard.message);
	try {
		return {ok: true, data: doc.toJS({maxAliasCount}), lines: new TreeLines(documentTree, isNode(doc.contents) ? doc.contents : null, lineAt)};
	} catch (error) {
		const alias = firstAliasOffset(doc);
		return refused(alias === null ? 1 : lineAt(alias), aliasMessage((error as Error).message));
	}
}

const refused = (line: number, message: string): YamlRead => ({ok: false, problems: [{line, message: `YAML: ${message}`}]});

interface Hazard {
	/** Where in the text (an offset: the caller turns it into a line). */
	readonly offset: number;
	readonly message: string;
}

/**
 * Whether a lexer token becomes a value (a node) of the document: a plain scalar (the lexer marks
 * one with CST.SCALAR), a quoted one, a block scalar's header, an alias, `{`, `[` or `-`. What
 * CST.tokenType tells, without a lookup: this runs for every token of the file.
 */
function isValueToken(lexeme: string): boolean {
	if (lexeme === '\u001f' || lexeme === '-' || lexeme === '{' || lexeme === '[') return true;
	const first = lexeme.charCodeAt(0);
	// * ' " | >
	return first === 42 || first === 39 || first === 34 || first === 124 || first === 62;
}

const collectionTokens = new Set<string>(['block-map', 'block-seq', 'flow-collection']);

/**
 * What Parser.parse does, with the lexer's tokens counted on their way to the parser: the parsed
 * tokens up to a second document (a scenario is one), or the place where the file passes the value
 * limit or maxNesting. `afterLine` sees the parser's stack after each line break (where block
 * collections' items end); when it returns false the parse stops, and this returns null.
 */
function parseText(
	text: string,
	lineCounter: LineCounter,
	valueLimit: number,
	afterLine?: (stack: readonly CST.Token[]) => boolean,
): {tokens: CST.Token[]} | Hazard | null {
	const parser = new Parser(lineCounter.addNewLine);
	lineCounter.addNewLine(0);
	const tokens: CST.Token[] = [];
	let documents = 0;
	let values = 0;
	for (const lexeme of new Lexer().lex(text)) {
		const offset = parser.offset;
		if (isValueToken(lexeme)) {
			values += 1;
			if (values > valueLimit)
				return {offset, message: `more than ${valueLimit.toLocaleString('en')} values: too many for a scenario (a step takes about five)`};
		}
		for (const token of parser.next(lexeme)) {
			tokens.push(token);
			if (token.type === 'document') documents += 1;
		}
		if (documents > 1) return {tokens};
		// The parser's stack holds the collections open at this token (and the document, and a scalar).
		if (parser.stack.length > maxNesting + 1 && parser.stack.filter(token => collectionTokens.has(token.type)).length > maxNesting)
			return {offset, message: `nested more than ${maxNesting} levels deep: a scenario needs only a few`};
		if (afterLine && (lexeme === '\n' || lexeme === '\r\n') && !afterLine(parser.stack)) return null;
	}
	tokens.push(...parser.end());
	return {tokens};
}

/** yaml's Document of the parsed tokens, with where a second document starts (null when there is none). */
function composeDocument(tokens: readonly CST.Token[], length: number): {doc: Document; secondDocument: number | null} {
	let doc: Document | undefined;
	let secondDocument: number | null = null;
	// Each problem the Composer finds is an Error, for which V8 records a stack trace: one mistake
	// near the top of a file can make hundreds of problems, and their traces took three quarters of
	// the time to read it. Only a problem's code, message and place are read.
	const {stackTraceLimit} = Error;
	Error.stackTraceLimit = 0;
	try {
		for (const next of new Composer({strict: true, logLevel: 'error'}).compose(tokens, true, length)) {
			if (doc) {
				secondDocument = next.range[0];
				break;
			}
			doc = next;
		}
	} finally {
		Error.stackTraceLimit = stackTraceLimit;
	}
	return {doc: doc!, secondDocument};
}

/** The parser's texts for the mistakes people make most, in plain words; the others escaped, since they quote the file. */
function yamlMessage(code: string, message: string): string {
	const first = printable(message.split('\n')[0]!);
	if (code === 'DUPLICATE_KEY') return 'YAML: a key appears twice in the same map';
	if (code === 'TAB_AS_INDENT') return 'YAML: a tab indents this line: indent with spaces';
	if (code === 'BLOCK_AS_IMPLICIT_KEY') return 'YAML: a value contains ": ": put it in quotes';
	if (first.startsWith('Missing closing')) return 'YAML: a quoted text is not closed';
	if (first.startsWith('Flow sequence')) return 'YAML: a list [ is not closed with ] (or its next line is not indented)';
	if (first.startsWith('Flow map')) return 'YAML: a map { is not closed with } (or its next line is not indented)';
	if (first.startsWith('Sequence item without')) return 'YAML: wrong indentation: this line is not part of the list item above, and has no "-"';
	if (code === 'BAD_INDENT') return `YAML: wrong indentation (${first})`;
	return `YAML: ${first}`;
}

const forbiddenKey = '__proto__';

/**
 * The first `__proto__` key, list or map used as a key, or alias with no anchor before it, in
 * document order; null when there is none. A plain walk: yaml's visit() copies the path to every
 * node, which made it a tenth of the time a long file takes to read. The nesting limit bounds its
 * depth.
 */
function findHazard(doc: Document): Hazard | null {
	const anchors = new Map<string, Node>();
	const walk = (node: unknown): Hazard | null => {
		if (!isNode(node)) return null;
		if (isAlias(node))
			return anchors.has(node.source)
				? null
				: {offset: node.range?.[0] ?? 0, message: `*${printable(node.source)} names no anchor: mark a value before it with &${printable(node.source)}`};
		if (node.anchor) anchors.set(node.anchor, node);
		if (isSeq(node)) {
			for (const item of node.items) {
				const hazard = walk(item);
				if (hazard) return hazard;
			}
		} else if (isMap(node)) {
			for (const pair of node.items) {
				const hazard = keyHazard(pair.key, anchors) ?? walk(pair.key) ?? walk(pair.value);
				if (hazard) return hazard;
			}
		}
		return null;
	};
	return walk(doc.contents);
}

function keyHazard(key: unknown, anchors: ReadonlyMap<string, Node>): Hazard | null {
	const node = isAlias(key) ? anchors.get(key.source) : key;
	if (isScalar(node) && node.value === forbiddenKey) return {offset: (key as Node).range?.[0] ?? 0, message: `the key '${forbiddenKey}' is not allowed`};
	if (isCollection(node)) return {offset: node.range?.[0] ?? 0, message: 'a key must be a word, not a list or a map'};
	return null;
}

/** Where the first alias is: a file whose aliases expand too much is reported there. */
function firstAliasOffset(doc: Document): number | null {
	let offset: number | null = null;
	visit(doc, {
		Alias(_, alias) {
			offset = alias.range?.[0] ?? null;
			return visit.BREAK;
		},
	});
	return offset;
}

/** What expanding the aliases failed with, in words a person can act on. */
function aliasMessage(message: string): string {
	return /alias/i.test(message) ? `aliases (*name) expand too much: at most ${maxAliasCount} expansions` : message;
}

/** How lines are found in a tree of nodes: yaml's Document, or the places that cstValues kept. */
export interface Tree<N> {
	/** The child at `part` (a key or an index), when it is a node with a place in the text. */
	child(node: N, part: PropertyKey): N | undefined;
	/** Where the key `key` of a map node starts; null when the node has no such key. */
	keyOffset(node: N, key: string): number | null;
	offset(node: N): number | null;
}

/** Finds the line of any value (or key) in the parsed document, or under one of its nodes. */
class TreeLines<N> implements ValueLines {
	constructor(
		private readonly tree: Tree<N>,
		private readonly root: N | null,
		private readonly lineAt: (offset: number) => number,
		/** False when the root stands in for a node that is missing: every path then stops at it. */
		private readonly rootFound = true,
	) {}

	of(path: Path): number | null {
		const node = this.deepest(path);
		const offset = node === null ? null : this.tree.offset(node);
		return offset === null ? null : this.lineAt(offset);
	}

	ofKey(path: Path, key: string): number | null {
		const node = this.exact(path);
		const offset = node === undefined || node === null ? null : this.tree.keyOffset(node, key);
		return offset === null ? this.of(path) : this.lineAt(offset);
	}

	within(path: Path): ValueLines {
		const node = this.exact(path);
		return node === undefined ? new TreeLines(this.tree, this.deepest(path), this.lineAt, false) : new TreeLines(this.tree, node, this.lineAt);
	}

	/** The node at `path`, or undefined when there is none. Every step of a long file asks several times: no allocation on the way. */
	private exact(path: Path): N | null | undefined {
		if (!this.rootFound) return undefined;
		let node = this.root;
		for (const part of path) {
			const next = node === null ? undefined : this.tree.child(node, part);
			if (next === undefined) return undefined;
			node = next;
		}
		return node;
	}

	/** The node at `path`, or the deepest one on the way to it. */
	private deepest(path: Path): N | null {
		let node = this.root;
		if (!this.rootFound) return node;
		for (const part of path) {
			const next = node === null ? undefined : this.tree.child(node, part);
			if (next === undefined) return node;
			node = next;
		}
		return node;
	}
}

/** Each map's first pair for each scalar key, made when the map is first asked: every line is looked for from the root. */
const pairsByKey = new WeakMap<YAMLMap, Map<unknown, Pair>>();

/** The first pair of `node` whose key is a scalar of value `key` (by ===: a NaN key is never found). */
function pairOf(node: YAMLMap, key: PropertyKey): Pair | undefined {
	let pairs = pairsByKey.get(node);
	if (pairs === undefined) {
		pairs = new Map();
		for (const pair of node.items) {
			if (!isScalar(pair.key)) continue;
			const {value} = pair.key;
			if (!(typeof value === 'number' && Number.isNaN(value)) && !pairs.has(value)) pairs.set(value, pair);
		}
		pairsByKey.set(node, pairs);
	}
	return pairs.get(key);
}

/** Lines in yaml's Document: what its `get(part, true)` finds under a map or a list, when it is a node with a place in the text. */
const documentTree: Tree<Node> = {
	child(node, part) {
		let child: unknown;
		if (isSeq(node)) {
			const index = listIndex(part);
			child = index === undefined ? undefined : node.items[index];
		} else if (isMap(node)) {
			child = pairOf(node, part)?.value;
		}
		return isNode(child) && child.range ? child : undefined;
	},
	keyOffset(node, key) {
		const pair = isMap(node) ? pairOf(node, key) : undefined;
		return isScalar(pair?.key) && pair.key.range ? pair.key.range[0] : null;
	},
	offset: node => node.range?.[0] ?? null,
};
