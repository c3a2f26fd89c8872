// What a live run's client process does first, whichever its kind (etcd's or Redlock's): its
// errors end it as the bin's do, one line on stderr (the run shows it) and the rest in a report,
// and it refuses to be started by hand.

import {crashExitCode, crashLine, writeCrashReport} from './commands/crash.js';

/** Runs `serve` with the run's directory, the process's first argument; `file` names the entry in its refusal. */
export async function runClientEntry(file: string, version: string, serve: (runDirectory: string) => Promise<void>): Promise<void> {
	const argv = process.argv.slice(2);
	const crash = (error: unknown) => {
		process.stderr.write(`${crashLine(error, writeCrashReport(error, version, argv))}\n`);
		process.exit(crashExitCode);
	};
	process.on('uncaughtException', crash);
	process.on('unhandledRejection', crash);
	if (process.send === undefined) {
		process.stderr.write(`dlock-tui: ${file} is started by \`dlock-tui live\`, not by hand\n`);
		process.exitCode = 2;
		return;
	}
	await serve(argv[0] ?? '');
}
