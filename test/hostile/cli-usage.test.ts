// Bad command lines: one line that names what is wrong, a pointer to --help, exit 2; and an
// unexpected error: one readable line naming a crash report, exit 70, never a stack trace.

import {closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {runCli, stackTrace, temporaryDirectory} from '../run-cli.js';

const help = ' (see dlock-tui --help)';
const directory = temporaryDirectory('dlock-cli-');
const missing = path.join(directory, 'missing.yaml');

function expectUsageError(args: readonly string[], message: string | RegExp): void {
	const result = runCli(args);
	expect(result.stdout).toBe('');
	expect(result.stderr.endsWith('\n')).toBe(true);
	const lines = result.stderr.trimEnd().split('\n');
	expect(lines, result.stderr).toHaveLength(1);
	expect(lines[0]!.endsWith(help), lines[0]).toBe(true);
	if (typeof message === 'string') expect(lines[0]).toContain(message);
	else expect(lines[0]).toMatch(message);
	expect(result.stderr).not.toMatch(stackTrace);
	expect(result.status).toBe(2);
}

/** Every subcommand, with arguments that would otherwise be right. */
const subcommands: ReadonlyArray<readonly [string, readonly string[]]> = [
	['trace', ['trace', 'gc-pause']],
	['check', ['check', 'gc-pause']],
	['list', ['list']],
	['record', ['record', 'gc-pause', '-o', path.join(directory, 'demo.cast')]],
	['print', ['print', 'gc-pause']],
	['the dashboard', ['gc-pause']],
];

describe.each(subcommands)('%s', (_name, args) => {
	test('an unknown flag is named, with a near one suggested', () => {
		expectUsageError([...args, '--jsno'], "unknown flag '--jsno' (did you mean '--json'?)");
		expectUsageError([...args, '-z'], "unknown flag '-z'");
	});

	test('a flag that takes no value given one', () => {
		expectUsageError([...args, '--json=maybe'], "--json takes no value, got '--json=maybe'");
	});

	test('a flag that needs a value given none', () => {
		expectUsageError([...args, '--lang'], '--lang: expected a value');
	});

	test('an escape sequence in a flag is shown escaped', () => {
		expectUsageError([...args, '--\x1b[2Jx'], "unknown flag '--\\x1b[2Jx'");
	});
});

describe('arguments', () => {
	test('an unknown subcommand', () => {
		expectUsageError(['trcae', 'gc-pause'], "unknown command 'trcae' (did you mean 'trace'?)");
		expectUsageError(['prnt'], "unknown command 'prnt' (did you mean 'print'?)");
		expectUsageError(['frobnicate', 'gc-pause'], "unknown command 'frobnicate' (commands: trace, check, record, print, list;");
	});

	test('a command one letter off, for every command --help lists', () => {
		const commands = [...runCli(['--help']).stdout.matchAll(/\$ dlock-tui ([a-z]+)/g)].map(match => match[1]!);
		expect(commands.length).toBeGreaterThanOrEqual(5);
		for (const command of commands) expectUsageError([command.slice(0, -1)], `unknown command '${command.slice(0, -1)}' (did you mean '${command}'?)`);
	});

	test('a value of the wrong kind', () => {
		expectUsageError(['print', 'gc-pause', '--cols', 'wide'], "--cols: expected a whole number from 20 to 1000, got 'wide'");
		expectUsageError(['record', 'gc-pause', '-o', path.join(directory, 'x.cast'), '--step-delay=soon'], "--step-delay: expected a number of seconds");
		expectUsageError(['gc-pause', '--lang', 'fr'], "--lang: expected one of en, ja, got 'fr'");
	});

	test('a missing argument', () => {
		expectUsageError(['trace'], 'trace: expected one scenario');
		expectUsageError(['check'], 'check: expected one or more scenarios');
		expectUsageError(['print'], 'print: expected one scenario');
		expectUsageError(['record', 'gc-pause'], '-o');
	});

	test('short flags: a value may follow the letter; an unknown letter in a group is named', () => {
		const cast = path.join(directory, 'attached.cast');
		const result = runCli(['record', 'gc-pause', `-o${cast}`]);
		expect(result.stderr).toMatch(new RegExp(`^wrote ${cast}`));
		expect(result.status).toBe(0);
		expect(existsSync(cast)).toBe(true);
		expectUsageError(['record', 'gc-pause', `-xo${cast}`], `unknown flag '-x' in '-xo${cast}'`);
	});

	test('too many arguments', () => {
		expectUsageError(['trace', 'gc-pause', 'extra'], 'trace: expected one scenario');
		expectUsageError(['list', 'extra'], "list: unexpected 'extra'");
	});

	test('a missing file, for trace and for the dashboard', () => {
		expectUsageError(['trace', missing], `${missing}: cannot read: no such file`);
		expectUsageError([missing], `${missing}: cannot read: no such file`);
		expectUsageError(['gc-paws'], /^gc-paws: no such file or built-in scenario \(built-in: .*gc-pause/);
	});
});

describe('an unexpected error', () => {
	test('prints one line naming a full report in the temp dir, exits 70, never a stack trace', () => {
		// A standard output that cannot be written is something no command expects.
		const readOnly = path.join(directory, 'read-only.txt');
		writeFileSync(readOnly, '');
		const stdout = openSync(readOnly, 'r');
		const result = runCli(['trace', 'gc-pause', '--json'], {stdio: ['ignore', stdout, 'pipe']});
		closeSync(stdout);
		expect(result.status).toBe(70);
		expect(result.stderr).not.toMatch(stackTrace);
		const lines = result.stderr.trimEnd().split('\n');
		expect(lines).toHaveLength(1);
		const match = /^dlock-tui: unexpected error: (.+) \(a full report is in (\S+); please include it when you report this\)$/.exec(lines[0]!);
		expect(match, lines[0]).not.toBeNull();
		const report = match![2]!;
		expect(path.dirname(report)).toBe(tmpdir());
		expect(existsSync(report)).toBe(true);
		const text = readFileSync(report, 'utf8');
		expect(text).toContain(match![1]!);
		expect(text).toMatch(/^\s+at /m);
		expect(text).toContain('["trace","gc-pause","--json"]');
		rmSync(report);
	});

	test('says so when even the report cannot be written', () => {
		const readOnly = path.join(directory, 'read-only-2.txt');
		writeFileSync(readOnly, '');
		const stdout = openSync(readOnly, 'r');
		const result = runCli(['trace', 'gc-pause', '--json'], {stdio: ['ignore', stdout, 'pipe'], env: {...process.env, TMPDIR: path.join(directory, 'no-such-directory')}});
		closeSync(stdout);
		expect(result.status).toBe(70);
		expect(result.stderr).toMatch(/^dlock-tui: unexpected error: .+ \(no report could be written\)\n$/);
	});
});
