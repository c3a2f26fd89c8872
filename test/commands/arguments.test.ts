import {describe, expect, test} from 'vitest';
import {checkFlagsApply, type Command, readCommandLine, subcommands} from '../../source/commands/arguments.js';
import {callCli} from '../run-cli.js';

const read = (...argv: string[]) => readCommandLine(argv);

describe('the command line', () => {
	test('words in order, flags by their camelCase name', () => {
		const {input, flags} = read('trace', '--json', 'gc-pause', '--step-delay', '2', '--lang=ja');
		expect({input, flags}).toEqual({input: ['trace', 'gc-pause'], flags: {json: true, stepDelay: '2', lang: 'ja'}});
	});

	test('a flag not given is absent, so --color and --no-color can each mean something', () => {
		expect(read('print').flags).toEqual({});
		expect(read('--color').flags.color).toBe(true);
		expect(read('--no-color').flags.color).toBe(false);
		expect(read('--color=false').flags.color).toBe(false);
		expect(read('--json', '--no-json').flags.json).toBe(false);
	});

	test('everything after -- is a word, and so are -, negative numbers', () => {
		const {input, flags} = read('trace', '-', '-5', '--', '--json', '-o');
		expect({input, flags}).toEqual({input: ['trace', '-', '-5', '--json', '-o'], flags: {}});
	});

	test('a value after a space or =, for a short flag and a long one; a negative number is a value', () => {
		expect(read('-o', 'demo.cast').flags.output).toBe('demo.cast');
		expect(read('-o=out.cast').flags.output).toBe('out.cast');
		expect(read('-o', '-').flags.output).toBe('-');
		expect(read('--output=-').flags.output).toBe('-');
		expect(read('--lang', '-5').flags.lang).toBe('-5');
	});

	test('--help, -h, --version, -v are known everywhere', () => {
		expect(read('trace', 'gc-pause', '--help').flags.help).toBe(true);
		expect(read('-h').flags.help).toBe(true);
		expect(read('--version').flags.version).toBe(true);
		expect(read('-v').flags.version).toBe(true);
	});

	test('each flag given is remembered as first written, for messages', () => {
		expect([...read('record', 'x', '-o', 'a.cast', '--no-keys', '--keys').given]).toEqual([
			['output', '-o'],
			['keys', '--no-keys'],
		]);
	});

	test.each([
		[['--jsno'], "unknown flag '--jsno' (did you mean '--json'?)"],
		[['--no-lang'], "unknown flag '--no-lang' (did you mean '--lang'?)"],
		[['--stepDelay', '1'], "unknown flag '--stepDelay' (did you mean '--step-delay'?)"],
		[['-xo', 'f'], "unknown flag '-x' in '-xo'"],
		[['-odemo.cast'], "-o: put a space or = between -o and its value (-o FILE), got '-odemo.cast'"],
		[['--json=maybe'], "--json takes no value, got '--json=maybe'"],
		[['--lang'], '--lang: expected a value after it (--lang=…)'],
		[['--lang', '--json'], '--lang: expected a value after it (--lang=…)'],
		[['--output', '-'], '--output: expected a value after it (--output=…)'],
		[['--lang', 'en', '--lang=ja'], '--lang: given twice; give it once'],
		[['-o', 'a', '-o=b'], '-o: given twice; give it once'],
	])('%j is refused: %s', (argv, message) => {
		expect(() => read(...argv)).toThrow(message);
	});
});

describe('which commands a flag is for', () => {
	const commands: readonly Command[] = ['dashboard', ...subcommands];

	test('a flag given to a command it is not for names the commands it is for', () => {
		expect(() => checkFlagsApply('trace', read('trace', 'x', '--cols', '100').given)).toThrow('--cols applies to record and print, not trace');
		expect(() => checkFlagsApply('dashboard', read('--step-delay=2').given)).toThrow('--step-delay applies to record, not the dashboard');
		expect(() => checkFlagsApply('print', read('--lang', 'ja', '--theme', 'light').given)).not.toThrow();
	});

	test('every command the help names for a flag takes it', async () => {
		const {stdout: help} = await callCli(['--help']);
		const options = [...help.matchAll(/^ {4}(?:-\w, )?(--[\w-]+)( \S+)? +([a-z, ]+): /gm)];
		expect(options.length).toBeGreaterThanOrEqual(12);
		for (const [, flag, value, named] of options) {
			const given = read(value ? `${flag}=x` : flag!).given;
			const forCommands = named!.split(', ');
			for (const command of forCommands) {
				expect(commands).toContain(command);
				expect(() => checkFlagsApply(command as Command, given), `${flag} for ${command}`).not.toThrow();
			}
		}
	});
});

describe('help and version', () => {
	test('--help, -h and help print the description, usage, every flag and examples, and exit 0', async () => {
		const {status, stdout, stderr} = await callCli(['--help']);
		expect(status).toBe(0);
		expect(stderr).toBe('');
		expect(stdout).toMatch(/^\n {2}Watch a distributed lock fail/);
		expect(stdout).toContain('see dlock-tui list');
		for (const heading of ['Usage', 'Options', 'Examples']) expect(stdout).toMatch(new RegExp(`^  ${heading}`, 'm'));
		const examples = stdout.slice(stdout.indexOf('  Examples'));
		expect(examples.match(/\$ dlock-tui/g)?.length).toBeGreaterThanOrEqual(3);
		for (const flag of [
			'--json',
			'--lang',
			'--theme',
			'--ascii',
			'--no-color',
			'--autoplay',
			'-o, --output',
			'--cols',
			'--rows',
			'--step-delay',
			'--color',
			'--no-keys',
			'-h, --help',
			'-v, --version',
		]) {
			expect(stdout).toContain(`    ${flag} `);
		}
		for (const args of [['-h'], ['help'], ['trace', 'gc-pause', '--help']]) expect(await callCli(args)).toEqual({status: 0, stdout, stderr: ''});
	});

	test('--version and -v print the version alone', async () => {
		const {status, stdout} = await callCli(['--version']);
		expect(status).toBe(0);
		expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
		expect((await callCli(['-v'])).stdout).toBe(stdout);
	});
});
