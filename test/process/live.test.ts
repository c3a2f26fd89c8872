// `dlock-tui live` on a real etcd (the etcd-server package; .ci/run installs it). Each run gets a
// temporary directory of its own as TMPDIR: its etcd data and its processes' command lines are
// in it, so the test finds every process the run started and checks that none outlives it.

import {existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import net from 'node:net';
import path from 'node:path';
import {Etcd3} from 'etcd3';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {findEtcd, startEtcd} from '../../source/live/etcd-server.js';
import {createRunDirectory} from '../../source/live/run-directory.js';
import {builtinDirectory} from '../../source/scenario/files.js';
import {type CliResult, callCli, runCliInOneProcessAsync, temporaryDirectory} from '../run-cli.js';
import {endsWithin, isRunning, killLeft, type LiveRun, openLiveDashboard, runDirectories, startLive} from './live-runs.js';
import {until} from './pty.js';

const root = temporaryDirectory('dlock-live-');
/** A tick at which the built-in stories' 5-tick lease is etcd's shortest, 2 s. */
const tickMs = '400';

/** The pid of the run's etcd named `name` (its --name), once the run has said where etcd is. */
function etcdPid(run: LiveRun, name: string): number {
	const pid = [...run.pids].find(candidate => {
		try {
			const [binary, flag, value] = readFileSync(`/proc/${candidate}/cmdline`, 'utf8').split('\0');
			return path.basename(binary!) === 'etcd' && flag === '--name' && value === name;
		} catch {
			return false;
		}
	});
	expect(pid, `no etcd named ${name} among ${[...run.pids]}`).toBeDefined();
	return pid!;
}

/**
 * Waits for the end of a run given the shared etcd; checks that none of its processes (`processes`
 * at least) nor its directory is left, and that it kept to its own prefix and deleted its keys there.
 */
async function endedOnSharedEtcd(run: LiveRun, tmp: string, processes: number): Promise<number | null> {
	const status = await run.status;
	const output = run.output();
	expect(run.pids.size, output).toBeGreaterThanOrEqual(processes);
	expect([...run.pids].filter(isRunning)).toEqual([]);
	expect(runDirectories(tmp)).toEqual([]);
	const [, prefix] = /^live .*: http:\/\/127\.0\.0\.1:\d+, keys under (dlock-tui\/dlock-tui-live-\d+-\w+\/); a tick is \d+ ms$/m.exec(output) ?? [];
	expect(prefix, output).toBeDefined();
	expect(await keysLeft(prefix!)).toEqual([]);
	return status;
}

/**
 * A client frozen (SIGSTOP) from the first step on, and a long tick after: a run of it that is
 * stopped from outside has a frozen process to end, as gc-pause has during A's pause. Its lease,
 * 30 s, outlasts the look the terminal test takes at it even on a machine slowed to a crawl: every
 * run of it is stopped long before.
 */
const frozenScenario = path.join(root, 'frozen.yaml');
writeFileSync(frozenScenario, 'title: A frozen client\nlease: 75\nclients: [A]\nsteps:\n  - do: [acquire A, write A, pause A 80]\n  - do: tick 80\n');

/** Starts the frozen scenario, on fresh etcd servers or on the etcd given, and waits until its client is frozen. */
async function startFrozen(tmp: string, etcdUrl?: string): Promise<LiveRun> {
	const run = startLive([frozenScenario, '--tick-ms', tickMs, ...(etcdUrl === undefined ? [] : ['--etcd', etcdUrl])], tmp);
	// A run that ends before then fails the test with what it said.
	await Promise.race([until(() => run.output().includes('step 1 (t=0)'), run.output), run.status]);
	expect(run.output()).toContain('step 1 (t=0)');
	return run;
}

/**
 * One etcd for the runs that are given one (--etcd), as a person gives their own; the runs on fresh
 * etcd servers of their own start while it does.
 */
let shared: Promise<{readonly url: string; readonly stop: () => Promise<void>}>;
beforeAll(() => {
	const binary = findEtcd(process.env);
	if (binary === null) throw new Error('these tests need etcd on PATH (apt-get install etcd-server)');
	const directory = createRunDirectory();
	shared = startEtcd(binary, directory, 'shared').then(async etcd => {
		await etcd.ready;
		return {
			url: etcd.url,
			stop: async () => {
				await etcd.stop();
				directory.removeNow();
			},
		};
	});
	// A test that needs it hears of a failure.
	shared.catch(() => undefined);
});
afterAll(async () => (await shared?.catch(() => null))?.stop());

/** The keys left under a run's prefix in the shared etcd. */
async function keysLeft(prefix: string): Promise<string[]> {
	const client = new Etcd3({hosts: (await shared).url});
	try {
		return await client.getAll().prefix(prefix).keys();
	} finally {
		client.close();
	}
}

/** Clients of a run's fresh etcd servers, at the addresses its status row gave first. */
function freshEtcdOf(drawn: string): {readonly lock: Etcd3; readonly resource: Etcd3; readonly close: () => void} {
	const [, lockUrl, resourceUrl] = /fresh etcd at (http:\/\/[\d.:]+) \(the lock\) and (http:\/\/[\d.:]+)/.exec(drawn) ?? [];
	expect(resourceUrl, drawn).toBeDefined();
	const lock = new Etcd3({hosts: lockUrl!});
	const resource = new Etcd3({hosts: resourceUrl!});
	return {
		lock,
		resource,
		close: () => {
			lock.close();
			resource.close();
		},
	};
}

/** The max token the resource's etcd holds. */
async function storedMaxToken(resource: Etcd3): Promise<number> {
	const stored = await resource.getAll().prefix('dlock-tui/').strings();
	return Number(Object.entries(stored).find(([key]) => key.endsWith('/max-token'))![1]);
}

describe.concurrent('dlock-tui live', {timeout: 60_000}, () => {
	// A run checked by its output alone plays on the shared etcd, given with --etcd: there it keeps to
	// its own prefix and deletes its keys (endedOnSharedEtcd checks). A live run costs seconds of the
	// machine, so this one serves two tests: the built-in story, then a step added after it that fails.
	test("gc-pause without fencing agrees with the model at every step (A's late write overwrites B's); an expectation not met live fails the check with exit 1", async () => {
		const file = path.join(root, 'unfenced-then-wrong.yaml');
		// Without its twin, which must be the same story: this one has a step more.
		const story = readFileSync(path.join(builtinDirectory(), 'gc-pause-unfenced.yaml'), 'utf8').replace(/^twin: .*\n/m, '');
		writeFileSync(file, `${story}\n  - do: acquire A\n    expect: {holder: A}\n`);
		const tmp = mkdtempSync(path.join(root, 'run-'));
		const run = startLive([file, '--check', '--tick-ms', tickMs, '--etcd', (await shared).url], tmp);
		// Its two clients.
		const status = await endedOnSharedEtcd(run, tmp, 2);
		const output = run.output();
		expect(status, output).toBe(1);
		expect(output.match(/^✓ step \d+ /gm), output).toHaveLength(7);
		expect(output).toMatch(/^✓ step 4 \(t=5\): agrees with the model\n.*the lock is free.*\n {4}lag: A's lease expired in etcd \d+ ms (late|early) \(t=5\)$/m);
		// Tokens by their order: a given etcd counts in its revision changes the run did not make.
		expect(output).toMatch(/^✓ step 5 \(t=5\): agrees with the model\n.*B holds the lock, create_revision \d+ \(the model's token 2\)/m);
		expect(output).toMatch(/✓ step 7 \(t=7\): agrees with the model\n.*row-42 = A \(max token 2\); A believes token 1; B believes token 2\n/);
		expect(output).toContain('✗ step 8 (t=7): expect: `holder` is B, expected A');
		expect(output).toContain('✗ 1 step differ');
	});

	test("in a terminal: etcd-revision on fresh etcd servers, whose tokens and revision are the model's exactly at every step; another key says only q and the blank keys work; q ends it all", async () => {
		const tmp = mkdtempSync(path.join(root, 'pty-'));
		const run = openLiveDashboard(['etcd-revision', '--tick-ms', tickMs], tmp);
		await until(() => run.screen().includes('the story is over: q quits'), run.screen);
		const screen = run.screen();
		// Each step is held against the model in etcd's own numbers: a token or a revision off by one differs.
		expect(screen).toContain('✓ the live run agrees with the model at every step');
		expect(screen).toMatch(/✓ 2 accepted +✗ 1 rejected/);
		expect(screen).toMatch(/^ lease +released at t=5 .*\n +by B \(revision 4\)/m);
		// Under the panes, etcd's own numbers, held against the run's etcd servers (up until q): the same
		// as the model's, so with no note of the model's beside them.
		expect(screen).toMatch(/^etcd says the lock is free · revision 5$/m);
		expect(screen).toMatch(/^✓ t=8 +row-42 = "B" · max token 4 · processes: A 2, B —$/m);
		expect(screen).not.toContain('(model');
		expect(screen).not.toContain('≠ model');
		const etcd = freshEtcdOf(run.drawn());
		try {
			const lock = await etcd.lock.getAll().prefix('dlock-tui/').exec();
			expect([Number(lock.header.revision), lock.kvs.length]).toEqual([5, 0]);
			expect(await storedMaxToken(etcd.resource)).toBe(4);
		} finally {
			etcd.close();
		}
		expect(screen).toContain('the end · q to quit');
		expect(screen).not.toContain('Home to restart');
		run.child.write('x');
		await until(() => run.screen().includes('live, only q and b . (blank) work'), run.screen);
		run.child.write('q');
		expect(await run.exited).toBe(0);
		// Its two clients, and two etcd servers with their guards.
		expect(run.pids.size).toBeGreaterThanOrEqual(6);
		expect([...run.pids].filter(isRunning)).toEqual([]);
		expect(runDirectories(tmp)).toEqual([]);
	});

	test("in a terminal: etcd's own numbers beside the model's, as the run's etcd servers hold them, and the lease as etcd counts it; SIGHUP stops the clients (a frozen one too) and etcd and removes the directory before it exits (129)", async () => {
		const tmp = mkdtempSync(path.join(root, 'hangup-'));
		const run = openLiveDashboard([frozenScenario, '--tick-ms', tickMs], tmp);
		const lockRow = /^etcd says holder A · token (\d+) \(model 1\) · lease <\d+ s · revision (\d+)$/m;
		const resourceRow = /^✓ t=\d+ +row-42 = "A" · max token (\d+) \(model 1\) · processes: A (\d+) \(frozen\)$/m;
		// Both rows drawn, with the lease as etcd last said it.
		await until(() => /^etcd says holder A · .*lease <.*\n.*\(frozen\)$/m.test(run.screen()), run.screen);
		const screen = run.screen();
		expect(screen).toMatch(lockRow);
		expect(screen).toMatch(resourceRow);
		const [token, revision] = lockRow.exec(screen)!.slice(1).map(Number);
		const [maxToken, believed] = resourceRow.exec(screen)!.slice(1).map(Number);
		expect(screen).not.toContain('≠ model');
		const etcd = freshEtcdOf(run.drawn());
		try {
			// A's 30 s lease runs on: nothing has changed the lock's etcd since the screen's revision.
			const lock = await etcd.lock.getAll().prefix('dlock-tui/').exec();
			expect(Number(lock.header.revision)).toBe(revision);
			expect(lock.kvs.map(kv => [kv.value.toString(), Number(kv.create_revision)])).toEqual([['A', token]]);
			expect(await storedMaxToken(etcd.resource)).toBe(maxToken);
		} finally {
			etcd.close();
		}
		// On a fresh etcd A's key is the lock's first change, revision 2, where the model counts token 1.
		expect([token, maxToken, believed]).toEqual([2, 2, 2]);
		run.child.kill('SIGHUP');
		expect(await run.exited).toBe(129);
		// The client, and two etcd servers with their guards.
		expect(run.pids.size).toBeGreaterThanOrEqual(5);
		expect([...run.pids].filter(isRunning)).toEqual([]);
		expect(runDirectories(tmp)).toEqual([]);
	});

	test('SIGINT stops the clients (a frozen one too), deletes its keys from the etcd it was given and removes the directory before it exits (130)', async () => {
		const tmp = mkdtempSync(path.join(root, 'interrupted-'));
		const run = await startFrozen(tmp, (await shared).url);
		run.kill('SIGINT');
		expect(await endedOnSharedEtcd(run, tmp, 1), run.output()).toBe(130);
	});

	test('after a run killed with SIGKILL, the next run ends what it left (a frozen client, etcd servers) and removes its directory; SIGTERM stops that run in turn, its frozen client too, and it deletes its keys before it exits (143)', async () => {
		const tmp = mkdtempSync(path.join(root, 'killed-'));
		// A frozen client: a stopped process cannot notice that the run is gone, so the next run ends it.
		const killed = await startFrozen(tmp);
		const [stale] = runDirectories(tmp);
		killed.kill();
		await killed.status;
		// The client, and two etcd servers with their guards.
		expect(killed.pids.size, killed.output()).toBeGreaterThanOrEqual(5);
		const next = await startFrozen(tmp, (await shared).url);
		expect(existsSync(path.join(tmp, stale!))).toBe(false);
		next.kill('SIGTERM');
		expect(await endedOnSharedEtcd(next, tmp, 1), next.output()).toBe(143);
		expect([...killed.pids].filter(isRunning)).toEqual([]);
	});

	describe("the run's own etcd failing it", () => {
		test('etcd killed in the middle of the run: said at once in one line, exit 1, nothing left', async () => {
			const tmp = mkdtempSync(path.join(root, 'etcd-killed-'));
			const run = await startFrozen(tmp);
			try {
				const killedAt = Date.now();
				process.kill(etcdPid(run, 'lock'), 'SIGKILL');
				const status = await endsWithin(run, 20_000);
				const output = run.output();
				expect(status, output).toBe(1);
				expect(Date.now() - killedAt).toBeLessThan(10_000);
				expect(output).toMatch(
					/^dlock-tui: live: the run's etcd at http:\/\/127\.0\.0\.1:\d+ ended in the middle of the run \(killed by SIGKILL\) \(see dlock-tui --help\)$/m,
				);
				expect(output).not.toContain('unexpected error');
				expect([...run.pids].filter(isRunning)).toEqual([]);
				expect(runDirectories(tmp)).toEqual([]);
			} finally {
				killLeft(run);
			}
		});

		test('etcd stopped (SIGSTOP) in the middle of the run: SIGINT ends the run at once all the same (130), the stopped etcd with it', async () => {
			const tmp = mkdtempSync(path.join(root, 'etcd-stopped-'));
			const run = await startFrozen(tmp);
			try {
				process.kill(etcdPid(run, 'lock'), 'SIGSTOP');
				const interruptedAt = Date.now();
				run.kill('SIGINT');
				expect(await endsWithin(run, 20_000), run.output()).toBe(130);
				expect(Date.now() - interruptedAt).toBeLessThan(10_000);
				expect([...run.pids].filter(isRunning)).toEqual([]);
				expect(runDirectories(tmp)).toEqual([]);
			} finally {
				killLeft(run);
			}
		});

		// The start limit and the wait after SIGTERM, on a busy machine.
		test('an etcd that ignores SIGTERM when it misses the 15 s start limit is killed: one line, exit 1, nothing left', {timeout: 90_000}, async () => {
			const tmp = mkdtempSync(path.join(root, 'stubborn-'));
			const bin = path.join(tmp, 'bin');
			mkdirSync(bin);
			// Never answers, and stays on SIGTERM.
			writeFileSync(path.join(bin, 'etcd'), `#!${process.execPath}\nprocess.on('SIGTERM', () => {});\nsetInterval(() => {}, 1000);\n`, {mode: 0o755});
			const run = startLive(['gc-pause', '--check', '--tick-ms', tickMs], tmp, {PATH: bin});
			try {
				const status = await endsWithin(run, 50_000);
				expect(status, run.output()).toBe(1);
				expect(run.output()).toBe('dlock-tui: live: etcd did not start: no output (see dlock-tui --help)\n');
				// The stubborn etcd under its guard, at least.
				expect(run.pids.size).toBeGreaterThanOrEqual(2);
				expect([...run.pids].filter(isRunning)).toEqual([]);
				expect(runDirectories(tmp)).toEqual([]);
			} finally {
				killLeft(run);
			}
		});
	});

	describe('an etcd given with --etcd that never answers', () => {
		/**
		 * A loopback listener that takes connections and answers whatever it is sent with `answer`
		 * (nothing by default), never closing one; `connected` resolves at the first.
		 */
		async function listener(answer = ''): Promise<{readonly url: string; readonly connected: Promise<void>; readonly close: () => void}> {
			const sockets: net.Socket[] = [];
			let connected!: () => void;
			const first = new Promise<void>(resolve => {
				connected = resolve;
			});
			const server = net.createServer(socket => {
				sockets.push(socket);
				socket.on('data', () => answer && socket.write(answer));
				connected();
			});
			await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
			const {port} = server.address() as net.AddressInfo;
			return {
				url: `http://127.0.0.1:${port}`,
				connected: first,
				close: () => {
					for (const socket of sockets) socket.destroy();
					server.close();
				},
			};
		}

		test.for([
			['accepts and never answers', '', 'no answer in 5 s'],
			['starts an answer and never ends it', 'HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{', 'no answer in 5 s'],
			['answers what no etcd would', 'SSH-2.0-OpenSSH_9.2\r\n', 'Parse Error: Expected HTTP/, RTSP/ or ICE/'],
		])('one that %s: one line naming it and why, exit 2, nothing left', async ([, answer, why]) => {
			const given = await listener(answer);
			const tmp = mkdtempSync(path.join(root, 'silent-'));
			try {
				const run = startLive(['gc-pause', '--check', '--etcd', given.url], tmp);
				expect(await endsWithin(run, 30_000), run.output()).toBe(2);
				expect(run.output()).toBe(`dlock-tui: --etcd ${given.url}: etcd does not answer there (${why}) (see dlock-tui --help)\n`);
				expect(runDirectories(tmp)).toEqual([]);
			} finally {
				given.close();
			}
		});

		test.for([
			['SIGINT', 130],
			['SIGTERM', 143],
			['SIGHUP', 129],
		] as const)('%s ends it at once while it waits (%i)', async ([signal, code]) => {
			const silent = await listener();
			const tmp = mkdtempSync(path.join(root, 'silent-signal-'));
			try {
				const run = startLive(['gc-pause', '--check', '--etcd', silent.url], tmp);
				await Promise.race([silent.connected, endsWithin(run, 10_000)]);
				run.kill(signal);
				expect(await endsWithin(run, 8000), run.output()).toBe(code);
				expect(runDirectories(tmp)).toEqual([]);
			} finally {
				silent.close();
			}
		});
	});

	describe('a temp folder that cannot hold the run', () => {
		test.for([
			['missing', '/nonexistent-dlock-tui', 'ENOENT: no such file or directory'],
			['a file', '/etc/hostname', 'ENOTDIR: not a directory'],
			['/proc', '/proc', 'ENOENT: no such file or directory'],
		])('TMPDIR %s: one line naming TMPDIR and what is wrong, exit 2', async ([, folder, why]) => {
			const run = startLive(['gc-pause', '--check'], folder!);
			expect(await endsWithin(run, 30_000), run.output()).toBe(2);
			expect(run.output()).toBe(
				`dlock-tui: live: TMPDIR is ${folder}, where no directory can be made (${why}); set TMPDIR to a directory you can write to (see dlock-tui --help)\n`,
			);
		});
	});

	// Nothing here waits on etcd: these run once one of the runs above has ended, while the others play.
	describe('refused before anything starts', () => {
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
			// A story with no tokens plays on Redis, which has no write held through a pause either.
			expect((await callCli(['live', 'redlock-late-write'])).stderr).toMatch(
				/^dlock-tui: live: scenarios\/redlock-late-write\.yaml:\d+: `write A late pause=13` cannot be done live \(a write held through a pause\)/,
			);
			expect((await callCli(['live', 'partition'])).stderr).toMatch(/^dlock-tui: live: scenarios\/partition\.yaml:\d+: `partition A` cannot be done live/);
			const slow = path.join(root, 'latency.yaml');
			writeFileSync(slow, 'title: A slow link\nclients: [A]\nsteps:\n  - do: [latency A lock 2, acquire A]\n');
			expect((await callCli(['live', slow, '--check'])).stderr).toBe(
				`dlock-tui: live: ${slow}:4: \`latency A lock 2\` cannot be done live (a link's latency is the network's) (see dlock-tui --help)\n`,
			);
			const drifting = path.join(root, 'drift.yaml');
			writeFileSync(drifting, 'title: A drift allowance\ndrift: 1\nclients: [A]\nsteps:\n  - do: [acquire A]\n');
			expect((await callCli(['live', drifting, '--check'])).stderr).toContain('latency and drift cannot be played live');
		});

		describe('runs that start etcd work and fail, made by the bin in one process', () => {
			// Both in one temporary directory, which each leaves empty: a run would leave its own
			// directory there (an exit listener removing it is taken off before the next run).
			const tmp = mkdtempSync(path.join(root, 'failed-'));
			// Only an etcd that fails to start is on PATH: the first run is given its etcd and uses none.
			const bin = path.join(tmp, 'bin');
			let unreachable: CliResult;
			let broken: CliResult;
			beforeAll(async () => {
				mkdirSync(bin);
				writeFileSync(path.join(bin, 'etcd'), '#!/bin/sh\necho "listen tcp: address already in use" >&2\nexit 1\n', {mode: 0o755});
				[unreachable, broken] = (await runCliInOneProcessAsync(
					[
						['live', 'gc-pause', '--check', '--etcd', 'http://127.0.0.1:1'],
						['live', 'gc-pause', '--check'],
					],
					{env: {...process.env, PATH: bin, TMPDIR: tmp}},
				)) as [CliResult, CliResult];
			});

			test('an etcd given with --etcd that does not answer: one line, exit 2, nothing left', () => {
				expect(unreachable.status).toBe(2);
				expect(unreachable.stderr).toBe(
					'dlock-tui: --etcd http://127.0.0.1:1: etcd does not answer there (connect ECONNREFUSED 127.0.0.1:1) (see dlock-tui --help)\n',
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
});
