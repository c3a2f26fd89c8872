// The story's events in words: what several nodes did alike at one moment (five grants, five
// keys expiring, five replies) is one line with the count, and the nodes' names where they fit;
// every other event as describe.ts says it. Lines are ranked, so that a short pane keeps a
// decision, a lock got or lost and a corruption ahead of the per-node detail.

import {describeEvent, describeRefused, type Told, wordsFor} from '../../words/describe.js';
import type {Terms} from '../../words/catalog.js';
import type {Event} from '../../model/event.js';
import type {Lang} from '../../text/narration.js';
import {wrap} from '../../text/fit.js';
import {labelsFor, type NodeEvent} from '../labels.js';

/** What a line is worth when rows are short: `key` lines stay longest, `detail` goes first. */
export type Rank = 'key' | 'plain' | 'detail';

/** An event, or several nodes' alike: `nodes` names them (one name, or none, for an event of its own). */
export interface EventGroup {
	readonly event: Event;
	readonly nodes: readonly string[];
}

/** The kinds one node has at a time, that several nodes may have alike. */
const nodeKinds: ReadonlySet<string> = new Set<NodeEvent['kind']>(['request-arrived', 'reply-arrived', 'message-lost', 'expired', 'deletion-arrived']);

const nodeOf = (event: Event): string | null => {
	const node = nodeKinds.has(event.kind) && 'node' in event ? event.node : undefined;
	return typeof node === 'string' ? node : null;
};

/** Every field but the node's name: events alike on several nodes have the same. */
const likeness = (event: Event) =>
	JSON.stringify(
		Object.entries(event)
			.filter(([field]) => field !== 'node')
			.sort(([a], [b]) => (a < b ? -1 : 1)),
	);

/** The events in order, those of several nodes alike (one kind, client, outcome and time) as one group where the first of them was. */
export function groupEvents(events: readonly Event[]): EventGroup[] {
	const groups: {event: Event; nodes: string[]}[] = [];
	const alike = new Map<string, {event: Event; nodes: string[]}>();
	for (const event of events) {
		const node = nodeOf(event);
		if (node === null) {
			groups.push({event, nodes: []});
			continue;
		}
		const key = likeness(event);
		const found = alike.get(key);
		if (found) found.nodes.push(node);
		else {
			const group = {event, nodes: [node]};
			alike.set(key, group);
			groups.push(group);
		}
	}
	return groups;
}

export function rankOf(event: Event): Rank {
	switch (event.kind) {
		case 'decided':
		case 'acquired':
		case 'acquire-minority':
		case 'acquire-failed':
		case 'renew-failed':
		case 'lease-over':
			return 'key';
		case 'accepted':
			return event.violation ? 'key' : 'plain';
		// One node's lease running out frees the lock; one key of several is detail.
		case 'expired':
			return event.node === undefined ? 'key' : 'detail';
		case 'ticked':
		case 'elided':
		case 'request-sent':
			return 'detail';
		default:
			return nodeOf(event) === null ? 'plain' : 'detail';
	}
}

/** A group in words (in `terms`, the words of its world's backend), with the nodes' names when `names`. */
function groupText(group: EventGroup, terms: Terms, lang: Lang, besideTime: boolean, names: boolean): string {
	if (group.nodes.length < 2) return describeEvent(group.event, terms, lang, besideTime);
	return labelsFor(lang).onNodes(group.event as NodeEvent, group.nodes.length, names ? group.nodes : null, besideTime);
}

/** The names where they cost no row: the text that wraps to no more rows at `width`. */
const withNamesIfTheyFit = (say: (names: boolean) => string, width: number) => {
	const named = say(true);
	const bare = say(false);
	return named === bare || wrap(named, width).length <= wrap(bare, width).length ? named : bare;
};

/** A group's line beside its time (the story's log), as wide as `width`. */
export const groupLine = (group: EventGroup, terms: Terms, lang: Lang, width: number): string =>
	withNamesIfTheyFit(names => groupText(group, terms, lang, true, names), width);

/** The events a command's line tells: the clock's ticks only when nothing else says more. */
export const toldEvents = (events: readonly Event[]): readonly Event[] =>
	events.some(event => event.kind !== 'ticked') ? events.filter(event => event.kind !== 'ticked') : events;

/**
 * What commands did, told as a step's narration at `width`, per-node events summed, the lines
 * ranked in `leaveOut` left out; `left` says whether any was.
 */
export function tellCommands(played: readonly Told[], terms: Terms, lang: Lang, width: number, leaveOut: readonly Rank[]): {text: string; left: boolean} {
	const told = played.map(each => ({
		each,
		groups: each.refused ? [] : groupEvents(toldEvents(each.events).filter(event => event.kind !== 'elided')),
	}));
	const kept = (group: EventGroup) => !leaveOut.includes(rankOf(group.event));
	const say = (names: boolean) => {
		const sentences = told.flatMap(({each, groups}) =>
			each.refused ? [describeRefused(each.command, each.refused, terms, lang)] : groups.filter(kept).map(group => groupText(group, terms, lang, false, names)),
		);
		return sentences.length === 0 ? '' : wordsFor(lang).narration.join(sentences);
	};
	return {text: withNamesIfTheyFit(say, width), left: told.some(({groups}) => !groups.every(kept))};
}
