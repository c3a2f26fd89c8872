// Writing files without losing what is there: a new file is created, never opened over one
// already there, and removed if it cannot be finished (the save key); an output file (`record -o`,
// `print -o`) is written as a new file beside it, renamed over the old one only once whole, so a
// full disk or a killed process leaves the old file as it was; a folder of pictures (`print
// --format svg -o DIR`) is written the same way, every file whole before any is renamed.
//
// By hand because write-file-atomic, the usual library, writes with one writeSync: a short write
// (the disk fills part way) goes unnoticed and the truncated file is renamed into place. Its exit
// hook (signal-exit) also turns SIGXFSZ, which Node ignores so that the write fails with EFBIG,
// back into death.

import {randomBytes} from 'node:crypto';
import {closeSync, fsyncSync, lstatSync, openSync, realpathSync, renameSync, rmSync, type Stats, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/**
 * Creates `file` and writes `text` in it, all of it or nothing: a file (or a link) already there
 * is EEXIST and left alone; a file the disk filled part way is removed.
 */
export function writeNewFile(file: string, text: string, {mode = 0o666, sync = false} = {}): void {
	const descriptor = openSync(file, 'wx', mode);
	let written = false;
	try {
		try {
			// writeFileSync goes on until every byte is written, and throws when one cannot be.
			writeFileSync(descriptor, text);
			if (sync) fsyncSync(descriptor);
		} finally {
			closeSync(descriptor);
		}
		written = true;
	} finally {
		if (!written) rmSync(file, {force: true});
	}
}

/** What a path names now, following links (as the shell's `>` follows them), or null for a new file. */
function existing(file: string): {readonly file: string; readonly stats: Stats} | null {
	let stats: Stats;
	try {
		stats = statSync(file);
	} catch {
		return null;
	}
	try {
		return {file: realpathSync(file), stats};
	} catch {
		// A link the kernel follows but no path names (/dev/stdout on a pipe): what it names is no regular file.
		return {file, stats};
	}
}

/**
 * Writes `text` to `file`, replacing it whole or not at all, and says whether a file was replaced.
 * A device or a pipe (/dev/null, /dev/stdout) is written to: it cannot be replaced. Throws the
 * error of the write (ENOSPC, EACCES...).
 */
export function replaceFile(file: string, text: string): {readonly replaced: boolean} {
	const old = existing(file);
	if (old && !old.stats.isFile() && !old.stats.isDirectory()) {
		writeFileSync(file, text);
		return {replaced: false};
	}
	const destination = old?.file ?? file;
	const partial = partialBeside(destination);
	// The old file's permissions stay; a new file gets the usual ones (0666 less the umask).
	writeNewFile(partial, text, {mode: old ? old.stats.mode & 0o7777 : 0o666, sync: true});
	try {
		renameSync(partial, destination);
	} catch (error) {
		rmSync(partial, {force: true});
		throw error;
	}
	return {replaced: old !== null};
}

/** A new name beside `file`, hidden, for the text that replaces it once whole. */
const partialBeside = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);

const lstatOrNull = (file: string): Stats | null => {
	try {
		return lstatSync(file);
	} catch {
		return null;
	}
};

/**
 * Why the program's own file name in a folder cannot take a file, in words (null when it can: no
 * entry yet, or a regular file). A link is never written through: the person named the folder, not
 * where its links lead, and a link there may lead out of it.
 */
export function folderEntryProblem(file: string): string | null {
	const stats = lstatOrNull(file);
	if (stats === null || stats.isFile()) return null;
	if (stats.isSymbolicLink()) return 'is a link, and files go only into the folder itself, never through a link';
	if (stats.isDirectory()) return 'is a folder';
	return 'is not a regular file';
}

/**
 * Writes each file into `folder`, all or none, and says of each whether it replaced one: every text
 * is written whole beside its place before any is renamed into it, so a full disk leaves the folder
 * as it was. The name itself is replaced, never what a link there names (rename does not follow
 * links). The caller has checked the names with folderEntryProblem.
 */
export function replaceFilesInFolder(folder: string, files: readonly {readonly name: string; readonly text: string}[]): boolean[] {
	const entries = files.map(({name, text}) => {
		const destination = path.join(folder, name);
		return {destination, text, old: lstatOrNull(destination), partial: partialBeside(destination)};
	});
	// Those from `renamed` to `written` are partial files to remove if something fails.
	let written = 0;
	let renamed = 0;
	try {
		for (const {text, old, partial} of entries) {
			writeNewFile(partial, text, {mode: old?.isFile() ? old.mode & 0o7777 : 0o666, sync: true});
			written += 1;
		}
		for (const {partial, destination} of entries) {
			renameSync(partial, destination);
			renamed += 1;
		}
	} finally {
		for (const {partial} of entries.slice(renamed, written)) rmSync(partial, {force: true});
	}
	return entries.map(({old}) => old !== null);
}
