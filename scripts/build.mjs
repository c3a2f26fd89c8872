// Builds dist/cli.js: one file with every runtime dependency inside, production React, no devtools.
// One file loads in a fraction of the time that ~45 separate packages take.

import {build} from 'esbuild';
import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
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
	// Yoga's WebAssembly loader would fetch() its inline data: URL, and loading Node's fetch costs
	// ~40 ms of start-up; without fetch it decodes the same bytes directly. Nothing else uses fetch.
	define: {'process.env.NODE_ENV': '"production"', fetch: 'undefined'},
	// Ink loads its devtools module (the React devtools and a WebSocket client) only when DEV is
	// set; the stub stands in for it, so none of that is in the bundle.
	plugins: [
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

/** Bundles `entry` into `outfile`; written whole and renamed into place, so a running test never reads half a file. */
export async function bundle(entry, outfile, extraOptions = {}) {
	const result = await build({...bundleOptions, ...extraOptions, absWorkingDir: root, entryPoints: [entry], write: false, outfile});
	const [output] = result.outputFiles;
	mkdirSync(path.dirname(output.path), {recursive: true});
	const partial = `${output.path}.${process.pid}.partial`;
	writeFileSync(partial, output.contents, {mode: 0o755});
	renameSync(partial, output.path);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle('source/cli.tsx', path.join(root, 'dist/cli.js'));
