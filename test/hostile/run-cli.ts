// Runs the built command line (dist/cli.js, built by `npm test` before vitest) as a user would.

import {spawnSync, type SpawnSyncOptions} from 'node:child_process';
import {fileURLToPath} from 'node:url';

export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
	readonly status: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

export function runCli(args: readonly string[], options: SpawnSyncOptions = {}): CliResult {
	const result = spawnSync(process.execPath, [cliPath, ...args], {encoding: 'utf8', env: {...process.env, NO_COLOR: '1'}, maxBuffer: 1 << 30, ...options});
	return {status: result.status, stdout: String(result.stdout), stderr: String(result.stderr)};
}

/** No stack trace: no `    at ` frames, no source positions of the bundle. */
export const stackTrace = /^\s+at |cli\.js:\d+|\n\s*\^\n/m;
