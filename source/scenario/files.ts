// Finding and reading scenario files: a built-in name (`gc-pause`) or a path.

import {existsSync, readdirSync, readFileSync, type Stats, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {type Lang, narrationIn} from './narration.js';
import {formatProblem, parseScenario, type Scenario} from './parse.js';

/** Scenario files larger than this are refused before parsing: no scenario needs more. */
export const maxScenarioBytes = 10 * 1024 * 1024;

export const defaultScenarioName = 'gc-pause';

export class ScenarioLoadError extends Error {
	/** Every problem, one line each, already prefixed with `file:line:`. */
	constructor(readonly problems: readonly string[]) {
		super(problems.join('\n'));
	}
}

/** The scenario argument names no file and no built-in scenario. */
export class ScenarioNotFound extends ScenarioLoadError {}

/** The built-in scenarios ship beside the code: dist/cli.js and source/scenario/files.ts both find them. */
export function builtinDirectory(): string {
	let directory = path.dirname(fileURLToPath(import.meta.url));
	for (let up = 0; up < 4; up += 1) {
		const candidate = path.join(directory, 'scenarios');
		if (existsSync(path.join(candidate, `${defaultScenarioName}.yaml`))) return candidate;
		directory = path.dirname(directory);
	}
	throw new ScenarioLoadError(['the built-in scenarios are missing: the installation is incomplete']);
}

export function builtinNames(directory = builtinDirectory()): string[] {
	return readdirSync(directory)
		.filter(file => file.endsWith('.yaml'))
		.map(file => file.slice(0, -'.yaml'.length))
		.sort();
}

/** Every built-in scenario's name, file, title and short title (if any), for the picker and `list`. */
export function builtinTitles(lang: Lang): {readonly name: string; readonly file: string; readonly title: string; readonly short: string | null}[] {
	const directory = builtinDirectory();
	return builtinNames(directory).map(name => {
		const file = path.join(directory, `${name}.yaml`);
		const scenario = loadScenario(file);
		return {name, file, title: narrationIn(scenario.title, lang), short: scenario.short === null ? null : narrationIn(scenario.short, lang)};
	});
}

const looksLikePath = (argument: string) => argument.includes('/') || argument.includes('\\') || /\.ya?ml$/i.test(argument);

/** The file a scenario argument names: a path as given, else a built-in name. */
export function resolveScenario(argument: string): string {
	if (looksLikePath(argument) || existsSync(argument)) return argument;
	const builtin = path.join(builtinDirectory(), `${argument}.yaml`);
	if (existsSync(builtin)) return builtin;
	throw new ScenarioNotFound([`${argument}: no such file or built-in scenario (built-in: ${builtinNames().join(', ')})`]);
}

/** Why a file could not be read, in words. */
function cannotRead(file: string, error: unknown): ScenarioLoadError {
	const code = (error as NodeJS.ErrnoException).code;
	if (code === 'ENOENT') return new ScenarioNotFound([`${file}: cannot read: no such file`]);
	const reason = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? (error as Error).message);
	return new ScenarioLoadError([`${file}: cannot read: ${reason}`]);
}

function readScenarioText(file: string): string {
	let stats: Stats;
	try {
		stats = statSync(file);
	} catch (error) {
		throw cannotRead(file, error);
	}
	if (stats.isDirectory()) throw new ScenarioLoadError([`${file}: is a directory, expected a scenario file`]);
	// A pipe or a device could block forever or never end.
	if (!stats.isFile()) throw new ScenarioLoadError([`${file}: not a regular file, expected a scenario file`]);
	if (stats.size > maxScenarioBytes) {
		throw new ScenarioLoadError([
			`${file}: ${(stats.size / 1024 / 1024).toFixed(1)} MiB is too large for a scenario (at most ${maxScenarioBytes / 1024 / 1024} MiB)`,
		]);
	}
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		throw cannotRead(file, error);
	}
	if (text.includes('\u0000') || text.includes('\uFFFD')) throw new ScenarioLoadError([`${file}: not a text file (expected UTF-8 YAML)`]);
	return text;
}

/** Loads a scenario by built-in name or path; throws ScenarioLoadError with every problem. */
export function loadScenario(argument: string): Scenario {
	const file = resolveScenario(argument);
	const parsed = parseScenario(readScenarioText(file), displayName(file));
	if (!parsed.ok) throw new ScenarioLoadError(parsed.problems.map(problem => formatProblem(displayName(file), problem)));
	return {...parsed.scenario, path: path.resolve(file)};
}

/** Built-in files are named by their path inside the package, others as the user gave them. */
function displayName(file: string): string {
	const builtin = builtinDirectory();
	return path.dirname(path.resolve(file)) === builtin ? `scenarios/${path.basename(file)}` : file;
}
