// The trace format (docs/model.md, "The trace format"): one JSON object per command, a stable interface.

import {printCommand} from '../model/command.js';
import {describeEvent, describeRefusal} from '../model/describe.js';
import {clientClock, nodeClock, type World} from '../model/world.js';
import type {ScenarioCommand} from '../scenario/run.js';

/** The world at the start (`at` null), or after a command of the scenario. */
export function traceRecord(world: World, at: ScenarioCommand | null) {
	const played = at?.played;
	return {
		step: at?.index ?? 0,
		command: played ? printCommand(played.command) : null,
		refused: played?.refused ? describeRefusal(played.refused) : null,
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
				},
			]),
		),
		inflight: world.inflight.map(write => ({from: write.from, token: write.token, value: write.value, arrivesAt: write.arrivesAt})),
		violations: world.violations,
		events: (played?.events ?? []).map(event => describeEvent(event)),
		scenarioStep: at?.step ?? 0,
	};
}

export type TraceRecord = ReturnType<typeof traceRecord>;

const cell = (value: unknown) => (value === null ? '-' : String(value));

const tableColumns: ReadonlyArray<readonly [string, (record: TraceRecord) => unknown]> = [
	['#', record => record.step],
	['t', record => record.clock],
	['command', record => record.command ?? '(start)'],
	['holder', record => record.lock.holder],
	['token', record => record.lock.token],
	['expiry', record => record.lock.expiry],
	['value', record => record.resource.value],
	['max', record => record.resource.maxToken],
	['rej', record => record.resource.rejected],
	['viol', record => record.violations],
	['what happened', record => (record.refused ? `REFUSED: ${record.refused}` : record.events.join('; '))],
];

const heading = tableColumns.map(([title]) => title);
const cellsOf = (record: TraceRecord) => tableColumns.map(([, value]) => cell(value(record)));

/**
 * A readable table, one row per trace record, for people at a terminal, a line at a time: a long
 * trace is never held whole. `records` is read twice, once to size the columns and once to print.
 */
export function* traceTableLines(records: () => Iterable<TraceRecord>): Generator<string> {
	const widths = heading.map(title => title.length);
	for (const record of records()) {
		for (const [column, text] of cellsOf(record).entries()) widths[column] = Math.max(widths[column]!, text.length);
	}
	// The last column runs to the end of the line.
	widths[widths.length - 1] = 0;
	const line = (row: readonly string[]) =>
		row
			.map((text, column) => text.padEnd(widths[column]!))
			.join('  ')
			.trimEnd();
	yield line(heading);
	for (const record of records()) yield line(cellsOf(record));
}
