// Runs the bench: bundles it (it reads the TypeScript source directly) and the two Ink apps it
// compares with, then runs it with --expose-gc so that it can weigh the heap.

import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {bundle} from '../scripts/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchBundle = path.join(root, 'bench/results/.bundle/bench.js');
// The Ink apps go where no node_modules can be found, as an installed bin would be; they are built
// from the project's own node_modules, Ink as dlock-tui uses it.
const temp = mkdtempSync(path.join(os.tmpdir(), 'dlock-ink-'));
const helloBundle = path.join(temp, 'hello.js');
const floorBundle = path.join(temp, 'floor.js');
try {
	await bundle('bench/hello.tsx', helloBundle);
	await bundle('bench/floor.tsx', floorBundle);
	// The pty is a native module and stays outside the bundle.
	await bundle('bench/main.ts', benchBundle, {external: ['@lydell/node-pty', '@xterm/headless'], minify: false});
	const run = spawnSync(process.execPath, ['--expose-gc', benchBundle, helloBundle, floorBundle, ...process.argv.slice(2)], {cwd: root, stdio: 'inherit'});
	process.exitCode = run.status ?? 1;
} finally {
	rmSync(temp, {recursive: true, force: true});
}
