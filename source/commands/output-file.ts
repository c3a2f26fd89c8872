// `-o FILE` of record and print: the output file is written whole or not at all (replaceFile), and
// never over one of the command's own inputs.

import {type Stats, statSync} from 'node:fs';
import {replaceFile} from '../export/write-file.js';
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
	const stats = statOrNull(file);
	if (stats && inputs.some(input => sameFile(stats, statOrNull(input)))) {
		throw new UsageError(`-o: ${quote(file)} is the scenario being read; writing there would replace it (choose another file)`);
	}
	let replaced: boolean;
	try {
		({replaced} = replaceFile(file, text));
	} catch (error) {
		throw new UsageError(`-o: cannot write ${quote(file)}: ${writeFailure(error as NodeJS.ErrnoException)}`);
	}
	return `${replaced ? 'replaced' : 'wrote'} ${printable(file)}`;
}
