// Before any test file runs, dist/ is built from the source as it is now, so a test that starts
// the binary never runs one older than the code beside it. A build takes seconds before the first
// test can start: when nothing it reads has changed since dist/ was written, it is not done again.

import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildCli} from '../scripts/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the build reads: the source, the built-in scenarios (parsed into the bundle), the build
 * script, the patches the build checks, the package's version, the compiler settings, and the
 * installed packages (npm rewrites node_modules/.package-lock.json on every install).
 */
const inputs = ['source', 'scenarios', 'scripts', 'patches', 'package.json', 'tsconfig.json', 'node_modules/.package-lock.json'];

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

export async function setup() {
	const built = builtAt();
	if (built !== null && inputs.every(input => !existsSync(path.join(root, input)) || lastChange(path.join(root, input)) < built)) return;
	await buildCli();
}
