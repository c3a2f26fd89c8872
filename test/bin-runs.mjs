// Runs a bin several times in this one Node process and prints each run's status, stdout and
// stderr as JSON: a process a run would cost about 0.2 CPU-s just to start Node and load the
// bundle. Each run evaluates the bin afresh (a module URL of its own) with process.argv,
// process.stdout and process.stderr as its own process would have them, and ends when the bin
// sets its exit code; the process listeners it added are taken off before the next. The chunks
// beside the bin are loaded once and shared by the runs: it serves runs that
// only read and print, not what only a fresh process shows.
// Usage: node test/bin-runs.mjs BIN '[["trace", "gc-pause"], ["list"]]'

import {writeSync} from 'node:fs';
import {Writable} from 'node:stream';
import {setImmediate as nextTurn} from 'node:timers/promises';
import {pathToFileURL} from 'node:url';

const [bin, runs] = process.argv.slice(2);

/** A stream that keeps what is written to it, as a pipe to a reader would. */
function collector() {
	let text = '';
	const stream = new Writable({
		write(chunk, _encoding, done) {
			text += chunk;
			done();
		},
	});
	return {stream, text: () => text};
}

const results = [];
/** What the run under way has said on stderr: a run that ends the process (process.exit) leaves it to this process's own. */
let said = () => '';
process.on('exit', () => writeSync(2, said()));
for (const [index, args] of JSON.parse(runs).entries()) {
	const stdout = collector();
	const stderr = collector();
	said = stderr.text;
	Object.defineProperty(process, 'stdout', {configurable: true, get: () => stdout.stream});
	Object.defineProperty(process, 'stderr', {configurable: true, get: () => stderr.stream});
	const listeners = new Map(process.eventNames().map(event => [event, process.listeners(event)]));
	process.argv = [process.execPath, bin, ...args];
	process.exitCode = undefined;
	await import(`${pathToFileURL(bin).href}?run=${index}`);
	while (process.exitCode === undefined) await nextTurn();
	results.push({status: process.exitCode, stdout: stdout.text(), stderr: stderr.text()});
	for (const event of process.eventNames()) {
		for (const listener of process.listeners(event)) if (!listeners.get(event)?.includes(listener)) process.off(event, listener);
	}
}
said = () => '';
process.exitCode = 0;
writeSync(1, JSON.stringify(results));
