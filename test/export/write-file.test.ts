import {mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {replaceFilesInFolder} from '../../source/export/write-file.js';
import {temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-write-file-');

describe('replaceFilesInFolder', () => {
	test('a file that cannot be written leaves every file of the folder as it was, and no partial file', () => {
		const folder = path.join(directory, 'half');
		mkdirSync(folder);
		writeFileSync(path.join(folder, 'a.svg'), 'old\n');
		// Its name fits, the hidden partial file's name beside it (the name and 27 more characters) does not: ENAMETOOLONG.
		const long = `${'b'.repeat(240)}.svg`;
		expect(() =>
			replaceFilesInFolder(folder, [
				{name: 'a.svg', text: 'new\n'},
				{name: long, text: 'new\n'},
			]),
		).toThrow(expect.objectContaining({code: 'ENAMETOOLONG'}));
		expect(readdirSync(folder)).toEqual(['a.svg']);
		expect(readFileSync(path.join(folder, 'a.svg'), 'utf8')).toBe('old\n');
	});

	test('says which files it replaced; a link put there after the check is replaced itself, never written through', () => {
		const folder = path.join(directory, 'linked');
		mkdirSync(folder);
		const outside = path.join(directory, 'outside.txt');
		writeFileSync(outside, 'keep\n');
		symlinkSync(outside, path.join(folder, 'a.svg'));
		expect(
			replaceFilesInFolder(folder, [
				{name: 'a.svg', text: 'new\n'},
				{name: 'b.svg', text: 'b\n'},
			]),
		).toEqual([true, false]);
		expect(readFileSync(outside, 'utf8')).toBe('keep\n');
		expect(readFileSync(path.join(folder, 'a.svg'), 'utf8')).toBe('new\n');
		expect(() => readlinkSync(path.join(folder, 'a.svg'))).toThrow(expect.objectContaining({code: 'EINVAL'}));
		expect(readdirSync(folder).sort()).toEqual(['a.svg', 'b.svg']);
	});
});
