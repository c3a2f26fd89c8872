// The built binary, started as a user starts it: the few things only it can show (its bundle, the
// modules it loads when first needed, its exit codes). Everything else about the commands is
// tested in this process, through run().

import {readdirSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {callCli, runCli, stackTrace} from '../run-cli.js';

describe('dist/cli.js', () => {
	test('--help prints what run() prints, and exits 0', async () => {
		const {status, stdout, stderr} = runCli(['--help']);
		expect(stderr).toBe('');
		expect(status).toBe(0);
		expect(stdout).toBe((await callCli(['--help'])).stdout);
	});

	test('-v prints the version', async () => {
		expect(runCli(['-v'])).toEqual(await callCli(['-v']));
	});

	test('check passes every built-in scenario, exit 0', () => {
		const names = readdirSync(new URL('../../scenarios', import.meta.url))
			.filter(file => file.endsWith('.yaml'))
			.map(file => file.slice(0, -'.yaml'.length));
		const {status, stdout, stderr} = runCli(['check', ...names]);
		expect(stderr).toBe('');
		expect(stdout.trimEnd().split('\n')).toHaveLength(names.length);
		for (const line of stdout.trimEnd().split('\n')) expect(line).toMatch(/^✓ /);
		expect(status).toBe(0);
	});

	test('bad input: one line on stderr, exit 2, no stack trace', () => {
		const {status, stdout, stderr} = runCli(['trace', 'gc-pause', '--jsno']);
		expect(stdout).toBe('');
		expect(stderr).toBe("dlock-tui: unknown flag '--jsno' (did you mean '--json'?) (see dlock-tui --help)\n");
		expect(stderr).not.toMatch(stackTrace);
		expect(status).toBe(2);
	});
});
