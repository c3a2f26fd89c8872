// `dlock-tui list [--lang ja]`: the built-in scenarios, name and title.

import path from 'node:path';
import {langs} from '../model/describe.js';
import {builtinDirectory, builtinNames, loadScenario} from '../scenario/files.js';
import {narrationIn} from '../scenario/narration.js';
import {choiceOption} from './options.js';

export function runList(flags: {readonly lang?: string}, write: (text: string) => void): void {
	const lang = choiceOption('--lang', flags.lang, langs, 'en');
	const names = builtinNames();
	const width = Math.max(...names.map(name => name.length));
	for (const name of names) {
		const {title} = loadScenario(path.join(builtinDirectory(), `${name}.yaml`));
		write(`${name.padEnd(width)}  ${narrationIn(title, lang)}\n`);
	}
}
