// Runs the bench: bundles it (it reads the TypeScript source directly) and the Ink hello world
// it compares with, then runs it with --expose-gc so that it can weigh the heap.

import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {bundle} from '../scripts/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchBundle = path.join(root, 'bench/results/.bundle/bench.js');
// The hello world goes where no node_modules can be found, as an installed bin would be.
const temp = mkdtempSync(path.join(os.tmpdir(), 'dlock-hello-'));
const helloBundle = path.join(temp, 'hello.mjs');
try {
	await bundle('bench/hello.tsx', helloBundle);
	// The pty is a native module and stays outside the bundle.
	await bundle('bench/main.ts', benchBundle, {external: ['@lydell/node-pty', '@xterm/headless'], minify: false});
	const run = spawnSync(process.execPath, ['--expose-gc', benchBundle, helloBundle, ...process.argv.slice(2)], {cwd: root, stdio: 'inherit'});
	process.exitCode = run.status ?? 1;
} finally {
	rmSync(temp, {recursive: true, force: true});
}
