// The entry of a live Redlock run's client process (dist/redlock-client.js, beside the bin):
// `dlock-tui live` starts one per client. It loads the client and the Redis client and nothing else.

import packageJson from '../package.json' with {type: 'json'};
import {crashExitCode, crashLine, writeCrashReport} from './commands/crash.js';
import {runRedlockClient} from './live/redlock-client.js';

const argv = process.argv.slice(2);

// Its errors end it as the bin's do: one line on stderr (the run shows it), the rest in a report.
const crash = (error: unknown) => {
	process.stderr.write(`${crashLine(error, writeCrashReport(error, packageJson.version, argv))}\n`);
	process.exit(crashExitCode);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

if (process.send === undefined) {
	process.stderr.write('dlock-tui: redlock-client.js is started by `dlock-tui live`, not by hand\n');
	process.exitCode = 2;
} else await runRedlockClient(argv[0] ?? '');
