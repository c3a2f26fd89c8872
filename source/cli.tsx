#!/usr/bin/env node
// The bin: runs the command line (source/commands/run.ts) on this process's arguments and streams,
// and handles what only a process has: its title, its exit code, a closed stdout, a stray error.

import {endForHangup, isHangup} from './commands/hangup.js';
import {reportError, run} from './commands/run.js';

const argv = process.argv.slice(2);

// `ps` and `top` name the program, not node.
process.title = 'dlock-tui';

// Node opens its debugger on SIGUSR1 and says so on stderr, over the dashboard; a listener turns that off.
process.on('SIGUSR1', () => {});
// A write past a file size limit (`ulimit -f`) comes with SIGXFSZ and fails with EFBIG, which the
// save key reports. Ink's exit hook (signal-exit) would turn the signal into death when no other
// listener has it: a dashboard whose save failed would end a moment later.
process.on('SIGXFSZ', () => {});

// A reader that stops early (`| head`) or a full disk is the command line's to report
// (source/commands/output.ts); a terminal closed under the program ends it as a hangup.
process.stdout.on('error', error => {
	if (isHangup(error)) endForHangup();
});
// Nowhere is left to say that stderr cannot be written.
process.stderr.on('error', () => {});

// Errors from callbacks and promises end the same way: never a stack trace on the terminal.
const crash = (error: unknown) => {
	process.exitCode = reportError(error, argv, process.stderr);
	process.exit();
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

void run(argv, {stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env}).then(code => {
	process.exitCode = code;
});
