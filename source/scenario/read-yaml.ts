// A scenario file's YAML, read by the `yaml` package's parseDocument: plain values and the line of
// every value and key (yaml's LineCounter), or every problem with its line. yaml rejects duplicate
// keys, caps alias expansion and keeps `__proto__` an ordinary key; it is held to the core schema
// (plain text, numbers, true/false, null, lists and maps, whatever a `%YAML 1.1` line asks), so a
// tag such as `!!binary` or `!mytag` is one of its warnings, refused here at the tag. What yaml
// does not guard against is refused here, each at the line where the file goes wrong:
// - nesting deeper than maxNesting: yaml stops where its stack runs out, far deeper, and its
//   parser holds about 2.5 KB for each open `[` or `{` (the 1 MiB a file may have of them would
//   take gigabytes), so brackets are counted in yaml's lexemes before the file is parsed, and a
//   file with too many open at once is parsed only up to the one too many;
// - `__proto__` keys (zod drops them from maps without a word, and a plain object would take one
//   as its prototype), lists or maps used as keys, and aliases with no anchor before them: found
//   in the document before any of it becomes JavaScript values.
// How many values a file holds is bounded by its size (files.ts).

import {CST, type Document, isAlias, isCollection, isMap, isNode, isPair, isScalar, Lexer, LineCounter, type Node, parseDocument, visit} from 'yaml';
import {printable, quote} from '../text/quote.js';
import type {Problem} from './problem.js';

/** A scenario needs six levels (steps → step → expect → clients → A → status); this leaves room. */
export const maxNesting = 32;

/** Alias expansion is capped so that a "billion laughs" file fails fast instead of eating memory. */
export const maxAliasCount = 100;

/**
 * yaml's own cap on an anchored value counts the value itself as one of its copies: an anchor and
 * its 100 aliases are 101. The cap is on what the aliases expand, so yaml is given one more.
 */
const yamlAliasCount = maxAliasCount + 1;

/** Plain values only: no YAML 1.1 extras (`!!binary`, `!!set`, `yes` for true, `010` for 8), whatever the file's `%YAML` line says. */
const schemaOptions = {schema: 'core', resolveKnownTags: false} as const;

export type Path = readonly PropertyKey[];

/** The line of a value or of a key, by its path in the data. */
export interface ValueLines {
	of(path: Path): number | null;
	ofKey(path: Path, key: string): number | null;
	/** The text of the value at `path` as the file writes it (`007`, `1e3`), when it is a single value (not a list or a map). */
	written(path: Path): string | null;
	/** The lines under the value at `path`: its own paths are relative to it. */
	within(path: Path): ValueLines;
}

export type YamlRead = {readonly ok: true; readonly data: unknown; readonly lines: ValueLines} | {readonly ok: false; readonly problems: readonly Problem[]};

export function readYaml(fileText: string): YamlRead {
	// YAML breaks lines at CR as well as at LF and CRLF; the yaml package only at the last two. One
	// character for one keeps every offset where it was.
	const text = fileText.replace(/\r(?!\n)/g, '\n');
	const lineCounter = new LineCounter();
	const lineAt = (offset: number) => lineCounter.linePos(offset).line;
	const flowEnd = tooDeepFlowEnd(text);
	const doc = parseDocument(flowEnd === null ? text : text.slice(0, flowEnd), {lineCounter, prettyErrors: false, ...schemaOptions});
	const deep = tooDeep(doc.contents, 1);
	if (deep || flowEnd !== null)
		return refused(lineAt(deep?.range?.[0] ?? flowEnd! - 1), `nested more than ${maxNesting} levels deep: a scenario needs only a few`);
	// A tag yaml cannot resolve is only a warning to it: the value would be read as text.
	const problems = [...doc.errors, ...doc.warnings.filter(warning => warning.code === 'TAG_RESOLVE_FAILED')].map(error => ({
		line: lineAt(error.pos[0]),
		message: yamlMessage(error.code, error.message, text.slice(...error.pos)),
	}));
	if (problems.length > 0) return {ok: false, problems};
	const hazard = findHazard(doc);
	if (hazard) return refused(lineAt(hazard.offset), hazard.message);
	keysAsWritten(doc);
	try {
		return {ok: true, data: doc.toJS({maxAliasCount: yamlAliasCount}), lines: new DocumentLines(doc, lineAt, [])};
	} catch (error) {
		const alias = firstAliasOffset(doc);
		return refused(alias === null ? 1 : lineAt(alias), aliasMessage((error as Error).message));
	}
}

const refused = (line: number, message: string): YamlRead => ({ok: false, problems: [{line, message: `YAML: ${message}`}]});

/**
 * Where the text ends that holds its first `[` or `{` inside maxNesting others (just after it), or
 * null when it has none. The lexer's markers that stand for nothing in the text are not counted
 * in the offset, as yaml's Parser does not count them.
 */
function tooDeepFlowEnd(text: string): number | null {
	let offset = 0;
	let depth = 0;
	for (const lexeme of new Lexer().lex(text)) {
		const type = CST.tokenType(lexeme);
		if (type === 'scalar' || type === 'doc-mode' || type === 'flow-error-end') continue;
		offset += lexeme.length;
		if (type === 'flow-map-start' || type === 'flow-seq-start') {
			depth += 1;
			if (depth > maxNesting) return offset;
		} else if (type === 'flow-map-end' || type === 'flow-seq-end') {
			depth -= 1;
		}
	}
	return null;
}

/** The first list or map, in the order of the text, inside maxNesting others (`depth` counts `node` itself). */
function tooDeep(node: unknown, depth: number): Node | null {
	if (!isCollection(node)) return null;
	if (depth > maxNesting) return node;
	for (const item of node.items) {
		const inner = isPair(item) ? (tooDeep(item.key, depth + 1) ?? tooDeep(item.value, depth + 1)) : tooDeep(item, depth + 1);
		if (inner) return inner;
	}
	return null;
}

/** The tags of the core schema, which a file may write (`!!str 007`) as long as the value fits them. */
const plainTag = /^Unresolved tag: tag:yaml\.org,2002:(str|int|float|bool|null|seq|map)$/;

/**
 * The parser's texts for the mistakes people make most, in plain words; the others escaped, since
 * they quote the file. `source` is the text where the problem is (a tag, for a tag's problem).
 */
function yamlMessage(code: string, message: string, source: string): string {
	const first = printable(message.split('\n')[0]!);
	if (code === 'TAG_RESOLVE_FAILED') {
		if (plainTag.test(message)) return `YAML: the value does not fit its tag ${quote(source)}`;
		return `YAML: the tag ${quote(source)} is not read here: write plain text, a number, true or false, a list or a map`;
	}
	if (code === 'MULTIPLE_DOCS') return 'YAML: a second document starts here (---): a scenario is one document';
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

interface Hazard {
	/** Where in the text (an offset: the caller turns it into a line). */
	readonly offset: number;
	readonly message: string;
}

const forbiddenKey = '__proto__';

/**
 * The first `__proto__` key, list or map used as a key, or alias with no anchor before it, in
 * document order; null when there is none. The nesting limit bounds the walk's depth.
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
		if (!isCollection(node)) return null;
		for (const item of node.items) {
			const hazard = isPair(item) ? (keyHazard(item.key, anchors) ?? walk(item.key) ?? walk(item.value)) : walk(item);
			if (hazard) return hazard;
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

/**
 * Keys as the file writes them: a scenario's keys are names, and `007:` is the name 007, not the
 * number 7 (yaml's `stringKeys` option does the same, but refuses an alias as a key).
 */
function keysAsWritten(doc: Document): void {
	visit(doc, {
		Pair(_, pair) {
			if (isScalar(pair.key) && typeof pair.key.value !== 'string' && pair.key.source !== undefined) pair.key.value = pair.key.source;
		},
	});
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

/** Lines in yaml's Document, by the nodes that yaml's own `get(key, true)` finds on the way. */
class DocumentLines implements ValueLines {
	constructor(
		private readonly doc: Document,
		private readonly lineAt: (offset: number) => number,
		/** The path of the value the paths asked for are under. */
		private readonly base: Path,
	) {}

	of(path: Path): number | null {
		const offset = this.deepest([...this.base, ...path])?.range?.[0];
		return offset === undefined ? null : this.lineAt(offset);
	}

	ofKey(path: Path, key: string): number | null {
		const node = this.exact([...this.base, ...path]);
		const pair = isMap(node) ? node.items.find(each => isScalar(each.key) && each.key.value === key) : undefined;
		const offset = isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
		return offset === undefined ? this.of(path) : this.lineAt(offset);
	}

	written(path: Path): string | null {
		// Through aliases, to the value they repeat: that is where it is written.
		const resolved = (node: Node | undefined) => (isAlias(node) ? node.resolve(this.doc) : node);
		let node = resolved(isNode(this.doc.contents) ? this.doc.contents : undefined);
		for (const part of [...this.base, ...path]) node = node && resolved(child(node, part));
		return isScalar(node) && node.source !== undefined ? node.source : null;
	}

	within(path: Path): ValueLines {
		return new DocumentLines(this.doc, this.lineAt, [...this.base, ...path]);
	}

	/** The node at `path`, or undefined when there is none. */
	private exact(path: Path): Node | undefined {
		let node = isNode(this.doc.contents) ? this.doc.contents : undefined;
		for (const part of path) node = node && child(node, part);
		return node;
	}

	/** The node at `path`, or the deepest one on the way to it. */
	private deepest(path: Path): Node | undefined {
		let node = isNode(this.doc.contents) ? this.doc.contents : undefined;
		for (const part of path) {
			const next = node && child(node, part);
			if (next === undefined) return node;
			node = next;
		}
		return node;
	}
}

/** The child of a list or a map at `part` (an index or a key), when it is a node with a place in the text. */
function child(node: Node, part: PropertyKey): Node | undefined {
	const found: unknown = isCollection(node) ? node.get(part, true) : undefined;
	return isNode(found) && found.range ? found : undefined;
}
