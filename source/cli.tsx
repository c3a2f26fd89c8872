#!/usr/bin/env node
// The command line: reads arguments, hands off to one command, turns errors into exit codes.

import {once} from 'node:events';
// Bundled into dist/cli.js, so --version needs no package.json at run time.
import packageJson from '../package.json' with {type: 'json'};
import {runCheck} from './commands/check.js';
import {runDashboard} from './commands/dashboard.js';
import {crashExitCode, crashLine, runCrashTeardowns, writeCrashReport} from './commands/crash.js';
import {UsageError} from './commands/errors.js';
import {parseCommandLine} from './commands/flags.js';
import {endForHangup, isHangup} from './commands/hangup.js';
import {runList} from './commands/list.js';
import {runPrint} from './commands/print.js';
import {runRecord} from './commands/record.js';
import {runTrace} from './commands/trace.js';
import {defaultScenarioName, resolveScenario, ScenarioLoadError, ScenarioNotFound} from './scenario/files.js';
import {printable, quote} from './text/quote.js';
import {didYouMean} from './text/suggest.js';

const flags = {
	json: {type: 'boolean'},
	lang: {type: 'string'},
	theme: {type: 'string'},
	ascii: {type: 'boolean'},
	// An absent --color stays undefined: --color and --no-color each mean something.
	color: {type: 'boolean'},
	autoplay: {type: 'string'},
	output: {type: 'string', shortFlag: 'o'},
	cols: {type: 'string'},
	rows: {type: 'string'},
	stepDelay: {type: 'string'},
	keys: {type: 'boolean'},
} as const;

const help = `
  ${packageJson.description}

  Usage
    $ dlock-tui [scenario]            open the dashboard (default: ${defaultScenarioName})
    $ dlock-tui trace <scenario>      every command and the state after it
    $ dlock-tui check <scenario...>   play each scenario and check its expectations
    $ dlock-tui list                  the built-in scenarios
    $ dlock-tui record <scenario> -o demo.cast
                                      an asciinema recording of the scenario, step by step
    $ dlock-tui print <scenario>      every step's screen as text

  A scenario is a built-in name (see README) or a path to a YAML file.

  Options
    --json          trace: one JSON object per line
    --lang en|ja    labels and narration in English or Japanese
    --theme T       dark (default), light or contrast (for projectors)
    --ascii         no box-drawing characters or symbols
    --no-color      no colours (the dashboard also honours NO_COLOR)
    --autoplay S    dashboard: a step every S seconds until the end; any key takes over
    -o, --output F  record: the file to write (- for stdout)
    --cols N        record, print: terminal columns (default 80)
    --rows N        record, print: terminal rows (default 24)
    --step-delay S  record: seconds per step (default 3; long narration stays longer)
    --no-keys       record, print: no key bar (nobody watching can press a key)
    --color         print: keep colours and styles (escape codes)
    --help          show this help
    --version       show the version

`;

// `ps` and `top` name the program, not node.
process.title = 'dlock-tui';

// A reader that stops early (`| head`) is not an error, nor a terminal closed under the program.
process.stdout.on('error', error => {
	if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
	if (isHangup(error)) return endForHangup();
	throw error;
});

function main(): void | Promise<void> {
	const cli = parseCommandLine(process.argv.slice(2), flags);
	if (cli.flags.help || cli.flags.version) {
		process.stdout.write(cli.flags.help ? help : `${packageJson.version}\n`);
		return;
	}
	const [subcommand, ...rest] = cli.input;
	// Says "wait" (a promise) when the reader is behind; runTrace waits, so a long trace never piles up in memory.
	// One promise for all the writes that wait: a listener each would make every drain cost as many calls.
	let drained: Promise<void> | undefined;
	const write = (text: string) => {
		if (process.stdout.write(text)) return undefined;
		drained ??= once(process.stdout, 'drain').then(() => {
			drained = undefined;
		});
		return drained;
	};
	switch (subcommand) {
		case 'trace': {
			if (rest.length !== 1) throw new UsageError('trace: expected one scenario (a built-in name or a path)');
			return runTrace(rest[0]!, cli.flags.json ?? false, write);
		}
		case 'check': {
			if (rest.length === 0) throw new UsageError('check: expected one or more scenarios (built-in names or paths)');
			process.exitCode = runCheck(rest, write);
			return;
		}
		case 'record': {
			if (rest.length !== 1) throw new UsageError('record: expected one scenario (a built-in name or a path) and -o FILE');
			runRecord(rest[0]!, cli.flags, write, text => process.stderr.write(text));
			return;
		}
		case 'print': {
			if (rest.length !== 1) throw new UsageError('print: expected one scenario (a built-in name or a path)');
			runPrint(rest[0]!, cli.flags, write);
			return;
		}
		case 'list': {
			if (rest.length > 0) throw new UsageError(`list: unexpected ${quote(rest[0]!)}`);
			runList(cli.flags, write);
			return;
		}
		default: {
			// Anything else names a scenario for the dashboard.
			const scenario = subcommand ?? defaultScenarioName;
			checkNotMistypedCommand(scenario, rest);
			if (rest.length > 0) throw new UsageError(`unexpected ${quote(rest[0]!)} after the scenario`);
			return runDashboard(scenario, cli.flags);
		}
	}
}

/** The cases of main's switch. */
const subcommands = ['trace', 'check', 'record', 'print', 'list'];

/** `dlock-tui trcae x` is a typo of a command, not a scenario called "trcae". */
function checkNotMistypedCommand(word: string, rest: readonly string[]): void {
	try {
		resolveScenario(word);
		return;
	} catch (error) {
		if (!(error instanceof ScenarioNotFound)) throw error;
		const hint = didYouMean(word, subcommands);
		if (hint) throw new UsageError(`unknown command ${quote(word)} (did you mean '${hint}'?)`);
		if (rest.length > 0) throw new UsageError(`unknown command ${quote(word)} (commands: ${subcommands.join(', ')}; or a scenario for the dashboard)`);
	}
}

/** Messages may quote what a user typed or a file held: nothing unprintable reaches the terminal. */
const say = (text: string) => process.stderr.write(`${text.split('\n').map(printable).join('\n')}\n`);

/** Bad input and failed checks are expected: one line each and their exit code. Anything else is a crash. */
function report(error: unknown): void {
	if (error instanceof ScenarioLoadError) {
		say(error instanceof ScenarioNotFound ? `${error.message} (see dlock-tui --help)` : error.message);
		process.exitCode = 2;
	} else if (error instanceof UsageError) {
		say(`dlock-tui: ${error.message} (see dlock-tui --help)`);
		process.exitCode = error.exitCode;
	} else {
		runCrashTeardowns();
		say(crashLine(error, writeCrashReport(error, packageJson.version)));
		process.exitCode = crashExitCode;
	}
}

// Errors from callbacks and promises end the same way: never a stack trace on the terminal.
process.on('uncaughtException', error => {
	report(error);
	process.exit();
});
process.on('unhandledRejection', error => {
	report(error);
	process.exit();
});

try {
	main()?.catch(report);
} catch (error) {
	report(error);
}
