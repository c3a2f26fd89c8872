// The command line: reads the arguments, hands off to one command, turns errors into exit codes.
// It never ends the process (the bin, source/cli.tsx, sets the exit code), so tests call it.

// Bundled into dist/cli.js, so --version needs no package.json at run time.
import packageJson from '../../package.json' with {type: 'json'};
import {printable, quote} from '../text/quote.js';
import {defaultScenarioName, resolveScenario, ScenarioLoadError, ScenarioNotFound} from '../scenario/files.js';
import {didYouMean} from '../text/suggest.js';
import {writeFailure} from '../export/write-failure.js';
import {checkFlagsApply, type Command, readCommandLine, subcommands} from './arguments.js';
import type {CommandLineIo} from './command-line-io.js';
import {runCheck} from './check.js';
import {runExplore} from './explore.js';
import {crashExitCode, crashLine, runCrashTeardowns, writeCrashReport} from './crash.js';
import {UsageError} from './errors.js';
import {runList} from './list.js';
import {type Output, OutputClosed, outputTo} from './output.js';
import {runTrace} from './trace.js';
import {dashboardTerminalProblem} from './terminal.js';

// The commands that draw the dashboard load Ink and React when they run, so trace, check, list
// and --help start without them.
const drawing = {
	dashboard: () => import('./dashboard.js'),
	print: () => import('./print.js'),
	record: () => import('./record.js'),
};
// So does live, which also loads the etcd client.
const live = () => import('./live.js');

/** Runs `dlock-tui ...argv` and resolves to its exit code. */
export async function run(argv: readonly string[], io: CommandLineIo): Promise<number> {
	const output = outputTo(io.stdout);
	let code: number;
	try {
		code = await runCommand(argv, io, output);
	} catch (error) {
		if (!(error instanceof OutputClosed)) return reportError(error, argv, io.stderr);
		code = 0;
	}
	const failure = await output.finish();
	// A reader that stopped early (`| head`) is no failure: the command's own status stands. Any
	// other (a full disk) is said, and never turns a failed check into a pass.
	if (failure === null || failure.code === 'EPIPE') return code;
	io.stderr.write(`dlock-tui: cannot write to standard output: ${writeFailure(failure)}\n`);
	return Math.max(code, 1);
}

async function runCommand(argv: readonly string[], io: CommandLineIo, output: Output): Promise<number> {
	// No arguments: the dashboard of the default scenario, with nothing to parse (and meow not loaded).
	if (argv.length === 0) {
		const {runDashboard} = await drawing.dashboard();
		await runDashboard(defaultScenarioName, {}, io);
		return 0;
	}
	const cli = readCommandLine(argv);
	const [word, ...rest] = cli.input;
	const showHelp = () => {
		io.stdout.write(`${cli.help}\n`);
		return 0;
	};
	// --help and --version, wherever they are, win over the rest.
	if (cli.flags.help) return showHelp();
	if (cli.flags.version) {
		io.stdout.write(`${packageJson.version}\n`);
		return 0;
	}
	const command: Command = subcommands.find(name => name === word) ?? 'dashboard';
	// `dlock-tui trcae x --json` is a typo of the command, whatever the flags say.
	if (command === 'dashboard' && word !== undefined) checkNotMistypedCommand(word, rest);
	checkFlagsApply(command, cli.given);
	const {write} = output;
	switch (command) {
		case 'trace': {
			if (rest.length !== 1) throw new UsageError('trace: expected one scenario (a built-in name or a path)');
			await runTrace(rest[0]!, cli.flags.json ?? false, write);
			return 0;
		}
		case 'check': {
			if (rest.length === 0) throw new UsageError('check: expected one or more scenarios (built-in names or paths)');
			return runCheck(rest, output.writeWhileOpen);
		}
		case 'record': {
			if (rest.length !== 1) throw new UsageError('record: expected one scenario (a built-in name or a path) and -o FILE');
			const {runRecord} = await drawing.record();
			runRecord(rest[0]!, cli.flags, write, text => io.stderr.write(text));
			return 0;
		}
		case 'print': {
			if (rest.length !== 1) throw new UsageError('print: expected one scenario (a built-in name or a path)');
			const {runPrint} = await drawing.print();
			runPrint(rest[0]!, cli.flags, write, text => io.stderr.write(text));
			return 0;
		}
		case 'explore': {
			if (rest.length !== 1) throw new UsageError('explore: expected one scenario (a built-in name or a path)');
			const open = async (file: string) => {
				const {runDashboard} = await drawing.dashboard();
				await runDashboard(file, {}, io);
			};
			// As for check, the status stands when nobody reads the output: a counterexample is 1 under `| true` too.
			return runExplore(rest[0]!, cli.flags, {write: output.writeWhileOpen, stderr: io.stderr, open, terminalProblem: dashboardTerminalProblem(io)});
		}
		case 'list': {
			if (rest.length > 0) throw new UsageError(`list: unexpected ${quote(rest[0]!)}`);
			runList(cli.flags, write);
			return 0;
		}
		case 'live': {
			if (rest.length > 1) throw new UsageError(`live: unexpected ${quote(rest[1]!)} after the scenario`);
			return (await live()).runLive(rest[0], cli.flags, io, output.writeWhileOpen);
		}
		case 'help':
			return showHelp();
		case 'dashboard': {
			if (rest.length > 0) throw new UsageError(`unexpected ${quote(rest[0]!)} after the scenario`);
			const {runDashboard} = await drawing.dashboard();
			await runDashboard(word ?? defaultScenarioName, {...cli.flags, keyBar: cli.flags.keys ?? true}, io);
			return 0;
		}
	}
}

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

/**
 * Bad input and failed checks are expected: one line each and their exit code. Anything else is a
 * crash: the terminal given back, one line naming a report, 70. Returns the exit code.
 */
export function reportError(error: unknown, argv: readonly string[], stderr: NodeJS.WritableStream): number {
	// A message may quote what a user typed, a file held or a path: each line is made printable whole,
	// so a newline in a name cannot start a line of its own.
	const say = (line: string) => stderr.write(`${printable(line)}\n`);
	if (error instanceof ScenarioLoadError) {
		const notFound = error instanceof ScenarioNotFound;
		for (const [index, problem] of error.problems.entries()) {
			const last = index === error.problems.length - 1;
			say(`${notFound ? 'dlock-tui: ' : ''}${problem}${notFound && last ? ' (see dlock-tui --help)' : ''}`);
		}
		return 2;
	}
	if (error instanceof UsageError) {
		say(`dlock-tui: ${error.message} (see dlock-tui --help)`);
		return error.exitCode;
	}
	runCrashTeardowns();
	say(crashLine(error, writeCrashReport(error, packageJson.version, argv)));
	return crashExitCode;
}
