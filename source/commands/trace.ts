// `dlock-tui trace <scenario> [--json]`: every command of a scenario and the world after it.

import {traceRecord, traceTable, type TraceRecord} from '../export/trace.js';
import {createWorld} from '../model/world.js';
import {loadScenario} from '../scenario/files.js';
import {playScenario} from '../scenario/run.js';

export function runTrace(argument: string, json: boolean, write: (text: string) => void): void {
	const scenario = loadScenario(argument);
	const initial = traceRecord(createWorld(scenario.setup), null);
	if (json) {
		// Streamed line by line, so a long scenario never builds one huge string.
		write(`${JSON.stringify(initial)}\n`);
		playScenario(scenario, played => write(`${JSON.stringify(traceRecord(played.world, played))}\n`));
		return;
	}
	const records: TraceRecord[] = [initial];
	playScenario(scenario, played => records.push(traceRecord(played.world, played)));
	write(`${traceTable(records)}\n`);
}
