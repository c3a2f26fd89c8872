// The room the dashboard needs, as the docs and --help say it and as print refuses less: the same
// numbers everywhere.

import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {callCli, temporaryDirectory} from '../run-cli.js';

const directory = temporaryDirectory('dlock-sizes-');
const doc = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8').replace(/\s+/g, ' ');

function scenarioWith(clients: number): string {
	const file = path.join(directory, `clients-${clients}.yaml`);
	const names = Array.from({length: clients}, (_, index) => String.fromCharCode(65 + index));
	writeFileSync(file, `title: ${clients} clients\nclients: [${names.join(', ')}]\nsteps:\n  - do: acquire A\n`);
	return file;
}

/** Does print draw the scenario at this size (0), or refuse it (2)? */
const fits = async (file: string, cols: number, rows: number) => (await callCli(['print', file, '--cols', String(cols), '--rows', String(rows)])).status === 0;

describe('the room the dashboard needs', () => {
	test('docs/dashboard.md: 68 columns; for two clients 22 rows at 80 columns or more, 23 below, two more for each client more', async () => {
		const claim = /It needs (\d+) columns, and for two clients (\d+) rows at (\d+) columns or more, (\d+) below .*?, two rows more for each client more/.exec(
			doc('dashboard.md'),
		);
		expect(claim).not.toBeNull();
		const [columns, rowsWide, wide, rowsNarrow] = claim!.slice(1).map(Number) as [number, number, number, number];
		for (const clients of [1, 2, 5, 9]) {
			const file = scenarioWith(clients);
			const more = 2 * (clients - 2);
			expect(await fits(file, wide, rowsWide + more), `${clients} clients`).toBe(true);
			expect(await fits(file, wide, rowsWide + more - 1), `${clients} clients`).toBe(false);
			expect(await fits(file, wide - 1, rowsNarrow + more - 1), `${clients} clients`).toBe(false);
			expect(await fits(file, columns, rowsNarrow + more), `${clients} clients`).toBe(true);
		}
		expect(await fits(scenarioWith(2), columns - 1, 100)).toBe(false);
	});

	test('docs/scenarios.md: nine clients need 36 rows at 80 columns', async () => {
		const [, rows, cols] = /nine clients need (\d+) rows at (\d+) columns/.exec(doc('scenarios.md'))!.map(Number) as [number, number, number];
		const nine = scenarioWith(9);
		expect(await fits(nine, cols, rows)).toBe(true);
		expect(await fits(nine, cols, rows - 1)).toBe(false);
	});

	test('--help, the message for too small a --cols or --rows and what print draws say the same least size', async () => {
		const {stdout} = await callCli(['--help']);
		expect(stdout).toMatch(/--cols N {8}record, print: terminal columns, 68 to 1000 /);
		expect(stdout).toMatch(/--rows N {8}record, print: terminal rows, 20 to 500 /);
		expect(doc('safety.md')).toContain('up to 1000 x 500, and no less than the dashboard needs (68 columns, and 20 rows or more');
		for (const cols of ['20', '67']) {
			expect((await callCli(['print', 'gc-pause', '--cols', cols])).stderr).toContain(`--cols: expected a whole number from 68 to 1000, got '${cols}'`);
		}
		expect((await callCli(['print', 'gc-pause', '--rows', '19'])).stderr).toContain("--rows: expected a whole number from 20 to 500, got '19'");
		expect(await fits(scenarioWith(1), 80, 20)).toBe(true);
		expect(await fits(scenarioWith(2), 68, 23)).toBe(true);
	});
});
