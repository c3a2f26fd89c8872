// `-o FILE` of record and print: the output file is written whole or not at all (replaceFile), and
// never over one of the command's own inputs; the same for `-o DIR`, a folder of files.

import {type Stats, statSync} from 'node:fs';
import path from 'node:path';
import {folderEntryProblem, replaceFile, replaceFilesInFolder} from '../export/write-file.js';
import {writeFailure} from '../export/write-failure.js';
import {printable, quote} from '../text/quote.js';
import {UsageError} from './errors.js';

const statOrNull = (file: string): Stats | null => {
	try {
		return statSync(file);
	} catch {
		return null;
	}
};

/** The same file, whatever the path, link or hard link that names it. */
const sameFile = (one: Stats, other: Stats | null) => other !== null && one.dev === other.dev && one.ino === other.ino;

/**
 * Writes `text` to the file of `-o` and returns the line that says so (`wrote F` or `replaced F`).
 * Refuses, before anything is written, a file that is one of `inputs`: `record talk.yaml -o
 * talk.yaml` would replace the scenario with its recording.
 */
export function writeOutputFile(file: string, text: string, inputs: readonly string[]): string {
	refuseInput(file, inputs);
	let replaced: boolean;
	try {
		({replaced} = replaceFile(file, text));
	} catch (error) {
		throw new UsageError(`-o: cannot write ${quote(file)}: ${writeFailure(error as NodeJS.ErrnoException)}`);
	}
	return `${replaced ? 'replaced' : 'wrote'} ${printable(file)}`;
}

function refuseInput(file: string, inputs: readonly string[]): void {
	const stats = statOrNull(file);
	if (stats && inputs.some(input => sameFile(stats, statOrNull(input)))) {
		throw new UsageError(`-o: ${quote(file)} is the scenario being read; writing there would replace it (choose another file)`);
	}
}

/**
 * Writes the files into the folder of `-o DIR`, all or none, and returns the line that says so for
 * each. Every name is checked before any file is written: no link is written through (it could
 * lead out of the folder), and no folder or input is in the way.
 */
export function writeOutputFolder(folder: string, files: readonly {readonly name: string; readonly text: string}[], inputs: readonly string[]): string[] {
	for (const {name} of files) {
		const file = path.join(folder, name);
		const problem = folderEntryProblem(file);
		// Named by itself: a long folder's path would be cut short before the name that matters.
		if (problem !== null)
			throw new UsageError(`-o: ${quote(name)} in ${quote(folder)} ${problem}; nothing was written (move it away, or choose another folder)`);
		refuseInput(file, inputs);
	}
	let replaced: boolean[];
	try {
		replaced = replaceFilesInFolder(folder, files);
	} catch (error) {
		throw new UsageError(`-o: cannot write in ${quote(folder)}: ${writeFailure(error as NodeJS.ErrnoException)}`);
	}
	return files.map(({name}, index) => `${replaced[index] ? 'replaced' : 'wrote'} ${printable(path.join(folder, name))}`);
}
