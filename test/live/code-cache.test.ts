// The etcd client's code cache (scripts/code-cache.js): the build writes V8's compiled code of
// dist/etcd.cjs beside it, and the bin loads the module with it. A cache V8 rejects (another Node,
// a damaged file) must cost nothing but the time saved.

import {execFileSync} from 'node:child_process';
import {existsSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {codeCacheOf, requireWithCodeCache} from '../../scripts/code-cache.js';
import {temporaryDirectory} from '../run-cli.js';

const root = path.resolve(import.meta.dirname, '../..');
const directory = temporaryDirectory('dlock-code-cache-');

describe('code cache', () => {
	test('the cache the build wrote beside dist/etcd.cjs is taken by Node as the bin runs it', () => {
		const etcd = path.join(root, 'dist/etcd.cjs');
		// A process of its own: what V8 accepts depends on its flags, which this test worker's may not share.
		const check = `const vm = require('node:vm'), fs = require('node:fs'), {wrap} = require('node:module');
const script = new vm.Script(wrap(fs.readFileSync(process.argv[1], 'utf8')), {filename: process.argv[1], cachedData: fs.readFileSync(process.argv[2])});
process.stdout.write(String(script.cachedDataRejected));`;
		expect(execFileSync(process.execPath, ['-e', check, etcd, codeCacheOf(etcd)], {encoding: 'utf8'})).toBe('false');
	});

	test('a module loads as require() loads it: without a cache, writing one, with it, and with a cache V8 rejects', () => {
		const file = path.join(directory, 'answer.cjs');
		writeFileSync(file, "const path = require('node:path');\nmodule.exports = {answer: 42, file: __filename, directory: __dirname, join: path.join};\n");
		const expected = {answer: 42, file, directory, join: path.join};
		expect(requireWithCodeCache(file)).toEqual(expected);
		expect(existsSync(codeCacheOf(file))).toBe(false);
		expect(requireWithCodeCache(file, {writeCache: true})).toEqual(expected);
		expect(existsSync(codeCacheOf(file))).toBe(true);
		expect(requireWithCodeCache(file)).toEqual(expected);
		writeFileSync(codeCacheOf(file), 'not a code cache');
		expect(requireWithCodeCache(file)).toEqual(expected);
	});
});
