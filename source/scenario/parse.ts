// Scenario text to a Scenario: YAML with line numbers, the schema, then what a schema cannot see
// (client names, each command). Every problem of a file is reported at once as `file:line: ...`.
// Pure: reading files is files.ts's job.

import {isMap, isNode, LineCounter, parseDocument, type Document} from 'yaml';
import {type Command, parseCommand} from '../model/command.js';
import type {ClientStatus, WorldSetup} from '../model/world.js';
import {didYouMean} from './suggest.js';
import {knownKeys, type NarrationFile, scenarioSchema, type ScenarioFile} from './schema.js';

export interface Narration {
	readonly en?: string;
	readonly ja?: string;
}

export interface Expectation {
	readonly clock?: number;
	readonly holder?: string | null;
	readonly token?: number | null;
	readonly value?: string | null;
	readonly maxToken?: number;
	readonly writes?: number;
	readonly rejected?: number;
	readonly violations?: number;
	readonly clients?: Readonly<Record<string, {readonly status?: ClientStatus; readonly token?: number | null; readonly fencing?: boolean}>>;
}

export interface ScenarioCommand {
	readonly command: Command;
	readonly line: number;
}

export interface ScenarioStep {
	readonly line: number;
	readonly commands: readonly ScenarioCommand[];
	readonly say: Narration | null;
	readonly expect: Expectation | null;
}

export interface Scenario {
	/** Where it came from, as messages should name it (a path, or the built-in file). */
	readonly file: string;
	readonly title: Narration;
	readonly description: Narration | null;
	readonly setup: WorldSetup;
	readonly steps: readonly ScenarioStep[];
}

export interface Problem {
	readonly line: number | null;
	readonly message: string;
}

export type ParseScenarioResult = {readonly ok: true; readonly scenario: Scenario} | {readonly ok: false; readonly problems: readonly Problem[]};

/** Alias expansion is capped so that a "billion laughs" file fails fast instead of eating memory. */
const maxAliasCount = 100;

export function formatProblem(file: string, problem: Problem): string {
	return problem.line === null ? `${file}: ${problem.message}` : `${file}:${problem.line}: ${problem.message}`;
}

export function parseScenario(text: string, file: string): ParseScenarioResult {
	const lineCounter = new LineCounter();
	const doc = parseDocument(text, {lineCounter, uniqueKeys: true, prettyErrors: false, strict: true});
	const lineAt = (offset: number) => lineCounter.linePos(offset).line;
	if (doc.errors.length > 0) {
		return {ok: false, problems: doc.errors.map(error => ({line: lineAt(error.pos[0]), message: yamlMessage(error.code, error.message)}))};
	}
	let data: unknown;
	try {
		data = doc.toJS({maxAliasCount});
	} catch (error) {
		return {ok: false, problems: [{line: null, message: `YAML: ${(error as Error).message}`}]};
	}
	if (data === null || typeof data !== 'object' || Array.isArray(data)) {
		return {ok: false, problems: [{line: 1, message: 'expected a scenario: a map with title, clients and steps'}]};
	}

	const lines = new NodeLines(doc, lineAt);
	const checked = scenarioSchema.safeParse(data);
	if (!checked.success) {
		return {ok: false, problems: checked.error.issues.map(issue => schemaProblem(issue, lines))};
	}
	return build(checked.data, file, lines);
}

function yamlMessage(code: string, message: string): string {
	if (code === 'DUPLICATE_KEY') return 'YAML: a key appears twice in the same map';
	return `YAML: ${message.split('\n')[0]}`;
}

type Path = readonly PropertyKey[];

/** Finds the line of any value (or key) in the parsed document. */
class NodeLines {
	constructor(
		private readonly doc: Document,
		private readonly lineAt: (offset: number) => number,
	) {}

	of(path: Path): number | null {
		for (let end = path.length; end >= 0; end -= 1) {
			const node = this.doc.getIn(path.slice(0, end) as unknown[], true);
			if (isNode(node) && node.range) return this.lineAt(node.range[0]);
		}
		return null;
	}

	ofKey(path: Path, key: string): number | null {
		const map = this.doc.getIn(path as unknown[], true);
		if (isMap(map)) {
			const pair = map.items.find(item => isNode(item.key) && (item.key as {value?: unknown}).value === key);
			if (pair && isNode(pair.key) && pair.key.range) return this.lineAt(pair.key.range[0]);
		}
		return this.of(path);
	}
}

function pathText(path: Path): string {
	return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`)).join('');
}

function keysAllowedAt(path: Path): readonly string[] {
	const names = path.filter(part => typeof part === 'string');
	const last = names.at(-1);
	if (path.length === 0) return knownKeys.scenario;
	if (last === 'steps') return knownKeys.step;
	if (last === 'expect') return knownKeys.expect;
	if (last === 'clients' && names.includes('expect')) return [];
	if (names.at(-2) === 'clients' && names.includes('expect')) return knownKeys.clientExpect;
	if (last === 'clients') return knownKeys.client;
	return knownKeys.narration;
}

interface SchemaIssue {
	readonly code: string;
	readonly path: PropertyKey[];
	readonly message: string;
	readonly keys?: string[];
}

function schemaProblem(issue: SchemaIssue, lines: NodeLines): Problem {
	const where = pathText(issue.path);
	if (issue.code === 'unrecognized_keys' && issue.keys) {
		const allowed = keysAllowedAt(issue.path);
		const messages = issue.keys.map(key => {
			const hint = didYouMean(key, allowed);
			return `unknown key '${key}'${where ? ` in ${where}` : ''}${hint ? ` (did you mean '${hint}'?)` : ` (expected one of: ${allowed.join(', ')})`}`;
		});
		return {line: lines.ofKey(issue.path, issue.keys[0]!), message: messages.join('; ')};
	}
	const missing = issue.code === 'invalid_type' && issue.message.includes('received undefined');
	return {line: lines.of(issue.path), message: missing ? `${where}: missing (${issue.message})` : `${where}: ${issue.message}`};
}

function narration(value: NarrationFile | undefined): Narration | null {
	if (value === undefined) return null;
	return typeof value === 'string' ? {en: value, ja: value} : value;
}

function build(data: ScenarioFile, file: string, lines: NodeLines): ParseScenarioResult {
	const problems: Problem[] = [];
	const clients = data.clients.map(client => (typeof client === 'string' ? {name: client} : client));
	const names = clients.map(client => client.name);
	names.forEach((name, index) => {
		if (names.indexOf(name) !== index) problems.push({line: lines.of(['clients', index]), message: `clients[${index}]: client '${name}' is declared twice`});
	});

	const steps = data.steps.map((step, stepIndex): ScenarioStep => {
		const texts = step.do === undefined ? [] : typeof step.do === 'string' ? [step.do] : step.do;
		const commands: ScenarioCommand[] = [];
		texts.forEach((text, index) => {
			const path = typeof step.do === 'string' ? ['steps', stepIndex, 'do'] : ['steps', stepIndex, 'do', index];
			const line = lines.of(path) ?? 0;
			const parsed = parseCommand(text, {clients: names});
			if (parsed.ok) commands.push({command: parsed.command, line});
			else problems.push({line, message: `step ${stepIndex + 1}: ${parsed.error.message}`});
		});
		for (const name of Object.keys(step.expect?.clients ?? {})) {
			if (!names.includes(name)) {
				problems.push({
					line: lines.ofKey(['steps', stepIndex, 'expect', 'clients'], name),
					message: `step ${stepIndex + 1}: expect names no client '${name}' (clients: ${names.join(', ')})`,
				});
			}
		}
		if (step.expect?.holder && !names.includes(step.expect.holder)) {
			problems.push({
				line: lines.of(['steps', stepIndex, 'expect', 'holder']),
				message: `step ${stepIndex + 1}: expect.holder names no client '${step.expect.holder}' (clients: ${names.join(', ')})`,
			});
		}
		return {line: lines.of(['steps', stepIndex]) ?? 0, commands, say: narration(step.say), expect: step.expect ?? null};
	});

	if (problems.length > 0) return {ok: false, problems};
	return {
		ok: true,
		scenario: {
			file,
			title: narration(data.title)!,
			description: narration(data.description),
			setup: {resource: data.resource, lease: data.lease, fencing: data.fencing, clients},
			steps,
		},
	};
}
