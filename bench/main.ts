// `npm run bench`: how fast dlock-tui starts, answers a key, travels back through a long history
// and checks a long scenario. Prints a table and writes bench/results/latest.json. Goals are
// reported, not asserted: timings depend on the machine, so they are never part of `npm test`.

import {execFileSync, spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {startExplore} from '../source/explore/explore.js';
import {defaultMoves} from '../source/explore/moves.js';
import {type Target, targets} from '../source/explore/targets.js';
import type {WorldSetup} from '../source/model/world.js';
import {parseScenario, type Scenario} from '../source/scenario/parse.js';
import {maxScenarioBytes} from '../source/scenario/files.js';
import {reduceSession, type Session, startSession} from '../source/session/session.js';
import {generateScenario} from './scenario.js';
import {keys, spawnTerminal} from './terminal.js';

const root = process.cwd();
const cli = path.join(root, 'dist/cli.js');
const [helloBundle, ...only] = process.argv.slice(2) as [string, ...string[]];
const temp = mkdtempSync(path.join(os.tmpdir(), 'dlock-bench-'));

interface Result {
	readonly name: string;
	/** What was measured, as people read it. */
	readonly value: string;
	readonly goal: string;
	/** null when the measure is reported with no goal. */
	readonly met: boolean | null;
	readonly data: Record<string, unknown>;
}

const median = (values: readonly number[]) => percentile(values, 50);

function percentile(values: readonly number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/**
 * With no scenario named, the built-in one, parsed when the bundle was built; with `file`, the same
 * story from a file of one's own, which loads the YAML reader first.
 */
async function firstFrame(runs: number, file?: string): Promise<Result> {
	const name = file ? 'first frame (80x24, a scenario file)' : 'first frame (80x24)';
	const goal = file ? '(reported)' : '≤ 1.1x Ink hello world';
	const programs = [
		{label: 'ink', args: [helloBundle], markers: ['Hello from Ink']},
		{label: 'dlock-tui', args: file ? [cli, file] : [cli], markers: ['row-42', 'quit']},
	];
	const times: Record<string, number[]> = {ink: [], 'dlock-tui': []};
	for (let run = 0; run < runs; run += 1) {
		// Interleaved, so that a busy moment of the machine hurts both alike.
		for (const program of programs) {
			const terminal = spawnTerminal(process.execPath, program.args, 80, 24, temp);
			try {
				times[program.label]!.push(await terminal.waitForScreen(program.markers, 10_000));
			} finally {
				await terminal.close();
			}
		}
	}
	const ink = median(times.ink!);
	const dlock = median(times['dlock-tui']!);
	const ratio = dlock / ink;
	return {
		name,
		value: `${ms(dlock)} vs Ink ${ms(ink)}: ${ratio.toFixed(2)}x (median of ${runs})`,
		goal,
		met: file ? null : ratio <= 1.1,
		data: {runs, inkMs: times.ink, dlockMs: times['dlock-tui'], inkMedianMs: ink, dlockMedianMs: dlock, ratio},
	};
}

/** Keypress to frame on a generated scenario at 200x60 (on five Redlock nodes with `redlock`). */
async function keypress(steps: number, presses: number, redlock = false): Promise<Result> {
	const name = `keypress to frame (200x60, ${steps.toLocaleString('en')}-step history${redlock ? ', 5 Redlock nodes' : ''})`;
	const goal = 'p99 < 16 ms';
	const file = path.join(temp, `keypress-${steps}${redlock ? '-redlock' : ''}.yaml`);
	writeFileSync(file, generateScenario(steps, true, redlock ? 'redlock' : undefined));
	const terminal = spawnTerminal(process.execPath, [cli, file], 200, 60, temp);
	try {
		await terminal.waitForScreen(['row-42', 'quit'], 20_000);
		// End plays the whole script: the history is then `steps` entries long.
		await terminal.press(keys.end, 60_000);
		await terminal.settle(300, 60_000);
		const times: number[] = [];
		let unchanged = 0;
		for (let press = 0; press < presses; press += 1) {
			// Back then forward again: both change the screen, and the history stays as long.
			const {ms: took, changed} = await terminal.press(press % 2 === 0 ? keys.left : keys.space, 5000);
			times.push(took);
			if (!changed) unchanged += 1;
			// Idle longer than Ink's 30 fps throttle, so every frame is drawn on its leading edge.
			await terminal.settle(60, 5000);
		}
		const p50 = percentile(times, 50);
		const p99 = percentile(times, 99);
		return {
			name,
			value: `p50 ${ms(p50)}, p99 ${ms(p99)} (${presses} presses of ← and Space${unchanged ? `; ${unchanged} left the screen unchanged` : ''})`,
			goal,
			met: p99 < 16 && unchanged === 0,
			data: {steps, presses, p50Ms: p50, p99Ms: p99, maxMs: Math.max(...times), unchanged, timesMs: times},
		};
	} finally {
		await terminal.close();
	}
}

function parseGenerated(steps: number): Scenario {
	const parsed = parseScenario(generateScenario(steps, false), `generated-${steps}.yaml`);
	if (!parsed.ok) throw new Error(`the generated scenario does not load: ${parsed.problems[0]?.message}`);
	return parsed.scenario;
}

const heapUsed = () => {
	globalThis.gc?.();
	globalThis.gc?.();
	return process.memoryUsage().heapUsed;
};

/** `batches` of `backs` steps back each: the median time of one back. */
function history(steps: number, backs: number, batches: number): Result[] {
	const scenario = parseGenerated(steps);
	const start = startSession(scenario);
	const before = heapUsed();
	let session: Session = reduceSession(start, {type: 'end'});
	const bytes = heapUsed() - before;
	const megabytes = bytes / 1024 / 1024;

	// The median of several batches: a single one is at the mercy of a GC or a busy machine.
	const timeBacks = () => {
		const times: number[] = [];
		for (let batch = 0; batch < batches; batch += 1) {
			const began = process.hrtime.bigint();
			for (let back = 0; back < backs; back += 1) session = reduceSession(session, {type: 'back'});
			times.push(Number(process.hrtime.bigint() - began) / backs);
		}
		return median(times);
	};
	const depthAtStart = session.history.length;
	const nsDeep = timeBacks();
	// Down to a short history: the same number of backs should cost the same.
	while (session.history.length > backs * batches + 1) session = reduceSession(session, {type: 'back'});
	const depthShort = session.history.length;
	const nsShort = timeBacks();
	const ratio = nsDeep / nsShort;
	return [
		{
			name: `step back (${steps.toLocaleString('en')}-step history)`,
			value: `${nsDeep.toFixed(0)} ns per back at ${depthAtStart.toLocaleString('en')} entries, ${nsShort.toFixed(0)} ns at ${depthShort.toLocaleString('en')} (${ratio.toFixed(2)}x)`,
			goal: 'O(1): the same at any depth',
			// Anything below 10x at 100x the depth is no O(n); timer noise is large at these sizes.
			met: ratio < 10,
			data: {steps, backs, batches, depthAtStart, nsPerBackDeep: nsDeep, depthShort, nsPerBackShort: nsShort, ratio},
		},
		{
			name: `memory of a ${steps.toLocaleString('en')}-step history`,
			value: globalThis.gc ? `${megabytes.toFixed(1)} MB heap (${(bytes / steps).toFixed(0)} bytes per step)` : 'unknown: run with --expose-gc',
			goal: '< 200 MB',
			met: globalThis.gc ? megabytes < 200 : null,
			data: {steps, heapBytes: bytes, bytesPerStep: bytes / steps},
		},
	];
}

/** Wall time of a run of the built CLI, as a person would see it (start-up included). */
function timeCli(args: readonly string[], nodeOptions: readonly string[] = []): {ms: number; status: number | null; output: string} {
	const began = performance.now();
	const run = spawnSync(process.execPath, [...nodeOptions, cli, ...args], {cwd: temp, encoding: 'utf8', env: {...process.env, CI: 'true'}, maxBuffer: 1 << 30});
	return {ms: performance.now() - began, status: run.status, output: `${run.stdout}${run.stderr}`};
}

/** `record` of the seed story into a cast or an animated SVG, against a goal in seconds if there is one. */
function record(runs: number, format: 'cast' | 'svg', goalSeconds?: number): Result {
	const name = format === 'cast' ? 'record gc-pause (the seed story)' : 'record gc-pause -o demo.svg (the seed story)';
	const goal = goalSeconds === undefined ? '(reported)' : `< ${goalSeconds} s`;
	const file = path.join(temp, `gc-pause.${format}`);
	const times: number[] = [];
	for (let run = 0; run < runs; run += 1) {
		const {ms: took, status, output} = timeCli(['record', 'gc-pause', '-o', file]);
		if (status !== 0) throw new Error(`record failed (${status}): ${output}`);
		times.push(took);
	}
	const bytes = statSync(file).size;
	return {
		name,
		value: `${ms(median(times))} (median of ${runs}), ${(bytes / 1024).toFixed(0)} KiB ${format}`,
		goal,
		met: goalSeconds === undefined ? null : median(times) < goalSeconds * 1000,
		data: {runs, format, timesMs: times, medianMs: median(times), fileBytes: bytes},
	};
}

/** Node options that make a process write its peak memory (resident set) on stderr as it exits. */
const reportPeakMemory = [
	'--import',
	`data:text/javascript,process.on('exit', () => process.stderr.write('peak memory: ' + process.resourceUsage().maxRSS + ' KiB\\n'))`,
];

/** `check` of a generated scenario (on five Redlock nodes with `redlock`): how long it takes and its peak memory, against a goal in seconds if there is one. */
function check(steps: number, runs: number, goalSeconds?: number, redlock = false): Result {
	const name = `check of a ${steps.toLocaleString('en')}-step scenario${redlock ? ' on 5 Redlock nodes' : ''}`;
	const goal = goalSeconds === undefined ? '(reported)' : `< ${goalSeconds} s`;
	const file = path.join(temp, `check-${steps}${redlock ? '-redlock' : ''}.yaml`);
	writeFileSync(file, generateScenario(steps, false, redlock ? 'redlock' : undefined));
	const bytes = statSync(file).size;
	if (bytes > maxScenarioBytes) throw new Error(`the generated scenario is ${bytes} bytes: more than a scenario file may be`);
	const times: number[] = [];
	const peaks: number[] = [];
	for (let run = 0; run < runs; run += 1) {
		const {ms: took, status, output} = timeCli(['check', file], reportPeakMemory);
		if (status !== 0) throw new Error(`check failed (${status}): ${output.slice(0, 500)}`);
		times.push(took);
		peaks.push(Number(/peak memory: (\d+) KiB/.exec(output)?.[1]) * 1024);
	}
	const seconds = median(times) / 1000;
	const peak = Math.max(...peaks);
	const mib = (value: number) => `${(value / 1024 / 1024).toFixed(value < 1024 * 1024 ? 2 : 1)} MiB`;
	return {
		name,
		value: `${seconds.toFixed(2)} s, ${Math.round(steps / seconds).toLocaleString('en')} steps/s, ${mib(peak)} peak memory (${runs > 1 ? `median of ${runs}; ` : ''}${mib(bytes)} file)`,
		goal,
		met: goalSeconds === undefined ? null : seconds < goalSeconds,
		data: {steps, fileBytes: bytes, runs, timesMs: times, stepsPerSecond: steps / seconds, peakMemoryBytes: peaks},
	};
}

/**
 * `explore` of a setup with its default moves to `depth`, in this process: the whole space up to
 * the depth when nothing is found. Time and states/s are the median of `runs`; memory is the heap
 * a finished search holds (its states' keys, how each was reached, the worlds of its last level).
 */
function explore(
	name: string,
	setup: WorldSetup,
	target: Target,
	depth: number,
	runs: number,
	goal?: {readonly seconds: number; readonly statesPerSecond: number},
): Result {
	const moves = defaultMoves({lease: setup.lease ?? 5, clients: setup.clients.map(client => client.name)});
	const search = () => startExplore({setup, moves, target, depth});
	const times: number[] = [];
	// CPU time too: on a busy machine the wall time counts the time the search waited for a core.
	const cpuTimes: number[] = [];
	let states = 0;
	let outcome = '';
	for (let run = 0; run < runs; run += 1) {
		const began = performance.now();
		const cpuBefore = process.cpuUsage();
		const explored = search();
		const status = explored.advance(Number.POSITIVE_INFINITY);
		times.push(performance.now() - began);
		const cpu = process.cpuUsage(cpuBefore);
		cpuTimes.push((cpu.user + cpu.system) / 1000);
		states = explored.states;
		outcome = status.kind === 'found' ? `found in ${status.moves.length} moves` : `none to depth ${explored.depth}`;
	}
	const before = heapUsed();
	const held = search();
	held.advance(Number.POSITIVE_INFINITY);
	const bytes = heapUsed() - before;
	const seconds = median(times) / 1000;
	const rate = states / seconds;
	const cpuMs = median(cpuTimes);
	const value = `${(seconds * 1000).toFixed(0)} ms (CPU ${cpuMs.toFixed(0)} ms), ${Math.round(rate).toLocaleString('en')} states/s, ${states.toLocaleString('en')} states (${outcome}), ${(bytes / 1024 / 1024).toFixed(1)} MB heap, ${Math.round(bytes / states)} bytes a state (median of ${runs})`;
	return {
		name,
		value,
		goal: goal ? `< ${goal.seconds} s, ≥ ${goal.statesPerSecond.toLocaleString('en')} states/s` : '(reported)',
		met: goal ? seconds < goal.seconds && rate >= goal.statesPerSecond : null,
		data: {depth, runs, timesMs: times, cpuMs: cpuTimes, states, statesPerSecond: rate, heapBytes: bytes, bytesPerState: bytes / states, outcome},
	};
}

function table(results: readonly Result[]): string {
	const rows = [
		['measure', 'result', 'goal', 'met'],
		...results.map(result => [result.name, result.value, result.goal, result.met === null ? '-' : result.met ? 'yes' : 'NO']),
	];
	const widths = rows[0]!.map((_, column) => Math.max(...rows.map(row => row[column]!.length)));
	const line = (row: readonly string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
	return [line(rows[0]!), `|${widths.map(width => '-'.repeat(width + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

async function main(): Promise<void> {
	const results: Result[] = [];
	// `npm run bench -- keypress check` runs only those.
	const run = async (label: string, measure: () => Result | Result[] | Promise<Result>) => {
		if (only.length > 0 && !only.includes(label)) return;
		process.stderr.write(`bench: ${label}…\n`);
		const outcome = await measure();
		results.push(...(Array.isArray(outcome) ? outcome : [outcome]));
	};
	await run('first-frame', () => firstFrame(15));
	await run('first-frame', () => {
		const file = path.join(temp, 'talk.yaml');
		copyFileSync(path.join(root, 'scenarios/gc-pause.yaml'), file);
		return firstFrame(15, file);
	});
	// The same screen with a short history first: what is left is Ink's own cost of a frame.
	await run('keypress', () => keypress(100, 100));
	await run('keypress', () => keypress(10_000, 100));
	// The same on a five-node world: a row and a timeline lane per node on every frame.
	await run('keypress-nodes', () => keypress(10_000, 100, true));
	await run('history', () => history(100_000, 1000, 9));
	await run('record', () => record(5, 'cast'));
	await run('record-svg', () => record(5, 'svg', 0.5));
	// A scenario long enough for a talk and then some.
	await run('check', () => check(10_000, 5, 1));
	await run('check-nodes', () => check(10_000, 5, 1, true));
	await run('explore', () =>
		explore('explore: fenced, 2 clients, depth 8', {lease: 5, clients: [{name: 'A'}, {name: 'B'}]}, targets.violation, 8, 5, {
			seconds: 1,
			statesPerSecond: 100_000,
		}),
	);
	// Redlock finds its violation in 5 moves; a rejected write it never has (no tokens), so this is the whole space to depth 6.
	await run('explore', () =>
		explore('explore: Redlock, 5 nodes, 2 clients, depth 6', {lease: 5, backend: 'redlock', clients: [{name: 'A'}, {name: 'B'}]}, targets.rejected, 6, 5),
	);

	const machine = {
		node: process.version,
		platform: `${os.platform()} ${os.arch()}`,
		cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
		loadAverage: os.loadavg().map(load => Number(load.toFixed(2))),
		commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).trim(),
	};
	process.stdout.write(`${table(results)}\n\n${machine.node} on ${machine.cpus}, load ${machine.loadAverage.join(' ')}, commit ${machine.commit}\n`);
	const output = path.join(root, 'bench/results/latest.json');
	mkdirSync(path.dirname(output), {recursive: true});
	writeFileSync(output, `${JSON.stringify({date: new Date().toISOString(), machine, results}, null, '\t')}\n`);
	process.stdout.write(`written to ${path.relative(root, output)}\n`);
}

try {
	await main();
} finally {
	rmSync(temp, {recursive: true, force: true});
}
