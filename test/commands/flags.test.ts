import {describe, expect, test} from 'vitest';
import {parseCommandLine} from '../../source/commands/flags.js';
import {runCli} from '../run-cli.js';

const specs = {
	json: {type: 'boolean'},
	color: {type: 'boolean'},
	lang: {type: 'string'},
	output: {type: 'string', shortFlag: 'o'},
	stepDelay: {type: 'string'},
} as const;

const parse = (...argv: string[]) => parseCommandLine(argv, specs);

describe('the command line', () => {
	test('words in order, flags by their camelCase name', () => {
		expect(parse('trace', '--json', 'gc-pause', '--step-delay', '2', '--lang=ja')).toEqual({
			input: ['trace', 'gc-pause'],
			flags: {json: true, stepDelay: '2', lang: 'ja'},
		});
	});

	test('a flag not given is absent, so --color and --no-color can each mean something', () => {
		expect(parse('print').flags.color).toBeUndefined();
		expect(parse('--color').flags.color).toBe(true);
		expect(parse('--no-color').flags.color).toBe(false);
		expect(parse('--color=false').flags.color).toBe(false);
		expect(parse('--json', '--no-json').flags.json).toBe(false);
	});

	test('everything after -- is a word, and so are -, negative numbers', () => {
		expect(parse('trace', '-', '-5', '--', '--json', '-o')).toEqual({input: ['trace', '-', '-5', '--json', '-o'], flags: {}});
	});

	test('a short flag takes the next word, the rest of its group, or what follows its =', () => {
		expect(parse('-o', 'demo.cast').flags.output).toBe('demo.cast');
		expect(parse('-oout.cast').flags.output).toBe('out.cast');
		expect(parse('-o=out.cast').flags.output).toBe('out.cast');
		expect(parse('-o', '-').flags.output).toBe('-');
		expect(parse('--lang', '-5').flags.lang).toBe('-5');
	});

	test('--help and --version are known everywhere', () => {
		expect(parse('trace', 'gc-pause', '--help').flags.help).toBe(true);
		expect(parse('--version').flags.version).toBe(true);
	});

	test.each([
		[['--jsno'], "unknown flag '--jsno' (did you mean '--json'?)"],
		[['--no-lang'], "unknown flag '--no-lang' (did you mean '--lang'?)"],
		[['--stepDelay', '1'], "unknown flag '--stepDelay' (did you mean '--step-delay'?)"],
		[['-xo', 'f'], "unknown flag '-x' in '-xo'"],
		[['--json=maybe'], "--json takes no value, got '--json=maybe'"],
		[['--lang'], '--lang: expected a value after it (--lang=…)'],
		[['--lang', '--json'], '--lang: expected a value after it (--lang=…)'],
		[['--lang', 'en', '--lang=ja'], "--lang: given twice ('en' and 'ja'); give it once"],
		[['-o', 'a', '-ob'], "-o: given twice ('a' and 'b'); give it once"],
	])('%j is refused: %s', (argv, message) => {
		expect(() => parse(...argv)).toThrow(message);
	});
});

describe('--help and --version of the built command line', () => {
	test('--help prints the usage with every flag, wherever it is given, and exits 0', () => {
		for (const args of [['--help'], ['trace', 'gc-pause', '--help']]) {
			const {status, stdout, stderr} = runCli(args);
			expect(status).toBe(0);
			expect(stderr).toBe('');
			expect(stdout).toMatch(/^\n {2}Watch a distributed lock fail/);
			for (const flag of ['--json', '--lang', '--theme', '--ascii', '--no-color', '--autoplay', '-o, --output', '--cols', '--rows', '--step-delay', '--color']) {
				expect(stdout).toContain(`    ${flag} `);
			}
		}
	});

	test('--version prints the version alone', () => {
		const {status, stdout} = runCli(['--version']);
		expect(status).toBe(0);
		expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
	});

	test('a flag given twice is one line of bad input, not a crash', () => {
		const {status, stdout, stderr} = runCli(['print', 'gc-pause', '--cols', '80', '--cols', '90']);
		expect(status).toBe(2);
		expect(stdout).toBe('');
		expect(stderr).toBe("dlock-tui: --cols: given twice ('80' and '90'); give it once (see dlock-tui --help)\n");
	});
});
