// `npm run bench`: how fast dlock-tui starts and answers a key, each against an Ink app that does
// the least of the same, and how fast it checks a long scenario, travels back through a long
// history, records and explores. Prints a table and writes bench/results/latest.json (docs/performance.md).
// Goals are reported, not asserted: timings depend on the machine, so they are never part of `npm test`.

import {execFileSync, spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {startExplore} from '../source/explore/explore.js';
import {defaultMoves} from '../source/explore/moves.js';
import {type Target, targets} from '../source/explore/targets.js';
import type {WorldSetup} from '../source/model/world.js';
import {parseScenario, type Scenario} from '../source/scenario/parse.js';
import {reduceSession, type Session, startSession} from '../source/session/session.js';
import {generateScenario} from './scenario.js';
import {keys, spawnTerminal} from './terminal.js';

const root = process.cwd();
const cli = path.join(root, 'dist/cli.js');
const [helloBundle, floorBundle, ...only] = process.argv.slice(2) as [string, string, ...string[]];
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
 * From spawning each program in an 80x24 pty to its first frame on screen: the Ink hello world, the
 * dashboard on its built-in story, and the same story from a file of one's own. Each is first started
 * once untimed (the files it reads are then in the page cache), then `runs` times in turn, so that a
 * busy moment of the machine hurts all alike; medians are compared with the hello world's.
 */
async function firstFrames(runs: number): Promise<Result[]> {
	const file = path.join(temp, 'talk.yaml');
	copyFileSync(path.join(root, 'scenarios/gc-pause.yaml'), file);
	const dashboard = ['row-42', 'quit'];
	const programs = [
		{label: 'hello', args: [helloBundle], markers: ['Hello from Ink']},
		{label: 'built-in', args: [cli], markers: dashboard},
		{label: 'file', args: [cli, file], markers: dashboard},
	];
	const times = new Map(programs.map(program => [program.label, [] as number[]]));
	for (let run = -1; run < runs; run += 1) {
		for (const program of programs) {
			const terminal = spawnTerminal(process.execPath, program.args, 80, 24, temp);
			try {
				const took = await terminal.waitForScreen(program.markers, 20_000);
				if (run >= 0) times.get(program.label)!.push(took);
			} finally {
				await terminal.close();
			}
		}
	}
	const hello = median(times.get('hello')!);
	return programs.slice(1).map(program => {
		const dlock = median(times.get(program.label)!);
		const ratio = dlock / hello;
		return {
			name: `first frame (80x24, ${program.label === 'file' ? "a scenario file of one's own" : 'a built-in scenario'})`,
			value: `${ms(dlock)} vs Ink hello world ${ms(hello)}: ${ratio.toFixed(2)}x (medians of ${runs})`,
			goal: '≤ 2x Ink hello world',
			met: ratio <= 2,
			data: {runs, helloMs: times.get('hello'), dlockMs: times.get(program.label), helloMedianMs: hello, dlockMedianMs: dlock, ratio},
		};
	});
}

/** Keypress times of one program: every round's, and the medians of the rounds' p50s and p99s. */
interface Presses {
	readonly rounds: readonly (readonly number[])[];
	readonly p50: number;
	readonly p99: number;
	/** Presses after which the screen was as before: each one should change it. */
	readonly unchanged: number;
}

function pressesOf(rounds: readonly (readonly number[])[], unchanged: number): Presses {
	return {
		rounds,
		p50: median(rounds.map(times => percentile(times, 50))),
		p99: median(rounds.map(times => percentile(times, 99))),
		unchanged,
	};
}

/**
 * Keypress to frame at `cols`x`rows`: the dashboard at the end of its built-in story, ← and Space in
 * turn (each changes the screen), against the floor app, which draws a whole screen of styled text
 * anew on every key. Both run side by side and take their presses in turn, so that both see the
 * machine alike; `warmUp` presses each first are not counted (V8 compiles the code a frame runs).
 * Then `rounds` rounds of `presses` presses each: the median of the rounds' p50s and p99s, so that
 * a burst of other work during one round does not make the result.
 */
async function keypress(cols: number, rows: number, rounds: number, presses: number, warmUp: number, p99Goal?: number): Promise<Result> {
	const dashboard = spawnTerminal(process.execPath, [cli], cols, rows, temp);
	const floor = spawnTerminal(process.execPath, [floorBundle], cols, rows, temp);
	const programs = [dashboard, floor];
	try {
		// Both at once: a screen is looked for in the output that arrives while waiting.
		await Promise.all([dashboard.waitForScreen(['row-42', 'quit'], 20_000), floor.waitForScreen(['row  1'], 20_000)]);
		// End plays the whole story: every pane then has the most to show. First a still moment:
		// Ink's useInput listens from an effect run just after the frame it comes with.
		await dashboard.settle(100, 20_000);
		await dashboard.press(keys.end, 20_000);
		const times = programs.map(() => Array.from({length: rounds}, () => [] as number[]));
		const unchanged = programs.map(() => 0);
		for (let press = -warmUp; press < rounds * presses; press += 1) {
			const key = press % 2 === 0 ? keys.left : keys.space;
			for (const [index, terminal] of programs.entries()) {
				// Idle longer than Ink's 30 fps throttle, so every frame is drawn on its leading edge:
				// this is the latency of a key, not the throttle's wait.
				await terminal.settle(40, 20_000);
				const {ms: took, changed} = await terminal.press(key, 20_000);
				if (press < 0) continue;
				times[index]![Math.floor(press / presses)]!.push(took);
				if (!changed) unchanged[index]! += 1;
			}
		}
		const [ours, inks] = programs.map((_, index) => pressesOf(times[index]!, unchanged[index]!)) as [Presses, Presses];
		const p50Ratio = ours.p50 / inks.p50;
		const p99Ratio = ours.p99 / inks.p99;
		const stayed = ours.unchanged + inks.unchanged ? `; screen unchanged after ${ours.unchanged} and ${inks.unchanged} presses` : '';
		const noSlower = p50Ratio <= 1 && p99Ratio <= 1;
		const data = (program: Presses) => ({
			p50Ms: program.p50,
			p99Ms: program.p99,
			p99MsByRound: program.rounds.map(round => percentile(round, 99)),
			maxMs: Math.max(...program.rounds.flat()),
			unchanged: program.unchanged,
			timesMsByRound: program.rounds,
		});
		return {
			name: `keypress to frame (${cols}x${rows})`,
			value: `p50 ${ms(ours.p50)}, p99 ${ms(ours.p99)} vs Ink floor p50 ${ms(inks.p50)}, p99 ${ms(inks.p99)}: ${p50Ratio.toFixed(2)}x, ${p99Ratio.toFixed(2)}x (${rounds} rounds of ${presses} presses each${stayed})`,
			goal: `≤ 1x Ink floor${p99Goal === undefined ? '' : `, p99 ≤ ${p99Goal} ms`}`,
			met: noSlower && (p99Goal === undefined || ours.p99 <= p99Goal) && ours.unchanged + inks.unchanged === 0,
			data: {cols, rows, rounds, presses, warmUp, dashboard: data(ours), floor: data(inks), p50Ratio, p99Ratio},
		};
	} finally {
		await dashboard.close();
		await floor.close();
	}
}

function parseGenerated(steps: number): Scenario {
	const parsed = parseScenario(generateScenario(steps), `generated-${steps}.yaml`);
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
	// Step by step, as a speaker plays it, so that each step back is one entry back (End lands in one go).
	let session: Session = start;
	for (let step = 0; step < steps; step += 1) session = reduceSession(session, {type: 'next'});
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

/** `record` of the seed story into a cast or an animated SVG: reported, as the bench's goals are the first frame, a key and `check`. */
function record(runs: number, format: 'cast' | 'svg'): Result {
	const name = format === 'cast' ? 'record gc-pause (the seed story)' : 'record gc-pause -o demo.svg (the seed story)';
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
		goal: '(reported)',
		met: null,
		data: {runs, format, timesMs: times, medianMs: median(times), fileBytes: bytes},
	};
}

/** Node options that make a process write its peak memory (resident set) and CPU time on stderr as it exits. */
const reportUsage = [
	'--import',
	`data:text/javascript,process.on('exit', () => { const usage = process.resourceUsage(); process.stderr.write('usage: ' + usage.maxRSS + ' KiB ' + (usage.userCPUTime + usage.systemCPUTime) + ' us\\n'); })`,
];

/**
 * `check` of a generated scenario (on five Redlock nodes with `redlock`), `runs` times: the median
 * wall time against `goalSeconds`, its CPU time (on a busy machine the wall time also counts the
 * time it waited for a core) and its peak memory.
 */
function check(steps: number, runs: number, goalSeconds: number, redlock = false): Result {
	const name = `check of a ${steps.toLocaleString('en')}-step scenario${redlock ? ' on 5 Redlock nodes' : ''}`;
	const file = path.join(temp, `check-${steps}${redlock ? '-redlock' : ''}.yaml`);
	writeFileSync(file, generateScenario(steps, redlock ? 'redlock' : undefined));
	const bytes = statSync(file).size;
	const times: number[] = [];
	const cpuTimes: number[] = [];
	const peaks: number[] = [];
	for (let run = 0; run < runs; run += 1) {
		const {ms: took, status, output} = timeCli(['check', file], reportUsage);
		if (status !== 0) throw new Error(`check failed (${status}): ${output.slice(0, 500)}`);
		const [, kib, microseconds] = /usage: (\d+) KiB (\d+) us/.exec(output) ?? [];
		times.push(took);
		peaks.push(Number(kib) * 1024);
		cpuTimes.push(Number(microseconds) / 1000);
	}
	const seconds = median(times) / 1000;
	const peak = Math.max(...peaks);
	const mib = (value: number) => `${(value / 1024 / 1024).toFixed(value < 1024 * 1024 ? 2 : 1)} MiB`;
	return {
		name,
		value: `${seconds.toFixed(2)} s (CPU ${(median(cpuTimes) / 1000).toFixed(2)} s), ${Math.round(steps / seconds).toLocaleString('en')} steps/s, ${mib(peak)} peak memory (median of ${runs}; ${mib(bytes)} file)`,
		goal: `< ${goalSeconds} s`,
		met: seconds < goalSeconds,
		data: {steps, fileBytes: bytes, runs, timesMs: times, cpuMs: cpuTimes, stepsPerSecond: steps / seconds, peakMemoryBytes: peaks},
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

const loadAverage = () => os.loadavg().map(load => Number(load.toFixed(2)));

async function main(): Promise<void> {
	const results: Result[] = [];
	// Other work on the machine slows every measure: the load is reported from before and after.
	const loadBefore = loadAverage();
	// `npm run bench -- keypress check` runs only those.
	const run = async (label: string, measure: () => Result | Result[] | Promise<Result | Result[]>) => {
		if (only.length > 0 && !only.includes(label)) return;
		process.stderr.write(`bench: ${label}…\n`);
		const outcome = await measure();
		results.push(...(Array.isArray(outcome) ? outcome : [outcome]));
	};
	await run('first-frame', () => firstFrames(15));
	// p99 over 300 presses is the fourth slowest of them.
	await run('keypress', () => keypress(80, 24, 3, 300, 20));
	await run('keypress', () => keypress(120, 40, 3, 300, 20, 33));
	await run('keypress', () => keypress(200, 60, 3, 300, 20));
	// A scenario long enough for a talk and then some, on one lock service and on five Redlock nodes.
	await run('check', () => check(10_000, 5, 2));
	await run('check', () => check(10_000, 5, 2, true));
	await run('history', () => history(100_000, 1000, 9));
	await run('record', () => record(5, 'cast'));
	await run('record-svg', () => record(5, 'svg'));
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
		loadBefore,
		loadAfter: loadAverage(),
		commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).trim(),
	};
	process.stdout.write(
		`${table(results)}\n\n${machine.node} on ${machine.cpus}, load averages (1, 5, 15 min) ${machine.loadBefore.join(' ')} before and ${machine.loadAfter.join(' ')} after, commit ${machine.commit}\n`,
	);
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
