// Runs the built command line (dist/cli.js, built by `npm test` before vitest) as a user would.

import {spawnSync, type SpawnSyncOptions} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll} from 'vitest';

export const cliPath = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export interface CliResult {
	readonly status: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

export function runCli(args: readonly string[], options: SpawnSyncOptions = {}, cli = cliPath): CliResult {
	// A run that hangs fails its test instead of holding up the others.
	const result = spawnSync(process.execPath, [cli, ...args], {encoding: 'utf8', env: {...process.env, NO_COLOR: '1'}, maxBuffer: 1 << 30, timeout: 60_000, ...options});
	return {status: result.status, stdout: String(result.stdout), stderr: String(result.stderr)};
}

/** A fresh directory in the OS temp dir, removed when the test file is done (call it at the top level). */
export function temporaryDirectory(prefix: string): string {
	const directory = mkdtempSync(path.join(tmpdir(), prefix));
	afterAll(() => rmSync(directory, {recursive: true, force: true}));
	return directory;
}

/** No stack trace: no `    at ` frames, no source positions of the bundle. */
export const stackTrace = /^\s+at |cli\.js:\d+|\n\s*\^\n/m;
