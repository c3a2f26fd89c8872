// Finding and reading scenario files: a built-in name (`gc-pause`) or a path.

import {existsSync, readdirSync, readFileSync, type Stats, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {type Backend, backends, resolveSetup} from '../model/world.js';
import {printable, quote} from '../text/quote.js';
import {didYouMean} from '../text/suggest.js';
import {type Lang, narrationIn} from '../text/narration.js';
import {parseScenario, type Scenario, type Twin, type TwinWording} from './parse.js';
import {formatProblem} from './problem.js';
import {twinDifference} from './twin.js';

/**
 * Scenario files larger than this (1 MiB) are refused before they are read: a 10,000-step
 * scenario takes a quarter of it, and it bounds what yaml's document of the file holds.
 */
export const maxScenarioBytes = 1024 * 1024;

export const defaultScenarioName = 'gc-pause';

export class ScenarioLoadError extends Error {
	/**
	 * Every problem, one line each, already prefixed with `file:line:`. A problem names a path, which
	 * may hold anything but `/`: each is made printable here, so none can act on a terminal or add a line.
	 */
	readonly problems: readonly string[];

	constructor(problems: readonly string[]) {
		const shown = problems.map(printable);
		super(shown.join('\n'));
		this.problems = shown;
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

export interface BuiltinChoice {
	readonly name: string;
	readonly file: string;
	readonly title: string;
	/** Shown where the title does not fit. */
	readonly short: string | null;
	readonly description: string | null;
}

export interface BuiltinGroup {
	readonly backend: Backend;
	/** The lock service the group's stories are told on, in words. */
	readonly heading: string;
	readonly scenarios: readonly BuiltinChoice[];
}

const backendHeadings: Readonly<Record<Backend, Readonly<Record<Lang, string>>>> = {
	generic: {en: 'A generic lock service', ja: '汎用のロックサービス'},
	etcd: {en: 'etcd', ja: 'etcd'},
	zookeeper: {en: 'ZooKeeper', ja: 'ZooKeeper'},
	consul: {en: 'Consul', ja: 'Consul'},
	redis: {en: 'Redis', ja: 'Redis'},
	redlock: {en: 'Redlock', ja: 'Redlock'},
};

/**
 * The built-in scenarios for the picker and `list`, grouped by the backend their setup names, in
 * the order of `backends`: the default scenario first in its group, the others by name.
 */
export function builtinGroups(lang: Lang): BuiltinGroup[] {
	const directory = builtinDirectory();
	const names = builtinNames(directory).sort((a, b) => Number(b === defaultScenarioName) - Number(a === defaultScenarioName));
	const read = names.map(name => {
		const file = path.join(directory, `${name}.yaml`);
		// Its twin is not read: the list needs none of the twin's words, and opening the scenario reads it and says what is wrong with it.
		const scenario = parsedScenario(file, readScenarioText(file));
		const choice = {
			name,
			file,
			title: narrationIn(scenario.title, lang),
			short: scenario.short === null ? null : narrationIn(scenario.short, lang),
			description: scenario.description === null ? null : narrationIn(scenario.description, lang),
		};
		return {backend: resolveSetup(scenario.setup).backend, choice};
	});
	return backends
		.map(backend => ({backend, heading: backendHeadings[backend][lang], scenarios: read.filter(each => each.backend === backend).map(each => each.choice)}))
		.filter(group => group.scenarios.length > 0);
}

const looksLikePath = (argument: string) => argument.includes('/') || argument.includes('\\') || /\.ya?ml$/i.test(argument);

/** The file a scenario argument names: a path as given, else a built-in name. */
export function resolveScenario(argument: string): string {
	if (looksLikePath(argument) || existsSync(argument)) return argument;
	const builtin = path.join(builtinDirectory(), `${argument}.yaml`);
	if (existsSync(builtin)) return builtin;
	const names = builtinNames();
	const hint = didYouMean(argument, names);
	throw new ScenarioNotFound([
		`${argument}: no such file or built-in scenario (${hint === null ? `built-in: ${names.join(', ')}` : `did you mean '${hint}'?`})`,
	]);
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
			`${file}: ${stats.size.toLocaleString('en')} bytes is too large for a scenario (at most 1 MiB, ${maxScenarioBytes.toLocaleString('en')} bytes)`,
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

/** Loads a scenario by built-in name or path, and its twin's wording; throws ScenarioLoadError with every problem. */
export function loadScenario(argument: string): Scenario {
	const scenario = readScenario(argument);
	return scenario.twin ? {...scenario, twin: {...scenario.twin, wording: twinWording(scenario, scenario.twin)}} : scenario;
}

function readScenario(argument: string): Scenario & {readonly path: string} {
	const file = resolveScenario(argument);
	return parsedScenario(file, readScenarioText(file));
}

function parsedScenario(file: string, text: string): Scenario & {readonly path: string} {
	const parsed = parseScenario(text, displayName(file));
	if (!parsed.ok) throw new ScenarioLoadError(parsed.problems.map(problem => formatProblem(displayName(file), problem)));
	return {...parsed.scenario, path: path.resolve(file)};
}

/** The twin's narration, once it is known to be the same story with the resource's fencing flipped. */
function twinWording(scenario: Scenario & {readonly path: string}, twin: Twin): TwinWording {
	const place = `${scenario.file}:${twin.line}: twin ${quote(twin.name)}`;
	// A path is read beside the file, a name among the built-in scenarios (never in the current directory).
	const file = looksLikePath(twin.name) ? path.resolve(path.dirname(scenario.path), twin.name) : path.join(builtinDirectory(), `${twin.name}.yaml`);
	if (!looksLikePath(twin.name) && !existsSync(file))
		throw new ScenarioLoadError([
			`${place}: no such built-in scenario (built-in: ${builtinNames().join(', ')}; a file needs a path, e.g. ./${twin.name}.yaml)`,
		]);
	let other: Scenario;
	try {
		other = readScenario(file);
	} catch (error) {
		if (!(error instanceof ScenarioLoadError)) throw error;
		throw new ScenarioLoadError([`${place}: cannot be read`, ...error.problems]);
	}
	const difference = twinDifference(scenario, other);
	if (difference) throw new ScenarioLoadError([`${place}: not this story with the resource's fencing flipped: ${difference}`]);
	return {title: other.title, description: other.description, says: other.steps.map(step => step.say)};
}

/** Built-in files are named by their path inside the package, others as the user gave them, made printable. */
function displayName(file: string): string {
	const builtin = builtinDirectory();
	return path.dirname(path.resolve(file)) === builtin ? `scenarios/${path.basename(file)}` : printable(file);
}
