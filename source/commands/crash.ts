// An unexpected error: one readable line on stderr, the whole story (stack, versions, arguments)
// in a file in the OS temp directory, and exit 70 (EX_SOFTWARE) so scripts can tell it from bad
// input (2) and a failed check (1).

import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {writeNewFile} from '../export/write-file.js';
import {printable} from '../text/quote.js';

export const crashExitCode = 70;

const teardowns = new Set<() => void>();

/** Something to undo before a crash is reported (the dashboard gives the terminal back); returns how to forget it. */
export function onCrashTeardown(teardown: () => void): () => void {
	teardowns.add(teardown);
	return () => teardowns.delete(teardown);
}

/** Runs every teardown once; one that fails does not stop the report. */
export function runCrashTeardowns(): void {
	for (const teardown of teardowns) {
		try {
			teardown();
		} catch {
			// The report matters more than a clean screen.
		}
	}
	teardowns.clear();
}

function describe(error: unknown): {readonly summary: string; readonly detail: string} {
	if (error instanceof Error)
		return {summary: error.name === 'Error' ? error.message : `${error.name}: ${error.message}`, detail: error.stack ?? String(error)};
	return {summary: String(error), detail: String(error)};
}

/**
 * Writes the report and returns its path, or null when even that fails. The temp folder is shared
 * with everyone on the machine: the report goes in a folder of its own, made fresh (mode 0700), and
 * is created there, never opened, so that nothing planted under a name it could guess is written through.
 */
export function writeCrashReport(error: unknown, version: string, argv: readonly string[], now = new Date()): string | null {
	const report = [
		`dlock-tui ${version} crashed at ${now.toISOString()}`,
		`node ${process.version} on ${process.platform}-${process.arch}`,
		`arguments: ${JSON.stringify(argv)}`,
		'',
		describe(error).detail,
		'',
	].join('\n');
	try {
		const file = path.join(mkdtempSync(path.join(tmpdir(), 'dlock-tui-crash-')), 'report.txt');
		writeNewFile(file, report, {mode: 0o600});
		return file;
	} catch {
		return null;
	}
}

/** The one line a person sees. */
export function crashLine(error: unknown, reportFile: string | null): string {
	const summary = printable(describe(error).summary.split('\n')[0]!).slice(0, 300);
	const where = reportFile ? `a full report is in ${reportFile}; please include it when you report this` : 'no report could be written';
	return `dlock-tui: unexpected error: ${summary} (${where})`;
}
