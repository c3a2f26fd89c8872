// What a hostile YAML file could do to the loader, found in the parsed document before any of
// it becomes JavaScript values: nesting deep enough to exhaust the stack, and `__proto__` keys
// (zod drops them from maps without a word, and plain objects would take them as a prototype).
// The walk uses its own stack, so no depth of nesting can overflow it.

import {type Document, isAlias, isMap, isPair, isScalar, isSeq, type Node} from 'yaml';

/** A scenario needs six levels (steps → step → expect → clients → A → status); this leaves room. */
export const maxNesting = 32;

/** Alias expansion is capped so that a "billion laughs" file fails fast instead of eating memory. */
export const maxAliasCount = 100;

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
