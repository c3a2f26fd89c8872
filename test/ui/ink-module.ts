// One of Ink's modules as installed, with the patches in patches/ applied. Ink does not export its
// modules, so the tests that check a patch import them by path.

import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

const inkBuild = path.dirname(createRequire(import.meta.url).resolve('ink'));

export async function inkModule<T>(name: string): Promise<T> {
	return (await import(pathToFileURL(path.join(inkBuild, `${name}.js`)).href)) as T;
}
