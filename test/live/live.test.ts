// `dlock-tui live` on a real etcd (the etcd-server package; .ci/run installs it). Each run gets a
// temporary directory of its own as TMPDIR: its etcd data and its processes' command lines are
// in it, so the test finds every process the run started and checks that none outlives it.

import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import {Etcd3} from 'etcd3';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {findEtcd, startEtcd} from '../../source/live/etcd-server.js';
import {createRunDirectory} from '../../source/live/run-directory.js';
import {builtinDirectory} from '../../source/scenario/files.js';
import {screenText, writeInto} from '../export/terminal.js';
import {type CliResult, callCli, cliPath, runCliInOneProcess, temporaryDirectory} from '../run-cli.js';
import {dashboardEnv, until} from '../terminal/pty.js';

const root = temporaryDirectory('dlock-live-');
/** A tick at which the built-in stories' 5-tick lease is etcd's shortest, 2 s. */
const tickMs = '400';

interface LiveRun {
	readonly status: Promise<number | null>;
	readonly output: () => string;
	/** Every process seen so far whose command line names the run's directory. */
	readonly pids: Set<number>;
	readonly kill: (signal?: NodeJS.Signals) => void;
}

/**
 * The processes whose command line names a watched directory (a run's etcd, its guards and its
 * clients), each set filled by one scan of /proc every 250 ms for all the runs at once: each of
 * them lives for a second at least.
 */
const watchers = new Set<{readonly directory: string; readonly pids: Set<number>}>();
let scanning: NodeJS.Timeout | undefined;
function scanProcesses(): void {
	for (const name of readdirSync('/proc').filter(entry => /^\d+$/.test(entry))) {
		let commandLine: string;
		try {
			commandLine = readFileSync(`/proc/${name}/cmdline`, 'utf8');
		} catch {
			continue; // Ended while being read.
		}
		for (const {directory, pids} of watchers) if (commandLine.includes(directory)) pids.add(Number(name));
	}
}

/** Starts filling a set with the processes of `directory`; `stop` ends that. */
function watchProcesses(directory: string): {readonly pids: Set<number>; readonly stop: () => void} {
	const watcher = {directory, pids: new Set<number>()};
	watchers.add(watcher);
	scanning ??= setInterval(scanProcesses, 250);
	return {
		pids: watcher.pids,
		stop: () => {
			watchers.delete(watcher);
			if (watchers.size === 0) {
				clearInterval(scanning);
				scanning = undefined;
			}
		},
	};
}

function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

function startLive(args: readonly string[], tmp: string): LiveRun {
	const child = spawn(process.execPath, [cliPath, 'live', ...args], {env: {...process.env, TMPDIR: tmp, NO_COLOR: '1'}, stdio: ['ignore', 'pipe', 'pipe']});
	let output = '';
	child.stdout.on('data', chunk => {
		output += chunk;
	});
	child.stderr.on('data', chunk => {
		output += chunk;
	});
	const {pids, stop} = watchProcesses(tmp);
	const status = new Promise<number | null>(resolve =>
		child.once('exit', code => {
			stop();
			resolve(code);
		}),
	);
	return {status, output: () => output, pids, kill: (signal = 'SIGKILL') => child.kill(signal)};
}

const runDirectories = (tmp: string) => readdirSync(tmp).filter(name => name.startsWith('dlock-tui-live-'));

/**
 * Plays to the end, on the shared etcd; checks that the run started its two clients, that none of
 * them nor its directory is left, and that it kept to its own prefix and deleted its keys there.
 */
async function playLive(args: readonly string[]): Promise<{readonly status: number | null; readonly output: string}> {
	const tmp = mkdtempSync(path.join(root, 'run-'));
	const run = startLive([...args, '--etcd', shared.url], tmp);
	const status = await run.status;
	const output = run.output();
	expect(run.pids.size, output).toBeGreaterThanOrEqual(2);
	expect([...run.pids].filter(isRunning)).toEqual([]);
	expect(runDirectories(tmp)).toEqual([]);
	const [, prefix] = /^live .*: http:\/\/127\.0\.0\.1:\d+, keys under (dlock-tui\/dlock-tui-live-\d+-\w+\/); a tick is \d+ ms$/m.exec(output) ?? [];
	expect(prefix, output).toBeDefined();
	expect(await keysLeft(prefix!)).toEqual([]);
	return {status, output};
}

/**
 * A client frozen (SIGSTOP) from the first step on, and a long tick after: a run of it that is
 * stopped from outside has a frozen process to end, as gc-pause has during A's pause.
 */
const frozenScenario = path.join(root, 'frozen.yaml');
writeFileSync(frozenScenario, 'title: A frozen client\nlease: 5\nclients: [A]\nsteps:\n  - do: [acquire A, pause A 30]\n  - do: tick 30\n');

/** Starts the frozen scenario on fresh etcd servers and waits until its client is frozen. */
async function startFrozen(tmp: string): Promise<LiveRun> {
	const run = startLive([frozenScenario, '--tick-ms', tickMs], tmp);
	await expect.poll(() => run.output(), {timeout: 30_000, interval: 50}).toContain('step 1 (t=0)');
	return run;
}

/** One etcd for the run that is given one (--etcd), as a person gives their own. */
let shared: {readonly url: string; readonly stop: () => Promise<void>};
beforeAll(async () => {
	const binary = findEtcd(process.env);
	if (binary === null) throw new Error('these tests need etcd on PATH (apt-get install etcd-server)');
	const directory = createRunDirectory();
	const etcd = await startEtcd(binary, directory, 'shared');
	shared = {
		url: etcd.url,
		stop: async () => {
			await etcd.stop();
			directory.removeNow();
		},
	};
}, 30_000);
afterAll(() => shared?.stop());

/** The keys left under a run's prefix in the shared etcd. */
async function keysLeft(prefix: string): Promise<string[]> {
	const client = new Etcd3({hosts: shared.url});
	try {
		return await client.getAll().prefix(prefix).keys();
	} finally {
		client.close();
	}
}

describe.concurrent('dlock-tui live', {timeout: 60_000}, () => {
	// A run checked by its output alone plays on the shared etcd, given with --etcd: there it keeps to
	// its own prefix and deletes its keys (playLive checks). A live run costs seconds of the machine,
	// so this one serves two tests: the built-in story, then a step added after it that fails.
	test("gc-pause without fencing agrees with the model at every step (A's late write overwrites B's); an expectation not met live fails the check with exit 1", async () => {
		const file = path.join(root, 'unfenced-then-wrong.yaml');
		// Without its twin, which must be the same story: this one has a step more.
		const story = readFileSync(path.join(builtinDirectory(), 'gc-pause-unfenced.yaml'), 'utf8').replace(/^twin: .*\n/m, '');
		writeFileSync(file, `${story}\n  - do: acquire A\n    expect: {holder: A}\n`);
		const {status, output} = await playLive([file, '--check', '--tick-ms', tickMs]);
		expect(status, output).toBe(1);
		expect(output.match(/^✓ step \d+ /gm), output).toHaveLength(7);
		expect(output).toMatch(/^✓ step 4 \(t=5\): agrees with the model\n.*the lock is free.*\n {4}lag: A's lease expired in etcd \d+ ms (late|early) \(t=5\)$/m);
		// Tokens by their order: a given etcd counts in its revision changes the run did not make.
		expect(output).toMatch(/^✓ step 5 \(t=5\): agrees with the model\n.*B holds the lock, create_revision \d+ \(the model's token 2\)/m);
		expect(output).toMatch(/✓ step 7 \(t=7\): agrees with the model\n.*row-42 = A \(max token 2\); A believes token 1; B believes token 2\n/);
		expect(output).toContain('✗ step 8 (t=7): expect: `holder` is B, expected A');
		expect(output).toContain('✗ 1 step differ');
	});

	test('in a terminal: the dashboard, filled from etcd, plays the story beside what etcd says; another key says only q works; q ends it all', async () => {
		const tmp = mkdtempSync(path.join(root, 'pty-'));
		const terminal = new xterm.Terminal({cols: 100, rows: 32, allowProposedApi: true});
		let drawn = '';
		const child = pty.spawn(process.execPath, [cliPath, 'live', 'gc-pause', '--tick-ms', tickMs], {cols: 100, rows: 32, env: dashboardEnv({TMPDIR: tmp})});
		child.onData(data => {
			drawn += data;
			writeInto(terminal, data);
		});
		const exited = new Promise<number>(resolve => child.onExit(({exitCode}) => resolve(exitCode)));
		const {pids, stop} = watchProcesses(tmp);
		const screen = () => screenText(terminal).join('\n');
		await until(() => screen().includes('the story is over: q quits'));
		expect(screen()).toMatch(/holder +B +token 2/);
		expect(screen()).toMatch(/✓ 2 accepted +✗ 1 rejected/);
		expect(screen()).toContain('✓ the live run agrees with the model at every step');
		// Under the panes, etcd's own numbers, held against the run's etcd servers (up until q).
		const [, lockUrl, resourceUrl] = /fresh etcd at (http:\/\/[\d.:]+) \(the lock\) and (http:\/\/[\d.:]+)/.exec(drawn) ?? [];
		const shown = /^etcd says holder B · token (\d+) \(model 2\) · lease <\d s · revision (\d+)$/m.exec(screen());
		expect(shown, screen()).not.toBeNull();
		const [token, revision] = [Number(shown![1]), Number(shown![2])];
		const lockEtcd = new Etcd3({hosts: lockUrl!});
		const resourceEtcd = new Etcd3({hosts: resourceUrl!});
		try {
			// B's 2 s lease, kept alive by nobody since the story ended, may have run out in etcd by
			// now: then its expiry is the one revision since the screen's.
			const now = await lockEtcd.getAll().prefix('dlock-tui/').exec();
			expect(Number(now.header.revision) - revision).toBe(now.kvs.length === 0 ? 1 : 0);
			const then = await lockEtcd.getAll().prefix('dlock-tui/').revision(revision).exec();
			expect(then.kvs.map(kv => [kv.value.toString(), Number(kv.create_revision)])).toEqual([['B', token]]);
			const resource = await resourceEtcd.getAll().prefix('dlock-tui/').strings();
			const maxToken = Number(Object.entries(resource).find(([key]) => key.endsWith('/max-token'))![1]);
			expect(screen()).toMatch(new RegExp(`^✓ t=7 +row-42 = "B" · max token ${maxToken} \\(model 2\\) · processes: A \\d+, B ${token}$`, 'm'));
			// On a fresh etcd, as the check above reports for the same story: B's key was created at 4.
			expect(token).toBe(4);
		} finally {
			lockEtcd.close();
			resourceEtcd.close();
		}
		expect(screen()).not.toContain('≠ model');
		expect(screen()).toContain('the end · q to quit');
		expect(screen()).not.toContain('Home to restart');
		child.write('x');
		await until(() => screen().includes('only q works live'));
		child.write('q');
		expect(await exited).toBe(0);
		stop();
		expect(pids.size).toBeGreaterThanOrEqual(6);
		expect([...pids].filter(isRunning)).toEqual([]);
		expect(runDirectories(tmp)).toEqual([]);
	});

	test.for([
		['SIGTERM', 143],
		['SIGINT', 130],
		['SIGHUP', 129],
	] as const)('%s stops the clients (a frozen one too) and etcd and removes the directory before it exits (%i)', async ([signal, code]) => {
		const tmp = mkdtempSync(path.join(root, 'stopped-'));
		const run = await startFrozen(tmp);
		run.kill(signal);
		expect(await run.status, run.output()).toBe(code);
		// Itself, the client, and two etcd servers with their guards.
		expect(run.pids.size, run.output()).toBeGreaterThanOrEqual(5);
		expect([...run.pids].filter(isRunning)).toEqual([]);
		expect(runDirectories(tmp)).toEqual([]);
	});

	// The next run is etcd-revision's own test too: a live run costs seconds of the machine, so one run serves both.
	test("after a run killed with SIGKILL, the next run ends what it left and removes its directory, and plays cleanly: etcd-revision on a fresh etcd, whose tokens and revision are the model's exactly", async () => {
		const tmp = mkdtempSync(path.join(root, 'killed-'));
		// A frozen client: a stopped process cannot notice that the run is gone, so the next run ends it.
		const killed = await startFrozen(tmp);
		const [stale] = runDirectories(tmp);
		killed.kill();
		await killed.status;
		expect(killed.pids.size, killed.output()).toBeGreaterThanOrEqual(5);
		const next = startLive(['etcd-revision', '--check', '--tick-ms', tickMs], tmp);
		expect(await next.status, next.output()).toBe(0);
		expect(next.output()).toContain('✓ the live run agrees with the model at every step');
		expect(next.pids.size, next.output()).toBeGreaterThanOrEqual(6);
		expect(next.output()).toContain("B holds the lock, create_revision 4 (the model's token 4), revision 4");
		expect(next.output()).toMatch(/^✓ step 5 \(t=5\): agrees with the model\n {4}etcd: the lock is free, revision 5;/m);
		expect(next.output()).not.toContain('✗');
		expect([...killed.pids, ...next.pids].filter(isRunning)).toEqual([]);
		expect(existsSync(path.join(tmp, stale!))).toBe(false);
		expect(runDirectories(tmp)).toEqual([]);
	});
});

describe('dlock-tui live, refused before anything starts', () => {
	test('without etcd on PATH: one line naming the package, exit 2', async () => {
		const result = await callCli(['live', 'gc-pause', '--check'], undefined, {PATH: '', TMPDIR: tmpdir()});
		expect(result.status).toBe(2);
		expect(result.stderr).toBe(
			'dlock-tui: live: no `etcd` on PATH; it comes in the package etcd-server (apt-get install etcd-server), or give --etcd URL (see dlock-tui --help)\n',
		);
	});

	test('a lease shorter than etcd grants, or not whole seconds: one line with a tick that works, exit 2', async () => {
		const short = await callCli(['live', 'gc-pause', '--tick-ms', '300']);
		expect(short.status).toBe(2);
		expect(short.stderr).toMatch(/^dlock-tui: --tick-ms 300: a lease of 5 ticks is 1\.5 s, .* 2 s at least \(try --tick-ms 400\)/);
		const uneven = await callCli(['live', 'gc-pause', '--tick-ms', '450']);
		expect(uneven.stderr).toMatch(/a lease of 5 ticks is 2\.25 s, .*\(try --tick-ms 600\)/);
	});

	test('what a real etcd cannot do is named with its line, exit 2', async () => {
		const file = path.join(root, 'jump.yaml');
		writeFileSync(file, 'title: A clock step\nclients: [A]\nsteps:\n  - do: [acquire A]\n  - do: [jump A +3]\n');
		const jump = await callCli(['live', file, '--check']);
		expect(jump.status).toBe(2);
		expect(jump.stderr).toBe(`dlock-tui: live: ${file}:5: \`jump A +3\` cannot be done live (a clock step) (see dlock-tui --help)\n`);
		expect((await callCli(['live', 'redlock-gc-pause'])).stderr).toContain('5 lock nodes cannot be played live: live runs one etcd, a single lock service');
		expect((await callCli(['live', 'partition'])).stderr).toMatch(/^dlock-tui: live: scenarios\/partition\.yaml:\d+: `partition A` cannot be done live/);
	});

	describe('runs that start etcd work and fail, made by the bin in one process', () => {
		// Both in one temporary directory, which each leaves empty: a run would leave its own
		// directory there (an exit listener removing it is taken off before the next run).
		const tmp = mkdtempSync(path.join(root, 'failed-'));
		// Only an etcd that fails to start is on PATH: the first run is given its etcd and uses none.
		const bin = path.join(tmp, 'bin');
		let unreachable: CliResult;
		let broken: CliResult;
		beforeAll(() => {
			mkdirSync(bin);
			writeFileSync(path.join(bin, 'etcd'), '#!/bin/sh\necho "listen tcp: address already in use" >&2\nexit 1\n', {mode: 0o755});
			[unreachable, broken] = runCliInOneProcess(
				[
					['live', 'gc-pause', '--check', '--etcd', 'http://127.0.0.1:1'],
					['live', 'gc-pause', '--check'],
				],
				{env: {...process.env, PATH: bin, TMPDIR: tmp}},
			) as [CliResult, CliResult];
		});

		test('an etcd given with --etcd that does not answer: one line, exit 2, nothing left', () => {
			expect(unreachable.status).toBe(2);
			expect(unreachable.stderr).toMatch(
				/^dlock-tui: --etcd http:\/\/127\.0\.0\.1:1: etcd does not answer there \(.*ECONNREFUSED.*\) \(see dlock-tui --help\)\n$/,
			);
			expect(runDirectories(tmp)).toEqual([]);
		});

		test('an etcd that does not start: one line with what it logged last, exit 1, nothing left', () => {
			expect(broken.status).toBe(1);
			expect(broken.stderr).toBe('dlock-tui: live: etcd did not start: listen tcp: address already in use (see dlock-tui --help)\n');
			expect(runDirectories(tmp)).toEqual([]);
		});
	});

	test('--etcd takes an http URL, --tick-ms a whole number, and both are for live only', async () => {
		expect((await callCli(['live', '--etcd', 'ftp://x'])).stderr).toContain("--etcd: expected an http:// or https:// URL, got 'ftp://x'");
		expect((await callCli(['live', '--tick-ms', '1.5'])).stderr).toContain("--tick-ms: expected milliseconds, a whole number from 1 to 60000, got '1.5'");
		expect((await callCli(['check', 'gc-pause', '--tick-ms', '400'])).status).toBe(2);
	});
});
