// Ink's own version of a module the bin swaps for a stand-in. Ink does not export them; the build
// reaches them by path, and so do the tests that compare the two.

import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

const inkBuild = path.dirname(createRequire(import.meta.url).resolve('ink'));

export async function inkModule<T>(name: string): Promise<T> {
	const module = (await import(pathToFileURL(path.join(inkBuild, `${name}.js`)).href)) as {default: T};
	return module.default;
}
