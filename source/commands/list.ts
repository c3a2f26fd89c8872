// `dlock-tui list`: the built-in scenarios, name and title.

import path from 'node:path';
import {builtinDirectory, builtinNames, loadScenario} from '../scenario/files.js';

export function runList(write: (text: string) => void): void {
	const names = builtinNames();
	const width = Math.max(...names.map(name => name.length));
	for (const name of names) {
		const {title} = loadScenario(path.join(builtinDirectory(), `${name}.yaml`));
		write(`${name.padEnd(width)}  ${title.en ?? title.ja}\n`);
	}
}
