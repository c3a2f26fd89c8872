// The entry of a live run's client process (dist/live-client.js, beside the bin): `dlock-tui live`
// starts one per client. It loads the client and the etcd client and nothing else: started through
// the bin, each client also loaded the command line and the model, ~45 ms more of every start.

import packageJson from '../package.json' with {type: 'json'};
import {crashExitCode, crashLine, writeCrashReport} from './commands/crash.js';
import {runLiveClient} from './live/client-process.js';

const argv = process.argv.slice(2);

// Its errors end it as the bin's do: one line on stderr (the run shows it), the rest in a report.
const crash = (error: unknown) => {
	process.stderr.write(`${crashLine(error, writeCrashReport(error, packageJson.version, argv))}\n`);
	process.exit(crashExitCode);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

if (process.send === undefined) {
	process.stderr.write('dlock-tui: live-client.js is started by `dlock-tui live`, not by hand\n');
	process.exitCode = 2;
} else await runLiveClient(argv[0] ?? '');
