// Runs the built command line (dist/cli.js, made by `npm test` before vitest) as a user would.

import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';

export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export function runCli(args: readonly string[], options: {cwd?: string; env?: NodeJS.ProcessEnv; input?: string} = {}) {
	const result = spawnSync(process.execPath, [cliPath, ...args], {
		cwd: options.cwd,
		env: options.env ?? process.env,
		input: options.input ?? '',
		encoding: 'utf8',
		timeout: 60_000,
		maxBuffer: 512 * 1024 * 1024,
	});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}
