// `dlock-tui list [--lang ja]`: the built-in scenarios, name and title.

import {builtinTitles} from '../scenario/files.js';
import {langs} from '../scenario/narration.js';
import {choiceOption} from './options.js';

export function runList(flags: {readonly lang?: string}, write: (text: string) => void): void {
	const lang = choiceOption('--lang', flags.lang, langs, 'en');
	const builtins = builtinTitles(lang);
	const width = Math.max(...builtins.map(builtin => builtin.name.length));
	for (const {name, title} of builtins) write(`${name.padEnd(width)}  ${title}\n`);
}
