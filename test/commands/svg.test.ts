import {mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {loadScenario} from '../../source/scenario/files.js';
import {labelsFor} from '../../source/ui/labels.js';
import {callCli, temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-svg-');
const story = loadScenario('gc-pause');
const steps = story.steps.length;
const quit = `q ${labelsFor('en').keyBar.quit}`;

/** The text a picture shows, one string (the characters of every text element). */
/** `record gc-pause --format svg -o -`, drawn once for the tests that read it. */
let plainSvg: Promise<string> | undefined;
const recordedSvg = () => (plainSvg ??= callCli(['record', 'gc-pause', '--format', 'svg', '-o', '-']).then(result => result.stdout));

const shownText = (svg: string) =>
	[...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)]
		.map(match =>
			match[1]!
				.replace(/&lt;/g, '<')
				.replace(/&gt;/g, '>')
				.replace(/&quot;/g, '"')
				.replace(/&amp;/g, '&'),
		)
		.join(' ');

describe('dlock-tui record -o demo.svg', () => {
	test('the extension picks the format; the line on stderr says what was written', async () => {
		const file = path.join(directory, 'demo.svg');
		const {status, stderr} = await callCli(['record', 'gc-pause', '-o', file]);
		expect(stderr).toMatch(new RegExp(`^wrote ${file}: ${steps} steps, ${steps} frames, [\\d.]+ s a loop, \\d+ bytes\\n$`));
		expect(status).toBe(0);
		const svg = readFileSync(file, 'utf8');
		expect(svg).toMatch(/^<svg /);
		expect(svg).toBe(await recordedSvg());
		// Nobody can press a key on a picture.
		expect(shownText(svg)).not.toContain(quit);
		expect(shownText(svg)).toContain(labelsFor('en').rejectedWhy(1, 2));
	});

	test('--format cast writes a cast to any name; a name with no known extension stays a cast', async () => {
		const named = path.join(directory, 'demo.recording');
		expect((await callCli(['record', 'gc-pause', '-o', named])).status).toBe(0);
		expect(readFileSync(named, 'utf8')).toMatch(/^\{"version":2,/);
		const {stdout} = await callCli(['record', 'gc-pause', '--format', 'cast', '-o', '-']);
		expect(stdout).toBe(readFileSync(named, 'utf8'));
	});

	test('--keys, --lang ja, --theme light, --cols/--rows, --ascii, --step-delay and --no-color', async () => {
		const svg = async (...args: string[]) => (await callCli(['record', 'gc-pause', '--format', 'svg', '-o', '-', ...args])).stdout;
		const plain = await recordedSvg();
		expect(shownText(await svg('--keys'))).toContain(quit);
		expect(shownText(await svg('--lang', 'ja'))).toMatch(/[\u3040-\u30ff]/u);
		expect(await svg('--theme', 'light')).toContain('fill="#ffffff"');
		expect(await svg('--cols', '100', '--rows', '30')).toMatch(/viewBox="0 0 612 372"/);
		expect(shownText(await svg('--ascii'))).not.toMatch(/[─━│]/);
		expect(shownText(plain)).toMatch(/─/);
		const seconds = (text: string) => Number(/animation:([\d.]+)s/.exec(text)![1]);
		expect(seconds(await svg('--step-delay', '1'))).toBeLessThan(seconds(plain));
		const colours = (text: string) => new Set([...text.matchAll(/\.c(\d+)\{/g)].map(match => match[1]));
		expect(colours(plain).size).toBeGreaterThan(2);
		expect(colours(await svg('--no-color')).size).toBe(0);
	});

	test.each([
		[['--format', 'svg', '-o', 'demo.cast'], "--format svg: -o 'demo.cast' is named as a .cast file; name it .svg or leave out --format"],
		[['--format', 'cast', '-o', 'demo.svg'], "--format cast: -o 'demo.svg' is named as a .svg file; name it .cast or leave out --format"],
		[['--format', 'sgv', '-o', 'demo.svg'], "--format: expected one of cast, svg, got 'sgv' (did you mean 'svg'?)"],
		[['--format', 'gif', '-o', 'demo.gif'], "--format: expected one of cast, svg, got 'gif'"],
		[['-o', 'demo.svg', '--step', '2'], '--step applies to print, not record'],
	])('record %j: one line, exit 2, nothing written', async (args, message) => {
		const {status, stdout, stderr} = await callCli(['record', 'gc-pause', ...args]);
		expect(stderr).toBe(`dlock-tui: ${message} (see dlock-tui --help)\n`);
		expect(status).toBe(2);
		expect(stdout).toBe('');
	});
});

describe('dlock-tui print --format svg', () => {
	test('-o DIR: a still of every page, numbered by step, the same as --step K -o -', async () => {
		const folder = path.join(directory, 'slides', 'gc-pause');
		const {status, stderr} = await callCli(['print', 'gc-pause', '--format', 'svg', '-o', folder]);
		expect(status).toBe(0);
		const names = story.steps.map((_, index) => `step-${String(index + 1).padStart(2, '0')}.svg`);
		expect(readdirSync(folder).sort()).toEqual(names);
		expect(stderr.trimEnd().split('\n')).toEqual(
			names.map((name, index) => expect.stringMatching(`^wrote ${path.join(folder, name)}: step ${index + 1}/${steps}, \\d+ bytes$`)),
		);
		const third = await callCli(['print', 'gc-pause', '--format', 'svg', '--step', '3', '-o', '-']);
		expect(third.status).toBe(0);
		expect(third.stdout).toBe(readFileSync(path.join(folder, 'step-03.svg'), 'utf8'));
		// A still is no animation, and has no key bar unless asked.
		expect(third.stdout).not.toMatch(/animation|@keyframes/);
		expect(shownText(third.stdout)).not.toContain(quit);
		expect(shownText((await callCli(['print', 'gc-pause', '--format', 'svg', '--step', '3', '-o', '-', '--keys'])).stdout)).toContain(quit);
	});

	test('a scenario that opens before its first step has a step-00 for the start screen; files there are replaced and said so', async () => {
		const folder = path.join(directory, 'crash');
		const first = await callCli(['print', 'crash', '--format', 'svg', '-o', folder, '--lang', 'ja']);
		expect(first.status).toBe(0);
		expect(readdirSync(folder)).toContain('step-00.svg');
		const again = await callCli(['print', 'crash', '--format', 'svg', '-o', folder, '--lang', 'ja', '--step', '0']);
		expect(again.stderr).toMatch(new RegExp(`^replaced ${path.join(folder, 'step-00.svg')}: step 0/`));
		expect(readFileSync(path.join(folder, 'step-00.svg'), 'utf8')).toMatch(/<title>開始: /);
	});

	test.each([
		[['--format', 'svg'], 'print --format svg: missing -o DIR, the folder for the pictures (step-01.svg, ...), or -o - with --step K for one'],
		[['--format', 'svg', '-o', '-'], 'print --format svg -o -: give --step K too, to write one picture to stdout'],
		[['--format', 'svg', '-o', '-', '--step', String(steps + 1)], `--step: expected a whole number from 1 to ${steps}, got '${steps + 1}'`],
		[['--format', 'svg', '-o', '-', '--step', 'two'], `--step: expected a whole number from 1 to ${steps}, got 'two'`],
		[['--step', '2'], '--step: applies to print --format svg (one picture), not to text'],
		[['--format', 'cast'], "--format: expected one of text, svg, got 'cast'"],
	])('print %j: one line, exit 2', async (args, message) => {
		const {status, stdout, stderr} = await callCli(['print', 'gc-pause', ...args]);
		expect(stderr).toBe(`dlock-tui: ${message} (see dlock-tui --help)\n`);
		expect(status).toBe(2);
		expect(stdout).toBe('');
	});

	test('a link in the folder is never written through: refused before any picture is written, what it names left alone', async () => {
		const folder = path.join(directory, 'linked');
		const outside = path.join(directory, 'outside.txt');
		mkdirSync(folder);
		writeFileSync(outside, 'keep\n');
		writeFileSync(path.join(folder, 'step-07.svg'), 'old picture\n');
		symlinkSync('../outside.txt', path.join(folder, 'step-02.svg'));
		const {status, stderr} = await callCli(['print', 'gc-pause', '--format', 'svg', '-o', folder]);
		expect(stderr).toBe(
			`dlock-tui: -o: 'step-02.svg' in '${folder}' is a link, and files go only into the folder itself, never through a link; nothing was written (move it away, or choose another folder) (see dlock-tui --help)\n`,
		);
		expect(status).toBe(2);
		expect(readFileSync(outside, 'utf8')).toBe('keep\n');
		expect(readdirSync(folder).sort()).toEqual(['step-02.svg', 'step-07.svg']);
		expect(readFileSync(path.join(folder, 'step-07.svg'), 'utf8')).toBe('old picture\n');
	});

	test('a folder named like a later picture: refused before the earlier pictures are replaced', async () => {
		const folder = path.join(directory, 'in-the-way');
		mkdirSync(path.join(folder, 'step-03.svg'), {recursive: true});
		writeFileSync(path.join(folder, 'step-01.svg'), 'old picture\n');
		const {status, stderr} = await callCli(['print', 'gc-pause', '--format', 'svg', '-o', folder]);
		expect(stderr).toMatch(/^dlock-tui: -o: 'step-03\.svg' in '.*' is a folder; nothing was written/);
		expect(status).toBe(2);
		expect(readdirSync(folder).sort()).toEqual(['step-01.svg', 'step-03.svg']);
		expect(readFileSync(path.join(folder, 'step-01.svg'), 'utf8')).toBe('old picture\n');
	});

	test('-o naming a file, not a folder, is refused and the file left alone', async () => {
		const file = path.join(directory, 'not-a-folder');
		writeFileSync(file, 'keep\n');
		const {status, stderr} = await callCli(['print', 'gc-pause', '--format', 'svg', '-o', file]);
		expect(stderr).toMatch(/^dlock-tui: -o: '.*not-a-folder' is a file; print --format svg writes a folder of pictures/);
		expect(status).toBe(2);
		expect(readFileSync(file, 'utf8')).toBe('keep\n');
	});
});

describe('the README picture', () => {
	const committed = readFileSync(new URL('../../docs/demo.svg', import.meta.url), 'utf8');

	test('docs/demo.svg is what record draws now', async () => {
		expect(await recordedSvg(), 'the demo changed: if on purpose, run npm run golden, look at docs/demo.svg, commit it').toBe(committed);
	});
});
