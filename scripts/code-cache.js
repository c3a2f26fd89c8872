// Loads a CommonJS module of the bundle as require() does, with V8's code cache of it: the build
// writes the cache beside the file, and the bin reads it. The etcd client (dist/etcd.cjs, the gRPC
// stack) is compiled anew in every process of a live run, the run and each client; from its cache
// it loads in about half the time. The scenario reader (dist/parse.cjs, YAML and the schema) loads
// about 20 ms sooner. Node 20 caches no compiled code of its own (Node 22's
// module.enableCompileCache does), so this does it for these large modules. A cache made by another
// Node or V8 is rejected by V8 itself, and the module is then compiled as usual.

import {readFileSync, renameSync, writeFileSync} from 'node:fs';
import Module, {createRequire} from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** Where the cache of `file` is: beside it. */
export const codeCacheOf = file => `${file}.v8-cache`;

/**
 * Runs `file` as a CommonJS module and returns its exports. With `writeCache`, the compiled code as
 * the module left it once loaded (its functions that ran compiled too) is written to its cache.
 */
export function requireWithCodeCache(file, {writeCache = false} = {}) {
	let cachedData;
	if (!writeCache) {
		try {
			cachedData = readFileSync(codeCacheOf(file));
		} catch {
			// No cache: compiled as usual.
		}
	}
	const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {filename: file, cachedData});
	const module = {exports: {}};
	script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
	if (writeCache) {
		const partial = `${codeCacheOf(file)}.${process.pid}.partial`;
		writeFileSync(partial, script.createCachedData());
		renameSync(partial, codeCacheOf(file));
	}
	return module.exports;
}
