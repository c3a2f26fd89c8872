// `explore --open` where the dashboard cannot open: refused before the search, nothing written.

import {existsSync} from 'node:fs';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import {describe, expect, test} from 'vitest';
import {run} from '../../source/commands/run.js';
import {callCli, temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-explore-open-');

describe('explore --open', () => {
	test('with no terminal: one line, exit 2, before searching, so no file is written', async () => {
		const file = path.join(directory, 'found.yaml');
		const {status, stdout, stderr} = await callCli(['explore', 'gc-pause-unfenced', '-o', file, '--open']);
		expect(stderr).toBe(
			'dlock-tui: --open: the dashboard needs a terminal to read keys from, and there is none here (leave --open out; `dlock-tui FILE` opens the file later) (see dlock-tui --help)\n',
		);
		expect(status).toBe(2);
		expect(stdout).toBe('');
		expect(existsSync(file)).toBe(false);
	});

	test('on a terminal that cannot move the cursor (TERM=dumb): the same, before searching', async () => {
		const file = path.join(directory, 'dumb.yaml');
		const terminal = () => Object.assign(new PassThrough(), {isTTY: true});
		const stderr = new PassThrough();
		let said = '';
		stderr.on('data', chunk => (said += chunk));
		const status = await run(['explore', 'gc-pause-unfenced', '-o', file, '--open'], {
			stdin: terminal() as unknown as NodeJS.ReadStream,
			stdout: terminal() as unknown as NodeJS.WriteStream,
			stderr: stderr as unknown as NodeJS.WriteStream,
			env: {TERM: 'dumb'},
		});
		expect(said).toContain('--open: the dashboard needs a terminal that can move the cursor, and TERM=dumb cannot (leave --open out)');
		expect(status).toBe(2);
		expect(existsSync(file)).toBe(false);
	});
});
