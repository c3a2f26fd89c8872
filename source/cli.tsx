#!/usr/bin/env node
// The command line: reads arguments, hands off to one command, turns errors into exit codes.

import meow from 'meow';
// Bundled into dist/cli.js, so --version needs no package.json at run time.
import packageJson from '../package.json' with {type: 'json'};
import {runCheck} from './commands/check.js';
import {runDashboard} from './commands/dashboard.js';
import {CheckFailed, UsageError} from './commands/errors.js';
import {runList} from './commands/list.js';
import {runTrace} from './commands/trace.js';
import {defaultScenarioName, ScenarioLoadError} from './scenario/files.js';

const cli = meow(
	`
	Usage
	  $ dlock-tui [scenario]            open the dashboard (default: ${defaultScenarioName})
	  $ dlock-tui trace <scenario>      every command and the state after it
	  $ dlock-tui check <scenario...>   play each scenario and check its expectations
	  $ dlock-tui list                  the built-in scenarios

	A scenario is a built-in name (see README) or a path to a YAML file.

	Options
	  --json          trace: one JSON object per line
	  --lang en|ja    dashboard: labels and narration in English or Japanese
	  --theme T       dashboard: dark (default), light or contrast (for projectors)
	  --ascii         dashboard: no box-drawing characters or symbols
	  --no-color      dashboard: no colours (so does NO_COLOR)
	  --autoplay S    dashboard: a step every S seconds until the end; any key takes over
	  --help          show this help
	  --version       show the version
`,
	{
		importMeta: import.meta,
		pkg: packageJson,
		allowUnknownFlags: false,
		flags: {
			json: {type: 'boolean', default: false},
			lang: {type: 'string'},
			theme: {type: 'string'},
			ascii: {type: 'boolean'},
			color: {type: 'boolean'},
			autoplay: {type: 'string'},
		},
	},
);

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', error => {
	if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
	throw error;
});

function main(): void | Promise<void> {
	const [subcommand, ...rest] = cli.input;
	const write = (text: string) => process.stdout.write(text);
	switch (subcommand) {
		case 'trace': {
			if (rest.length !== 1) throw new UsageError('trace: expected one scenario (a built-in name or a path)');
			runTrace(rest[0]!, cli.flags.json, write);
			return;
		}
		case 'check': {
			if (rest.length === 0) throw new UsageError('check: expected one or more scenarios (built-in names or paths)');
			process.exitCode = runCheck(rest, write);
			return;
		}
		case 'list': {
			if (rest.length > 0) throw new UsageError(`list: unexpected '${rest[0]}'`);
			runList(write);
			return;
		}
		default: {
			// Anything else names a scenario for the dashboard.
			if (rest.length > 0) throw new UsageError(`unexpected '${rest[0]}' after the scenario`);
			return runDashboard(subcommand ?? defaultScenarioName, cli.flags);
		}
	}
}

function report(error: unknown): void {
	if (error instanceof ScenarioLoadError) {
		process.stderr.write(`${error.message}\n`);
		process.exitCode = 2;
	} else if (error instanceof UsageError || error instanceof CheckFailed) {
		process.stderr.write(`dlock-tui: ${error.message}${error instanceof UsageError ? ' (see dlock-tui --help)' : ''}\n`);
		process.exitCode = error.exitCode;
	} else {
		throw error;
	}
}

try {
	main()?.catch(report);
} catch (error) {
	report(error);
}
