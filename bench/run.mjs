// Runs the bench: bundles it (it reads the TypeScript source directly) and the Ink hello world
// it compares with, then runs it with --expose-gc so that it can weigh the heap.

import {execFileSync, spawnSync} from 'node:child_process';
import {copyFileSync, cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {bundle} from '../scripts/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchBundle = path.join(root, 'bench/results/.bundle/bench.js');
// The hello world goes where no node_modules can be found, as an installed bin would be.
const temp = mkdtempSync(path.join(os.tmpdir(), 'dlock-hello-'));
const helloBundle = path.join(temp, 'hello.mjs');
const stock = path.join(root, 'bench/results/.stock-ink');
try {
	await bundle(path.join(stockInk(stock), 'hello.tsx'), helloBundle);
	// The pty is a native module and stays outside the bundle.
	await bundle('bench/main.ts', benchBundle, {external: ['@lydell/node-pty', '@xterm/headless'], minify: false});
	const run = spawnSync(process.execPath, ['--expose-gc', benchBundle, helloBundle, ...process.argv.slice(2)], {cwd: root, stdio: 'inherit'});
	process.exitCode = run.status ?? 1;
} finally {
	rmSync(temp, {recursive: true, force: true});
	rmSync(stock, {recursive: true, force: true});
}

/**
 * The hello world is built on Ink as published, not on Ink as this project patches it (patches/
 * make Ink faster too): dlock-tui is measured against what any Ink app costs. The patched packages
 * are copied beside a copy of the hello world and patch-package takes the patches back out of the
 * copies; every other package resolves from the project's node_modules above `folder`, which
 * must therefore be inside the project. Returns `folder`.
 */
function stockInk(folder) {
	rmSync(folder, {recursive: true, force: true});
	const patched = new Set(
		readdirSync(path.join(root, 'patches'))
			.filter(file => file.endsWith('.patch'))
			.map(file => file.split('+')[0]),
	);
	for (const name of patched) cpSync(path.join(root, 'node_modules', name), path.join(folder, 'node_modules', name), {recursive: true});
	writeFileSync(path.join(folder, 'package.json'), '{"private": true}\n');
	copyFileSync(path.join(root, 'bench/hello.tsx'), path.join(folder, 'hello.tsx'));
	const patchPackage = path.join(root, 'node_modules/.bin/patch-package');
	execFileSync(patchPackage, ['--reverse', '--error-on-fail', '--error-on-warn', '--patch-dir', path.relative(folder, path.join(root, 'patches'))], {
		cwd: folder,
		stdio: 'pipe',
	});
	return folder;
}
