// Scenario text that terminals measure differently from string-width (soft hyphens, Hangul
// fillers, joiners, tabs), shown by the built dashboard in a real pty at 80x24 and read back
// through xterm.js: the screen stays put, the header on row 1 and the key bar on the last row drawn.

import {writeFileSync} from 'node:fs';
import path from 'node:path';
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import {afterEach, describe, expect, test} from 'vitest';
import {screenText, writeInto} from '../export/terminal.js';
import {callCli, cliPath, temporaryDirectory} from '../run-cli.js';
import {dashboardEnv, settledScreen} from './pty.js';

const directory = temporaryDirectory('dlock-hostile-text-');
const cols = 80;
const rows = 24;

let child: pty.IPty | null = null;
afterEach(() => {
	child?.kill();
	child = null;
});

function scenarioFile(name: string, title: string, say: string): string {
	const file = path.join(directory, name);
	writeFileSync(
		file,
		`title: ${JSON.stringify(title)}\nclients: [A, B]\nsteps:\n  - do: acquire A\n    say: ${JSON.stringify(say)}\n  - do: write A\n    say: done\n`,
	);
	return file;
}

const shy = '\u00AD';
const hostile = {
	'soft hyphens': {title: `Soft${shy.repeat(110)}`, say: `${`word${shy.repeat(30)} `.repeat(55)}`},
	'Hangul fillers': {title: '\u3164'.repeat(60) + '\u115F'.repeat(60), say: `${'\u3164\u115F\uFFA0 '.repeat(400)}`},
	'joiners, selectors, tags and separators': {
		title: `a${'\u200D\uFE0F\u{E0061}\u2028'.repeat(25)}`,
		say: `${'👍🏽 👨‍👩‍👧 \u2029 \u0600x\t'.repeat(80)}`,
	},
} as const;

describe('hostile text at 80x24 in a real terminal', () => {
	test.each(Object.entries(hostile))('%s: after a step, row 1 is still the header and the last row drawn the key bar', async (name, {title, say}) => {
		const file = scenarioFile(`${name.replace(/\W+/g, '-')}.yaml`, title, say);
		const terminal = new xterm.Terminal({cols, rows, allowProposedApi: true});
		let output = '';
		child = pty.spawn(process.execPath, [cliPath, file], {name: 'xterm-256color', cols, rows, env: dashboardEnv()});
		child.onData(data => {
			output += data;
			writeInto(terminal, data);
		});
		const screen = () => screenText(terminal).join('\n');
		await settledScreen(
			screen,
			() => output,
			text => text.includes('q quit'),
		);
		child.write(' ');
		const after = await settledScreen(
			screen,
			() => output,
			text => text.includes('step 1 of 2') && text.includes('q quit'),
		);
		// Ink leaves the terminal's last row free: the key bar is the last row it draws.
		const lines = after.trimEnd().split('\n');
		// Before: the story ran past its rows and the terminal scrolled the header away.
		expect(lines[0], after).toMatch(/^ dlock-tui {2}/);
		expect(lines.at(-1), after).toMatch(/^Space next/);
		expect(terminal.buffer.active.baseY, 'nothing scrolled off the top').toBe(0);
	});
});

describe('line breaks and tabs in narration reach no output raw', () => {
	test('print draws a tab in a narration as a space', async () => {
		const file = scenarioFile('tab.yaml', 'Tabs', 'a\ttab and\na line');
		const {status, stdout} = await callCli(['print', file]);
		expect(status).toBe(0);
		// Before: `step 1/2: a<TAB>tab` in the story's rule.
		expect(stdout).not.toMatch(/\t/);
		expect(stdout).toContain('a tab and a line');
	});

	test('check refuses a title with a line break, at its line, and prints nothing raw', async () => {
		const file = path.join(directory, 'newline-title.yaml');
		writeFileSync(file, 'title: "two\\nlines"\nclients: [A]\nsteps: []\n');
		const {status, stdout, stderr} = await callCli(['check', file]);
		expect(status).toBe(2);
		expect(`${stdout}${stderr}`).toContain(`${file}:1: title: expected text without control characters or escape sequences, found '\\x0a'`);
		expect(`${stdout}${stderr}`).not.toContain('two\nlines');
	});
});
