// Builds dist/cli.js: every runtime dependency inside, production React, no devtools. A few files
// load in a fraction of the time that ~45 separate packages take. What only some commands need
// (Ink and React for the ones that draw) is in chunks beside it, and what the first frame does not
// need (reading YAML, saving a session) in modules loaded when first used.

import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {requireWithCodeCache} from './code-cache.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The esbuild settings of the shipped bin; the bench bundles its Ink baseline with the same ones. */
export const bundleOptions = {
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	minify: true,
	legalComments: 'none',
	// Yoga's WebAssembly loader would fetch() its inline data: URL, and loading Node's fetch costs
	// ~40 ms of start-up; without fetch it decodes the same bytes directly. Nothing else uses fetch.
	define: {'process.env.NODE_ENV': '"production"', fetch: 'undefined'},
	// Ink loads its devtools module (the React devtools and a WebSocket client) only when DEV is
	// set; the stub stands in for it, so none of that is in the bundle.
	plugins: [
		// yaml's build for platforms other than Node: the same code, as ES modules that esbuild can
		// trim (dist/save.cjs is half the size), and without the Node build's debug switches, read
		// from process.env at every token of a file.
		{
			name: 'yaml-without-debug-switches',
			setup(build) {
				build.onResolve({filter: /^yaml$/}, () => ({path: path.join(root, 'node_modules/yaml/browser/index.js')}));
			},
		},
		// etcd3 reads its gRPC service definitions from .proto files beside its own code when it
		// loads; bundled, they are not there. The same definitions, read here, go in as JSON.
		{
			name: 'etcd3-proto-inline',
			setup(build) {
				build.onLoad({filter: /[\\/]etcd3[\\/]lib[\\/]connection-pool\.js$/}, ({path: file}) => {
					const code = readFileSync(file, 'utf8');
					// biome-ignore lint/suspicious/noTemplateCurlyInString: the text of etcd3's code, placeholder and all.
					const loading = '(0, proto_loader_1.loadSync)(`${__dirname}/../proto/rpc.proto`,';
					if (!code.includes(loading)) throw new Error(`${file}: etcd3 no longer loads its .proto files as this build expects`);
					const protobuf = createRequire(createRequire(file).resolve('@grpc/proto-loader'))('protobufjs');
					const root = new protobuf.Root().loadSync(path.join(path.dirname(file), '../proto/rpc.proto'), {keepCase: true});
					return {contents: code.replace(loading, `(0, proto_loader_1.fromJSON)(${JSON.stringify(root.toJSON())},`), loader: 'js'};
				});
			},
		},
		{
			name: 'no-devtools',
			setup(build) {
				build.onResolve({filter: /^\.\/devtools\.js$/}, ({importer}) =>
					importer.includes(`${path.sep}ink${path.sep}`) ? {path: path.join(root, 'scripts/devtools-stub.js')} : undefined,
				);
			},
		},
	],
	// Bundled CommonJS modules call require(); give them one under a name no module uses.
	banner: {js: "import {createRequire as dlockCreateRequire} from 'node:module';\nconst require = dlockCreateRequire(import.meta.url);"},
	logLevel: 'warning',
};

/**
 * Bundles `entry` into `outfile` (and, with `splitting`, the chunks it imports into the same
 * folder, and each of `otherEntries` beside it under its own name, sharing those chunks); each file
 * written whole and renamed into place, so a running test never reads half a file. Returns the
 * paths written.
 */
export async function bundle(entry, outfile, {otherEntries = [], ...extraOptions} = {}) {
	// Loaded only when there is something to build: it takes longer than finding dist/ up to date.
	const {build} = await import('esbuild');
	const where = extraOptions.splitting ? {outdir: path.dirname(outfile)} : {outfile};
	const entryPoints = [{in: entry, out: path.basename(outfile, '.js')}, ...otherEntries];
	const result = await build({...bundleOptions, ...extraOptions, ...where, absWorkingDir: root, entryPoints, write: false});
	for (const output of result.outputFiles) {
		mkdirSync(path.dirname(output.path), {recursive: true});
		const partial = `${output.path}.${process.pid}.partial`;
		writeFileSync(partial, output.contents, {mode: 0o755});
		renameSync(partial, output.path);
	}
	return result.outputFiles.map(output => output.path);
}

/**
 * Modules the first frame does not need, each bundled on its own (CommonJS, so that it loads
 * synchronously) and required on the first call of one of its functions. The YAML and schema
 * packages under them are a third of the bundle and ~30 ms of start-up.
 */
const lazyModules = [
	// Its stand-in answers for the built-in scenarios itself, so the dashboard of a built-in reads no
	// YAML. A scenario file of the user's own loads it, from V8's compiled code beside it (~20 ms less).
	{source: 'source/scenario/parse.ts', file: 'parse.cjs', preparsed: true, codeCache: true},
	{source: 'source/export/save.ts', file: 'save.cjs'},
	// The scenario `explore` writes, with the YAML writer: only when a search finds one.
	{source: 'source/export/explored-scenario.ts', file: 'explored.cjs'},
	// Read only when there are arguments: the dashboard with none starts without it.
	{source: 'source/commands/meow-parse.ts', file: 'meow-parse.cjs'},
	// The gRPC stack under etcd3, the larger part of everything bundled: only `live` loads it, in
	// the run and in each of its client processes, so V8's compiled code of it goes beside it.
	{source: 'source/live/etcd-store.ts', file: 'etcd.cjs', codeCache: true},
];

/**
 * What the build reads: the source, the built-in scenarios (parsed into the bundle), the build
 * script, the patches the build checks, the package's version, the compiler settings, and the
 * installed packages (npm rewrites node_modules/.package-lock.json on every install).
 */
const buildInputs = ['source', 'scenarios', 'scripts', 'patches', 'package.json', 'tsconfig.json', 'node_modules/.package-lock.json'];

/** The latest change to a file or folder, or to anything in it. */
function lastChange(file) {
	const stat = statSync(file);
	if (!stat.isDirectory()) return stat.mtimeMs;
	// A folder's own time changes when a file in it is added, removed or renamed.
	return Math.max(stat.mtimeMs, ...readdirSync(file).map(name => lastChange(path.join(file, name))));
}

/** dist/ as the last build left it: its oldest file, or nothing when it was never built. */
function builtAt() {
	const dist = path.join(root, 'dist');
	if (!existsSync(path.join(dist, 'cli.js'))) return null;
	return Math.min(...readdirSync(dist).map(name => statSync(path.join(dist, name)).mtimeMs));
}

/**
 * Builds the shipped bin unless dist/ was written after the last change to anything the build
 * reads: a build takes seconds, the check a few milliseconds. Resolves to whether it built.
 */
export async function buildCliIfChanged() {
	const built = builtAt();
	if (built !== null && buildInputs.every(input => !existsSync(path.join(root, input)) || lastChange(path.join(root, input)) < built)) return false;
	await buildCli();
	return true;
}

/** Builds the shipped bin: dist/cli.js, its chunks and the lazy modules beside it. */
async function buildCli() {
	checkPatches();
	const dist = path.join(root, 'dist');
	const shims = new Map();
	for (const lazy of lazyModules) {
		const file = path.join(dist, lazy.file);
		// CommonJS has no import.meta: a package that asks for its own URL (meow's yargs-parser does) gets the module's.
		await bundle(lazy.source, file, {
			format: 'cjs',
			define: {...bundleOptions.define, 'import.meta.url': 'importMetaUrl'},
			banner: {js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;"},
		});
		const module = lazy.codeCache ? requireWithCodeCache(file, {writeCache: true}) : createRequire(import.meta.url)(file);
		// A stand-in can call a function or copy a constant; an object or a class would be a second copy, unequal to the first.
		const isClass = value => typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
		const objects = Object.keys(module).filter(name => (typeof module[name] === 'object' && module[name] !== null) || isClass(module[name]));
		if (objects.length > 0) throw new Error(`${lazy.source}: a lazy module may export functions and constants, not objects or classes (${objects.join(', ')})`);
		shims.set(path.join(root, lazy.source), lazyShim(lazy, module));
	}
	// Split at the commands' dynamic imports: what only the drawing commands (Ink, React, Yoga, the
	// panes) or only live (its network and process modules) need goes into chunks beside the bin,
	// and check, trace, list and --help never read them. A live run's client processes start from
	// an entry of their own, which loads none of the command line.
	const written = await bundle('source/cli.tsx', path.join(dist, 'cli.js'), {
		splitting: true,
		otherEntries: [{in: 'source/live-client.ts', out: 'live-client'}],
		plugins: [...bundleOptions.plugins, lazyModulesPlugin(shims)],
	});
	// Chunks are named by their contents: the ones of an earlier build go.
	const kept = new Set([...written, ...lazyModules.map(lazy => path.join(dist, lazy.file))]);
	for (const file of readdirSync(dist)) if (file.endsWith('.js') && !kept.has(path.join(dist, file))) rmSync(path.join(dist, file));
}

/**
 * The bin must carry Ink as patched (patches/, applied by the postinstall script): unpatched, it
 * would draw every frame slowly, and the dashboard's frames in the wrong row, without a word. Every
 * line a patch adds must be in the file it patches.
 */
function checkPatches() {
	const unpatched = [];
	for (const name of readdirSync(path.join(root, 'patches')).filter(file => file.endsWith('.patch'))) {
		const patch = readFileSync(path.join(root, 'patches', name), 'utf8');
		for (const [, file, diff] of patch.matchAll(/^diff --git a\/(\S+) b\/\S+\n([\s\S]*?)(?=^diff --git |(?![\s\S]))/gm)) {
			const added = diff
				.split('\n')
				.filter(line => line.startsWith('+') && !line.startsWith('+++ '))
				.map(line => line.slice(1));
			const text = existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : '';
			if (added.some(line => !text.includes(line))) unpatched.push(`${file} (patches/${name})`);
		}
	}
	if (unpatched.length > 0) throw new Error(`not patched: ${unpatched.join(', ')}; run \`npm ci\` (or \`npx patch-package\`) first`);
}

/**
 * The built-in scenarios as parseScenario reads them, as JSON by the name messages give them. The
 * dashboard opens on a built-in: answered from here, its first frame loads neither the YAML reader
 * nor the schema (~30 ms, a sixth of an Ink hello world's start-up). The shim answers only for the
 * very text that was parsed, so an edited file is parsed anew. JSON keeps all a Scenario holds
 * but the keys left undefined, which read the same.
 */
function preparsedBuiltins(parseScenario) {
	const builtins = {};
	for (const name of readdirSync(path.join(root, 'scenarios')).filter(file => file.endsWith('.yaml'))) {
		const file = `scenarios/${name}`;
		const text = readFileSync(path.join(root, file), 'utf8');
		const result = parseScenario(text, file);
		if (result.ok) builtins[file] = {text, scenario: JSON.stringify(result.scenario)};
	}
	return builtins;
}

/** A module with the lazy module's functions, each requiring it on first use, and its constants. */
function lazyShim(lazy, module) {
	const preparsed = lazy.preparsed ? preparsedBuiltins(module.parseScenario) : undefined;
	const file = JSON.stringify(`./${lazy.file}`);
	const lines = lazy.codeCache
		? [
				"import {fileURLToPath} from 'node:url';",
				`import {requireWithCodeCache} from ${JSON.stringify(path.join(root, 'scripts/code-cache.js'))};`,
				'let loaded;',
				`const load = () => (loaded ??= requireWithCodeCache(fileURLToPath(new URL(${file}, import.meta.url))));`,
			]
		: ["import {createRequire} from 'node:module';", 'let loaded;', `const load = () => (loaded ??= createRequire(import.meta.url)(${file}));`];
	for (const [name, value] of Object.entries(module)) {
		if (name === '__esModule') continue;
		if (typeof value !== 'function') {
			lines.push(`export const ${name} = ${JSON.stringify(value)};`);
		} else if (name === 'parseScenario' && preparsed) {
			lines.push(
				`const preparsed = new Map(Object.entries(${JSON.stringify(preparsed)}));`,
				'export function parseScenario(text, file) {',
				'	const known = preparsed.get(file);',
				'	return known?.text === text ? {ok: true, scenario: JSON.parse(known.scenario)} : load().parseScenario(text, file);',
				'}',
			);
		} else {
			lines.push(`export function ${name}(...args) { return load().${name}(...args); }`);
		}
	}
	return lines.join('\n');
}

/** Imports of a lazy module get its shim instead. */
function lazyModulesPlugin(shims) {
	return {
		name: 'lazy-modules',
		setup(build) {
			build.onResolve({filter: /^\.\.?\//}, ({path: specifier, resolveDir, namespace}) => {
				if (namespace !== 'file') return undefined;
				const source = path.resolve(resolveDir, specifier).replace(/\.js$/, '.ts');
				return shims.has(source) ? {path: source, namespace: 'lazy-module'} : undefined;
			});
			build.onLoad({filter: /.*/, namespace: 'lazy-module'}, ({path: source}) => ({contents: shims.get(source), loader: 'js', resolveDir: root}));
		},
	};
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !(await buildCliIfChanged())) {
	// On stderr: `npm pack --json` runs this (prepack) with its stdout going into the JSON it prints.
	console.error('dist/ is up to date: built after the last change to what it is built from');
}
