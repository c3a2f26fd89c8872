// The built binary, started as a user starts it: the few things only it can show (its bundle, the
// chunks it loads when a command needs them, its exit codes, what it draws whatever the environment it
// starts in says, -o under a file size limit). Everything else about the commands is tested in this
// process, through run().

import {spawnSync} from 'node:child_process';
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, test} from 'vitest';
import packageJson from '../../package.json' with {type: 'json'};
import {runTrace} from '../../source/commands/trace.js';
import {binRuns, type CliResult, callCli, cliPath, runCliInOneProcess, stackTrace, temporaryDirectory} from '../run-cli.js';

const dist = path.dirname(cliPath);
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
/** The files of dist/ that `file` imports as it loads (`import "./x.js"`, not `import("./x.js")`), with theirs. */
function loadedWith(file: string, loaded = new Set<string>()): Set<string> {
	loaded.add(file);
	for (const [, imported] of read(file).matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g)) if (!loaded.has(imported!)) loadedWith(imported!, loaded);
	return loaded;
}
/** The files `import("./x.js")` loads when a command asks for them, by the name of their module. */
const onDemand = new Map([...read('cli.js').matchAll(/\bimport\("\.\/(([\w-]+?)-\w+\.js)"\)/g)].map(([, file, name]) => [name!, file!]));
/** Ink's root node and React's error pages: there only when Ink and React are. */
const drawsWithInk = (file: string) => read(file).includes('ink-root') && read(file).includes('react.dev/errors');

describe('dist/cli.js', () => {
	const names = readdirSync(new URL('../../scenarios', import.meta.url))
		.filter(file => file.endsWith('.yaml'))
		.map(file => file.slice(0, -'.yaml'.length));
	// These runs only print: the bin makes them in one process, which starts with what would make
	// print colour its pages if anything did (chalk reads the environment once, as a process starts).
	let help: CliResult;
	let version: CliResult;
	let longVersion: CliResult;
	let checked: CliResult;
	let printed: CliResult;
	let misspelt: CliResult;
	let traces: CliResult[];
	beforeAll(() => {
		[help, version, longVersion, checked, printed, misspelt, ...traces] = runCliInOneProcess(
			[
				['--help'],
				['-v'],
				['--version'],
				['check', ...names],
				['print', 'gc-pause'],
				['trace', 'gc-pause', '--jsno'],
				...names.map(name => ['trace', name, '--json']),
			],
			{env: {...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '3'}},
		) as [CliResult, CliResult, CliResult, CliResult, CliResult, CliResult, ...CliResult[]];
	});

	test('--help prints what run() prints, and exits 0', async () => {
		const {status, stdout, stderr} = help;
		expect(stderr).toBe('');
		expect(status).toBe(0);
		expect(stdout).toBe((await callCli(['--help'])).stdout);
	});

	test('-v and --version print the package version', async () => {
		expect(version).toEqual(await callCli(['-v']));
		expect(longVersion).toEqual({status: 0, stdout: `${packageJson.version}\n`, stderr: ''});
	});

	test('every built-in scenario traces as the source reads it', async () => {
		for (const [index, name] of names.entries()) {
			let expected = '';
			await runTrace(name, true, text => {
				expected += text;
			});
			expect(expected.split('\n').length, name).toBeGreaterThan(2);
			expect(traces[index], name).toEqual({status: 0, stdout: expected, stderr: ''});
		}
	});

	test('check passes every built-in scenario, exit 0', () => {
		const {status, stdout, stderr} = checked;
		expect(stderr).toBe('');
		expect(stdout.trimEnd().split('\n')).toHaveLength(names.length);
		for (const line of stdout.trimEnd().split('\n')) expect(line).toMatch(/^✓ /);
		expect(status).toBe(0);
	});

	test('check, trace, list and --help start without Ink and React: only the commands that draw load them', () => {
		expect([...onDemand.keys()].sort()).toEqual(['dashboard', 'live', 'print', 'record']);
		for (const name of ['dashboard', 'print', 'record']) expect([...loadedWith(onDemand.get(name)!)].some(drawsWithInk), name).toBe(true);
		expect([...loadedWith('cli.js')].filter(drawsWithInk)).toEqual([]);
		// Nor does a live run's client process, which starts from an entry of its own.
		expect([...loadedWith('live-client.js')].filter(drawsWithInk)).toEqual([]);
		expect([...loadedWith('redlock-client.js')].filter(drawsWithInk)).toEqual([]);
	});

	test('bad input: one line on stderr, exit 2, no stack trace', () => {
		const {status, stdout, stderr} = misspelt;
		expect(stdout).toBe('');
		expect(stderr).toBe("dlock-tui: unknown flag '--jsno' (did you mean '--json'?) (see dlock-tui --help)\n");
		expect(stderr).not.toMatch(stackTrace);
		expect(status).toBe(2);
	});

	test('print draws the golden screens, whatever CI, NO_COLOR and FORCE_COLOR say', () => {
		const {status, stdout} = printed;
		expect(status).toBe(0);
		expect(stdout).toBe(readFileSync(new URL('../golden/gc-pause.txt', import.meta.url), 'utf8'));
	});

	/** The folder where `-o old.cast` cannot be written whole, and what old.cast holds before. */
	const smallDisk = path.join(temporaryDirectory('dlock-binary-'), 'small-disk');
	const oldRecording = 'the old recording\n';
	const saving = ['record', 'print'];
	let secondRuns: {cast: CliResult; svg: CliResult; saved: CliResult[]} | undefined;
	/**
	 * A second process, made when a test first asks: one that would take the colours out of a
	 * recording if anything did, under a file size limit of 4 KiB (ulimit -f counts KiB in bash),
	 * which the recordings to stdout never meet (the limit is on files) and `-o old.cast` does.
	 */
	function runSecond() {
		if (secondRuns) return secondRuns;
		mkdirSync(smallDisk);
		writeFileSync(path.join(smallDisk, 'old.cast'), oldRecording);
		const elsewhere = {
			CI: 'true',
			TERM: 'dumb',
			NO_COLOR: '1',
			FORCE_COLOR: '0',
			COLUMNS: '40',
			LINES: '10',
			LANG: 'ja_JP.UTF-8',
			LC_ALL: 'ja_JP.UTF-8',
			TZ: 'Asia/Tokyo',
		};
		const [cast, svg, ...saved] = binRuns(
			[
				['record', 'gc-pause', '-o', '-'],
				['record', 'gc-pause', '-o', '-', '--format', 'svg'],
				...saving.map(command => [command, 'gc-pause', '-o', 'old.cast']),
			],
			(node, script) =>
				spawnSync('bash', ['-c', 'ulimit -f 4; exec "$@"', 'bash', node, ...script], {
					cwd: smallDisk,
					encoding: 'utf8',
					env: {...process.env, ...elsewhere},
					maxBuffer: 1 << 30,
					timeout: 60_000,
				}),
		) as [CliResult, CliResult, ...CliResult[]];
		secondRuns = {cast, svg, saved};
		return secondRuns;
	}

	test('record draws the same bytes as in this process, and the README picture, whatever CI, NO_COLOR, the locale and the time zone say', async () => {
		const {cast, svg} = runSecond();
		expect(cast.status).toBe(0);
		expect(cast.stdout).toBe((await callCli(['record', 'gc-pause', '-o', '-'])).stdout);
		expect(svg.status).toBe(0);
		expect(svg.stdout).toBe(readFileSync(new URL('../../docs/demo.svg', import.meta.url), 'utf8'));
	});

	test('-o on a disk that fills part way (a file size limit) leaves the old file as it was and no partial file beside it', () => {
		// The write fails part way, with EFBIG. The partial file each command leaves would have a
		// random name: one left by the first would still be there after the second.
		for (const [index, result] of runSecond().saved.entries()) {
			expect(result.stderr, saving[index]).toBe(`dlock-tui: -o: cannot write 'old.cast': file too large (see dlock-tui --help)\n`);
			expect(result.status, saving[index]).toBe(2);
		}
		expect(readFileSync(path.join(smallDisk, 'old.cast'), 'utf8')).toBe(oldRecording);
		expect(readdirSync(smallDisk)).toEqual(['old.cast']);
	});
});
