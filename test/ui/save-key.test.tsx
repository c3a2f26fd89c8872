// The save key keeps an improvised session: it writes a scenario file that passes check, says
// where, and never overwrites a file.

import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, test} from 'vitest';
import {saveSession} from '../../source/export/save.js';
import {loadScenario} from '../../source/scenario/files.js';
import {checkScenario} from '../../source/scenario/run.js';
import {App} from '../../source/ui/App.js';
import {temporaryDirectory} from '../run-cli.js';
import {appProps, tick} from './input.js';

let app: ReturnType<typeof render> | null = null;
afterEach(() => {
	app?.unmount();
	app = null;
});

async function open(saveDirectory: string, lang: 'en' | 'ja' = 'en') {
	app = render(<App {...appProps(loadScenario('gc-pause'), lang)} save={session => saveSession(session, saveDirectory)} />);
	await tick();
	return async (...keys: string[]) => {
		for (const key of keys) {
			app!.stdin.write(key);
			await tick();
		}
		// The line about the save is drawn in the render after the key's.
		await tick();
		return app!.lastFrame() ?? '';
	};
}

const saves = temporaryDirectory('dlock-save-');
const freshDirectory = () => mkdtempSync(path.join(saves, 'run-'));

describe('the save key', () => {
	test('writes the history as a scenario that passes check, and says where', async () => {
		const directory = freshDirectory();
		const press = await open(directory);
		const frame = await press(' ', 'p', ' ', 's');
		expect(frame).toContain(`saved as dlock-gc-pause-1.yaml in ${directory}`);
		const file = path.join(directory, 'dlock-gc-pause-1.yaml');
		expect(readFileSync(file, 'utf8')).toContain('Improvised by hand: pause A 5');
		const saved = loadScenario(file);
		expect(checkScenario(saved)).toEqual([]);
		expect(saved.steps.at(-1)!.expect).toMatchObject({clock: 2, holder: 'A', clients: {A: {status: 'paused'}}});
		// The line goes with the next key.
		expect(await press('t')).not.toContain('saved as');
	});

	test('never overwrites: a second save, or a file already there, gets the next number', async () => {
		const directory = freshDirectory();
		writeFileSync(path.join(directory, 'dlock-gc-pause-1.yaml'), 'keep me\n');
		const press = await open(directory);
		expect(await press(' ', 's')).toContain('saved as dlock-gc-pause-2.yaml');
		expect(await press('t', 's')).toContain('saved as dlock-gc-pause-3.yaml');
		expect(readFileSync(path.join(directory, 'dlock-gc-pause-1.yaml'), 'utf8')).toBe('keep me\n');
		expect(readdirSync(directory).sort()).toEqual(['dlock-gc-pause-1.yaml', 'dlock-gc-pause-2.yaml', 'dlock-gc-pause-3.yaml']);
		expect(readFileSync(path.join(directory, 'dlock-gc-pause-3.yaml'), 'utf8')).toContain('Improvised by hand: tick');
	});

	test('a directory it cannot write in is said in one line, and the dashboard goes on', async () => {
		const directory = path.join(freshDirectory(), 'gone');
		const press = await open(directory);
		expect(await press('s')).toContain(`not saved: cannot write in ${directory}: no such directory`);
		expect(await press(' ')).toContain('step 2 of 7');
	});

	test('in Japanese', async () => {
		const directory = freshDirectory();
		const press = await open(directory, 'ja');
		expect(await press('s')).toContain('保存しました: dlock-gc-pause-1.yaml');
	});

	test('s typed in the command line is a letter, not a save', async () => {
		const directory = freshDirectory();
		const press = await open(directory);
		expect(await press(':', 's')).toContain(':s');
		expect(readdirSync(directory)).toEqual([]);
	});
});
