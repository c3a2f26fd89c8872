// `dlock-tui explore`: what it prints and writes, that every scenario it writes passes `check`,
// its one-line mistakes, and (the built binary) --open and Ctrl-C.

import {spawn, spawnSync} from 'node:child_process';
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {Writable} from 'node:stream';
import {fileURLToPath} from 'node:url';
import pty from '@lydell/node-pty';
import {afterEach, describe, expect, test} from 'vitest';
import {parse} from 'yaml';
import {runExplore} from '../../source/commands/explore.js';
import {targetNames} from '../../source/explore/targets.js';
import {loadScenario} from '../../source/scenario/files.js';
import {callCli, callCliToClosedPipe, cliPath, stackTrace, temporaryDirectory} from '../run-cli.js';
import {dashboardEnv, until} from './pty.js';

const signalListeners = fileURLToPath(new URL('../signal-listeners.cjs', import.meta.url));

const directory = temporaryDirectory('dlock-explore-');
const file = (name: string, text?: string) => {
	const at = path.join(directory, name);
	if (text !== undefined) writeFileSync(at, text);
	return at;
};
const builtins = readdirSync(new URL('../../scenarios', import.meta.url))
	.filter(name => name.endsWith('.yaml'))
	.map(name => name.slice(0, -'.yaml'.length));

/** A progress line, as written to a file or a pipe. */
const progressLine = String.raw`explore: [\d,]+ states, depth \d+, [\d,]+ states/s\n`;
/** Nothing on stderr but progress, a line a second, which a slow or busy machine gets. */
const progressOnly = new RegExp(`^(${progressLine})*$`);

/** One line on stderr, status 2, no stack trace. */
function expectUsageError(result: {status: number | null; stdout: string; stderr: string}, text: string) {
	expect(result.status).toBe(2);
	expect(result.stdout).toBe('');
	expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
	expect(result.stderr).toContain(text);
	expect(result.stderr).not.toMatch(stackTrace);
}

describe('dlock-tui explore', () => {
	test('finds the shortest way to a violation without fencing, prints it, writes it; check passes it', async () => {
		const out = file('unfenced.yaml');
		const result = await callCli(['explore', 'gc-pause-unfenced', '-o', out]);
		expect(result.status).toBe(1);
		expect(result.stderr).toMatch(progressOnly);
		expect(result.stdout).toMatch(
			/^found a violation in 5 moves \(584 states seen, [\d.]+ s\):\n {2}1\. acquire A\n {2}2\. tick 5\n {2}3\. acquire B\n {2}4\. write B\n {2}5\. write A\nwrote /,
		);
		const text = readFileSync(out, 'utf8');
		expect(text).toContain('expect: {violations: 1}');
		const written = parse(text) as {fencing: boolean; clients: unknown[]; steps: {do: string; say: {en: string; ja: string}}[]};
		expect(written).toMatchObject({fencing: false, clients: ['A', 'B']});
		expect(written.steps.map(step => step.do)).toEqual(['acquire A', 'tick 5', 'acquire B', 'write B', 'write A']);
		expect(written.steps[1]!.say.en).toBe("time t=0 → t=5; A's lease expired at t=5 (token 1): the lock is free.");
		expect(written.steps[4]!.say.en).toMatch(/^CORRUPTED: A's stale write "A" accepted \(token 1\)\. That is a violation in 5 moves/);
		expect(written.steps[4]!.say.ja).toMatch(/^破壊: A の古い書き込み "A" を受理 \(トークン 1\)。5 手で/);
		expect(await callCli(['check', out])).toEqual({status: 0, stdout: '✓ Explored: a violation in 5 moves\n', stderr: ''});
	});

	test('without -o the scenario goes to stdout and the sequence to stderr', async () => {
		const result = await callCli(['explore', 'weakest-writer']);
		expect(result.status).toBe(1);
		expect(result.stderr).toContain('found a violation in 5 moves');
		expect(result.stdout).toContain('steps:\n');
		expect(result.stdout).toContain('{name: A, fencing: false}');
		const out = file('weakest.yaml', result.stdout);
		expect((await callCli(['check', out])).status).toBe(0);
	});

	// The search's answer at 7 moves, the same states as a plain search's, is test/explore/search.test.ts's: here, how it is said.
	test('a fenced world has no violation within 5 moves; a search past a second shows progress on stderr, rewritten in place on a terminal', async () => {
		for (const terminal of [false, true]) {
			// A clock, in a process that has run a while, that moves on 5 ms each time it is read (after
			// every move): the search below takes some seconds by it.
			const step = 5;
			let time = 1_000_000;
			const started = time + step;
			const clock = () => (time += step);
			const shown: {text: string; at: number}[] = [];
			const stderr = new Writable({
				write(chunk: Buffer, _encoding, done) {
					shown.push({text: chunk.toString(), at: time});
					done();
				},
			}) as NodeJS.WriteStream;
			stderr.isTTY = terminal;
			let stdout = '';
			const status = await runExplore('gc-pause', {depth: '5'}, {write: text => (stdout += text), stderr, open: async () => {}, terminalProblem: null, clock});
			expect(stdout).toMatch(/^no violation within 5 moves \(1,324 states seen, [\d.]+ s, depth 5 reached\)\n$/);
			expect(status).toBe(0);
			// On a terminal the line is ended once the search is.
			const lines = terminal ? shown.slice(0, -1) : shown;
			if (terminal) expect(shown.at(-1)!.text).toBe('\n');
			// Nothing within the first second; then a line a second at most.
			expect(lines.length).toBeGreaterThanOrEqual(1);
			for (const line of lines)
				expect(line.text).toMatch(terminal ? /^\rexplore: [\d,]+ states, depth \d+, [\d,]+ states\/s\x1b\[K$/ : new RegExp(`^${progressLine}$`));
			expect(lines[0]!.at - started).toBeGreaterThanOrEqual(1000);
			for (let index = 1; index < lines.length; index += 1) expect(lines[index]!.at - lines[index - 1]!.at).toBeGreaterThanOrEqual(1000);
		}
	});

	test('a search stops at the memory it may hold, and says so', async () => {
		// A process that holds 1 GB to start with and 100 MB more each time it is asked.
		let held = 1e9;
		const memory = () => (held += 1e8);
		let stdout = '';
		const status = await runExplore(
			'gc-pause',
			{depth: '8'},
			{
				write: text => (stdout += text),
				stderr: new Writable({write: (_c, _e, done) => done()}) as NodeJS.WriteStream,
				open: async () => {},
				terminalProblem: null,
				memory,
			},
		);
		expect(status).toBe(0);
		expect(stdout).toMatch(/^no violation within \d+ moves; stopped at 1\.2 GB of memory, the most a search holds \([\d,]+ states seen, /);
	});

	test('every scenario it writes passes check, for every built-in setup and target', async () => {
		// The search sees only a scenario's setup and its own moves and depth: built-ins that have
		// the same (crash, fencing-gap and network-delay do) are searched once.
		const searched = new Set<string>();
		const written: string[] = [];
		for (const name of builtins) {
			const {setup, explore} = loadScenario(name);
			const same = JSON.stringify({setup, explore});
			if (searched.has(same)) continue;
			searched.add(same);
			for (const target of targetNames) {
				const out = file(`${name}-${target}.yaml`);
				const result = await callCli(['explore', name, '--until', target, '--depth', '5', '-o', out]);
				expect(result.stderr).toMatch(progressOnly);
				if (result.status === 0) continue;
				expect(result.status).toBe(1);
				written.push(out);
			}
		}
		expect(written.length).toBeGreaterThan(searched.size);
		// One check of them all: it says each one it passes on a line, and fails if any fails.
		const check = await callCli(['check', ...written]);
		expect(check.stdout.trimEnd().split('\n')).toEqual(written.map(() => expect.stringMatching(/^✓ Explored: /)));
		expect(check.status).toBe(0);
	});

	test('a Redlock setup with the default moves finds its violation, and two holders that hold no token', async () => {
		const redlock = file('redlock.yaml', 'title: Redlock\nbackend: redlock\nclients: [A, B]\nsteps: []\n');
		// Redlock issues no token, so a fenced resource has nothing to reject: no rejected write is found.
		expect((await callCli(['explore', redlock, '--until', 'rejected', '--depth', '5'])).stdout).toMatch(/^no rejected write within 5 moves/);
		for (const target of ['violation', 'two-holders']) {
			const out = file(`redlock-${target}.yaml`);
			const result = await callCli(['explore', redlock, '--until', target, '-o', out]);
			expect(result.stderr).toMatch(progressOnly);
			expect(result.status).toBe(1);
			expect((await callCli(['check', out])).status).toBe(0);
			const written = parse(readFileSync(out, 'utf8')) as {backend: string; steps: {expect?: unknown}[]};
			expect(written.backend).toBe('redlock');
			if (target === 'two-holders') expect(written.steps.at(-1)!.expect).toEqual({clients: {A: {holds: true, token: null}, B: {holds: true, token: null}}});
			if (target === 'violation')
				expect(result.stdout).toMatch(
					/^found a violation in 5 moves .*\n {2}1\. acquire A\n {2}2\. tick 5\n {2}3\. acquire B\n {2}4\. write B\n {2}5\. write A\n/,
				);
		}
		// Nodes may be moves too: a crashed node that forgets its key gives the lock away sooner.
		const crash = await callCli([
			'explore',
			redlock,
			'--depth',
			'10',
			'--moves',
			'acquire A, crash L1, crash L2, crash L3, restart L1, restart L2, restart L3, acquire B, write B, write A',
		]);
		expect(crash.status).toBe(1);
		expect(crash.stderr).toContain('found a violation in 10 moves');
		expectUsageError(await callCli(['explore', redlock, '--moves', 'crash L6']), "crash: no client or node named 'L6'");
	});

	test("a scenario's own moves and depth", async () => {
		const story = (depth: number) =>
			file(
				`own-${depth}.yaml`,
				`title: own moves\nfencing: false\nclients: [A, B]\nsteps: []\nexplore:\n  moves: [acquire A, tick 5, acquire B, write B, write A]\n  depth: ${depth}\n`,
			);
		const shallow = await callCli(['explore', story(4)]);
		expect(shallow.stdout).toMatch(/^no violation within 4 moves/);
		expect(shallow.status).toBe(0);
		const deep = await callCli(['explore', story(5)]);
		expect(deep.status).toBe(1);
		// A file already there is replaced whole, and said so.
		const existing = file('existing.yaml', 'an older scenario\n');
		expect((await callCli(['explore', story(5), '-o', existing])).stdout).toMatch(/\nreplaced .*existing\.yaml: 5 steps/);
		expect(readFileSync(existing, 'utf8')).toContain('expect: {violations: 1}');
		// --depth and --moves win over the file.
		expect((await callCli(['explore', story(5), '--depth', '4'])).status).toBe(0);
		expect((await callCli(['explore', story(5), '--moves', 'acquire A, acquire B, tick 5'])).status).toBe(0);
	});

	test('a typo in a move is one line with a suggestion, on the command line and in a file', async () => {
		expectUsageError(await callCli(['explore', 'gc-pause', '--moves', 'acquire A, wirte A']), "--moves: move 2 ('wirte A'): unknown command 'wirte'");
		expectUsageError(await callCli(['explore', 'gc-pause', '--moves', 'acquire A, wirte A']), "(did you mean 'write'?)");
		expectUsageError(await callCli(['explore', 'gc-pause', '--moves', 'acquire C']), "acquire: no client named 'C' (clients: A, B)");
		expectUsageError(await callCli(['explore', 'gc-pause', '--moves', ' , ']), '--moves: expected at least one move');
		const typo = file('typo.yaml', 'title: typo\nclients: [A]\nsteps: []\nexplore:\n  moves:\n    - acquire A\n    - aquire A\n');
		expectUsageError(await callCli(['explore', typo]), "typo.yaml:7: explore: move 2: unknown command 'aquire'");
		expectUsageError(await callCli(['explore', typo]), "(did you mean 'acquire'?)");
		const badDepth = file('bad-depth.yaml', 'title: deep\nclients: [A]\nsteps: []\nexplore: {depth: 0, mvoes: []}\n');
		const result = await callCli(['explore', badDepth]);
		expect(result.status).toBe(2);
		expect(result.stderr).toContain('bad-depth.yaml:4: explore.depth: expected a whole number from 1 to 40, got 0');
		expect(result.stderr).toContain("unknown key 'mvoes' (did you mean 'moves'?)");
	});

	test('a depth out of range, an unknown target, --open without a file: one line each', async () => {
		for (const depth of ['0', '41', 'x', '-3', '2.5']) {
			expectUsageError(await callCli(['explore', 'gc-pause', '--depth', depth]), '--depth: expected a whole number from 1 to 40');
		}
		expectUsageError(
			await callCli(['explore', 'gc-pause', '--until', 'two-holder']),
			"--until: expected one of violation, two-holders, rejected, got 'two-holder' (did you mean 'two-holders'?)",
		);
		expectUsageError(await callCli(['explore', 'gc-pause', '--open']), '--open: needs -o FILE');
		expectUsageError(await callCli(['explore', 'gc-pause', '--json']), '--json applies to trace, not explore');
		expectUsageError(await callCli(['explore']), 'explore: expected one scenario');
		expectUsageError(await callCli(['explore', 'gc-pase']), "did you mean 'gc-pause'?");
	});
});

describe('the built binary', () => {
	test('a reader that leaves early changes no status: 1 for a sequence found, 0 for none', async () => {
		// Two holders are found in 3 moves, a violation in 5: the status is the same, the search smaller.
		const piped = spawnSync(
			'bash',
			['-c', 'set -o pipefail; "$@" | true', 'bash', process.execPath, cliPath, 'explore', 'gc-pause-unfenced', '--until', 'two-holders'],
			{
				encoding: 'utf8',
				timeout: 60_000,
			},
		);
		expect(piped.status).toBe(1);
		// On stderr the sequence, and not a word of the closed pipe.
		expect(piped.stderr).toMatch(new RegExp(`^(${progressLine})*found two clients that both believe they hold the lock in 3 moves .*:\n( {2}\\d\\. .*\n){3}$`));
		// The status a process ends with is run()'s, which keeps each one under a pipe whose reader has gone.
		expect(await callCliToClosedPipe(['explore', 'gc-pause-unfenced', '--until', 'two-holders'])).toMatchObject({status: 1});
		expect(await callCliToClosedPipe(['explore', 'gc-pause', '--depth', '3'])).toEqual({status: 0, stdout: '', stderr: ''});
	});

	let child: pty.IPty | null = null;
	afterEach(() => {
		child?.kill();
		child = null;
	});

	test('--open opens the scenario found in the dashboard', async () => {
		const out = file('opened.yaml');
		let output = '';
		child = pty.spawn(process.execPath, [cliPath, 'explore', 'gc-pause-unfenced', '-o', out, '--open'], {
			name: 'xterm-256color',
			cols: 80,
			rows: 24,
			env: dashboardEnv(),
		});
		child.onData(data => (output += data));
		const exited = new Promise<number>(resolve => child!.onExit(({exitCode}) => resolve(exitCode)));
		// The key bar ends the first frame.
		await until(
			() => output.includes('Explored: a violation in 5 moves') && output.includes(' quit'),
			() => output,
		);
		child.write('q');
		expect(await exited).toBe(1);
		// What was found is said once the dashboard is closed, below its last screen.
		expect(output.slice(output.lastIndexOf(' quit'))).toContain('found a violation in 5 moves');
		child = null;
	});

	test('heavy moves of old (Redlock clients renewing every tick, a tick of 100,000) are searched in moments', async () => {
		// Each such tick once cost a tenth of a second or more, and the search looked at the clock
		// only every few hundred states: it ran on for minutes, deaf to Ctrl-C. A long tick now
		// costs about the changes in it; yielding by time is search.test.ts's and the next test's.
		const heavy = file(
			'heavy-moves.yaml',
			'title: heavy moves\nbackend: redlock\nclients: [{name: A, renewEvery: 1}, {name: B, renewEvery: 1}, {name: C, renewEvery: 1}]\nsteps: []\n',
		);
		const started = Date.now();
		const result = await callCli(['explore', heavy, '--depth', '40', '--moves', 'acquire A, tick 100000']);
		expect(result.status).toBe(0);
		expect(result.stdout).toMatch(/^no violation within 40 moves \([\d,]+ states seen, /);
		// The bound is loose for a loaded machine; the old search took minutes.
		expect(Date.now() - started).toBeLessThan(10_000);
	});

	test('Ctrl-C stops a long search and says how far it got', async () => {
		const search = spawn(process.execPath, ['--require', signalListeners, cliPath, 'explore', 'gc-pause', '--depth', '40'], {
			env: {...process.env, NO_COLOR: '1'},
			stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		let listening = '';
		search.stdout!.on('data', data => (stdout += data));
		search.stderr!.on('data', data => (stderr += data));
		// Once it listens for SIGINT the search starts, and a first slice of it runs before the signal is heard.
		search.stdio[3]!.on('data', data => {
			listening += data;
			if (listening.split('\n').includes('SIGINT') && !search.killed) search.kill('SIGINT');
		});
		const exited = new Promise<number | null>(resolve => search.on('close', resolve));
		expect(await exited).toBe(130);
		expect(listening.split('\n')).toContain('SIGINT');
		const stopped =
			/^stopped by Ctrl-C at depth \d+ \([\d,]+ of its [\d,]+ states explored\): no violation within \d+ moves \(([\d,]+) states seen, [\d.]+ s\)\n$/.exec(
				stdout,
			);
		expect(stopped).not.toBeNull();
		// More than the start: it was stopped searching.
		expect(Number(stopped![1]!.replaceAll(',', ''))).toBeGreaterThan(1);
		expect(stderr).toMatch(progressOnly);
	});
});
