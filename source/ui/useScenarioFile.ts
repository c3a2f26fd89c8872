// Live reload: watches the file of the scenario on screen and reads it again when it changes.
// A file that no longer loads leaves the last good version on screen, with its problems.

import {watch} from 'node:fs';
import path from 'node:path';
import {useEffect, useState} from 'react';
import {loadScenario, ScenarioLoadError} from '../scenario/files.js';
import type {Scenario} from '../scenario/parse.js';

/** Editors write a file in bursts (truncate, write, rename): wait until it is quiet. */
const reloadDelayMs = 150;

/** Calls onLoad (keep it the same function from render to render) with each good new version; returns the problems of the latest bad one, else null. */
export function useScenarioFile(file: string | undefined, onLoad: (scenario: Scenario) => void): readonly string[] | null {
	const [problems, setProblems] = useState<readonly string[] | null>(null);
	useEffect(() => {
		setProblems(null);
		if (file === undefined) return;
		let timer: NodeJS.Timeout | undefined;
		const reload = () => {
			try {
				onLoad(loadScenario(file));
				setProblems(null);
			} catch (error) {
				if (!(error instanceof ScenarioLoadError)) throw error;
				setProblems(error.problems);
			}
		};
		// The directory, not the file: an editor that saves by renaming a new file over the old
		// one would leave a watcher on the file watching nothing.
		let watcher: ReturnType<typeof watch>;
		try {
			watcher = watch(path.dirname(file), (_event, name) => {
				if (name !== null && name !== path.basename(file)) return;
				clearTimeout(timer);
				timer = setTimeout(reload, reloadDelayMs);
			});
		} catch {
			return; // Nothing to watch (a read-only or vanished directory): the dashboard works without it.
		}
		watcher.on('error', () => watcher.close());
		return () => {
			clearTimeout(timer);
			watcher.close();
		};
	}, [file, onLoad]);
	return problems;
}
