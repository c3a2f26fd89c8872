// Writes test/golden/<scenario>.txt: `dlock-tui print <scenario>` (80x24, plain text) of every
// built-in scenario, and removes the files of scenarios that are gone; and docs/demo.svg, the
// README's picture: `dlock-tui record gc-pause -o demo.svg`. It says what changed: for each file,
// the pages (steps) that differ and their first differing lines, so that a change is read before
// it is committed, in a commit that says why the screen changed. Run by `npm run golden` after a build.

import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const scenarios = new URL('../scenarios/', import.meta.url);
const golden = new URL('../test/golden/', import.meta.url);
/** `print` draws each page as its rule and the 23 rows of a 24-row terminal. */
const pageLines = 24;
/** Lines of each changed page shown, old and new. */
const shownLines = 3;

const pagesOf = text => {
	const lines = text.split('\n');
	return Array.from({length: Math.ceil(lines.length / pageLines)}, (_, page) => lines.slice(page * pageLines, (page + 1) * pageLines));
};

/** What changed between two printed files, page by page: each page's rule, then its first differing lines. */
function pageDiff(before, after) {
	const [old, next] = [pagesOf(before), pagesOf(after)];
	const report = [];
	if (old.length !== next.length) report.push(`  ${old.length} pages, now ${next.length}`);
	for (let page = 0; page < Math.max(old.length, next.length); page += 1) {
		const [was, is] = [old[page] ?? [], next[page] ?? []];
		const differing = Array.from({length: Math.max(was.length, is.length)}, (_, line) => line).filter(line => was[line] !== is[line]);
		if (differing.length === 0) continue;
		report.push(`  page ${page + 1}, ${(is[0] ?? was[0] ?? '').replace(/[─ ]+$/, '')}: ${differing.length} line${differing.length === 1 ? '' : 's'}`);
		for (const line of differing.slice(0, shownLines)) {
			if (was[line] !== undefined) report.push(`    ${line + 1} - ${was[line]}`);
			if (is[line] !== undefined) report.push(`    ${line + 1} + ${is[line]}`);
		}
	}
	return report;
}

const changed = [];
/** Writes a file, and says whether it is new, changed (and how) or as it was. */
function update(url, name, text, describe) {
	const before = existsSync(url) ? readFileSync(url, 'utf8') : null;
	if (before === text) return;
	writeFileSync(url, text);
	changed.push(name);
	console.log(before === null ? `new ${name}` : `changed ${name}`);
	if (before !== null) for (const line of describe(before, text)) console.log(line);
}

const names = readdirSync(scenarios)
	.filter(file => file.endsWith('.yaml'))
	.map(file => file.slice(0, -'.yaml'.length));
mkdirSync(golden, {recursive: true});
for (const file of readdirSync(golden)) {
	if (file.endsWith('.txt') && !names.includes(file.slice(0, -'.txt'.length))) {
		rmSync(new URL(file, golden));
		changed.push(`test/golden/${file}`);
		console.log(`removed test/golden/${file}`);
	}
}
for (const name of names) {
	update(new URL(`${name}.txt`, golden), `test/golden/${name}.txt`, execFileSync(process.execPath, [cli, 'print', name], {encoding: 'utf8'}), pageDiff);
}

const demo = new URL('../docs/demo.svg', import.meta.url);
update(
	demo,
	'docs/demo.svg',
	execFileSync(process.execPath, [cli, 'record', 'gc-pause', '--format', 'svg', '-o', '-'], {encoding: 'utf8'}),
	(before, after) => [`  ${before.length} bytes, now ${after.length}: open the picture to see it`],
);

console.log(
	changed.length === 0
		? `${names.length + 1} files, none changed`
		: `${changed.length} of ${names.length + 1} files changed: read \`git diff\`, and commit them with a message that says why the screen changed`,
);
