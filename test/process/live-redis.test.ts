// `dlock-tui live` on real Redis (the redis-server package; .ci/run installs it): a story with no
// tokens plays on redis-servers of the run's own, a process per client. Each run gets a temporary
// directory of its own as TMPDIR, which every process it starts names, so the test finds them all
// and checks that none outlives the run.

import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {removeStaleRuns} from '../../source/live/run-directory.js';
import {findRedisServer} from '../../source/live/redis-server.js';
import {callCli, stackTrace, temporaryDirectory} from '../run-cli.js';
import {endsWithin, isRunning, killLeft, type LiveDashboard, openLiveDashboard, processesNaming, runDirectories, startLive} from './live-runs.js';
import {requiredUnderCi} from './required-tools.js';
import {statFields, until} from './pty.js';

const root = temporaryDirectory('dlock-live-redis-');
/** A tick long enough for a check to keep to the model on a loaded machine. */
const checkTickMs = '500';
/** This process's TMPDIR, put back after removeStaleRuns is pointed at a run's own. */
const tmpOfTests = process.env.TMPDIR;
const present = findRedisServer(process.env) !== null;
requiredUnderCi('redis-server', present, 'apt-get install redis-server');

/** Checks that nothing of the run is left: no process that named its TMPDIR, no run directory. */
function nothingLeft(run: {readonly pids: Set<number>}, tmp: string): void {
	expect([...run.pids].filter(isRunning)).toEqual([]);
	expect(runDirectories(tmp)).toEqual([]);
}

/** A process's command line; empty once it has ended. */
function commandLineOf(pid: number): string {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
	} catch {
		return '';
	}
}

/** Whether a process is stopped (SIGSTOP), as a frozen client is. */
function isStopped(pid: number): boolean {
	try {
		return statFields(pid)[0] === 'T';
	} catch {
		return false;
	}
}

/** Ends a dashboard's run and whatever of it is left: its own process names no directory (it is titled dlock-tui). */
function endDashboard(run: LiveDashboard): void {
	killLeft(run);
	try {
		run.child.kill('SIGKILL');
	} catch {
		// It has exited.
	}
}

/** A file in the test's directory with `text`; its path. */
function story(name: string, text: string): string {
	const file = path.join(root, name);
	writeFileSync(file, text);
	return file;
}

/** A client frozen (SIGSTOP) from the first step on, with a lease that outlasts every look the tests take. */
const frozenStory = story(
	'frozen.yaml',
	'title: A frozen client\nbackend: redlock\nlease: 75\nclients: [A]\nsteps:\n  - do: [acquire A, write A, pause A 80]\n  - do: tick 80\n',
);

/** The dashboard's row of what the nodes hold, for holders in the nodes' order ('—' for none), every node named whole. */
const nodesRow = (holders: readonly string[]) =>
	new RegExp(`^Redis says ${holders.map((holder, index) => `L${index + 1} ${holder === '—' ? '—' : `${holder} [\\d.]+ s`}`).join(' · ')}`, 'm');

/** A run whose stdout or stderr says at most one line more than where it plays. */
const oneLineAfterWhere = (output: string) => output.replace(/^live .*\n/, '').replace(/^[✓ ].*\n/gm, '');

describe.runIf(present).concurrent('dlock-tui live on Redis', {timeout: 60_000}, () => {
	test.for([
		// The node's state as the run read it from Redis, at the step that shows the story's point.
		['redlock-clock-jump', /^✓ step 3 \(t=2\): agrees with the model\n {4}redis: L1 A, L2 A, L3 —, L4 —, L5 —; /m],
		['redlock-restart', /^✓ step 3 \(t=1\): agrees with the model\n {4}redis: L1 A, L2 A, L3 down, L4 —, L5 —; /m],
		['redlock-gc-pause', /^✓ step 4 \(t=\d+\): agrees with the model\n {4}redis: L1 —, L2 —, L3 —, L4 —, L5 —; .*\n {4}lag: A's key expired on L1/m],
		['redlock-in-flight', /^✓ step 9 \(t=\d+\): agrees with the model\n {4}redis: (L\d B, ){4}L5 B; row-42 = B/m],
	])('%s --check agrees with the model at every step, on the nodes as Redis holds them; nothing is left', async ([name, nodeLine]) => {
		const tmp = mkdtempSync(path.join(root, `${name}-`));
		const run = startLive([name as string, '--check', '--tick-ms', checkTickMs], tmp);
		try {
			const status = await endsWithin(run, 45_000);
			const output = run.output();
			expect(status, output).toBe(0);
			expect(output, output).toContain('✓ the live run agrees with the model at every step');
			expect(output).toMatch(nodeLine as RegExp);
			// Five nodes and the resource with their guards, and two clients.
			expect(run.pids.size, output).toBeGreaterThanOrEqual(14);
			nothingLeft(run, tmp);
		} finally {
			killLeft(run);
		}
	});

	// One node, as `backend: redis` has: a client frozen past its lease writes after the next holder.
	const single = story(
		'single.yaml',
		'title: One Redis node\nbackend: redis\nlease: 5\nclients: [A, B]\nsteps:\n  - do: acquire A\n  - do: pause A 7\n  - do: tick 5\n  - do: [acquire B, write B]\n  - do: tick 2\n  - do: write A\n',
	);

	test('a single-node `backend: redis` story agrees with the model: its one node, then a late write over B', async () => {
		const tmp = mkdtempSync(path.join(root, 'single-'));
		const run = startLive([single, '--check', '--tick-ms', checkTickMs], tmp);
		try {
			const status = await endsWithin(run, 45_000);
			const output = run.output();
			expect(status, output).toBe(0);
			expect(output.match(/^✓ step \d+ /gm), output).toHaveLength(6);
			expect(output).toMatch(/^ {4}redis: L1 A; row-42 = empty; A believes it holds until t=5$/m);
			expect(output).toMatch(/^✓ step 6 \(t=7\): agrees with the model\n {4}redis: L1 B; row-42 = A; /m);
			nothingLeft(run, tmp);
		} finally {
			killLeft(run);
		}
	});

	// Nodes on an append-only file: a crash keeps the key, and a jump while a node is down is made on the key it reads back.
	const persistent = story(
		'persistent.yaml',
		[
			'title: Persistent nodes',
			'backend: redlock',
			'persistent: true',
			'lease: 10',
			'clients: [A]',
			'steps:',
			'  - do: [acquire A]',
			'  - do: [tick 1, crash L3, restart L3]',
			'    expect: { nodes: { L3: { holder: A, up: true } } }',
			'  - do: [crash L3, jump L3 +20, restart L3]',
			'    expect: { nodes: { L3: { holder: null, up: true } } }',
			'',
		].join('\n'),
	);
	// Heartbeats keep A's keys alive until a partition cuts A from every node; then B gets the lock.
	const heartbeats = story(
		'heartbeats.yaml',
		[
			'title: Redlock heartbeats',
			'backend: redlock',
			'lease: 5',
			'clients:',
			'  - { name: A, renewEvery: 2 }',
			'  - { name: B }',
			'steps:',
			'  - do: [acquire A, tick 7]',
			'    expect: { holder: A }',
			'  - do: [partition A lock, tick 6]',
			'    expect: { holder: null }',
			'  - do: [acquire B, write B]',
			'    expect: { holder: B, value: B }',
			'',
		].join('\n'),
	);

	// Requests in flight when the link is cut are lost: A waits for its timeout, and decides on the three replies it has.
	const lost = story(
		'lost.yaml',
		[
			'title: Requests lost in a partition',
			'backend: redlock',
			'lease: 10',
			'latency: 1',
			'timeout: 4',
			'clients:',
			'  - { name: A, checksValidity: false }',
			'steps:',
			'  - do: [acquire A, partition A L4 L5]',
			'  - do: tick 2',
			'    expect: { clients: { A: { waiting: true } } }',
			'  - do: tick 2',
			'    expect: { clients: { A: { waiting: false, holds: true } } }',
			'',
		].join('\n'),
	);

	test.for([
		['lost', lost, /^✓ step 2 \(t=2\): agrees with the model\n {4}redis: L1 A, L2 A, L3 A, L4 —, L5 —; row-42 = empty; A waits for replies$/m],
		['persistent', persistent, /^✓ step 2 \(t=1\): agrees with the model\n {4}redis: L1 A, L2 A, L3 A, L4 A, L5 A; /m],
		['heartbeats', heartbeats, /^✓ step 1 \(t=7\): agrees with the model\n {4}redis: (L\d A, ){4}L5 A; row-42 = empty; A believes it holds until t=11$/m],
	])(
		'%s --check agrees with the model (requests lost in a cut; an append-only file and a jump while down; heartbeats, then a partition)',
		async ([name, file, line]) => {
			const tmp = mkdtempSync(path.join(root, `${name}-`));
			const run = startLive([file as string, '--check', '--tick-ms', checkTickMs], tmp);
			try {
				const status = await endsWithin(run, 45_000);
				const output = run.output();
				expect(status, output).toBe(0);
				expect(output).toContain('✓ the live run agrees with the model at every step');
				expect(output).toMatch(line as RegExp);
				nothingLeft(run, tmp);
			} finally {
				killLeft(run);
			}
		},
	);

	test('an expectation the live run does not meet fails the check: the ✗ line names it, exit 1, nothing left', async () => {
		const file = story('wrong.yaml', `${readFileSync(single, 'utf8').replace('  - do: acquire A\n', '  - do: acquire A\n    expect: {holder: B}\n')}`);
		const tmp = mkdtempSync(path.join(root, 'wrong-'));
		const run = startLive([file, '--check', '--tick-ms', checkTickMs], tmp);
		try {
			const status = await endsWithin(run, 45_000);
			const output = run.output();
			expect(status, output).toBe(1);
			expect(output).toContain('✗ step 1 (t=0): expect: `holder` is A, expected B');
			expect(output).toContain('✗ 1 step differ');
			nothingLeft(run, tmp);
		} finally {
			killLeft(run);
		}
	});

	describe('refused before anything starts: one line, exit 2', () => {
		test('no redis-server on PATH: the line names its package', async () => {
			const tmp = mkdtempSync(path.join(root, 'no-redis-'));
			const result = await callCli(['live', 'redlock-gc-pause', '--check'], undefined, {PATH: '', TMPDIR: tmp});
			expect(result.status).toBe(2);
			expect(result.stderr).toBe(
				'dlock-tui: live: no `redis-server` on PATH; it comes in the package redis-server (apt-get install redis-server) (see dlock-tui --help)\n',
			);
			expect(runDirectories(tmp)).toEqual([]);
		});

		test('--etcd given with a Redlock story', async () => {
			const result = await callCli(['live', 'redlock-gc-pause', '--check', '--etcd', 'http://127.0.0.1:2379']);
			expect(result.status).toBe(2);
			expect(result.stderr).toBe(
				'dlock-tui: --etcd: scenarios/redlock-gc-pause.yaml has no tokens and plays on Redis, not etcd; leave --etcd out (see dlock-tui --help)\n',
			);
		});

		test("a client's clock jump, named with its file and line", async () => {
			const file = story('client-jump.yaml', 'title: A client clock step\nbackend: redlock\nclients: [A]\nsteps:\n  - do: [acquire A]\n  - do: [jump A +3]\n');
			const result = await callCli(['live', file, '--check']);
			expect(result.status).toBe(2);
			expect(result.stderr).toBe(`dlock-tui: live: ${file}:6: \`jump A +3\` cannot be done live (a client's clock step) (see dlock-tui --help)\n`);
		});
	});

	// The ports are the OS's pick (freePort) at the moment each server starts, so a test cannot hold
	// one beforehand: a redis-server that says what Redis 7 says of a port taken stands in for it.
	test('a redis-server that does not start: one line with what it logged, exit 1, nothing left', async () => {
		const tmp = mkdtempSync(path.join(root, 'port-taken-'));
		const bin = path.join(tmp, 'bin');
		mkdirSync(bin);
		writeFileSync(
			path.join(bin, 'redis-server'),
			[
				'#!/bin/sh',
				// Its log goes to stdout (--logfile ''), which the guard appends to the run's log.
				'echo "$$:M 02 Dec 2026 14:24:27.288 # Warning: Could not create server TCP listening socket 127.0.0.1:$2: bind: Address already in use"',
				'echo "$$:M 02 Dec 2026 14:24:27.288 # Failed listening on port $2 (TCP), aborting."',
				'exit 1',
				'',
			].join('\n'),
			{mode: 0o755},
		);
		const run = startLive(['redlock-gc-pause', '--check', '--tick-ms', checkTickMs], tmp, {PATH: `${bin}:${process.env.PATH}`});
		try {
			expect(await endsWithin(run, 30_000), run.output()).toBe(1);
			expect(run.output()).toMatch(
				/^dlock-tui: live: redis-server [\w-]+ did not start: Warning: Could not create server TCP listening socket 127\.0\.0\.1:\d+: bind: Address already in use; Failed listening on port \d+ \(TCP\), aborting\. \(see dlock-tui --help\)\n$/,
			);
			nothingLeft(run, tmp);
		} finally {
			killLeft(run);
		}
	});

	test('a redis-server that never answers: after the 10 s start limit, one line saying so, exit 1, nothing left', async () => {
		const tmp = mkdtempSync(path.join(root, 'silent-'));
		const bin = path.join(tmp, 'bin');
		mkdirSync(bin);
		// Runs and listens to nothing; its shell names the run's TMPDIR, where its file is.
		writeFileSync(path.join(bin, 'redis-server'), '#!/bin/sh\nwhile :; do sleep 1; done\n', {mode: 0o755});
		const run = startLive(['redlock-gc-pause', '--check', '--tick-ms', checkTickMs], tmp, {PATH: `${bin}:${process.env.PATH}`});
		try {
			expect(await endsWithin(run, 40_000), run.output()).toBe(1);
			expect(run.output()).toMatch(/^dlock-tui: live: redis-server [\w-]+ did not start: no answer to PING in 10 s \(see dlock-tui --help\)\n$/);
			nothingLeft(run, tmp);
		} finally {
			killLeft(run);
		}
	});

	test('a client process killed from outside ends the run in one line naming it, exit 1, nothing left', async () => {
		const tmp = mkdtempSync(path.join(root, 'client-killed-'));
		const run = startLive([frozenStory, '--check', '--tick-ms', checkTickMs], tmp);
		try {
			await Promise.race([until(() => run.output().includes('✓ step 1 (t=0)'), run.output), run.status]);
			const client = [...run.pids].find(pid => commandLineOf(pid).startsWith('dlock-tui redlock-client'));
			expect(client, run.output()).toBeDefined();
			process.kill(client!, 'SIGKILL');
			expect(await endsWithin(run, 20_000), run.output()).toBe(1);
			const output = run.output();
			expect(oneLineAfterWhere(output)).toBe("dlock-tui: live: the run's client A ended in the middle of the run (killed by SIGKILL) (see dlock-tui --help)\n");
			expect(output).not.toMatch(stackTrace);
			nothingLeft(run, tmp);
		} finally {
			killLeft(run);
		}
	});

	describe('on the dashboard, with a frozen client', () => {
		/** Opens the frozen story and waits until the nodes' row shows A's keys. */
		async function openFrozen(name: string, size?: {cols: number; rows: number}): Promise<{readonly run: LiveDashboard; readonly tmp: string}> {
			const tmp = mkdtempSync(path.join(root, `${name}-`));
			const run = openLiveDashboard([frozenStory, '--tick-ms', checkTickMs], tmp, size);
			try {
				await until(() => nodesRow(['A', 'A', 'A', 'A', 'A']).test(run.screen()), run.screen);
			} catch (error) {
				endDashboard(run);
				throw error;
			}
			return {run, tmp};
		}

		test.for([
			['q', 0, (run: LiveDashboard) => run.child.write('q')],
			['Ctrl-C', 0, (run: LiveDashboard) => run.child.write('\x03')],
			['SIGTERM', 143, (run: LiveDashboard) => run.child.kill('SIGTERM')],
			['SIGHUP (the terminal closed)', 129, (run: LiveDashboard) => run.child.kill('SIGHUP')],
		] as const)('%s ends the run (%i), the frozen client and the nodes with it', async ([name, code, end]) => {
			const {run, tmp} = await openFrozen(name.split(' ')[0]!);
			try {
				end(run);
				expect(await run.exited).toBe(code);
				// Five nodes and the resource with their guards, and the client.
				expect(run.pids.size).toBeGreaterThanOrEqual(13);
				nothingLeft(run, tmp);
			} finally {
				endDashboard(run);
			}
		});

		test('at 120x40 the nodes row names all five nodes whole, and the panes say Redlock', async () => {
			const {run, tmp} = await openFrozen('wide', {cols: 120, rows: 40});
			try {
				const screen = run.screen();
				expect(screen.split('\n').find(line => line.startsWith('Redis says'))).not.toContain('…');
				expect(screen).toContain('Redlock');
				run.child.write('q');
				expect(await run.exited).toBe(0);
				nothingLeft(run, tmp);
			} finally {
				endDashboard(run);
			}
		});
	});

	test('at 80x24, redlock-clock-jump after its step 2: A on L1 to L3, all five nodes whole, the panes say Redlock; q at the end', async () => {
		const tmp = mkdtempSync(path.join(root, 'narrow-'));
		const run = openLiveDashboard(['redlock-clock-jump', '--tick-ms', checkTickMs], tmp, {cols: 80, rows: 24});
		try {
			await until(() => nodesRow(['A', 'A', 'A', '—', '—']).test(run.screen()), run.screen);
			const screen = run.screen();
			expect(screen.split('\n').find(line => line.startsWith('Redis says'))).not.toContain('…');
			expect(screen).toContain('Redlock');
			await until(() => run.screen().includes('q to quit'), run.screen);
			run.child.write('q');
			expect(await run.exited).toBe(0);
			nothingLeft(run, tmp);
		} finally {
			endDashboard(run);
		}
	});

	// A tmpfs of its own, full: only root may mount one, and only where the machine lets it.
	test('a temp folder with no space left: one line naming the run directory and why, exit 1, nothing left', async context => {
		const full = mkdtempSync(path.join(root, 'full-'));
		try {
			execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', full], {stdio: 'ignore'});
		} catch {
			context.skip('no tmpfs can be mounted here (it takes root, and a machine that allows it)');
		}
		try {
			// Filled to the last byte: writes fail with ENOSPC.
			try {
				writeFileSync(path.join(full, 'filler'), Buffer.alloc(64 * 1024));
			} catch {
				// What did not fit.
			}
			const run = startLive(['redlock-clock-jump', '--check', '--tick-ms', checkTickMs], full);
			try {
				expect(await endsWithin(run, 30_000), run.output()).toBe(1);
				expect(run.output()).toMatch(
					/^dlock-tui: live: the run's directory .*\/dlock-tui-live-\d+-\w+ cannot be written \(ENOSPC: no space left on device\); free some space there or set TMPDIR elsewhere \(see dlock-tui --help\)\n$/,
				);
				nothingLeft(run, full);
				// Nor a crash report's folder.
				expect(readdirSync(full)).toEqual(['filler']);
			} finally {
				killLeft(run);
			}
		} finally {
			execFileSync('umount', [full]);
		}
	});

	test('killed at random moments with a random signal: nothing of the run outlives it; after SIGKILL the next run removes its directory', async () => {
		const seed = Number(process.env.DLOCK_KILL_SEED ?? Date.now() % 1_000_000);
		console.log(`random kills: DLOCK_KILL_SEED=${seed}`);
		// mulberry32: a small seeded generator, so that a failing seed can be played again.
		let state = seed;
		const random = () => {
			state = (state + 0x6d2b79f5) | 0;
			let t = Math.imul(state ^ (state >>> 15), 1 | state);
			t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
			return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
		};
		const signals = ['SIGKILL', 'SIGTERM', 'SIGINT', 'SIGHUP'] as const;
		for (let round = 0; round < 5; round += 1) {
			const signal = signals[Math.floor(random() * signals.length)]!;
			const delayMs = Math.round(300 + random() * 3500);
			const what = `seed ${seed}, round ${round}: ${signal} after ${delayMs} ms`;
			console.log(what);
			const tmp = mkdtempSync(path.join(root, 'killed-'));
			const run = startLive(['redlock-gc-pause', '--tick-ms', '200'], tmp);
			try {
				await Promise.race([new Promise(resolve => setTimeout(resolve, delayMs)), run.status]);
				run.kill(signal);
				await endsWithin(run, 15_000);
				// The guards stop the servers and a client's lost channel ends it. A client frozen (SIGSTOP) when
				// the run was killed outright cannot notice: it is the next run's to end, by the pids recorded.
				const left = () => processesNaming(tmp).filter(pid => signal !== 'SIGKILL' || !isStopped(pid));
				await until(
					() => left().length === 0,
					() => `${what}: ${left()} left; the run said:\n${run.output()}`,
				);
				if (signal === 'SIGKILL') {
					process.env.TMPDIR = tmp;
					try {
						removeStaleRuns();
					} finally {
						if (tmpOfTests === undefined) delete process.env.TMPDIR;
						else process.env.TMPDIR = tmpOfTests;
					}
					await until(
						() => processesNaming(tmp).length === 0,
						() => `${what}: ${processesNaming(tmp)} left after the stale run was removed`,
					);
				}
				expect(runDirectories(tmp), what).toEqual([]);
				expect(processesNaming(tmp), what).toEqual([]);
			} finally {
				killLeft(run);
			}
		}
	});
});
