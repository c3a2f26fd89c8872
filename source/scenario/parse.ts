// Scenario text to a Scenario: YAML with line numbers (read-yaml.ts), the schema, then what a
// schema cannot see (client names, each command). Every problem of a file is reported at once as
// `file:line: ...`. Pure: reading files is files.ts's job.

import {type Command, lockPeer, type ParseError, parseCommand, suggestedWord} from '../model/command.js';
import {type Backend, backendPresets, type ClientStatus, maxNodes, nodeNames, setupProblem, type WorldSetup} from '../model/world.js';
import {quote} from '../text/quote.js';
import {didYouMean} from '../text/suggest.js';
import type {Narration} from '../text/narration.js';
import type {Problem} from './problem.js';
import {type Path, readYaml, type ValueLines} from './read-yaml.js';
import {type ExpectFile, knownKeys, type NarrationFile, scenarioSchema, type ScenarioFile} from './schema.js';
import {commandProblemText} from '../words/describe.js';
import {noClientNamed} from '../words/en.js';

export interface Expectation {
	readonly clock?: number;
	readonly holder?: string | null;
	readonly token?: number | null;
	readonly expiry?: number | null;
	readonly value?: string | null;
	readonly maxToken?: number;
	readonly writes?: number;
	readonly rejected?: number;
	readonly inflight?: number;
	readonly violations?: number;
	readonly revision?: number | null;
	readonly nodes?: Readonly<Record<string, {readonly holder?: string | null; readonly up?: boolean}>>;
	readonly clients?: Readonly<
		Record<
			string,
			{
				readonly status?: ClientStatus;
				readonly token?: number | null;
				readonly fencing?: boolean;
				readonly holds?: boolean;
				readonly until?: number | null;
				readonly waiting?: boolean;
			}
		>
	>;
}

export interface ScenarioCommand {
	readonly command: Command;
	readonly line: number;
}

export interface ScenarioStep {
	readonly line: number;
	/** The line of `expect:`, where a failed expectation is reported (the step's line when none). */
	readonly expectLine: number;
	/** The line of each expected fact, by the key a mismatch names (`holder`, `clients.A.token`). */
	readonly expectLines: Readonly<Record<string, number>>;
	readonly commands: readonly ScenarioCommand[];
	readonly say: Narration | null;
	readonly expect: Expectation | null;
}

/** The same story told in another file with the resource's fencing flipped (`twin:`). */
export interface Twin {
	/** As the file names it: a built-in name, or a path relative to the file. */
	readonly name: string;
	readonly line: number;
	/** Its title, description and each step's narration, once files.ts has read it (null until then). */
	readonly wording: TwinWording | null;
}

export interface TwinWording {
	readonly title: Narration;
	readonly description: Narration | null;
	readonly says: readonly (Narration | null)[];
}

/** What `explore` searches from this setup, as the file gives it (null: the defaults). */
export interface ExploreSettings {
	readonly moves: readonly Command[] | null;
	readonly depth: number | null;
}

export interface Scenario {
	/** Where it came from, as messages should name it (a path, or the built-in file). */
	readonly file: string;
	/** The file it was read from, absolute, when it was read from disk: the dashboard watches it. */
	readonly path?: string;
	readonly title: Narration;
	/** Shown where the title does not fit. */
	readonly short: Narration | null;
	readonly description: Narration | null;
	readonly setup: WorldSetup;
	readonly steps: readonly ScenarioStep[];
	readonly twin: Twin | null;
	readonly explore: ExploreSettings | null;
}

export type ParseScenarioResult = {readonly ok: true; readonly scenario: Scenario} | {readonly ok: false; readonly problems: readonly Problem[]};

export function parseScenario(text: string, file: string): ParseScenarioResult {
	const read = readYaml(text);
	if (!read.ok) return {ok: false, problems: inOrder(read.problems)};
	if (!isRecord(read.data)) return {ok: false, problems: [{line: 1, message: 'expected a scenario: a map with title, clients and steps'}]};
	return fromData(read.data, read.lines, file);
}

/** The schema, then what it cannot see, then the Scenario. */
function fromData(read: Record<string, unknown>, lines: ValueLines, file: string): ParseScenarioResult {
	const data = valuesAsWritten(read, lines);
	const checked = scenarioSchema.safeParse(data);
	// Commands and names are read even when the shape is wrong, so that one run reports every mistake.
	const meaning = readMeaning(data, lines);
	const problems = [...(checked.success ? [] : checked.error.issues.flatMap(issue => schemaProblems(issue, [], data, lines))), ...meaning.problems];
	if (checked.success) problems.push(...setupProblems(checked.data, lines));
	if (!checked.success || problems.length > 0) return {ok: false, problems: inOrder(problems)};
	return {ok: true, scenario: build(checked.data, file, lines, meaning)};
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * An expected `value` is text, compared with what `write` wrote: YAML reads `value: 1e3` as the
 * number 1000 and `007` as 7, so a number there is taken as the file writes it.
 */
function valuesAsWritten(data: Record<string, unknown>, lines: ValueLines): Record<string, unknown> {
	if (!Array.isArray(data.steps)) return data;
	const steps = data.steps.map((step: unknown, index) => {
		if (!isRecord(step) || !isRecord(step.expect) || typeof step.expect.value !== 'number') return step;
		const value = lines.written(['steps', index, 'expect', 'value']) ?? String(step.expect.value);
		return {...step, expect: {...step.expect, value}};
	});
	return {...data, steps};
}

/** A file that is wrong everywhere gets this many problems shown, then a count. */
export const maxProblems = 50;

/** By line, each problem once, at most maxProblems. */
function inOrder(problems: readonly Problem[]): Problem[] {
	const seen = new Set<string>();
	const unique = problems
		.filter(problem => {
			const key = `${problem.line}:${problem.message}`;
			if (seen.has(key)) return false;
			seen.add(key);
			return true;
		})
		.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
	if (unique.length <= maxProblems) return unique;
	return [...unique.slice(0, maxProblems), {line: null, message: `… and ${unique.length - maxProblems} more problems`}];
}

/** Where a problem is, as a person reads the file: `step 3: expect.clock`, `client 2`, `lease`. */
function place(path: Path): string {
	const [first, index, ...rest] = path;
	const dotted = (parts: Path) => parts.filter(part => typeof part === 'string').join('.');
	if ((first === 'steps' || first === 'clients' || first === 'nodes') && typeof index === 'number') {
		const inside = dotted(rest);
		return `${first === 'steps' ? 'step' : first === 'clients' ? 'client' : 'node'} ${index + 1}${inside ? `: ${inside}` : ''}`;
	}
	return dotted(path);
}

const at = (path: Path, message: string) => (path.length === 0 ? message : `${place(path)}: ${message}`);

function valueAt(data: unknown, path: Path): unknown {
	let value = data;
	for (const part of path) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as Record<PropertyKey, unknown>)[part];
	}
	return value;
}

/** What a wrong value is, in words: `'yes'`, `1.5`, `a list`; a number as the file writes it (`007`, not 7). */
function shown(value: unknown, written: string | null): string {
	if (value === null) return 'nothing';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'a map';
	if (typeof value === 'string') return quote(value);
	if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) return 'a number too large to be exact';
	return typeof value === 'number' && written !== null ? written : String(value);
}

function keysAllowedAt(path: Path): readonly string[] {
	const names = path.filter(part => typeof part === 'string');
	const last = names.at(-1);
	if (path.length === 0) return knownKeys.scenario;
	if (last === 'steps') return knownKeys.step;
	if (last === 'expect') return knownKeys.expect;
	if (last === 'explore') return knownKeys.explore;
	if (names.at(-2) === 'clients' && names.includes('expect')) return knownKeys.clientExpect;
	if (names.at(-2) === 'nodes' && names.includes('expect')) return knownKeys.nodeExpect;
	if (last === 'clients') return knownKeys.client;
	if (last === 'nodes') return knownKeys.node;
	return knownKeys.narration;
}

/** A client's option given to a node, or a node's to a client: what it is, in words. */
function misplacedKey(path: Path, key: string): string | null {
	const names = path.filter(part => typeof part === 'string');
	if (names.includes('expect')) return null;
	const last = names.at(-1);
	if (last === 'clients' && knownKeys.node.includes(key)) return `${quote(key)} is an option of a lock node (under nodes:), not of a client`;
	if (last === 'nodes' && knownKeys.client.includes(key)) return `${quote(key)} is an option of a client, not of a lock node`;
	return null;
}

interface SchemaIssue {
	readonly code: string;
	readonly path: PropertyKey[];
	readonly message: string;
	readonly keys?: string[];
	readonly expected?: string;
	readonly errors?: SchemaIssue[][];
}

function schemaProblems(issue: SchemaIssue, base: Path, data: unknown, lines: ValueLines): Problem[] {
	const path = [...base, ...issue.path];
	if (issue.code === 'invalid_union' && issue.errors) {
		// "Text or a map": when the value has the type of one branch, that branch's own problems say more.
		const fitting = issue.errors.filter(branch => !branch.some(inner => inner.path.length === 0 && inner.code === 'invalid_type'));
		if (fitting.length === 1) return fitting[0]!.flatMap(inner => schemaProblems(inner, path, data, lines));
	}
	if (issue.code === 'unrecognized_keys' && issue.keys) {
		const allowed = keysAllowedAt(path);
		return issue.keys.map(key => {
			const elsewhere = misplacedKey(path, key);
			if (elsewhere !== null) return {line: lines.ofKey(path, key), message: at(path, `${elsewhere} (expected one of: ${allowed.join(', ')})`)};
			const hint = didYouMean(key, allowed);
			return {
				line: lines.ofKey(path, key),
				message: at(path, `unknown key ${quote(key)} ${hint ? `(did you mean '${hint}'?)` : `(expected one of: ${allowed.join(', ')})`}`),
			};
		});
	}
	const value = valueAt(data, path);
	const parent = valueAt(data, path.slice(0, -1));
	if (value === undefined && isRecord(parent) && path.length > 0) {
		const key = String(path.at(-1));
		return [{line: lines.of(path), message: at(path.slice(0, -1), `missing '${key}' (${issue.message})`)}];
	}
	const scalar = value === null || typeof value !== 'object';
	const written = lines.written(path);
	const got = issue.code !== 'custom' && (scalar || issue.code === 'invalid_type' || issue.code === 'invalid_union') ? `, got ${shown(value, written)}` : '';
	return [{line: lines.of(path), message: at(path, `${issue.message}${got}${flagHint(issue, value)}${numberHint(issue, value, written)}`)}];
}

/** Where text is meant, YAML still reads `007` as the number 7 and `1e3` as 1000; in quotes it is text as written. */
function numberHint(issue: SchemaIssue, value: unknown, written: string | null): string {
	if (typeof value !== 'number' || written === null || written === String(value)) return '';
	const wantsText = (each: SchemaIssue) => each.code === 'invalid_type' && each.expected === 'string';
	const textMeant = wantsText(issue) || (issue.errors ?? []).some(branch => branch.some(inner => inner.path.length === 0 && wantsText(inner)));
	return textMeant ? ` (YAML reads it as the number ${value}: put it in quotes to keep it as written)` : '';
}

/** Commands say `fencing A on`, so files say `fencing: on`; YAML reads that as text. */
function flagHint(issue: SchemaIssue, value: unknown): string {
	if (issue.expected !== 'boolean' || typeof value !== 'string') return '';
	if (/^(on|yes|y)$/i.test(value)) return ' (write true)';
	if (/^(off|no|n)$/i.test(value)) return ' (write false)';
	return '';
}

interface Meaning {
	readonly problems: Problem[];
	/** Each step's parsed commands (complete only when there are no problems). */
	readonly commands: ScenarioCommand[][];
	/** The lines under each step. */
	readonly stepLines: ValueLines[];
	/** `explore.moves`, parsed (complete only when there are no problems). */
	readonly exploreMoves: Command[];
}

/** What a schema cannot see: duplicate clients, each command, the names in expectations. Tolerates a wrong shape. */
function readMeaning(data: Record<string, unknown>, lines: ValueLines): Meaning {
	const problems: Problem[] = [];
	const clients = Array.isArray(data.clients) ? data.clients : [];
	const declared = clients.map(client => (typeof client === 'string' ? client : isRecord(client) && typeof client.name === 'string' ? client.name : null));
	declared.forEach((name, index) => {
		if (name !== null && declared.indexOf(name) !== index)
			problems.push({line: lines.of(['clients', index]), message: `client ${index + 1}: ${quote(name)} is declared twice`});
	});
	// Names are checked only against a readable client list; otherwise every command would repeat its problem.
	const names = Array.isArray(data.clients) && !declared.includes(null) ? (declared as string[]) : undefined;
	const noClient = (name: string) => `${noClientNamed(name, names!)}${hintFor(name, names!)}`;
	const nodes = readNodes(data, lines, declared, problems);

	const steps = Array.isArray(data.steps) ? data.steps : [];
	const stepsLines = lines.within(['steps']);
	const parseText = (text: string) => parseCommand(text, {clients: names, nodes});
	const stepLines = steps.map((_, stepIndex) => stepsLines.within([stepIndex]));
	const commands = steps.map((step, stepIndex): ScenarioCommand[] => {
		if (!isRecord(step)) return [];
		const stepPath = ['steps', stepIndex];
		const linesOfStep = stepLines[stepIndex]!;
		if (Object.keys(step).length === 0) problems.push({line: linesOfStep.of([]), message: `${place(stepPath)}: empty: expected do, say or expect`});
		const parsed: ScenarioCommand[] = [];
		const command = (text: unknown, path: Path) => {
			if (typeof text !== 'string') return;
			const line = linesOfStep.of(path) ?? 0;
			const result = parseText(text);
			if (result.ok) parsed.push({command: result.command, line});
			else problems.push({line, message: `${place(stepPath)}: ${commandProblemText(result.error.problem)}${commandHint(text, result.error, names, nodes)}`});
		};
		if (!Array.isArray(step.do)) command(step.do, doPath);
		else for (const [index, text] of step.do.entries()) command(text, ['do', index]);
		const expect = step.expect;
		if (names && isRecord(expect)) {
			if (typeof expect.holder === 'string' && !names.includes(expect.holder)) {
				const free = /^(none|nobody|free|nil|null|-)$/i.test(expect.holder) ? ' (for a free lock, write holder: null)' : '';
				problems.push({line: linesOfStep.of(['expect', 'holder']), message: `${place(stepPath)}: expect.holder: ${noClient(expect.holder)}${free}`});
			}
			for (const name of isRecord(expect.clients) ? Object.keys(expect.clients) : []) {
				if (!names.includes(name))
					problems.push({line: linesOfStep.ofKey(['expect', 'clients'], name), message: `${place(stepPath)}: expect.clients: ${noClient(name)}`});
			}
			for (const [name, facts] of isRecord(expect.nodes) ? Object.entries(expect.nodes) : []) {
				if (nodes && !nodes.includes(name))
					problems.push({
						line: linesOfStep.ofKey(['expect', 'nodes'], name),
						message: `${place(stepPath)}: expect.nodes: no node named ${quote(name)} (nodes: ${nodes.join(', ')})${hintFor(name, nodes)}`,
					});
				if (isRecord(facts) && typeof facts.holder === 'string' && !names.includes(facts.holder))
					problems.push({
						line: linesOfStep.of(['expect', 'nodes', name, 'holder']),
						message: `${place(stepPath)}: expect.nodes.${name}.holder: ${noClient(facts.holder)}`,
					});
			}
		}
		return parsed;
	});
	const exploreMoves: Command[] = [];
	const moves = isRecord(data.explore) && Array.isArray(data.explore.moves) ? data.explore.moves : [];
	for (const [index, text] of moves.entries()) {
		if (typeof text !== 'string') continue;
		const result = parseText(text);
		if (result.ok) exploreMoves.push(result.command);
		else
			problems.push({
				line: lines.of(['explore', 'moves', index]),
				message: `explore: move ${index + 1}: ${commandProblemText(result.error.problem)}${commandHint(text, result.error, names, nodes)}`,
			});
	}
	return {problems, commands, stepLines, exploreMoves};
}

const doPath: Path = ['do'];

const hintFor = (word: string, known: readonly string[]) => {
	const hint = didYouMean(word, known);
	return hint ? ` (did you mean ${quote(hint)}?)` : '';
};

/**
 * The nodes' names (undefined when the list cannot be read), with their problems: two nodes of
 * one name, or a node named like a client (a command could not tell them apart), whether the file
 * names the node or the node has its default name (L1…LN).
 */
function readNodes(data: Record<string, unknown>, lines: ValueLines, clients: readonly (string | null)[], problems: Problem[]): string[] | undefined {
	const {nodes} = data;
	clients.forEach((name, index) => {
		if (name === lockPeer)
			problems.push({line: lines.of(['clients', index]), message: `client ${index + 1}: 'lock' names every lock node in partition and heal, not a client`});
	});
	if (nodes === undefined || typeof nodes === 'number') {
		const defaults = defaultNodes(data);
		if (defaults === undefined) return undefined;
		clients.forEach((name, index) => {
			if (name !== null && defaults.names.includes(name))
				problems.push({
					line: lines.of(['clients', index]),
					message: `client ${index + 1}: ${quote(name)} is also a lock node's name (${defaults.why}): a command could not tell them apart`,
				});
		});
		return defaults.names;
	}
	if (!Array.isArray(nodes)) return undefined;
	const named = nodes.map(node => (isRecord(node) && typeof node.name === 'string' ? node.name : null));
	named.forEach((name, index) => {
		if (name === null) return;
		const line = lines.of(['nodes', index, 'name']);
		if (named.indexOf(name) !== index) problems.push({line, message: `node ${index + 1}: ${quote(name)} is declared twice`});
		if (clients.includes(name))
			problems.push({line, message: `node ${index + 1}: ${quote(name)} is also a client's name: a command could not tell them apart`});
	});
	return named.includes(null) ? undefined : (named as string[]);
}

/** The nodes' default names when the file does not name them, and where they come from (undefined: a wrong count). */
function defaultNodes(data: Record<string, unknown>): {readonly names: string[]; readonly why: string} | undefined {
	const {nodes, backend} = data;
	if (typeof nodes === 'number') {
		if (!(Number.isSafeInteger(nodes) && nodes >= 1 && nodes <= maxNodes)) return undefined;
		return {names: nodeNames(nodes), why: nodes === 1 ? 'nodes: 1 is named L1' : `nodes: ${nodes} are named L1 to L${nodes}`};
	}
	const preset = typeof backend === 'string' && Object.hasOwn(backendPresets, backend) ? (backend as Backend) : null;
	const count = preset === null ? 1 : backendPresets[preset].nodes;
	if (count === 1) return {names: nodeNames(1), why: 'the one lock node is named L1 unless nodes: names it'};
	return {names: nodeNames(count), why: `backend: ${preset} has ${count} nodes, named L1 to L${count} unless nodes: names them`};
}

/** Tokens need one node that remembers: the line of the key that asks for what cannot be, and why. */
function setupProblems(data: ScenarioFile, lines: ValueLines): Problem[] {
	const problem = setupProblem(setupOf(data));
	if (problem === null) return [];
	const key = (['tokens', 'nodes', 'persistent', 'backend'] as const).find(each => data[each] !== undefined) ?? 'tokens';
	return [{line: lines.ofKey([], key), message: problem}];
}

/** " (did you mean 'acquire'?)" when putting a near word in place of the wrong one makes the command right. */
function commandHint(text: string, error: ParseError, clients: readonly string[] | undefined, nodes: readonly string[] | undefined): string {
	const hint = suggestedWord(text, error, {clients, nodes});
	return hint === null ? '' : ` (did you mean ${quote(hint)}?)`;
}

function narration(value: NarrationFile | undefined): Narration | null {
	if (value === undefined) return null;
	return typeof value === 'string' ? {en: value, ja: value} : value;
}

/** `value` is text by now (valuesAsWritten); its type allows a number as the schema does, for editors, which see one. */
function expectation(expect: ExpectFile | undefined): Expectation | null {
	if (expect === undefined) return null;
	const {value, ...rest} = expect;
	return value === undefined ? rest : {...rest, value: value === null ? null : String(value)};
}

/** `expectLines` are the lines under the step's `expect`. */
function factLines(expect: ExpectFile, expectLines: ValueLines): Record<string, number> {
	const found: Record<string, number> = {};
	const note = (key: string, at: Path, name: string) => {
		const line = expectLines.ofKey(at, name);
		if (line !== null) found[key] = line;
	};
	for (const key of Object.keys(expect)) note(key, [], key);
	for (const [name, facts] of Object.entries(expect.clients ?? {})) {
		for (const fact of Object.keys(facts)) note(`clients.${name}.${fact}`, ['clients', name], fact);
	}
	for (const [name, facts] of Object.entries(expect.nodes ?? {})) {
		for (const fact of Object.keys(facts)) note(`nodes.${name}.${fact}`, ['nodes', name], fact);
	}
	return found;
}

function setupOf(data: ScenarioFile): WorldSetup {
	const clients = data.clients.map(client => (typeof client === 'string' ? {name: client} : client));
	const {backend, nodes, tokens, lockDelay, persistent, latency, drift, timeout} = data;
	return {resource: data.resource, lease: data.lease, fencing: data.fencing, clients, backend, nodes, tokens, lockDelay, persistent, latency, drift, timeout};
}

function build(data: ScenarioFile, file: string, lines: ValueLines, {commands, stepLines: linesOfSteps, exploreMoves}: Meaning): Scenario {
	const steps = data.steps.map((step, index): ScenarioStep => {
		const stepLines = linesOfSteps[index]!;
		const line = stepLines.of([]) ?? 0;
		return {
			line,
			expectLine: step.expect ? (stepLines.ofKey([], 'expect') ?? line) : line,
			expectLines: step.expect ? factLines(step.expect, stepLines.within(['expect'])) : {},
			commands: commands[index] ?? [],
			say: narration(step.say),
			expect: expectation(step.expect),
		};
	});
	return {
		file,
		title: narration(data.title)!,
		short: narration(data.short),
		description: narration(data.description),
		setup: setupOf(data),
		steps,
		twin: data.twin === undefined ? null : {name: data.twin, line: lines.of(['twin']) ?? 0, wording: null},
		explore: data.explore === undefined ? null : {moves: data.explore.moves === undefined ? null : exploreMoves, depth: data.explore.depth ?? null},
	};
}
