import {readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, test} from 'vitest';
import {runCheck} from '../../source/commands/check.js';
import {loadScenario} from '../../source/scenario/files.js';
import {callCli, temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-check-');
function scenarioFile(name: string, text: string): string {
	const file = path.join(directory, name);
	writeFileSync(file, text);
	return file;
}

const passing = scenarioFile(
	'passing.yaml',
	'title: Handoff\nclients: [A, B]\nsteps:\n  - do: [acquire A, release A, acquire B]\n    expect: {holder: B, token: 2}\n',
);
const failing = scenarioFile(
	'failing.yaml',
	[
		'title: Wrong on purpose',
		'clients: [A, B]',
		'steps:',
		'  - do: [acquire A, acquire B]',
		'    expect: {holder: B, token: 2, value: x}',
		'  - do: [pause A 3, write A, renew A]',
		'  - do: tick',
		'    expect:',
		'      clock: 1',
		'      clients:',
		'        A: {status: running}',
		'',
	].join('\n'),
);
const broken = scenarioFile('broken.yaml', 'title: t\nclients: [A]\nsteps:\n  - do: aquire A\n  - do: tick 0\n');
const builtins = readdirSync(new URL('../../scenarios', import.meta.url)).filter(file => file.endsWith('.yaml'));

describe('dlock-tui check', () => {
	test('every built-in scenario passes its own expectations', async () => {
		const names = builtins.map(file => file.slice(0, -'.yaml'.length));
		const {status, stdout, stderr} = await callCli(['check', ...names]);
		expect(stderr).toBe('');
		expect(stdout.trimEnd().split('\n')).toHaveLength(names.length);
		for (const line of stdout.trimEnd().split('\n')) expect(line).toMatch(/^✓ /);
		expect(status).toBe(0);
	});

	test('a title that fits 80 columns neither whole nor as its short title is a warning, not a failure', async () => {
		const long = 'A title that goes on and on, well past what eighty columns of a terminal hold';
		const cut = scenarioFile('long-title.yaml', `title: "${long}"\nclients: [A]\nsteps:\n  - do: acquire A\n`);
		const {status, stdout} = await callCli(['check', cut]);
		expect(status).toBe(0);
		expect(stdout).toContain(`! ${cut}: the title does not fit 80 columns (en, ja)`);
		expect(stdout).toContain(`✓ ${long}`);
		const shortened = scenarioFile('short-title.yaml', `title: "${long}"\nshort: A short title\nclients: [A]\nsteps:\n  - do: acquire A\n`);
		expect((await callCli(['check', shortened])).stdout).not.toContain('!');
	});

	test('a passing scenario prints ✓ and its title, exit 0', async () => {
		expect(await callCli(['check', passing])).toMatchObject({status: 0, stdout: '✓ Handoff\n'});
	});

	test('every failure of a scenario: file:line, step, what is and what was expected; refusals name the command and the reason', async () => {
		const {status, stdout} = await callCli(['check', failing]);
		expect(stdout.trimEnd().split('\n')).toEqual([
			`✗ ${failing}:5 step 1: \`holder\` is A, expected B; \`token\` is 1, expected 2; \`value\` is null, expected "x"`,
			`✗ ${failing}:6 step 2: \`write A\` was refused: A is paused by GC until t=3; \`renew A\` was refused: A is paused by GC until t=3`,
			`✗ ${failing}:11 step 3: \`clients.A.status\` is paused, expected running`,
		]);
		expect(status).toBe(1);
	});

	test('a bad file gets every problem and exit 2, and the other scenarios are still checked', async () => {
		const {status, stdout, stderr} = await callCli(['check', broken, failing, path.join(directory, 'missing.yaml'), passing]);
		const lines = stdout.trimEnd().split('\n');
		expect(lines.slice(0, 2)).toEqual([
			`✗ ${broken}:4: step 1: unknown command 'aquire': expected one of tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal, latency (did you mean 'acquire'?)`,
			`✗ ${broken}:5: step 2: tick: expected a whole number from 1 to 1000000, got '0'`,
		]);
		expect(lines.filter(line => line.startsWith(`✗ ${failing}:`))).toHaveLength(3);
		expect(lines).toContain(`✗ ${path.join(directory, 'missing.yaml')}: cannot read: no such file`);
		expect(lines.at(-1)).toBe('✓ Handoff');
		expect(stderr).toBe('');
		expect(status).toBe(2);
	});

	test('a directory stands for its scenario files, in name order', async () => {
		const {status, stdout} = await callCli(['check', fileURLToPath(new URL('../../scenarios', import.meta.url))]);
		expect(stdout.trimEnd().split('\n')).toHaveLength(builtins.length);
		expect(stdout.split('\n')[0]).toBe("✓ Check, then pause: the careful client's write is rejected");
		expect(status).toBe(0);
	});

	test('a scenario without expectations says what little was checked', async () => {
		const file = scenarioFile('plain.yaml', 'title: Plain\nclients: [A]\nsteps:\n  - do: acquire A\n');
		expect((await callCli(['check', file])).stdout).toBe('✓ Plain (no expect: only checked that every command can be done)\n');
	});

	test('a mistyped built-in name gets the one meant', async () => {
		const {status, stdout} = await callCli(['check', 'gc-paws']);
		expect(stdout).toBe("✗ gc-paws: no such file or built-in scenario (did you mean 'gc-pause'?)\n");
		expect(status).toBe(2);
	});

	test('no scenario is a usage error', async () => {
		const {status, stderr} = await callCli(['check']);
		expect(stderr).toMatch(/check: expected one or more scenarios/);
		expect(status).toBe(2);
	});
});

describe('dlock-tui list', () => {
	test('prints every built-in scenario, name and title, under a heading per backend, the default first', async () => {
		const {status, stdout} = await callCli(['list']);
		expect(status).toBe(0);
		const rows = stdout.trimEnd().split('\n');
		const names = rows.filter(row => row.startsWith('  ')).map(row => row.trim().split(/\s+/)[0]);
		expect([...names].sort()).toEqual(builtins.map(file => file.slice(0, -'.yaml'.length)).sort());
		expect(names[0]).toBe('gc-pause');
		expect(rows).toContainEqual(expect.stringMatching(/^ {2}gc-pause\s+GC pause: the fencing token saves row-42$/));
		// Each group is a heading, its scenarios, and a blank line before the next heading.
		const headings = rows.filter(row => row !== '' && !row.startsWith(' '));
		expect(headings).toEqual(['A generic lock service', 'etcd', 'Consul', 'Redlock']);
		const redlock = rows.slice(rows.indexOf('Redlock') + 1).map(row => row.trim().split(/\s+/)[0]);
		expect(redlock).toEqual(
			builtins
				.map(file => file.slice(0, -'.yaml'.length))
				.filter(name => loadScenario(name).setup.backend === 'redlock')
				.sort(),
		);
	});

	test('--lang ja gives the Japanese titles; another language is a usage error', async () => {
		expect((await callCli(['list', '--lang', 'ja'])).stdout).toMatch(/^ {2}gc-pause\s+GC 停止: フェンシングトークンが row-42 を守る$/m);
		const {status, stderr} = await callCli(['list', '--lang', 'fr']);
		expect(stderr).toMatch(/--lang: expected one of en, ja/);
		expect(status).toBe(2);
	});

	test('takes no arguments', async () => {
		expect((await callCli(['list', 'extra'])).status).toBe(2);
	});
});

describe('a long check', () => {
	/** A clock that moves `step` ms each time it is read. */
	const clock = (step: number) => {
		let ms = 0;
		return () => {
			ms += step;
			return ms;
		};
	};
	const lines = (stepMs: number) => {
		let written = '';
		const write = (text: string) => {
			written += text;
		};
		const status = runCheck([passing], write, clock(stepMs));
		return {status, written};
	};

	test('says how many steps it played and how long it took when that was over a second', () => {
		expect(lines(1500)).toEqual({status: 0, written: '✓ Handoff (1 step in 1.5 s)\n'});
	});

	test('a quick one says nothing of time', () => {
		expect(lines(10)).toEqual({status: 0, written: '✓ Handoff\n'});
	});
});
