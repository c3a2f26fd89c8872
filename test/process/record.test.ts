import {accessSync, constants, linkSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import pty from '@lydell/node-pty';
import {beforeAll, describe, expect, test} from 'vitest';
import {palettes} from '../../source/export/palette.js';
import {stepSummary, storyboard} from '../../source/export/storyboard.js';
import {loadScenario} from '../../source/scenario/files.js';
import {labelsFor} from '../../source/ui/labels.js';
import {playInto, screenText} from '../export/terminal.js';
import {callCli, temporaryDirectory} from '../run-cli.js';
import {requiredUnderCi} from './required-tools.js';

type CastEvent = [number, string, string];

const directory = temporaryDirectory('dlock-record-');
let files = 0;

/** Records into a new file and returns its text. */
async function record(args: readonly string[]): Promise<string> {
	files += 1;
	const file = path.join(directory, `${files}.cast`);
	const {status, stderr} = await callCli(['record', ...args, '-o', file]);
	expect(stderr).toMatch(/^wrote .*\.cast: \d+ steps, [\d.]+ s/);
	expect(status).toBe(0);
	return readFileSync(file, 'utf8');
}

/** `record gc-pause`, recorded once for the tests that read it. */
let gcPauseRecording: Promise<string> | undefined;
const gcPauseCast = () => (gcPauseRecording ??= record(['gc-pause']));

/** Parses asciicast v2 strictly: a header object, then [time, code, data] events, one per line. */
function parseCast(text: string) {
	expect(text.endsWith(']\n')).toBe(true);
	const lines = text.slice(0, -1).split('\n');
	const header = JSON.parse(lines[0]!) as Record<string, unknown>;
	const events = lines.slice(1).map(line => JSON.parse(line) as CastEvent);
	for (const event of events) {
		expect(event).toHaveLength(3);
		expect(typeof event[0]).toBe('number');
		expect(['o', 'm']).toContain(event[1]);
		expect(typeof event[2]).toBe('string');
	}
	return {header, events};
}

const outputs = (events: readonly CastEvent[]) => events.filter(([, code]) => code === 'o').map(([, , data]) => data);
const markers = (events: readonly CastEvent[]) => events.filter(([, code]) => code === 'm');

// What the built-in story says is the scenario file's business: the expectations come from it.
const story = loadScenario('gc-pause');
const steps = story.steps.length;
const lastSummary = (lang: 'en' | 'ja') => `${steps}/${steps} ${stepSummary(storyboard(story).at(-1)!, lang)}`;

describe('dlock-tui record', () => {
	let cast = '';
	let header: Record<string, unknown> = {};
	let events: CastEvent[] = [];
	beforeAll(async () => {
		cast = await gcPauseCast();
		({header, events} = parseCast(cast));
	});

	test("writes asciicast v2 at 80x24 with the scenario as title, the theme's colours and no time of day", () => {
		const dark = palettes.dark;
		expect(header).toEqual({
			version: 2,
			width: 80,
			height: 24,
			title: story.title.en,
			theme: {fg: dark.foreground, bg: dark.background, palette: dark.ansi.join(':')},
		});
	});

	test('--theme light and contrast: the header carries their colours', async () => {
		for (const theme of ['light', 'contrast'] as const) {
			const {header: themed} = parseCast(await record(['gc-pause', '--theme', theme]));
			expect(themed.theme).toEqual({fg: palettes[theme].foreground, bg: palettes[theme].background, palette: palettes[theme].ansi.join(':')});
		}
	});

	// The binary's recording, whatever the environment says, is test/process/binary.test.ts's.
	test('is byte-identical run after run', async () => {
		expect(await record(['gc-pause'])).toBe(cast);
	});

	test('-o - writes the same recording to stdout', async () => {
		for (const args of [['-o', '-'], ['--output=-']]) {
			const {status, stdout} = await callCli(['record', 'gc-pause', ...args]);
			expect(status).toBe(0);
			expect(stdout).toBe(cast);
		}
	});

	test('marks each step with its narration; times start at 0 and never go back', () => {
		expect(markers(events).map(([, , label]) => label.slice(0, label.indexOf(' ')))).toEqual(story.steps.map((_, index) => `${index + 1}/${steps}`));
		expect(markers(events).at(-1)![2]).toBe(lastSummary('en'));
		expect(events[0]![0]).toBe(0);
		for (let index = 1; index < events.length; index += 1) expect(events[index]![0]).toBeGreaterThanOrEqual(events[index - 1]![0]);
		const times = markers(events).map(([seconds]) => seconds);
		for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(3);
	});

	test('draws the first screen whole, then only what changes', () => {
		const [first, ...later] = outputs(events);
		expect(first).toContain('\u001B[2J');
		for (const data of later) {
			expect(data).not.toContain('\u001B[2J');
			expect(data.length).toBeLessThan(first!.length);
		}
	});

	test("replayed in a terminal emulator, it ends on the story's end: max token 2, 1 rejected write", () => {
		const terminal = playInto(outputs(events), 80, 24);
		const screen = screenText(terminal).join('\n');
		const labels = labelsFor('en');
		expect(screen).toContain(`${labels.maxToken} 2`);
		expect(screen).toContain(labels.rejected(1));
		expect(screen).toContain(labels.rejectedWhy(1, 2));
		// The dashboard keeps the bottom row free; the cursor ends there, visible.
		expect(screenText(terminal)[23]).toBe('');
		expect(terminal.buffer.active.cursorY).toBe(23);
		expect(outputs(events).at(-1)).toContain('\u001B[?25h');
	});

	test('no key bar and no key hint unless --keys: nobody watching can press one', async () => {
		const labels = labelsFor('en');
		const quit = `q ${labels.keyBar.quit}`;
		const shown = (recording: string) => screenText(playInto(outputs(parseCast(recording).events), 80, 24)).join('\n');
		expect(shown(cast)).not.toContain(quit);
		expect(shown(cast)).toContain(` · ${labels.theEndWatched} ─`);
		expect(shown(cast)).not.toContain(labels.theEnd);
		expect(shown(cast)).toContain(labels.rejectedWhy(1, 2));
		const withKeys = shown(await record(['gc-pause', '--keys']));
		expect(withKeys).toContain(quit);
		expect(withKeys).toContain(labels.theEnd);
		expect(await record(['gc-pause', '--no-keys'])).toBe(cast);
	});

	test('--cols/--rows size the recording and every cursor move stays inside it', async () => {
		const {header: big, events: bigEvents} = parseCast(await record(['gc-pause', '--cols', '120', '--rows', '40']));
		expect(big).toMatchObject({width: 120, height: 40});
		const moves = outputs(bigEvents).flatMap(data => [...data.matchAll(/\u001B\[(\d+);(\d+)H/g)].map(match => [Number(match[1]), Number(match[2])]));
		expect(moves.length).toBeGreaterThan(0);
		for (const [row, column] of moves) {
			expect(row).toBeLessThanOrEqual(40);
			expect(column).toBeLessThanOrEqual(120);
		}
	});

	test('--no-color writes no colour codes, --lang ja marks steps in Japanese, --step-delay sets the pace', async () => {
		const plain = parseCast(await record(['gc-pause', '--no-color', '--lang', 'ja', '--step-delay', '1']));
		const colour = /\u001B\[(?:[0-9;]*;)?(?:3[0-9]|9[0-7]|4[0-9]|10[0-7])(?:;[0-9;]*)?m/;
		for (const data of outputs(plain.events)) expect(data).not.toMatch(colour);
		expect(outputs(events).join('')).toMatch(colour);
		expect(markers(plain.events).at(-1)![2]).toBe(lastSummary('ja'));
		expect(lastSummary('ja')).toMatch(/[\u3040-\u30ff]/u);
		expect(plain.events.at(-1)![0]).toBeLessThan(events.at(-1)![0]);
	});
});

// Looked up on PATH as the shell does, not by running `asciinema --version`: Python starting is
// about 0.2 CPU-s, for an answer the play below gives anyway.
const hasAsciinema = (process.env.PATH ?? '').split(path.delimiter).some(folder => {
	try {
		accessSync(path.join(folder, 'asciinema'), constants.X_OK);
		return true;
	} catch {
		return false;
	}
});

// Needs the asciinema command (Debian: apt-get install asciinema), which needs a terminal.
requiredUnderCi('asciinema', hasAsciinema, 'apt-get install asciinema');
describe.skipIf(!hasAsciinema)('the asciinema command', () => {
	test('plays the recording to its end, its theme in the header', async () => {
		const file = path.join(directory, 'play.cast');
		// The light theme: its header names a white terminal, which the player takes.
		expect((await callCli(['record', 'gc-pause', '-o', file, '--step-delay', '0.1', '--theme', 'light'])).status).toBe(0);
		const player = pty.spawn('asciinema', ['play', '--idle-time-limit', '0.1', file], {cols: 80, rows: 24, env: {...process.env, TERM: 'xterm-256color'}});
		let seen = '';
		player.onData(data => (seen += data));
		const exitCode = await new Promise<number>(resolve => player.onExit(({exitCode}) => resolve(exitCode)));
		expect(seen).not.toContain('Traceback');
		expect(exitCode).toBe(0);
		const screen = screenText(playInto([seen], 80, 24)).join('\n');
		expect(screen).toContain(labelsFor('en').rejected(1));
	});
});

describe('-o never loses a file', () => {
	const talk = 'title: Talk\nclients: [A]\nsteps:\n  - do: acquire A\n';

	test('the scenario being read is refused as the output, by any path or link, and left as it was', async () => {
		const folder = mkdtempSync(path.join(directory, 'inputs-'));
		const file = path.join(folder, 'talk.yaml');
		writeFileSync(file, talk);
		symlinkSync(file, path.join(folder, 'link.yaml'));
		linkSync(file, path.join(folder, 'hard.yaml'));
		for (const command of ['record', 'print']) {
			for (const output of [file, path.join(folder, '.', 'talk.yaml'), path.join(folder, 'link.yaml'), path.join(folder, 'hard.yaml')]) {
				const {status, stderr} = await callCli([command, file, '-o', output]);
				expect(stderr).toMatch(/^dlock-tui: -o: '.*' is the scenario being read; writing there would replace it \(choose another file\)/);
				expect(status).toBe(2);
			}
		}
		expect(readFileSync(file, 'utf8')).toBe(talk);
		expect(readdirSync(folder).sort()).toEqual(['hard.yaml', 'link.yaml', 'talk.yaml']);
	});

	test('an existing file is replaced whole, keeps its permissions, and the message says replaced', async () => {
		const file = path.join(mkdtempSync(path.join(directory, 'replace-')), 'demo.cast');
		writeFileSync(file, 'old\n', {mode: 0o640});
		const {status, stderr} = await callCli(['record', 'gc-pause', '-o', file]);
		expect(status).toBe(0);
		expect(stderr).toMatch(new RegExp(`^replaced ${file}: \\d+ steps`));
		expect(readFileSync(file, 'utf8')).toBe(await gcPauseCast());
		expect(statSync(file).mode & 0o777).toBe(0o640);
		expect(readdirSync(path.dirname(file))).toEqual(['demo.cast']);
	});

	test('a device is written to, never replaced by a file', async () => {
		const {status, stderr} = await callCli(['record', 'gc-pause', '-o', '/dev/null']);
		expect(stderr).toMatch(/^wrote \/dev\/null: /);
		expect(status).toBe(0);
		expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
		expect(readdirSync('/dev').filter(name => name.endsWith('.partial'))).toEqual([]);
	});

	test('print -o writes what print prints and says where', async () => {
		const file = path.join(mkdtempSync(path.join(directory, 'print-')), 'pages.txt');
		const {status, stderr} = await callCli(['print', 'gc-pause', '-o', file]);
		expect(status).toBe(0);
		expect(stderr).toMatch(new RegExp(`^wrote ${file}: ${steps} steps, \\d+ bytes\\n$`));
		// What print prints: the golden file, as test/commands/print.test.ts checks.
		expect(readFileSync(file, 'utf8')).toBe(readFileSync(new URL('../golden/gc-pause.txt', import.meta.url), 'utf8'));
	});
});
