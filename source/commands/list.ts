// `dlock-tui list [--lang ja]`: the built-in scenarios, name and title, under a heading per backend.

import {builtinGroups} from '../scenario/files.js';
import {langs} from '../text/narration.js';
import {choiceOption} from './options.js';

export function runList(flags: {readonly lang?: string}, write: (text: string) => void): void {
	const lang = choiceOption('--lang', flags.lang, langs, 'en');
	const groups = builtinGroups(lang);
	const width = Math.max(...groups.flatMap(group => group.scenarios.map(scenario => scenario.name.length)));
	groups.forEach((group, index) => {
		write(`${index > 0 ? '\n' : ''}${group.heading}\n`);
		for (const {name, title} of group.scenarios) write(`  ${name.padEnd(width)}  ${title}\n`);
	});
}
