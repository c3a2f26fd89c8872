// Every screen against the state it draws. For every built-in story at every step, and for random
// setups and command sequences of the property tests (messages that take time, several nodes,
// pauses) at sampled steps, at 80x24, 120x40 and 200x60, in English and Japanese, the screen is
// read back as text and held against the worlds played again one tick at a time, and within each
// command at each event that changes a node's key, with the rule of who holds the lock written out
// here: one node's key, or the keys of a majority of the nodes that are up. A client's lane holds
// (`─`) only where the lock service names it and it believes, and is stale (`┄`) only where it
// believes and the service does not name it; the clients pane's `✓` and `stale`, the lock pane's
// holder and its majority counts say the same of the world on screen; the grants listed are those
// the service made; and a frozen client's lane reads no reply.

import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {applyCommand} from '../../source/model/apply.js';
import type {Command} from '../../source/model/command.js';
import {describeEvent} from '../../source/words/describe.js';
import type {Event} from '../../source/model/event.js';
import {type LockNode, majority, type World} from '../../source/model/world.js';
import {storyboard} from '../../source/export/storyboard.js';
import type {Scenario} from '../../source/scenario/parse.js';
import {builtinNames} from '../../source/scenario/files.js';
import {currentWorld, type History, reduceSession, type Session, startSession} from '../../source/session/session.js';
import type {Lang} from '../../source/text/narration.js';
import {widthOf} from '../../source/text/width.js';
import {dashboardRows, minimumSize} from '../../source/ui/Dashboard.js';
import {labelsFor} from '../../source/ui/labels.js';
import {makeLook} from '../../source/ui/look.js';
import {buildTimeline} from '../../source/ui/panes/lanes.js';
import {scenario, timedSetup, validSetup} from '../model/generators.js';
import {command} from '../model/helpers.js';
import {builtinScenario} from '../scenario/helpers.js';

const looks = {en: makeLook({lang: 'en', theme: 'dark', ascii: false, color: false}), ja: makeLook({lang: 'ja', theme: 'dark', ascii: false, color: false})};
const g = looks.en.glyphs;
const sizes = [
	[80, 24],
	[120, 40],
	[200, 60],
] as const;
const langs = ['en', 'ja'] as const;

/** Who the lock service names, written out again from docs/model.md: one node's key, or the client whose keys are on a majority of the nodes that are up. */
function namedHolder(world: World): string | null {
	const up = world.nodes.filter(node => node.up && node.holder !== null);
	if (world.nodes.length === 1) return up[0]?.holder ?? null;
	return world.clients.find(client => up.filter(node => node.holder === client.name).length >= majority(world))?.name ?? null;
}

/** The world at one moment: after a command, after one tick of a longer one, or within a command where an event changed a node's key. */
interface Moment {
	readonly t: number;
	readonly world: World;
	readonly holder: string | null;
	/** The world as a tick to `t` left it, before any command given at `t`. */
	readonly endsTick: boolean;
}

/** The commands of a history that changed the world, oldest first, and the world before them. */
function playedCommands(history: History): {readonly start: World; readonly commands: Command[]} {
	const entries: History[] = [];
	for (let node: History | null = history; node; node = node.previous) entries.unshift(node);
	return {
		start: entries[0]!.entry.world,
		commands: entries.flatMap(node => node.entry.commands.filter(played => played.refused === null).map(played => played.command)),
	};
}

/**
 * The nodes after an event that changes one node's key or whether it is up, written out again from
 * docs/model.md (a node's grant, a deletion, an expiry, a crash, a restart); null for any other.
 */
function nodesAfter(event: Event, nodes: readonly LockNode[]): LockNode[] | null {
	// One node's expiry names no node: it is the lock's.
	const at = 'node' in event && event.node !== undefined ? nodes.findIndex(node => node.name === event.node) : 0;
	const changed = (changes: Partial<LockNode>) => nodes.map((node, index) => (index === at ? {...node, ...changes} : node));
	switch (event.kind) {
		case 'request-arrived':
			if (!event.granted || event.op === 'renew') return null;
			return changed(event.op === 'acquire' ? {holder: event.client, token: event.token ?? null} : {holder: null, token: null});
		case 'deletion-arrived':
			return event.deleted ? changed({holder: null, token: null}) : null;
		case 'expired':
			return changed({holder: null, token: null});
		case 'node-crashed':
			return changed(event.lostKey === null ? {up: false} : {up: false, holder: null, token: null});
		case 'node-restarted':
			return changed({up: true});
		default:
			return null;
	}
}

/**
 * The history's commands played again, a tick at a time: the world after each command and each
 * tick, and before each of these the nodes at each event in it that changes a key (a key can be
 * granted and deleted within one tick, and no world after a command shows it).
 */
function momentsOf(session: Session): Moment[] {
	const {start, commands} = playedCommands(session.history);
	let world = start;
	const moments: Moment[] = [{t: world.clock, world, holder: namedHolder(world), endsTick: false}];
	const note = (t: number, shown: World, endsTick = false) => moments.push({t, world: shown, holder: namedHolder(shown), endsTick});
	const play = (command: Command) => {
		const {world: after, events} = applyCommand(world, command);
		let nodes = world.nodes;
		for (const event of events) {
			const changed = nodesAfter(event, nodes);
			if (changed === null) continue;
			nodes = changed;
			note(event.t, {...world, nodes});
		}
		// The events of a tick tell every change of its keys (unless some were left out): they end where the world after it does.
		if (command.kind === 'tick' && !events.some(event => event.kind === 'elided'))
			expect(
				nodes.map(({holder, up}) => ({holder, up})),
				`the keys by the events of a tick to t=${after.clock}`,
			).toEqual(after.nodes.map(({holder, up}) => ({holder, up})));
		world = after;
		note(world.clock, world, command.kind === 'tick');
	};
	for (const command of commands)
		if (command.kind === 'tick') for (let tick = 0; tick < command.n; tick += 1) play({kind: 'tick', n: 1});
		else play(command);
	return moments;
}

/** The last moment at or before the end of tick `t`: the world after a command or a tick. */
const at = (moments: readonly Moment[], t: number): Moment => moments.findLast(moment => moment.t <= t) ?? moments[0]!;

/** The grants the lock service made, newest first: each run of moments that name one client. */
function grantsOf(moments: readonly Moment[]): {readonly client: string; readonly token: number | null; readonly from: number; readonly to: number | null}[] {
	const grants: {client: string; token: number | null; from: number; to: number | null}[] = [];
	let open: (typeof grants)[number] | null = null;
	for (const {t, world, holder} of moments) {
		if (open !== null && holder === open.client) continue;
		if (open !== null) open.to = t;
		open = holder === null ? null : {client: holder, token: world.nodes.length === 1 ? world.nodes[0]!.token : null, from: t, to: null};
		if (open) grants.push(open);
	}
	return grants.reverse();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A grant's row as the grants list says it: the lock, or its token in the backend's word; to whom, from when, and how it ended. */
function grantPattern(lang: Lang, world: World): RegExp {
	const labels = labelsFor(lang);
	const sample = 987654321;
	const token = escaped(labels.backendWords(world.backend, world.tokens).tokenN(sample)).replace(String(sample), '(\\d+)');
	const held = `(?:${escaped(labels.theLock)}|${token})`;
	return lang === 'en' ? new RegExp(`${held} to (\\S+) at t=(\\d+)(?:, \\w+ at t=(\\d+))?`) : new RegExp(`${held} → (\\S+) \\(t=(\\d+)\\)(?:、t=(\\d+) に)?`);
}

const textOf = (session: Session, width: number, height: number, lang: Lang) =>
	dashboardRows({session, width, height: height - 1}, looks[lang]).map(row => row.map(part => part.text).join(''));

/** The client lanes of the timeline shown: what each draws after its name, and the tick of each column. */
function clientLanes(lines: readonly string[], world: World, lang: Lang) {
	const top = lines.findIndex(line => line.startsWith(`${g.rule}${g.rule} ${labelsFor(lang).timelinePane} `));
	const rulerAt = lines.findIndex((line, index) => index > top && line.startsWith(' t '));
	const ruler = lines[rulerAt]!;
	const plotFrom = /^ t +/.exec(ruler)![0].length;
	const ticks = [...ruler.slice(plotFrom).matchAll(/\d+/g)].map(match => [Number(match[0]), match.index] as const);
	const [[t0, x0], [t1, x1]] = ticks as [readonly [number, number], readonly [number, number]];
	const perTick = (x1 - x0) / (t1 - t0);
	const tickOf = (x: number) => t0 + Math.floor((x - x0) / perTick);
	const names = new Set(world.clients.map(client => client.name));
	const lanes = lines.slice(top + 1, rulerAt).flatMap(line => {
		const name = /^ (\S+) /.exec(line)?.[1];
		return name !== undefined && names.has(name) ? [{name, drawn: line.slice(plotFrom - (widthOf(name) - name.length))}] : [];
	});
	return {lanes, tickOf};
}

interface Case {
	readonly what: string;
	readonly session: Session;
}

/** Every sign of the lanes, the clients pane, the lock pane and its grants on one screen, against the moments played again. */
function checkScreen({what, session}: Case, moments: readonly Moment[], width: number, height: number, lang: Lang): void {
	const labels = labelsFor(lang);
	const world = currentWorld(session);
	const now = world.clock;
	const lines = textOf(session, width, height, lang);
	const where = `${what} at ${width}x${height} in ${lang}`;
	// Five clients need more than 24 rows: the screen says so, and nothing else.
	const needed = minimumSize(session, width);
	if (height < needed.height) {
		expect(lines, where).toEqual([labels.tooSmall(needed.width, needed.height)]);
		return;
	}
	const truth = at(moments, now);
	expect(truth.world.clock, `${where}: played again to the same time`).toBe(now);
	expect(truth.holder, `${where}: the lock's view`).toBe(namedHolder(world));

	// The lanes: every `─` and `┄` against who was named, and who believed, at its tick.
	const {lanes, tickOf} = clientLanes(lines, world, lang);
	expect(lanes.length, `${where}: a lane per client`).toBe(world.clients.length);
	for (const {name, drawn} of lanes)
		for (const [x, character] of [...drawn].entries()) {
			if (character !== g.holds && character !== g.stale) continue;
			const t = tickOf(x);
			const moment = at(moments, t);
			const believes = moment.world.clients.find(client => client.name === name)!.holds;
			const named = moment.holder === name;
			const said = `${where}: ${name}'s lane at t=${t} draws ${character}; the lock service names ${moment.holder ?? 'nobody'}, ${name} ${believes ? 'believes' : 'does not believe'}\n${drawn}`;
			expect(believes, said).toBe(true);
			expect(named, said).toBe(character === g.holds);
		}

	// The clients pane: `✓` exactly where the lock service names the client with its token.
	for (const client of world.clients.filter(each => each.holds)) {
		const row = lines.find(line => new RegExp(`^[ ${looks[lang].glyphs.pointer}] \\d+ ${client.name} `).test(line));
		expect(row, `${where}: ${client.name}'s row`).toBeDefined();
		const held = client.token === null ? labels.theLock : labels.backendWords(world.backend, world.tokens).tokenN(client.token);
		const agrees = namedHolder(world) === client.name && world.lock.token === client.token;
		const [said, unsaid] = agrees ? [`${held} ${g.ok}`, labels.stale(held)] : [labels.stale(held), `${held} ${g.ok}`];
		expect(row, `${where}: ${client.name} ${agrees ? 'agrees' : 'is stale'}`).toContain(said);
		expect(row).not.toContain(unsaid);
	}

	// The lock pane (the left half of the rows above the clients): its holder and each client's count of nodes.
	const clientsAt = lines.findIndex(line => line.startsWith(`${g.rule}${g.rule} ${labels.clientsPane} `));
	const lockRows = lines.slice(1, clientsAt).map(line => line.slice(0, Math.floor((width - 2) / 2)));
	const holderRow = lockRows.find(line => line.startsWith(` ${labels.holder} `))!;
	expect(holderRow.slice(` ${labels.holder} `.length).trim().split(' ')[0], `${where}: the holder`).toBe(namedHolder(world) ?? labels.free);
	if (world.nodes.length > 1) {
		const majorityAt = lockRows.findIndex(line => line.startsWith(` ${labels.majorityLabel} `));
		const counts = lockRows.slice(majorityAt, majorityAt + 2).join(' ');
		for (const client of world.clients) {
			const keys = world.nodes.filter(node => node.up && node.holder === client.name).length;
			if (keys === 0 && !client.holds) continue;
			const shown = `${client.name} ${labels.keysOf(keys, world.nodes.length)}${keys >= majority(world) ? ` ${g.ok}` : ''}`;
			expect(counts, `${where}: ${client.name}'s nodes`).toContain(shown);
		}
	}

	// The grants, newest first, against the grants the lock service made.
	const grantsAt = lockRows.findIndex(line => line.startsWith(` ${labels.grants} `));
	if (grantsAt >= 0) {
		const rows = lockRows.slice(grantsAt).filter((line, index) => index === 0 || /^ {4,}\S/.test(line));
		const made = grantsOf(moments);
		const pattern = grantPattern(lang, world);
		for (const [index, row] of rows.entries()) {
			const match = pattern.exec(row);
			expect(match, `${where}: grant ${index + 1} shown reads as a grant: ${row.trim()}\n${pattern}`).not.toBeNull();
			const [, token, client, from, to] = match!;
			const grant = made[index];
			expect(
				{client, from: Number(from), to: to === undefined ? null : Number(to), token: token === undefined ? null : Number(token)},
				`${where}: grant ${index + 1} shown: ${row.trim()}`,
			).toEqual(grant && {client: grant.client, from: grant.from, to: grant.to, token: grant.token});
		}
	}
}

/**
 * A frozen client reads nothing: at a tick it was paused for whole, its lane shows no reply read,
 * and no event in words says it got one.
 */
function checkFrozen({what, session}: Case, moments: readonly Moment[]): void {
	const paused = (client: string, moment: Moment) => moment.world.clients.find(each => each.name === client)!.status === 'paused';
	// A wake at t reads there: frozen for the whole of tick t is paused after all done at t − 1, and still as the tick to t
	// leaves it (a pause given at t, after that tick, is no part of it).
	const frozen = (client: string, t: number) =>
		paused(client, moments.find(moment => moment.endsTick && moment.t === t) ?? at(moments, t)) && paused(client, at(moments, t - 1));
	for (const lane of buildTimeline(session, g).lanes.filter(each => each.of === 'client'))
		for (const mark of lane.marks.filter(each => each.signs.includes('replyGranted') || each.signs.includes('replyRefused'))) {
			if (mark.role === 'decoration') continue;
			expect(frozen(lane.name, mark.t), `${what}: ${lane.name} reads a reply at t=${mark.t} while frozen`).toBe(false);
		}
	for (let node: History | null = session.history; node; node = node.previous)
		for (const {events, world} of node.entry.commands)
			for (const event of events)
				if (event.kind === 'reply-arrived' && frozen(event.client, event.t))
					for (const lang of langs)
						expect(describeEvent(event, world, lang), `${what}: ${event.client} frozen at t=${event.t}`).not.toBe(
							describeEvent({...event, ignored: false, unread: undefined}, world, lang),
						);
}

function checkCases(cases: readonly Case[]): void {
	for (const each of cases) {
		const moments = momentsOf(each.session);
		checkFrozen(each, moments);
		for (const [width, height] of sizes) for (const lang of langs) checkScreen(each, moments, width, height, lang);
	}
}

describe('every built-in story, at every step', () => {
	test.each(builtinNames())('%s', name => {
		checkCases(storyboard(builtinScenario(name)).map((session, step) => ({what: `${name} step ${step}`, session})));
	});
});

describe('improvised Redlock stories', () => {
	test.each([
		['redlock-in-flight', 'latency A lock 3'],
		['redlock-late-write', 'latency B lock 2'],
		['redlock-validity', 'pause A 3'],
	])('%s after %s by hand, step by step', (name, line) => {
		let session = reduceSession(startSession(builtinScenario(name)), {type: 'do', command: command(line)});
		const cases: Case[] = [];
		for (let step = 0; step < session.scenario.steps.length; step += 1) {
			session = reduceSession(session, {type: 'next'});
			cases.push({what: `${name} with ${line}, step ${session.history.entry.step}`, session});
		}
		checkCases(cases);
	});
});

const seed = process.env.FC_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FC_SEED);

/** A random setup and commands as a session typed by hand: a few of its steps, evenly spread, and its last. */
function randomCases(setup: Scenario['setup'], commands: readonly Command[], run: number): Case[] {
	const base = builtinScenario('gc-pause');
	let session = startSession({...base, file: 'random.yaml', setup, steps: [], twin: null, explore: null});
	const sessions: Session[] = [];
	for (const command of commands) {
		session = reduceSession(session, {type: 'do', command});
		sessions.push(session);
	}
	const sampled = [...new Set([0.25, 0.5, 0.75, 1].map(share => Math.max(0, Math.ceil(sessions.length * share) - 1)))];
	return sampled.map(index => ({what: `random run ${run} (FC_SEED=${seed}) after command ${index + 1}: ${JSON.stringify(setup)}`, session: sessions[index]!}));
}

describe('random setups and commands of the property tests', () => {
	test.each([
		['messages that take time, several nodes, pauses', timedSetup],
		['every backend', validSetup],
	] as const)('%s', (_, setups) => {
		const runs = fc.sample(scenario(setups, 20, 60), {numRuns: 8, seed});
		for (const [run, [setup, commands]] of runs.entries()) checkCases(randomCases(setup, commands, run));
	});
});
