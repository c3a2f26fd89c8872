// `dlock-tui trace <scenario> [--json]`: every command of a scenario and the world after it.

import {traceRecord, traceTable, type TraceRecord} from '../export/trace.js';
import {createWorld} from '../model/world.js';
import {loadScenario} from '../scenario/files.js';
import {playEvents, playScenario} from '../scenario/run.js';

/**
 * `write` may return a promise to say "wait, the reader is behind": the JSON trace is streamed line
 * by line and waits for it, so a long scenario piped into a slow reader never piles up in memory.
 */
export async function runTrace(argument: string, json: boolean, write: (text: string) => void | Promise<void>): Promise<void> {
	const scenario = loadScenario(argument);
	const initial = traceRecord(createWorld(scenario.setup), null);
	if (json) {
		await write(`${JSON.stringify(initial)}\n`);
		for (const event of playEvents(scenario)) {
			if (event.kind === 'command') await write(`${JSON.stringify(traceRecord(event.played.world, event.played))}\n`);
		}
		return;
	}
	const records: TraceRecord[] = [initial];
	playScenario(scenario, played => records.push(traceRecord(played.world, played)));
	await write(`${traceTable(records)}\n`);
}
