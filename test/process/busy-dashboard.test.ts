// A dashboard at work on a long action (End on a long scenario) still hears its keys and signals:
// it says that it is working, and q, SIGTERM or its terminal going away end it at once, not once
// the work is done. Each runs the built binary in a real pty.

import {writeFileSync} from 'node:fs';
import path from 'node:path';
import pty from '@lydell/node-pty';
import {afterEach, beforeAll, describe, expect, test} from 'vitest';
import {cliPath, temporaryDirectory} from '../run-cli.js';
import {dashboardEnv, statFields, until} from './pty.js';

const runs = temporaryDirectory('dlock-busy-');
const file = path.join(runs, 'piling-up.yaml');

beforeAll(() => {
	// Three clients cut off from the resource write every tick: the writes held in the partition pile
	// up, and each command has more of them to carry. End plays it for many seconds (about 10 s on a
	// quiet machine), every command a real change.
	const steps = Array.from({length: 9000}, () => '  - do: [write A, write B, write C, tick 1]');
	writeFileSync(
		file,
		[
			'title: writes piling up',
			'clients: [A, B, C]',
			'steps:',
			'  - do: [acquire A, acquire B, acquire C, partition A resource, partition B resource, partition C resource]',
			...steps,
			'',
		].join('\n'),
	);
});

interface Run {
	readonly pid: number;
	readonly output: () => string;
	readonly press: (keys: string) => void;
	readonly close: () => void;
	readonly exited: Promise<{readonly exitCode: number; readonly signal?: number}>;
}

let running: Run | null = null;
afterEach(() => {
	try {
		if (running) process.kill(running.pid, 'SIGKILL');
	} catch {
		// It has ended.
	}
	running = null;
});

/** The dashboard on the long scenario, once its first screen is drawn, with End pressed and the work under way. */
async function busyDashboard(): Promise<Run> {
	let output = '';
	const terminal = pty.spawn(process.execPath, [cliPath, file], {cols: 80, rows: 30, env: dashboardEnv()});
	terminal.onData(data => (output += data));
	const exited = new Promise<{exitCode: number; signal?: number}>(resolve => terminal.onExit(resolve));
	const run: Run = {
		pid: terminal.pid,
		output: () => output,
		press: keys => terminal.write(keys),
		close: () => (terminal as unknown as {destroy(): void}).destroy(),
		exited,
	};
	running = run;
	await until(
		() => output.includes('Story'),
		() => output,
	);
	run.press('\u001B[F');
	// A fifth of a second of CPU after End: well into the work, which takes many seconds.
	const cpu = () => Number(statFields(run.pid)[11]) + Number(statFields(run.pid)[12]);
	const start = cpu();
	await until(() => cpu() - start >= 20);
	return run;
}

/** Milliseconds from now until the program has ended, and how it ended. */
async function timeToEnd(run: Run) {
	const from = Date.now();
	const how = await run.exited;
	return {ms: Date.now() - from, ...how};
}

// Half a second on a quiet machine; the bound is loose for a loaded one, and far below the many
// seconds the work itself takes.
const promptlyMs = 2500;
/** Reading the long scenario takes seconds of its own on a loaded machine. */
const testTimeoutMs = 60_000;

describe('a dashboard at work on a long action', () => {
	test(
		'says it is working, and q quits at once',
		async () => {
			const run = await busyDashboard();
			await until(
				() => run.output().includes('working… step'),
				() => run.output(),
			);
			run.press('q');
			const ended = await timeToEnd(run);
			expect(ended.exitCode).toBe(0);
			expect(ended.ms).toBeLessThan(promptlyMs);
		},
		testTimeoutMs,
	);

	test(
		'SIGTERM ends it at once, as SIGTERM does',
		async () => {
			const run = await busyDashboard();
			process.kill(run.pid, 'SIGTERM');
			const ended = await timeToEnd(run);
			expect(ended.signal).toBe(15);
			expect(ended.ms).toBeLessThan(promptlyMs);
		},
		testTimeoutMs,
	);

	test(
		'its terminal going away ends it at once, as a hangup (not killed for being busy)',
		async () => {
			const run = await busyDashboard();
			run.close();
			const ended = await timeToEnd(run);
			expect(ended.signal).toBe(1);
			expect(ended.ms).toBeLessThan(promptlyMs);
		},
		testTimeoutMs,
	);
});
