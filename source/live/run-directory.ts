// The temporary directory a live run keeps its etcd data in, and the list of the processes it
// started. Every exit path removes both; a run killed outright (SIGKILL) cannot, so the next run
// removes what a dead run left, and kills what it started, first.

import {appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const namePrefix = 'dlock-tui-live-';
const pidsFile = 'pids';

/** The temp folder cannot hold the run's directory: missing, not a directory, not writable. */
export class TemporaryFolderProblem extends Error {}

export interface RunDirectory {
	readonly path: string;
	/** Notes a process this run started, so that a later run can end it if this one is killed; throws a TemporaryFolderProblem when it cannot. */
	record(pid: number): void;
	/** Kills every process recorded that is still running, at once, and removes the directory. */
	removeNow(): void;
}

/** A fresh directory, named after this process; what dead runs left is cleaned away first. */
export function createRunDirectory(): RunDirectory {
	removeStaleRuns();
	let directory: string;
	try {
		directory = mkdtempSync(path.join(tmpdir(), `${namePrefix}${process.pid}-`));
	} catch (error) {
		// Node's message is "ENOENT: no such file or directory, mkdtemp '<path>'": the path is said apart.
		const why = (error as Error).message.split(', mkdtemp')[0];
		const folder = process.env.TMPDIR ? `TMPDIR is ${tmpdir()}` : `the temp folder ${tmpdir()}`;
		throw new TemporaryFolderProblem(`${folder}, where no directory can be made (${why}); set TMPDIR to a directory you can write to`);
	}
	return {
		path: directory,
		record: pid => {
			try {
				appendFileSync(path.join(directory, pidsFile), `${pid}\n`);
			} catch (error) {
				// A full disk, most often: the run cannot go on without its list of processes.
				const why = (error as Error).message.split(', open')[0]!.split(', write')[0];
				throw new TemporaryFolderProblem(`the run's directory ${directory} cannot be written (${why}); free some space there or set TMPDIR elsewhere`);
			}
		},
		removeNow: () => removeRun(directory),
	};
}

export function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** A pid may have been reused since: only a process whose command line names the directory is ours. */
function belongsTo(pid: number, directory: string): boolean {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(directory);
	} catch {
		return false;
	}
}

function removeRun(directory: string): void {
	let pids: number[] = [];
	try {
		pids = readFileSync(path.join(directory, pidsFile), 'utf8').split('\n').filter(Boolean).map(Number);
	} catch {
		// Nothing was started yet.
	}
	for (const pid of pids) {
		if (belongsTo(pid, directory)) {
			try {
				process.kill(pid, 'SIGKILL');
			} catch {
				// Gone in the meantime.
			}
		}
	}
	rmSync(directory, {recursive: true, force: true});
}

/** Directories of runs whose process is gone: a run killed with SIGKILL leaves one. */
export function removeStaleRuns(): void {
	let names: string[] = [];
	try {
		names = readdirSync(tmpdir());
	} catch {
		return;
	}
	for (const name of names) {
		const owner = new RegExp(`^${namePrefix}(\\d+)-`).exec(name);
		if (owner && !isRunning(Number(owner[1]))) removeRun(path.join(tmpdir(), name));
	}
}
