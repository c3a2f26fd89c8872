// Every way out of the dashboard gives the terminal back as it was found: the same termios
// (raw mode off, echo on), the cursor shown, bracketed paste off, no synchronized update left open, and for a crash one
// readable line naming the report; and when the terminal itself goes away, a quiet end as a
// hangup. Each runs the built binary in a real pty, inside a shell that records `stty -g` before
// and after it; the crash runs a build of it whose dashboard throws (test/fixtures).

import {existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import pty from '@lydell/node-pty';
import type {Plugin} from 'esbuild';
import {afterEach, beforeAll, describe, expect, test} from 'vitest';
import {bundle, bundleOptions} from '../../scripts/build.mjs';
import {crashMessage} from '../fixtures/crashing-dashboard.js';
import {cliPath, temporaryDirectory} from '../run-cli.js';
import {childrenOf, expectTerminalRestored, hangupShell, openInShell, type ShellRun, statFields, until} from './pty.js';

const runs = temporaryDirectory('dlock-exit-');
let shell: ShellRun | null = null;
afterEach(() => {
	shell?.kill();
	shell = null;
});

async function openDashboard(cli = cliPath): Promise<ShellRun> {
	shell = await openInShell(cli, ['gc-pause'], {runs});
	return shell;
}

// The bin as shipped, but for its dashboard, which throws on the second key (test/fixtures/crashing-dashboard.tsx), and `live`.
// Kept between runs, as dist/ is: built again once dist/cli.js, the fixture or this file is newer.
const crashingCliFolder = fileURLToPath(new URL('../../node_modules/.cache/dlock-tui-crashing-cli/', import.meta.url));
const crashingCli = path.join(crashingCliFolder, 'cli.mjs');
const builtFrom = [cliPath, fileURLToPath(new URL('../fixtures/crashing-dashboard.tsx', import.meta.url)), fileURLToPath(import.meta.url)];
const crashingCliCurrent = () => existsSync(crashingCli) && builtFrom.every(file => statSync(file).mtimeMs < statSync(crashingCli).mtimeMs);
const crashingDashboard: Plugin = {
	name: 'crashing-dashboard',
	setup(build) {
		const fixture = fileURLToPath(new URL('../fixtures/crashing-dashboard.tsx', import.meta.url));
		build.onResolve({filter: /^\.\/Dashboard\.js$/}, ({importer}) => (importer.endsWith(path.join('source', 'ui', 'App.tsx')) ? {path: fixture} : undefined));
	},
};
// Only `live` talks to etcd: without its client (and the gRPC stack under it, half of what the bin
// bundles) the build takes less to make and the crashing bin less to start.
const withoutEtcd: Plugin = {
	name: 'without-etcd',
	setup(build) {
		build.onResolve({filter: /^etcd3$/}, () => ({path: 'etcd3', namespace: 'without-etcd'}));
		build.onLoad({filter: /.*/, namespace: 'without-etcd'}, () => ({contents: 'export class Etcd3 {}', loader: 'js'}));
	},
};
// Bundling takes a second: it goes on while the tests before the one that runs it wait on their terminals.
let crashingCliBuilt: Promise<unknown>;
beforeAll(() => {
	if (crashingCliCurrent()) {
		crashingCliBuilt = Promise.resolve();
		return;
	}
	// esbuild applies tsconfig.json's JSX setting only to files it resolves itself, not to one a plugin hands it.
	crashingCliBuilt = bundle('source/cli.tsx', crashingCli, {jsx: 'automatic', plugins: [withoutEtcd, ...bundleOptions.plugins, crashingDashboard]});
	// A failed build fails the test that awaits it, not the run.
	crashingCliBuilt.catch(() => undefined);
	// The bin finds the built-in scenarios beside it.
	const scenarios = path.join(crashingCliFolder, 'scenarios');
	if (!existsSync(scenarios)) {
		mkdirSync(crashingCliFolder, {recursive: true});
		symlinkSync(fileURLToPath(new URL('../../scenarios', import.meta.url)), scenarios);
	}
});

describe('every exit path restores the terminal', () => {
	// q ends the dashboard of test/process/save.test.ts, SIGTERM the one of
	// test/process/job-control.test.ts, and SIGHUP and Ctrl-C the five-node one and the --no-keys
	// one of test/process/dashboard-pty.test.ts, each in a shell that records the terminal settings too.

	describe('an unexpected error inside a render', () => {
		test('one line, a report, exit 70', async () => {
			await crashingCliBuilt;
			const run = await openDashboard(crashingCli);
			run.press(' ');
			await until(() => run.output().includes('step 2 of 7'), run.output);
			// The second key.
			run.press(' ');
			const finished = await run.finished;
			expect(finished.status).toBe('70');
			const output = run.output();
			expectTerminalRestored(output, finished);
			const lines = output.split(/\r?\n/).filter(line => line.includes('unexpected error'));
			expect(lines).toHaveLength(1);
			const match = new RegExp(`dlock-tui: unexpected error: ${crashMessage} \\(a full report is in (\\S+);`).exec(lines[0]!);
			expect(match, lines[0]).not.toBeNull();
			expect(existsSync(match![1]!)).toBe(true);
			expect(readFileSync(match![1]!, 'utf8')).toMatch(/^\s+at /m);
			rmSync(match![1]!);
			// The dashboard is wiped, not left half-drawn: nothing of it follows the erase.
			const afterErase = output.slice(output.lastIndexOf('\u001B[2K'));
			expect(afterErase).not.toContain('Lock service');
		});
	});
});

/** The CPU time a process has used, in clock ticks (Linux /proc). */
function cpuTicks(pid: number): number {
	const fields = statFields(pid);
	return Number(fields[11]) + Number(fields[12]);
}

/** Until the process has been at work for a fifth of a second of CPU since now (more than a frame takes): it read the keys and is busy with them. */
async function untilBusy(pid: number): Promise<void> {
	const start = cpuTicks(pid);
	await until(() => cpuTicks(pid) - start >= 20);
}

describe('a terminal that goes away under it', () => {
	// The dashboard with no work under way is the no-argument one of test/process/dashboard-pty.test.ts,
	// ended so. `keys` are typed once the program is ready, and the terminal closes once they keep it busy.
	async function closeUnder(args: readonly string[], ready: (output: string) => boolean, keys = '') {
		const shell = hangupShell(runs);
		const env: Record<string, string> = {...(process.env as Record<string, string>), TERM: 'xterm-256color', TMPDIR: shell.directory};
		delete env.CI;
		let output = '';
		const terminal = pty.spawn('sh', ['-c', shell.script('"$@"'), 'sh', process.execPath, cliPath, ...args], {cols: 80, rows: 24, env});
		terminal.onData(data => (output += data));
		await until(
			() => ready(output),
			() => output,
		);
		const [program] = childrenOf(terminal.pid);
		expect(program).toBeDefined();
		if (keys) {
			terminal.write(keys);
			await untilBusy(program!);
		}
		// Closes the pty itself (the window going away); kill() would only signal the shell, which ignores it.
		(terminal as unknown as {destroy(): void}).destroy();
		return shell.ended(program!);
	}

	test('a trace being written ends as a hangup does, with no crash report', async () => {
		// Long enough to be still writing when the terminal closes after its first line.
		const file = path.join(runs, 'long.yaml');
		writeFileSync(file, `title: long\nclients: [A]\nsteps:\n${'  - do: tick\n'.repeat(5000)}`);
		expect(await closeUnder(['trace', '--json', file], output => output.includes('"step":0'))).toMatchObject({
			status: '129',
			crashReports: [],
			running: false,
		});
	});

	test('a dashboard busy playing a long step ends as a hangup does, between two slices of the step', async () => {
		// One step of twenty thousand ticks, a heartbeat on nine nodes at each of their first units (those whose
		// events a command keeps are run one by one): End has many seconds of work, played a slice at a time.
		const file = path.join(runs, 'busy.yaml');
		const ticks = Array.from({length: 20_000}, () => 'tick 1000000').join(', ');
		writeFileSync(file, `title: busy\nbackend: redlock\nnodes: 9\nclients: [{name: A, renewEvery: 1}]\nsteps:\n  - do: acquire A\n  - do: [${ticks}]\n`);
		const end = '\u001B[F';
		const ended = await closeUnder([file], output => output.includes('Story'), end);
		expect(ended).toMatchObject({status: '129', crashReports: [], running: false});
		// Well before the steps would have been played; the bound is loose for a loaded machine.
		expect(ended.msToEnd).toBeLessThan(10_000);
	});
});
