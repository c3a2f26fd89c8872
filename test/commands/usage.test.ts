// Bad command lines: one line that names what is wrong, a pointer to --help, exit 2; and an
// unexpected error: one readable line naming a crash report, exit 70, never a stack trace.

import {existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Writable} from 'node:stream';
import {afterEach, describe, expect, test, vi} from 'vitest';
import {writeCrashReport} from '../../source/commands/crash.js';
import {callCli, stackTrace, temporaryDirectory} from '../run-cli.js';

const help = ' (see dlock-tui --help)';
const directory = temporaryDirectory('dlock-cli-');
const missing = path.join(directory, 'missing.yaml');

async function expectUsageError(args: readonly string[], message: string | RegExp): Promise<void> {
	const result = await callCli(args);
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
	test('an unknown flag is named, with a near one suggested', async () => {
		await expectUsageError([...args, '--jsno'], "unknown flag '--jsno' (did you mean '--json'?)");
		await expectUsageError([...args, '-z'], "unknown flag '-z'");
	});

	test('a flag that takes no value given one', async () => {
		await expectUsageError([...args, '--json=maybe'], "--json takes no value, got '--json=maybe'");
	});

	test('a flag that needs a value given none', async () => {
		await expectUsageError([...args, '--lang'], '--lang: expected a value');
	});

	test('an escape sequence in a flag is shown escaped', async () => {
		await expectUsageError([...args, '--\x1b[2Jx'], "unknown flag '--\\x1b[2Jx'");
	});
});

describe('arguments', () => {
	test('an unknown subcommand', async () => {
		await expectUsageError(['trcae', 'gc-pause'], "unknown command 'trcae' (did you mean 'trace'?)");
		await expectUsageError(['prnt'], "unknown command 'prnt' (did you mean 'print'?)");
		await expectUsageError(['frobnicate', 'gc-pause'], "unknown command 'frobnicate' (commands: trace, check, record, print, explore, list, live, help;");
	});

	test('a command one letter off, for every command --help lists', async () => {
		const {stdout} = await callCli(['--help']);
		const usage = stdout.slice(stdout.indexOf('Usage'), stdout.indexOf('Options'));
		const commands = [...usage.matchAll(/\$ dlock-tui ([a-z]+)/g)].map(match => match[1]!);
		expect(commands.length).toBeGreaterThanOrEqual(6);
		for (const command of commands) await expectUsageError([command.slice(0, -1)], `unknown command '${command.slice(0, -1)}' (did you mean '${command}'?)`);
	});

	test('a value of the wrong kind', async () => {
		await expectUsageError(['print', 'gc-pause', '--cols', 'wide'], "--cols: expected a whole number from 68 to 1000, got 'wide'");
		await expectUsageError(['record', 'gc-pause', '-o', path.join(directory, 'x.cast'), '--step-delay=soon'], '--step-delay: expected a number of seconds');
		await expectUsageError(['gc-pause', '--lang', 'fr'], "--lang: expected one of en, ja, got 'fr'");
	});

	test('a missing argument', async () => {
		await expectUsageError(['trace'], 'trace: expected one scenario');
		await expectUsageError(['check'], 'check: expected one or more scenarios');
		await expectUsageError(['print'], 'print: expected one scenario');
		await expectUsageError(['record', 'gc-pause'], '-o');
	});

	test('short flags: a value after a space or =; stuck to the letter, or an unknown letter in a group, is named', async () => {
		const cast = path.join(directory, 'attached.cast');
		const result = await callCli(['record', 'gc-pause', `-o=${cast}`]);
		expect(result.stderr).toMatch(new RegExp(`^wrote ${cast}`));
		expect(result.status).toBe(0);
		expect(existsSync(cast)).toBe(true);
		await expectUsageError(['record', 'gc-pause', `-o${cast}`], `-o: put a space or = between -o and its value (-o FILE), got '-o${cast}'`);
		await expectUsageError(['record', 'gc-pause', `-xo${cast}`], `unknown flag '-x' in '-xo${cast}'`);
		await expectUsageError(['gc-pause', '-h=yes'], "-h takes no value, got '-h=yes'");
	});

	test('a flag is for some commands: given to another, it is named with the ones it is for', async () => {
		await expectUsageError(['trace', 'gc-pause', '--cols', '100'], '--cols applies to record and print, not trace');
		await expectUsageError(['--cols', '100'], '--cols applies to record and print, not the dashboard');
		await expectUsageError(['gc-pause', '-o', 'x.cast'], '-o applies to record, print and explore, not the dashboard');
		await expectUsageError(['list', '--no-keys'], '--no-keys applies to the dashboard, record and print, not list');
		await expectUsageError(['check', 'gc-pause', '--json'], '--json applies to trace, not check');
		await expectUsageError(['print', 'gc-pause', '--autoplay', '2'], '--autoplay applies to the dashboard, not print');
	});

	test('a value flag given twice, however spelt, is refused; a boolean said again counts the last time', async () => {
		await expectUsageError(['print', 'gc-pause', '--cols', '80', '--cols=90'], '--cols: given twice; give it once');
		await expectUsageError(['record', 'gc-pause', '-o', 'a.cast', '--output', 'b.cast'], '-o: given twice; give it once');
		const {status, stdout} = await callCli(['trace', 'gc-pause', '--json', '--no-json']);
		expect(status).toBe(0);
		expect(stdout).toMatch(/^#\s+t\s+command/);
	});

	test('misspellings meow would accept or drop are refused, with the flag meant', async () => {
		await expectUsageError(['record', 'gc-pause', '-o', 'x.cast', '--stepDelay', '1'], "unknown flag '--stepDelay' (did you mean '--step-delay'?)");
		await expectUsageError(['gc-pause', '--no-lang'], "unknown flag '--no-lang' (did you mean '--lang'?)");
		await expectUsageError(['trace', 'gc-pause', '--no-json=true'], "--no-json takes no value, got '--no-json=true'");
		await expectUsageError(['gc-pause', '--lang', '--ascii'], '--lang: expected a value after it (--lang=…)');
		await expectUsageError(['gc-pause', '--lang='], '--lang: expected a value after it (--lang=…)');
	});

	test('too many arguments', async () => {
		await expectUsageError(['trace', 'gc-pause', 'extra'], 'trace: expected one scenario');
		await expectUsageError(['list', 'extra'], "list: unexpected 'extra'");
	});

	test('a missing file, for trace and for the dashboard', async () => {
		await expectUsageError(['trace', missing], `dlock-tui: ${missing}: cannot read: no such file`);
		await expectUsageError([missing], `dlock-tui: ${missing}: cannot read: no such file`);
		await expectUsageError(['gc-pasue'], "dlock-tui: gc-pasue: no such file or built-in scenario (did you mean 'gc-pause'?)");
		await expectUsageError(['print', 'haertbeat'], "dlock-tui: haertbeat: no such file or built-in scenario (did you mean 'heartbeat'?)");
		await expectUsageError(['zzz'], /^dlock-tui: zzz: no such file or built-in scenario \(built-in: .*gc-pause/);
	});
});

describe('an unexpected error', () => {
	afterEach(() => {
		vi.unstubAllEnvs();
	});

	/** A standard output whose write throws (no stream does: a failed write is an 'error' event) is something no command expects. */
	const failingStdout = () =>
		Object.assign(new Writable(), {
			write: () => {
				throw new Error('the disk is on fire');
			},
		}) as unknown as NodeJS.WriteStream;

	test('prints one line naming a full report in the temp dir, exits 70, never a stack trace', async () => {
		const result = await callCli(['trace', 'gc-pause', '--json'], failingStdout());
		expect(result.status).toBe(70);
		expect(result.stderr).not.toMatch(stackTrace);
		const lines = result.stderr.trimEnd().split('\n');
		expect(lines).toHaveLength(1);
		const match = /^dlock-tui: unexpected error: (.+) \(a full report is in (\S+); please include it when you report this\)$/.exec(lines[0]!);
		expect(match, lines[0]).not.toBeNull();
		expect(match![1]).toBe('the disk is on fire');
		const report = match![2]!;
		expect(path.dirname(path.dirname(report))).toBe(tmpdir());
		expect(existsSync(report)).toBe(true);
		const text = readFileSync(report, 'utf8');
		expect(text).toContain(match![1]!);
		expect(text).toMatch(/^\s+at /m);
		expect(text).toContain('["trace","gc-pause","--json"]');
		rmSync(path.dirname(report), {recursive: true});
	});

	test('the report is created in a fresh folder of its own: a link planted in the temp dir is not written through', () => {
		const shared = mkdtempSync(path.join(directory, 'shared-tmp-'));
		vi.stubEnv('TMPDIR', shared);
		const now = new Date('2026-01-02T03:04:05.678Z');
		const victim = path.join(directory, 'victim.txt');
		writeFileSync(victim, 'keep me\n');
		// Every name a report could get from the time and the process id.
		for (const name of [`dlock-tui-crash-${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}.txt`, 'dlock-tui-crash.txt', 'report.txt'])
			symlinkSync(victim, path.join(shared, name));
		const report = writeCrashReport(new Error('boom'), '0.0.0', [], now);
		expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
		expect(report).not.toBeNull();
		expect(lstatSync(report!).isFile()).toBe(true);
		expect(readFileSync(report!, 'utf8')).toContain('boom');
		expect(path.dirname(path.dirname(report!))).toBe(shared);
		expect(statSync(path.dirname(report!)).mode & 0o777).toBe(0o700);
		expect(statSync(report!).mode & 0o777).toBe(0o600);
	});

	test('says so when even the report cannot be written', async () => {
		vi.stubEnv('TMPDIR', path.join(directory, 'no-such-directory'));
		const result = await callCli(['trace', 'gc-pause', '--json'], failingStdout());
		expect(result.status).toBe(70);
		expect(result.stderr).toBe('dlock-tui: unexpected error: the disk is on fire (no report could be written)\n');
	});
});
