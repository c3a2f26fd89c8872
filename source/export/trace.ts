// The trace format (docs/model.md, "The trace format"): one JSON object per command, a stable interface.

import {printCommand} from '../model/command.js';
import {describeEvent, describeRefusal} from '../words/describe.js';
import {clientClock, nodeClock, type World} from '../model/world.js';
import type {ScenarioCommand} from '../scenario/run.js';

/** The world at the start (`at` null), or after a command of the scenario: what a record or a row of the table is made from. */
export interface TracePoint {
	readonly world: World;
	readonly at: ScenarioCommand | null;
}

// The fields of a record that the table shows too.
const stepOf = (at: ScenarioCommand | null) => at?.index ?? 0;
const commandOf = (at: ScenarioCommand | null) => (at ? printCommand(at.played.command) : null);
// In the words of the world's backend: its backend and tokens are the same before and after a command.
const refusalOf = ({world, at}: TracePoint) => (at?.played.refused ? describeRefusal(at.played.refused, world) : null);
const eventsOf = ({world, at}: TracePoint) => (at?.played.events ?? []).map(event => describeEvent(event, world));

/** One line of `trace --json`. */
export function traceRecord({world, at}: TracePoint) {
	return {
		step: stepOf(at),
		command: commandOf(at),
		refused: refusalOf({world, at}),
		clock: world.clock,
		lock: {
			holder: world.lock.holder,
			token: world.lock.token,
			expiry: world.lock.expiry,
			nextToken: world.lock.nextToken,
			revision: world.lock.revision ?? null,
		},
		resource: {...world.resource},
		// Times in `nodes` and a client's `until` and `clock` are local: each node's and client's own clock.
		nodes: world.nodes.map(node => ({name: node.name, up: node.up, clock: nodeClock(world, node), holder: node.holder, expiry: node.expiry})),
		clients: Object.fromEntries(
			world.clients.map(client => [
				client.name,
				{
					status: client.status,
					pausedUntil: client.pausedUntil,
					token: client.token,
					fencing: client.fencing,
					renewEvery: client.renewEvery,
					holds: client.holds,
					until: client.until,
					clock: clientClock(world, client),
					cut: client.cut,
					waiting: client.waiting && {
						op: client.waiting.op,
						since: client.waiting.since,
						replies: client.waiting.replies,
						grants: client.waiting.grants,
					},
				},
			]),
		),
		inflight: world.inflight.map(write => ({from: write.from, token: write.token, value: write.value, arrivesAt: write.arrivesAt})),
		messages: world.messages.map(message => ({
			from: message.from,
			to: message.to,
			kind: message.kind,
			op: message.op,
			granted: message.granted,
			arrivesAt: message.arrivesAt,
		})),
		violations: world.violations,
		events: eventsOf({world, at}),
		scenarioStep: at?.step ?? 0,
	};
}

const cell = (value: unknown) => (value === null ? '-' : String(value));

// A row is made from the world itself, not from its whole record: the table shows a few of the
// record's fields, and a trace of 50,000 commands is played twice (see below).
const tableColumns: ReadonlyArray<readonly [string, (point: TracePoint) => unknown]> = [
	['#', ({at}) => stepOf(at)],
	['t', ({world}) => world.clock],
	['command', ({at}) => commandOf(at) ?? '(start)'],
	['holder', ({world}) => world.lock.holder],
	['token', ({world}) => world.lock.token],
	['expiry', ({world}) => world.lock.expiry],
	['value', ({world}) => world.resource.value],
	['max', ({world}) => world.resource.maxToken],
	['rej', ({world}) => world.resource.rejected],
	['viol', ({world}) => world.violations],
	[
		'what happened',
		point => {
			const refused = refusalOf(point);
			return refused ? `REFUSED: ${refused}` : eventsOf(point).join('; ');
		},
	],
];

const heading = tableColumns.map(([title]) => title);
const cellsOf = (point: TracePoint) => tableColumns.map(([, value]) => cell(value(point)));

/**
 * A readable table, one row per command, for people at a terminal, a line at a time: a long trace
 * is never held whole. `points` is read twice, once to size the columns and once to print.
 */
export function* traceTableLines(points: () => Iterable<TracePoint>): Generator<string> {
	const widths = heading.map(title => title.length);
	for (const point of points()) {
		const cells = cellsOf(point);
		for (let column = 0; column < cells.length; column += 1) widths[column] = Math.max(widths[column]!, cells[column]!.length);
	}
	// The last column runs to the end of the line.
	widths[widths.length - 1] = 0;
	const line = (row: readonly string[]) =>
		row
			.map((text, column) => text.padEnd(widths[column]!))
			.join('  ')
			.trimEnd();
	yield line(heading);
	for (const point of points()) yield line(cellsOf(point));
}
