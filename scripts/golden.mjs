// Writes test/golden/<scenario>.txt: `dlock-tui print <scenario>` (80x24, plain text) of every
// built-in scenario, and removes the files of scenarios that are gone; and docs/demo.svg, the
// README's picture: `dlock-tui record gc-pause -o demo.svg`. A changed golden file is a changed
// screen: read its diff (look at the picture) before committing it. Run by `npm run golden` after a build.

import {execFileSync} from 'node:child_process';
import {mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const scenarios = new URL('../scenarios/', import.meta.url);
const golden = new URL('../test/golden/', import.meta.url);

const names = readdirSync(scenarios)
	.filter(file => file.endsWith('.yaml'))
	.map(file => file.slice(0, -'.yaml'.length));
mkdirSync(golden, {recursive: true});
for (const file of readdirSync(golden)) {
	if (file.endsWith('.txt') && !names.includes(file.slice(0, -'.txt'.length))) {
		rmSync(new URL(file, golden));
		console.log(`removed test/golden/${file}`);
	}
}
for (const name of names) {
	writeFileSync(new URL(`${name}.txt`, golden), execFileSync(process.execPath, [cli, 'print', name], {encoding: 'utf8'}));
	console.log(`wrote test/golden/${name}.txt`);
}

const demo = new URL('../docs/demo.svg', import.meta.url);
writeFileSync(demo, execFileSync(process.execPath, [cli, 'record', 'gc-pause', '--format', 'svg', '-o', '-'], {encoding: 'utf8'}));
console.log('wrote docs/demo.svg');
