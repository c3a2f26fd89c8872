// File and folder names come from outside: a name may hold an escape sequence that retitles the
// window, a newline and a fake "all passed" line, or a bidi override. Every command and screen that
// shows a name shows it escaped (\x1b, \u{202e}), on one line.

import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {Writable} from 'node:stream';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, test} from 'vitest';
import {reportError} from '../../source/commands/run.js';
import {saveSession} from '../../source/export/save.js';
import {loadScenario} from '../../source/scenario/files.js';
import {startSession} from '../../source/session/session.js';
import {App} from '../../source/ui/App.js';
import {openPicker} from '../../source/ui/appState.js';
import {ScenarioPicker, scenarioShelf} from '../../source/ui/ScenarioPicker.js';
import {LookContext} from '../../source/ui/useLook.js';
import {callCli, temporaryDirectory} from '../run-cli.js';
import {appProps, tick} from '../ui/input.js';

/** Anything a terminal would act on instead of showing: control characters (newline aside), C1, bidi controls, line separators. */
const raw = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/u;

function expectShownSafely(text: string, lines?: number): void {
	expect(text, JSON.stringify(text)).not.toMatch(raw);
	// A name cannot add a line of its own: the fake "all passed" line stays inside the line of its name.
	expect(text).not.toMatch(/^✓ all scenarios passed/m);
	if (lines !== undefined) expect(text.trimEnd().split('\n'), text).toHaveLength(lines);
}

/** Names that would act on a terminal if printed raw. */
const hostile = {
	title: 'retitle\u001B]0;pwned\u0007',
	fakeLine: 'fail\n✓ all scenarios passed\n',
	bidi: 'evil\u202Elmay.',
	csi: 'clear\u001B[2J\u009B31m',
} as const;
const hostileNames = Object.values(hostile);

const directory = temporaryDirectory('dlock-names-');
const good = 'title: Handoff\nclients: [A, B]\nsteps:\n  - do: [acquire A, release A, acquire B]\n    expect: {holder: B}\n';
const failing = 'title: Wrong\nclients: [A, B]\nsteps:\n  - do: acquire A\n    expect: {holder: B}\n';
const broken = 'title: Broken\nclients: [A]\nsteps:\n  - do: aquire A\n';

/** A folder with a hostile name holding files with hostile names. */
function folder(name: string, files: Readonly<Record<string, string>>): string {
	const folderPath = path.join(directory, name);
	mkdirSync(folderPath, {recursive: true});
	for (const [file, text] of Object.entries(files)) writeFileSync(path.join(folderPath, file), text);
	return folderPath;
}

describe.each(hostileNames)('a name holding %j', name => {
	const here = folder(`dir-${name}`, {[`${name}-good.yaml`]: good, [`${name}-failing.yaml`]: failing, [`${name}-broken.yaml`]: broken});
	const file = (kind: string) => path.join(here, `${name}-${kind}.yaml`);

	test('check, of the file given and of the files found in a folder', async () => {
		for (const kind of ['failing', 'broken']) {
			const result = await callCli(['check', file(kind)]);
			expectShownSafely(result.stdout, 1);
			expect(result.stdout).toContain(kind === 'broken' ? "unknown command 'aquire'" : '`holder` is A, expected B');
		}
		const all = await callCli(['check', here]);
		expectShownSafely(all.stdout, 3);
		expect(all.status).toBe(2);
		const missing = await callCli(['check', path.join(here, `${name}-missing.yaml`)]);
		expectShownSafely(missing.stdout + missing.stderr, 1);
		expect(missing.status).toBe(2);
	});

	test('trace, print, record and the dashboard, when the file is bad', async () => {
		for (const args of [['trace'], ['print'], ['record', '-o', path.join(directory, 'out.cast')], []]) {
			const result = await callCli([...args, file('broken')]);
			expectShownSafely(result.stdout + result.stderr, 1);
			expect(result.status).toBe(2);
		}
	});

	test('record -o: the file written is named escaped', async () => {
		const output = path.join(here, `${name}.cast`);
		const result = await callCli(['record', file('good'), '-o', output]);
		expect(result.status).toBe(0);
		expectShownSafely(result.stderr, 1);
	});

	test('the save notice names the folder escaped, saved or not', async () => {
		const session = startSession(loadScenario(file('good')));
		const saved = saveSession(session, here);
		const failed = saveSession(session, path.join(here, 'gone'));
		expect([saved.ok, failed.ok]).toEqual([true, false]);
		for (const result of [saved, failed]) {
			const app = render(<App {...appProps(loadScenario(file('good')))} save={() => result} />);
			await tick();
			app.stdin.write('s');
			await tick();
			await tick();
			const frame = app.lastFrame() ?? '';
			app.unmount();
			expect(frame).toMatch(result.ok ? /saved as dlock-/ : /not saved: cannot write in /);
			expectShownSafely(frame);
		}
	});

	test('the o picker lists the file escaped', () => {
		const {lastFrame, unmount} = render(
			<LookContext value={appProps(loadScenario('gc-pause')).look}>
				<ScenarioPicker picker={openPicker(loadScenario(file('good')), scenarioShelf('en'))} width={200} height={20} />
			</LookContext>,
		);
		expectShownSafely(lastFrame() ?? '');
		expect(lastFrame()).toContain('Handoff');
		unmount();
	});

	test('a crash report in a temp folder named from the environment is named escaped', () => {
		const previous = process.env.TMPDIR;
		process.env.TMPDIR = here;
		const chunks: string[] = [];
		const stderr = new Writable({
			write(chunk: Buffer, _encoding, done) {
				chunks.push(chunk.toString());
				done();
			},
		});
		try {
			expect(reportError(new Error('boom'), [], stderr)).toBe(70);
		} finally {
			if (previous === undefined) delete process.env.TMPDIR;
			else process.env.TMPDIR = previous;
		}
		expectShownSafely(chunks.join(''), 1);
		expect(chunks.join('')).toContain('a full report is in');
	});
});

describe('the live-reload problem line', () => {
	let unmount = () => {};
	afterEach(() => unmount());

	test('names a broken file escaped', async () => {
		const file = path.join(folder(`reload-${hostile.title}`, {}), `${hostile.fakeLine}.yaml`);
		writeFileSync(file, good);
		const app = render(<App {...appProps(loadScenario(file))} />);
		unmount = app.unmount;
		await tick();
		writeFileSync(file, broken);
		for (let attempt = 0; attempt < 500 && !app.lastFrame()?.includes('not reloaded'); attempt += 1) await new Promise(resolve => setTimeout(resolve, 10));
		const frame = app.lastFrame() ?? '';
		expect(frame).toContain('not reloaded');
		expectShownSafely(frame);
	});
});
