// `dlock-tui trace <scenario> [--json]`: every command of a scenario and the world after it.

import {type TracePoint, traceRecord, traceTableLines} from '../export/trace.js';
import {createWorld} from '../model/world.js';
import {loadScenario} from '../scenario/files.js';
import {playEvents} from '../scenario/run.js';

/**
 * `write` may return a promise to say "wait, the reader is behind": the trace is streamed and waits
 * for it, so a long scenario piped into a slow reader never piles up in memory.
 */
export async function runTrace(argument: string, json: boolean, write: (text: string) => void | Promise<void>): Promise<void> {
	const scenario = loadScenario(argument);
	function* points(): Generator<TracePoint> {
		yield {world: createWorld(scenario.setup), at: null};
		for (const event of playEvents(scenario)) {
			if (event.kind === 'command') yield {world: event.played.world, at: event};
		}
	}
	function* jsonLines(): Generator<string> {
		for (const point of points()) yield JSON.stringify(traceRecord(point));
	}
	const lines = json ? jsonLines() : traceTableLines(points);
	let chunk = '';
	for (const line of lines) {
		chunk += `${line}\n`;
		// Lines go out in chunks: one write per line would cost more than the line.
		if (chunk.length >= chunkSize) {
			await write(chunk);
			chunk = '';
		}
	}
	if (chunk !== '') await write(chunk);
}

const chunkSize = 64 * 1024;
