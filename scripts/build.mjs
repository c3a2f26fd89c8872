// Builds dist/cli.js: every runtime dependency inside (an install from the registry then needs no
// other package and runs no install script), production React, no devtools. What only some
// commands need (Ink and React for the ones that draw, etcd's client for live) is in chunks beside
// it, split off at the commands' import() calls.

import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The esbuild settings of the shipped bin; the bench bundles its Ink baseline with the same ones. */
export const bundleOptions = {
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	minify: true,
	legalComments: 'none',
	define: {'process.env.NODE_ENV': '"production"'},
	plugins: [
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
		// Ink imports its devtools module (the React devtools client and a WebSocket library) and
		// runs it only when DEV is set; the stub stands in for it, so none of that is in the bundle.
		{
			name: 'no-devtools',
			setup(build) {
				build.onResolve({filter: /^\.\/devtools\.js$/}, ({importer}) =>
					importer.includes(`${path.sep}ink${path.sep}`) ? {path: path.join(root, 'scripts/devtools-stub.js')} : undefined,
				);
			},
		},
		// @redis/client loads its optional peers only for what dlock-tui does not use (OpenTelemetry,
		// its DIGEST helper), and catches their absence; the stub is that absence, in the bundle.
		{
			name: 'absent-optional-peers',
			setup(build) {
				build.onResolve({filter: /^(@opentelemetry\/api|@node-rs\/xxhash)$/}, ({importer}) =>
					importer.includes(`${path.sep}@redis${path.sep}client${path.sep}`) ? {path: path.join(root, 'scripts/absent-module.js')} : undefined,
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
 * What the build reads: the source, the build script, the patches it checks, the package's
 * version, the compiler settings, and the installed packages (npm rewrites
 * node_modules/.package-lock.json on every install).
 */
const buildInputs = ['source', 'scripts', 'patches', 'package.json', 'tsconfig.json', 'node_modules/.package-lock.json'];

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

/** Builds the shipped bin: dist/cli.js and its chunks. */
async function buildCli() {
	checkPatches();
	const dist = path.join(root, 'dist');
	// A live run's client processes start from an entry of their own (etcd's, Redlock's), which
	// loads none of the command line; they share the chunks of the bin.
	const otherEntries = [
		{in: 'source/live-client.ts', out: 'live-client'},
		{in: 'source/redlock-client.ts', out: 'redlock-client'},
	];
	const written = new Set(await bundle('source/cli.tsx', path.join(dist, 'cli.js'), {splitting: true, otherEntries}));
	// Chunks are named by their contents: whatever an earlier build left goes.
	for (const file of readdirSync(dist)) if (!written.has(path.join(dist, file))) rmSync(path.join(dist, file), {recursive: true});
}

/**
 * The bin must carry Ink as patched (patches/, applied by the postinstall script, which
 * `npm install --ignore-scripts` skips): unpatched, the dashboard's frames would land a row too low
 * without a word. Every line a patch adds must be in the file it patches.
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

if (process.argv[1] === fileURLToPath(import.meta.url) && !(await buildCliIfChanged())) {
	// On stderr: `npm pack --json` runs this (prepack) with its stdout going into the JSON it prints.
	console.error('dist/ is up to date: built after the last change to what it is built from');
}
