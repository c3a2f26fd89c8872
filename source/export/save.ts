// Saving a session as a scenario file in a directory (the current one, from the dashboard),
// under a new name every time: an existing file is never overwritten, even by a race.

import path from 'node:path';
import type {Session} from '../session/session.js';
import type {SaveResult} from '../ui/App.js';
import {sessionScenario} from './scenario.js';
import {writeNewFile} from './write-file.js';
import {writeFailure} from './write-failure.js';

/** Enough tries for any directory a person keeps; past that something else is wrong. */
const maxNumber = 10_000;

/** `dlock-gc-pause` for scenarios/gc-pause.yaml: a name that is safe in any file system. */
function savedFileStem(session: Session): string {
	const name = path
		.basename(session.scenario.file)
		.replace(/\.ya?ml$/i, '')
		.replace(/[^A-Za-z0-9_-]+/g, '-')
		.slice(0, 40);
	return `dlock-${name || 'scenario'}`;
}

/** Writes dlock-<scenario>-<n>.yaml with the first n that is free; the file is created, never replaced. */
export function saveSession(session: Session, directory: string): SaveResult {
	const text = sessionScenario(session);
	const stem = savedFileStem(session);
	for (let number = 1; number <= maxNumber; number += 1) {
		const file = path.resolve(directory, `${stem}-${number}.yaml`);
		try {
			// A file the disk filled part way is removed: left empty, the next save would skip it and check refuse it.
			writeNewFile(file, text);
			return {ok: true, file};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
			return {ok: false, reason: `cannot write in ${path.resolve(directory)}: ${writeFailure(error as NodeJS.ErrnoException)}`};
		}
	}
	return {ok: false, reason: `${path.resolve(directory)} already holds ${stem}-1.yaml to ${stem}-${maxNumber}.yaml`};
}
