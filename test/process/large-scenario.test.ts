// Long valid scenarios run through `check` and `trace`; the trace waits for a slow reader instead
// of piling its output up in memory, and the table is never held whole.

import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {Writable} from 'node:stream';
import {describe, expect, test} from 'vitest';
import {runTrace} from '../../source/commands/trace.js';
import {traceTableLines} from '../../source/export/trace.js';
import {createWorld} from '../../source/model/world.js';
import {loadScenario} from '../../source/scenario/files.js';
import {playEvents} from '../../source/scenario/run.js';
import {callCli, cliPath, temporaryDirectory} from '../run-cli.js';

/** A lease expires and passes from A to B: seven commands. */
const cycle = ['acquire A', 'write A', 'tick 5', 'acquire B', 'write B', 'release B', 'release A'];

/** Every cycle a step of its own, each checking the tokens. */
function longScenario(cycles: number): string {
	const lines = ['title: a long night', 'lease: 5', 'clients: [A, B]', 'steps:'];
	for (let index = 0; index < cycles; index += 1) {
		for (const [position, command] of cycle.entries()) {
			lines.push(`  - do: ${command}`);
			if (position === 5) lines.push(`    expect: {holder: null, maxToken: ${2 * index + 2}, writes: ${2 * index + 2}, clock: ${5 * index + 5}}`);
		}
	}
	return `${lines.join('\n')}\n`;
}

/** Runs the built binary, keeping only the line count and the last line of its output. */
function runStreaming(
	args: readonly string[],
	nodeOptions: readonly string[] = [],
): Promise<{status: number | null; lines: number; last: string; stderr: string}> {
	return new Promise(resolve => {
		const child = spawn(process.execPath, [...nodeOptions, cliPath, ...args], {stdio: ['ignore', 'pipe', 'pipe']});
		let lines = 0;
		let tail = '';
		let stderr = '';
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
			lines += chunk.split('\n').length - 1;
			tail = (tail + chunk).slice(-4096);
		});
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
		child.on('close', status => resolve({status, lines, last: tail.trimEnd().split('\n').at(-1)!, stderr}));
	});
}

describe('a 1,000-step scenario', () => {
	const cycles = Math.ceil(1000 / cycle.length);
	const file = path.join(temporaryDirectory('dlock-large-'), 'long.yaml');
	writeFileSync(file, longScenario(cycles));

	test('passes check and traces every command', {timeout: 60_000}, async () => {
		const check = await callCli(['check', file]);
		expect(check.stderr).toBe('');
		expect(check.status).toBe(0);

		const trace = await callCli(['trace', file, '--json']);
		expect(trace.stderr).toBe('');
		expect(trace.status).toBe(0);
		const lines = trace.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(1 + cycles * cycle.length);
		const last = JSON.parse(lines.at(-1)!) as {step: number; command: string; clock: number; resource: {maxToken: number; writes: number}};
		expect(last).toMatchObject({step: cycles * cycle.length, command: 'release A', clock: 5 * cycles, resource: {maxToken: 2 * cycles, writes: 2 * cycles}});
	});
});

describe('a trace of 25,000 commands', () => {
	// One list of commands, repeated by aliases: a short file, quick to read, and a long trace.
	const cycles = 72;
	const repeats = 50;
	const file = path.join(temporaryDirectory('dlock-aliases-'), 'repeated.yaml');
	const commands = Array.from({length: cycles}, () => cycle).flat();
	writeFileSync(
		file,
		`title: a long night\nlease: 5\nclients: [A, B]\nsteps:\n  - do: &night [${commands.join(', ')}]\n${'  - do: *night\n'.repeat(repeats - 1)}`,
	);

	test('traces every command as a table, in a heap too small to hold every world it passes', {timeout: 60_000}, async () => {
		// A trace that kept every world (or every step played) dies here. One that kept only the
		// table's rows would not: that is the next test's to catch.
		const trace = await runStreaming(['trace', file], ['--max-old-space-size=20']);
		expect(trace.stderr).toBe('');
		expect(trace.status).toBe(0);
		const rows = repeats * commands.length;
		expect(trace.lines).toBe(2 + rows);
		const total = repeats * cycles;
		expect(trace.last).toMatch(new RegExp(`^${rows} +${5 * total} +release A +- +- +- +B +${2 * total} +0 +0 +A released nothing`));
	});
});

test('the table is printed a row at a time: after the columns are sized, each row is read as it is printed', () => {
	const scenario = loadScenario('gc-pause');
	const played = [...playEvents(scenario)].flatMap(event => (event.kind === 'command' ? [{world: event.played.world, at: event}] : []));
	const points = [{world: createWorld(scenario.setup), at: null}, ...played];
	let readings = 0;
	let read = 0;
	const lines = traceTableLines(function* () {
		readings += 1;
		read = 0;
		for (const point of points) {
			read += 1;
			yield point;
		}
	});
	// The heading waits for the first reading, which sizes the columns, and no more.
	expect(lines.next().done).toBe(false);
	expect({readings, read}).toEqual({readings: 1, read: points.length});
	for (let row = 1; row <= points.length; row += 1) {
		expect(lines.next().done).toBe(false);
		expect({readings, read}).toEqual({readings: 2, read: row});
	}
	expect(lines.next().done).toBe(true);
});

describe('check of a long scenario that fails everywhere', () => {
	const file = path.join(temporaryDirectory('dlock-failing-'), 'failing.yaml');
	// About 110 KB of output, a hundred times what the reader holds: it falls behind far more often
	// than the ten waits at which Node would warn of a listener leak.
	const failures = 1000;

	test('writes every failure, however far behind the reader is, without a warning', async () => {
		// A holds no token: every write is refused, every step fails, far more output than the reader holds.
		writeFileSync(file, `title: failing\nclients: [A]\nsteps:\n${'  - do: write A\n'.repeat(failures)}`);
		// A reader that holds 1 KiB and takes each chunk a turn of the event loop after it came.
		let stdout = '';
		const reader = new Writable({
			highWaterMark: 1024,
			write(chunk: Buffer, _encoding, done) {
				stdout += chunk;
				setImmediate(done);
			},
		});
		let waits = 0;
		reader.on('drain', () => (waits += 1));
		// A listener added for every line that waits would be Node's "possible memory leak" warning.
		const warnings: Error[] = [];
		const warned = (warning: Error) => warnings.push(warning);
		process.on('warning', warned);
		try {
			const result = await callCli(['check', file], reader as NodeJS.WriteStream);
			expect(result.stderr).toBe('');
			expect(result.status).toBe(1);
		} finally {
			process.off('warning', warned);
		}
		expect(waits, 'the reader never fell behind').toBeGreaterThan(0);
		expect(warnings).toEqual([]);
		expect(
			stdout
				.trimEnd()
				.split('\n')
				.filter(line => line.includes('was refused')),
		).toHaveLength(failures);
	});
});

describe('trace and a slow reader', () => {
	const directory = temporaryDirectory('dlock-slow-');

	// Long enough for six chunks of output or more (64 KiB each): a line of JSON is about six times a row of the table.
	for (const [json, steps] of [
		[true, 250],
		[false, 1300],
	] as const) {
		const file = path.join(directory, `slow-${steps}.yaml`);
		writeFileSync(file, `title: slow\nlease: 5\nclients: [A, B]\nsteps:\n${'  - do: [acquire A, write A, release A]\n'.repeat(steps)}`);
		const commands = 3 * steps;
		test(`writes the next chunk only when the reader has taken the last one${json ? ' (--json)' : ''}`, async () => {
			const waiting: Array<() => void> = [];
			const written: string[] = [];
			let finished = false;
			const done = runTrace(file, json, text => {
				written.push(text);
				return new Promise<void>(resolve => waiting.push(resolve));
			}).then(() => (finished = true));
			const tick = () => new Promise(resolve => setTimeout(resolve, 0));
			for (let chunk = 1; !finished; chunk += 1) {
				await tick();
				// However long the reader takes, the trace has written exactly one chunk more.
				expect(written).toHaveLength(chunk);
				await tick();
				expect(written).toHaveLength(chunk);
				waiting.shift()!();
				await tick();
			}
			await done;
			expect(written.length).toBeGreaterThan(5);
			const lines = written.join('').trimEnd().split('\n');
			// A heading and the start for the table, the start for JSON, then every command.
			expect(lines).toHaveLength((json ? 1 : 2) + commands);
			if (json) expect(JSON.parse(lines.at(-1)!)).toMatchObject({step: commands, command: 'release A', lock: {holder: null, nextToken: steps + 1}});
			else expect(lines.at(-1)).toMatch(new RegExp(`^${commands} +0 +release A +- +- +- +A +${steps} +0 +0 +A released the lock`));
		});
	}
});
