// What a hostile YAML file could do to the loader. Before parsing, from the text: more values
// than memory allows. In the parsed document, before any of it becomes JavaScript values: nesting
// deep enough to exhaust the stack, and `__proto__` keys (zod drops them from maps without a word,
// and plain objects would take them as a prototype). The walk uses its own stack, so no depth of
// nesting can overflow it.

import {CST, type Document, isAlias, isMap, isPair, isScalar, isSeq, Lexer, type Node} from 'yaml';

/** A scenario needs six levels (steps → step → expect → clients → A → status); this leaves room. */
export const maxNesting = 32;

/** Alias expansion is capped so that a "billion laughs" file fails fast instead of eating memory. */
export const maxAliasCount = 100;

/**
 * A parsed document takes about 800 bytes a value: 10 MiB of `- 1` lines would take gigabytes.
 * 200,000 steps take about 650,000 values.
 */
export const maxValues = 1_500_000;

/** Lexer tokens that become a value (a node) of the document. */
const valueTokens = new Set<CST.TokenType | null>(['scalar', 'single-quoted-scalar', 'double-quoted-scalar', 'block-scalar-header', 'alias', 'flow-map-start', 'flow-seq-start', 'seq-item-ind']);

/** Lexer tokens that stand for no text of the file. */
const syntheticTokens = new Set<string>([CST.SCALAR, CST.DOCUMENT, CST.FLOW_END]);

/** Counts values with the lexer alone, which keeps nothing: the place where a file passes maxValues, or null. */
export function findTooManyValues(text: string): Hazard | null {
	let values = 0;
	let offset = 0;
	for (const token of new Lexer().lex(text)) {
		if (valueTokens.has(CST.tokenType(token)) && (values += 1) > maxValues) {
			return {offset, message: `more than ${maxValues.toLocaleString('en')} values: too many for a scenario (200,000 steps take about 650,000)`};
		}
		if (!syntheticTokens.has(token)) offset += token.length;
	}
	return null;
}

/** The line an offset is on, without splitting a large text into lines. */
export function lineAtOffset(text: string, offset: number): number {
	let line = 1;
	for (let newline = text.indexOf('\n'); newline !== -1 && newline < offset; newline = text.indexOf('\n', newline + 1)) line += 1;
	return line;
}

export interface Hazard {
	/** Where in the text (an offset: the caller turns it into a line). */
	readonly offset: number;
	readonly message: string;
}

const forbiddenKey = '__proto__';

/** The first hazard in document order, or null. */
export function findHazard(doc: Document): Hazard | null {
	const anchors = new Map<string, unknown>();
	const stack: Array<{node: unknown; depth: number}> = [{node: doc.contents, depth: 0}];
	while (stack.length > 0) {
		const {node, depth} = stack.pop()!;
		if (!isMap(node) && !isSeq(node)) continue;
		if (node.anchor) anchors.set(node.anchor, node);
		if (depth >= maxNesting) {
			return {offset: node.range?.[0] ?? 0, message: `nested more than ${maxNesting} levels deep: a scenario needs only a few`};
		}
		const children: unknown[] = [];
		for (const item of node.items as unknown[]) {
			if (isPair(item)) {
				const key = isAlias(item.key) ? anchors.get(item.key.source) : item.key;
				if (isScalar(key) && key.value === forbiddenKey) {
					return {offset: (item.key as Node).range?.[0] ?? 0, message: `the key '${forbiddenKey}' is not allowed`};
				}
				if (isMap(key) || isSeq(key)) {
					return {offset: key.range?.[0] ?? 0, message: 'a key must be a word, not a list or a map'};
				}
				if (isScalar(item.key) && item.key.anchor) anchors.set(item.key.anchor, item.key);
				if (isScalar(item.value) && item.value.anchor) anchors.set(item.value.anchor, item.value);
				children.push(item.key, item.value);
			} else {
				if (isScalar(item) && item.anchor) anchors.set(item.anchor, item);
				children.push(item);
			}
		}
		// Reversed, so that the stack pops them in document order.
		for (const child of children.reverse()) stack.push({node: child, depth: depth + 1});
	}
	return null;
}

/** Where the first alias is: a file whose aliases expand too much is reported there. */
export function firstAliasOffset(doc: Document): number | null {
	const stack: unknown[] = [doc.contents];
	while (stack.length > 0) {
		const node = stack.pop();
		if (isAlias(node)) return node.range?.[0] ?? null;
		if (isPair(node)) stack.push(node.value, node.key);
		else if (isMap(node) || isSeq(node)) stack.push(...(node.items as unknown[]).toReversed());
	}
	return null;
}

/** A parser failure caused by nesting: the parser reports it in the words of the JavaScript engine. */
export function isStackOverflow(message: string): boolean {
	return message.includes('Maximum call stack size exceeded');
}

export const tooDeepMessage = 'nested too deeply: a scenario needs only a few levels';

/** What expanding the aliases failed with, in words a person can act on. */
export function aliasMessage(message: string): string {
	return /alias/i.test(message) ? `aliases (*name) expand too much: at most ${maxAliasCount} expansions` : message;
}
