// The dashboard's state as a pure reducer: a scenario, the history of what was done (the script's
// steps and changes by hand), the selected client and the GC pause length being chosen. The UI is
// a thin shell around reduceSession; `record` and `print` drive it headless.
//
// Time travel: the history is a linked list of entries, each holding the world after it (worlds
// are immutable), so Back drops the newest entry in O(1) and Home is the first entry.
//
// Off script: acting by hand adds a 'hand' entry. The session is off script while its history
// holds a change by hand (a refused command changes nothing: it is kept, but does not count).
// Next then still plays the next scripted step, on top of the changed world (a speaker who
// injects a pause wants to see what the rest of the story does with it); `rejoin` plays the script
// again up to the step on screen without the changes, and Back undoes one at a time.
//
// Flipped: the same story replayed with the resource's fencing flipped, told in the words of the
// scenario's twin when it has one. It is on script: the script of that variant.

import {type Command, lockPeer, printCommand, resourceTarget} from '../model/command.js';
import type {Event} from '../model/event.js';
import {createWorld, knownUntil, reaches, type World} from '../model/world.js';
import {type Narration, narrationIn} from '../text/narration.js';
import type {Scenario, TwinWording} from '../scenario/parse.js';
import {type PlayedCommand, playCommands} from '../scenario/run.js';
import {flippedSetup} from '../scenario/twin.js';

/** One user-visible action: the start, a scripted step, or one command done by hand. */
export interface Entry {
	readonly by: 'start' | 'script' | 'hand';
	/** Scripted steps played so far, this entry included (the k of "step k of n"). */
	readonly step: number;
	readonly commands: readonly PlayedCommand[];
	/** The world after this entry. */
	readonly world: World;
}

/** The history, newest first, as a persistent list: pushing and dropping never copy. */
export interface History {
	readonly entry: Entry;
	readonly previous: History | null;
	readonly length: number;
	/** Hand entries in this list that changed the world (not refused): off script while above zero. */
	readonly changes: number;
	/** The oldest entry whose world counts a corrupting write (they only grow along a history), if any. */
	readonly firstViolation: Entry | null;
	/** What the events up to this entry have begun and not ended: the timeline draws a window of a long history from it. */
	readonly begun: Begun;
}

/** A client's belief, GC pause and write held in a partition that the events so far have begun and not ended. */
export interface ClientBegun {
	readonly belief: {readonly kind: 'holds' | 'stale'; readonly from: number} | null;
	readonly pause: {readonly from: number; readonly until: number} | null;
	/** Since when a write of it waits in a partition. */
	readonly waiting: number | null;
}

export interface Begun {
	readonly clients: ReadonlyMap<string, ClientBegun>;
	/** The token of the last write accepted without a violation that raised the resource's highest token (0 before any). */
	readonly maxToken: number;
}

/** A span of a client's lane that an event ends: its belief (held or stale), a GC pause, or a write held in a partition. */
export interface EndedSpan {
	readonly kind: 'holds' | 'stale' | 'gc' | 'waits';
	readonly from: number;
	readonly to: number;
}

/** Begun as it changes, event by event. */
export interface Beginnings {
	readonly clients: Map<string, ClientBegun>;
	maxToken: number;
}

export const beginningsOf = (begun: Begun): Beginnings => ({clients: new Map(begun.clients), maxToken: begun.maxToken});

/** What `event` begins and ends; `ended` hears of each span it ends, at the event's time. */
export function followEvent(beginnings: Beginnings, event: Event, ended: (client: string, span: EndedSpan) => void): void {
	const name = 'client' in event ? event.client : undefined;
	const track = name === undefined ? undefined : beginnings.clients.get(name);
	if (name === undefined || track === undefined) return;
	const {t} = event;
	let {belief, pause, waiting} = track;
	const endBelief = () => {
		if (belief && t > belief.from) ended(name, {kind: belief.kind, from: belief.from, to: t});
		belief = null;
	};
	const endPause = () => {
		if (pause && t > pause.from) ended(name, {kind: 'gc', from: pause.from, to: t});
		pause = null;
	};
	// The client's writes wait while its link to the resource is cut: they arrive together when it is back.
	const endWaiting = () => {
		if (waiting !== null && t > waiting) ended(name, {kind: 'waits', from: waiting, to: t});
		waiting = null;
	};
	switch (event.kind) {
		case 'acquired':
			endBelief();
			belief = {kind: 'holds', from: t};
			break;
		case 'expired':
			// One node's key out of several is not the lock.
			if (event.node !== undefined || !belief) break;
			endBelief();
			belief = {kind: 'stale', from: t};
			break;
		case 'released':
		case 'release-ignored':
		case 'renew-failed':
			endBelief();
			break;
		case 'crashed':
			endBelief();
			endPause();
			break;
		case 'paused':
			pause = {from: t, until: event.until};
			break;
		case 'resumed':
			endPause();
			break;
		case 'sent':
			if (event.stuck && waiting === null) waiting = t;
			break;
		case 'accepted':
			endWaiting();
			if (!event.violation && event.maxToken > 0) beginnings.maxToken = event.maxToken;
			break;
		case 'rejected':
			endWaiting();
			break;
		default:
			return;
	}
	if (belief !== track.belief || pause !== track.pause || waiting !== track.waiting) beginnings.clients.set(name, {belief, pause, waiting});
}

function begunAfter(begun: Begun, entry: Entry): Begun {
	const beginnings = beginningsOf(begun);
	for (const played of entry.commands) for (const event of played.events) followEvent(beginnings, event, () => {});
	// An entry that begins and ends nothing shares the one before it.
	const same = beginnings.maxToken === begun.maxToken && [...beginnings.clients].every(([name, track]) => begun.clients.get(name) === track);
	return same ? begun : beginnings;
}

export interface Session {
	readonly scenario: Scenario;
	readonly history: History;
	/** Index into the world's clients. */
	readonly selected: number;
	/** Index into the world's nodes: the node the node keys act on. */
	readonly selectedNode: number;
	/** Ticks the keys use: the GC pause the pause key injects, a write's pause, a clock's jump. */
	readonly pauseLength: number;
	/** The story is played with the resource's fencing flipped. */
	readonly flipped: boolean;
	/** An action still being played, a slice at a time (reduceShell), and the actions that came meanwhile; null when none. */
	readonly working: Working | null;
	/** The last time the script knows of, played to its end: the timeline keeps one scale for the whole story from it. */
	readonly scriptReach: number;
}

/** Another scenario (or a new version of the same file) put into the session (reload.ts). */
export type LoadAction = {readonly type: 'load'; readonly scenario: Scenario; readonly keepStep: boolean};

export interface Working {
	readonly job: Job;
	/** Done in order once the job is. */
	readonly queued: readonly (SessionAction | LoadAction)[];
}

/** A piece of a job: scripted steps until the story is at step `to` (or its end), or one command by hand. */
export type Play = {readonly kind: 'script'; readonly to: number} | {readonly kind: 'hand'; readonly command: Command};

/**
 * An action that plays commands, as a value that can be played a piece at a time: the session
 * built so far, the plays left, the entry under way (its commands played so far), and what to make
 * of the session once every play is done. reduceSession plays a job whole; the dashboard plays it
 * in slices, so that keys and signals are heard between them.
 */
export interface Job {
	readonly built: Session;
	readonly plays: readonly Play[];
	readonly nextPlay: number;
	readonly underWay: UnderWay | null;
	readonly finish: (built: Session) => Session;
}

interface UnderWay {
	readonly by: 'script' | 'hand';
	readonly step: number;
	readonly commands: readonly Command[];
	/** The commands played so far, slice by slice. */
	readonly played: readonly (readonly PlayedCommand[])[];
	readonly count: number;
	readonly world: World;
}

export type SessionAction =
	| {readonly type: 'next'}
	| {readonly type: 'back'}
	| {readonly type: 'home'}
	| {readonly type: 'end'}
	/** Drop the changes done by hand: the script played again up to the step on screen. */
	| {readonly type: 'rejoin'}
	/** The script played again up to the step on screen, with the resource's fencing flipped (or back). */
	| {readonly type: 'flip'}
	| {readonly type: 'do'; readonly command: Command}
	/** A command by hand, made from the state at the moment it is reduced (selected client, pause length). */
	| {readonly type: 'hand'; readonly verb: HandVerb}
	| {readonly type: 'select'; readonly index: number}
	| {readonly type: 'select-next'}
	| {readonly type: 'select-previous'}
	| {readonly type: 'select-next-node'}
	| {readonly type: 'pause-length'; readonly delta: number};

/** What a key can do by hand: on the selected client, on the selected node, on the resource, or to the clock. */
export const handVerbs = [
	'acquire',
	'renew',
	'release',
	'write',
	'write-paused',
	'pause',
	'resume',
	'crash-or-restart',
	'toggle-fencing',
	'toggle-resource-fencing',
	'tick',
	'tick-lease',
	'cut-or-heal-lock',
	'cut-or-heal-resource',
	'cut-or-heal-node',
	'jump-client',
	'jump-node',
	'crash-or-restart-node',
] as const;
export type HandVerb = (typeof handVerbs)[number];

const minPauseLength = 1;
const maxPauseLength = 99;
const clampPauseLength = (ticks: number) => Math.min(maxPauseLength, Math.max(minPauseLength, ticks));

const push = (history: History, entry: Entry): History => ({
	entry,
	previous: history,
	length: history.length + 1,
	changes: history.changes + (entry.by === 'hand' && entry.commands.some(played => played.refused === null) ? 1 : 0),
	firstViolation: history.firstViolation ?? (entry.world.violations > 0 ? entry : null),
	begun: begunAfter(history.begun, entry),
});

const stepCommands = (scenario: Scenario, index: number) => scenario.steps[index]!.commands.map(({command}) => command);

/**
 * A new session at the start of the scenario (with the resource's fencing flipped, if asked). A
 * first step with no commands (the usual "nobody holds the lock yet") is the starting picture
 * itself: the session opens on step 1.
 */
export function startSession(scenario: Scenario, flipped = false): Session {
	const first = scenario.steps[0];
	const opensOnFirstStep = first !== undefined && first.commands.length === 0;
	const initial = createWorld(flipped ? flippedSetup(scenario.setup) : scenario.setup);
	return {
		scenario,
		history: {
			entry: {by: 'start', step: opensOnFirstStep ? 1 : 0, commands: [], world: initial},
			previous: null,
			length: 1,
			changes: 0,
			firstViolation: null,
			begun: {clients: new Map(initial.clients.map(client => [client.name, {belief: null, pause: null, waiting: null}])), maxToken: 0},
		},
		selected: 0,
		selectedNode: 0,
		pauseLength: clampPauseLength(initial.defaultLease),
		flipped,
		working: null,
		scriptReach: scriptReach(scenario, initial),
	};
}

/** The last time the script knows of from `initial` on, at any command of it: its clock, or what it has planned then. */
function scriptReach(scenario: Scenario, initial: World): number {
	let reach = knownUntil(initial);
	for (const played of playCommands(
		initial,
		scenario.steps.flatMap(step => step.commands.map(({command}) => command)),
	))
		reach = Math.max(reach, knownUntil(played.world));
	return reach;
}

/**
 * A scripted step played somewhere else (`dlock-tui live`, on a real etcd): its commands as the
 * model played them, and the world as it was found there.
 */
export function pushPlayedStep(session: Session, step: number, commands: readonly PlayedCommand[], world: World): Session {
	return {...session, history: push(session.history, {by: 'script', step, commands, world})};
}

/** A job that plays `plays` on `built`, then makes of the result what `finish` says. */
export const startJob = (built: Session, plays: readonly Play[], finish: (built: Session) => Session = done => done): Job => ({
	built,
	plays,
	nextPlay: 0,
	underWay: null,
	finish,
});

/**
 * The job for an action that plays commands (next, end, rejoin, flip, a command by hand), or null
 * for one that plays none (or has nothing to play).
 */
export function jobFor(session: Session, action: SessionAction): Job | null {
	const {history} = session;
	switch (action.type) {
		case 'next':
			return startJob(session, [{kind: 'script', to: history.entry.step + 1}]);
		case 'end':
			return startJob(session, [{kind: 'script', to: Number.POSITIVE_INFINITY}]);
		case 'rejoin': {
			if (history.changes === 0) return null;
			let left = history;
			while (left.changes > 0 && left.previous) left = left.previous;
			return startJob({...session, history: left}, [{kind: 'script', to: history.entry.step}]);
		}
		case 'flip':
			return startJob(startSession(session.scenario, !session.flipped), [{kind: 'script', to: history.entry.step}], flipped => ({
				...flipped,
				selected: session.selected,
				selectedNode: session.selectedNode,
				pauseLength: session.pauseLength,
			}));
		case 'do':
			return startJob(session, [{kind: 'hand', command: action.command}]);
		case 'hand': {
			const command = handCommand(session, action.verb);
			return command ? startJob(session, [{kind: 'hand', command}]) : null;
		}
		default:
			return null;
	}
}

/** The entry the next play begins, or null when that play is done. */
function beginEntry(built: Session, play: Play): UnderWay | null {
	const {step, world} = built.history.entry;
	if (play.kind === 'hand') return {by: 'hand', step, commands: [play.command], played: [], count: 0, world};
	if (step >= play.to || isAtEnd(built)) return null;
	return {by: 'script', step: step + 1, commands: stepCommands(built.scenario, step), played: [], count: 0, world};
}

/**
 * The job after up to `budget` more commands (an entry with none counts as one): the session it
 * makes once it is done, else the job part way.
 */
export function advanceJob(job: Job, budget: number): Job | Session {
	let {built, nextPlay, underWay} = job;
	for (let left = budget; left > 0; ) {
		if (underWay === null) {
			const play = job.plays[nextPlay];
			if (play === undefined) return job.finish(built);
			underWay = beginEntry(built, play);
			// A hand play is one entry; a scripted one lasts until it has reached its step.
			if (underWay === null || play.kind === 'hand') nextPlay += 1;
			if (underWay === null) continue;
		}
		const slice = [...playCommands(underWay.world, underWay.commands.slice(underWay.count, underWay.count + left))];
		left -= Math.max(1, slice.length);
		underWay = {...underWay, played: [...underWay.played, slice], count: underWay.count + slice.length, world: slice.at(-1)?.world ?? underWay.world};
		if (underWay.count < underWay.commands.length) continue;
		const {by, step, played, world} = underWay;
		built = {...built, history: push(built.history, {by, step, commands: played.flat(), world})};
		underWay = null;
	}
	return {...job, built, nextPlay, underWay};
}

export const isJob = (value: Job | Session): value is Job => 'plays' in value;

/** The session a job makes, played whole. */
export function finishJob(job: Job): Session {
	const done = advanceJob(job, Number.POSITIVE_INFINITY);
	return isJob(done) ? finishJob(done) : done;
}

/** How far a job has got: the scripted step it is at (the one under way counts once begun). */
export const jobStep = (job: Job): number => job.underWay?.step ?? job.built.history.entry.step;

export function reduceSession(session: Session, action: SessionAction): Session {
	const job = jobFor(session, action);
	if (job) return finishJob(job);
	const {history} = session;
	const clientCount = history.entry.world.clients.length;
	switch (action.type) {
		case 'next':
		case 'end':
		case 'rejoin':
		case 'flip':
		case 'do':
		case 'hand':
			// An action that plays commands and has none to play (no change by hand to drop, no client to act on).
			return session;
		case 'back':
			return history.previous ? {...session, history: history.previous} : session;
		case 'home':
			return {...session, history: firstEntry(history)};
		case 'select':
			return action.index >= 0 && action.index < clientCount ? {...session, selected: action.index} : session;
		case 'select-next':
			return clientCount === 0 ? session : {...session, selected: (session.selected + 1) % clientCount};
		case 'select-previous':
			return clientCount === 0 ? session : {...session, selected: (session.selected - 1 + clientCount) % clientCount};
		case 'select-next-node': {
			const nodeCount = currentWorld(session).nodes.length;
			return nodeCount <= 1 ? session : {...session, selectedNode: (session.selectedNode + 1) % nodeCount};
		}
		case 'pause-length': {
			const pauseLength = clampPauseLength(session.pauseLength + action.delta);
			return pauseLength === session.pauseLength ? session : {...session, pauseLength};
		}
	}
}

/** The command a verb stands for right now; null when it needs a client and there is none. */
function handCommand(session: Session, verb: HandVerb): Command | null {
	const world = currentWorld(session);
	if (verb === 'tick') return {kind: 'tick', n: 1};
	if (verb === 'tick-lease') return {kind: 'tick', n: world.defaultLease};
	if (verb === 'toggle-resource-fencing') return {kind: 'fencing', target: resourceTarget, on: !world.resource.fenced};
	const node = world.nodes[session.selectedNode]!;
	if (verb === 'jump-node') return {kind: 'jump', target: node.name, by: session.pauseLength};
	if (verb === 'crash-or-restart-node') return {kind: node.up ? 'crash' : 'restart', client: node.name};
	const client = world.clients[session.selected];
	if (!client) return null;
	const name = client.name;
	switch (verb) {
		case 'acquire':
		case 'renew':
		case 'release':
		case 'write':
		case 'resume':
			return {kind: verb, client: name};
		case 'write-paused':
			return {kind: 'write', client: name, pause: session.pauseLength};
		case 'pause':
			return {kind: 'pause', client: name, n: session.pauseLength};
		case 'jump-client':
			return {kind: 'jump', target: name, by: session.pauseLength};
		// Each cut toggles: healed when the link is cut, else cut.
		case 'cut-or-heal-lock':
			return world.nodes.every(each => !reaches(client, each.name))
				? {kind: 'heal', client: name, peers: [lockPeer]}
				: {kind: 'partition', client: name, peers: []};
		case 'cut-or-heal-resource':
			return {kind: reaches(client, resourceTarget) ? 'partition' : 'heal', client: name, peers: [resourceTarget]};
		case 'cut-or-heal-node':
			return {kind: reaches(client, node.name) ? 'partition' : 'heal', client: name, peers: [node.name]};
		case 'crash-or-restart':
			return {kind: client.status === 'crashed' ? 'restart' : 'crash', client: name};
		case 'toggle-fencing':
			return {kind: 'fencing', target: name, on: !client.fencing};
	}
}

function firstEntry(history: History): History {
	let current = history;
	while (current.previous) current = current.previous;
	return current;
}

// Plain readers for the panes, `record`, `print` and saving the history.

export const currentWorld = (session: Session): World => session.history.entry.world;

export const currentEntry = (session: Session): Entry => session.history.entry;

/** Oldest first. */
export function historyEntries(session: Session): Entry[] {
	const entries: Entry[] = [];
	for (let node: History | null = session.history; node; node = node.previous) entries.push(node.entry);
	return entries.reverse();
}

/** Every command done so far, oldest first, as the lines a scenario or the `:` prompt accepts. */
export const historyCommands = (session: Session): string[] =>
	historyEntries(session).flatMap(entry => entry.commands.map(played => printCommand(played.command)));

export interface StepPosition {
	/** Scripted steps played (0 before the first). */
	readonly k: number;
	readonly n: number;
}

export const stepPosition = (session: Session): StepPosition => ({k: session.history.entry.step, n: session.scenario.steps.length});

export const isAtEnd = (session: Session): boolean => session.history.entry.step >= session.scenario.steps.length;

export const isOffScript = (session: Session): boolean => session.history.changes > 0;

export const canGoBack = (session: Session): boolean => session.history.previous !== null;

/** The twin's words, when the story is flipped and has a twin. */
export const flippedWording = (session: Session): TwinWording | null => (session.flipped ? (session.scenario.twin?.wording ?? null) : null);

/** The narration of the step the story is at: the story's description before the first step. */
export function currentNarration(session: Session): Narration | null {
	const {k} = stepPosition(session);
	return k === 0 ? storyDescription(session) : stepNarration(session, k);
}

/** The narration of scripted step k (from 1): the twin's words when flipped. */
export function stepNarration(session: Session, k: number): Narration | null {
	const twin = flippedWording(session);
	return (twin ? twin.says[k - 1] : session.scenario.steps[k - 1]?.say) ?? null;
}

/** Whether the resource checks tokens at the start of the variant being played; null when not flipped. */
export const flippedFencing = (session: Session): boolean | null => (session.flipped ? flippedSetup(session.scenario.setup).fencing : null);

/** The story's title: the twin's when flipped. */
export const storyTitle = (session: Session): Narration => flippedWording(session)?.title ?? session.scenario.title;

/** What the story is about: the twin's description when flipped. */
export function storyDescription(session: Session): Narration | null {
	const twin = flippedWording(session);
	return twin ? twin.description : session.scenario.description;
}

/**
 * Whether the narration on screen tells what happened: not when a change by hand came before the
 * step (the world has left what the script assumed), nor when the story is flipped and no twin
 * tells it in its own words. It then says only what the script expected.
 */
export function narrationHolds(session: Session): boolean {
	if (session.flipped && !flippedWording(session)) return false;
	let step = session.history;
	while (step.entry.by === 'hand' && step.previous) step = step.previous;
	return step.changes === 0;
}

/**
 * The scenario as it is being played: when flipped, with the resource's fencing flipped and the
 * twin's words; without a twin, with no narration (the scenario's own speaks of the other
 * fencing) and a title that says the fencing was flipped.
 */
export function playedScenario(session: Session): Scenario {
	const {scenario} = session;
	if (!session.flipped) return scenario;
	const twin = flippedWording(session);
	const setup = flippedSetup(scenario.setup);
	const title = twin?.title ?? {
		en: `${narrationIn(scenario.title, 'en')} (resource fencing ${setup.fencing ? 'on' : 'off'})`,
		ja: `${narrationIn(scenario.title, 'ja')} (資源のフェンシング${setup.fencing ? '有' : '無'})`,
	};
	return {
		...scenario,
		setup,
		title,
		description: twin ? twin.description : null,
		steps: scenario.steps.map((step, index) => ({...step, say: twin?.says[index] ?? null})),
	};
}

export const selectedClientName = (session: Session): string | null => currentWorld(session).clients[session.selected]?.name ?? null;

/** Events of the history, newest first, entry by entry; stops when `visit` returns true. */
export function visitEventsBackwards(session: Session, visit: (event: Event) => boolean): void {
	for (let node: History | null = session.history; node; node = node.previous) {
		const {commands} = node.entry;
		for (let c = commands.length - 1; c >= 0; c -= 1) {
			const {events} = commands[c]!;
			for (let e = events.length - 1; e >= 0; e -= 1) if (visit(events[e]!)) return;
		}
	}
}

/** The newest event of one of these kinds, if any. */
export function latestEvent<K extends Event['kind']>(session: Session, kinds: readonly K[]): Extract<Event, {kind: K}> | null {
	let found: Extract<Event, {kind: K}> | null = null;
	visitEventsBackwards(session, event => {
		if ((kinds as readonly string[]).includes(event.kind)) found = event as Extract<Event, {kind: K}>;
		return found !== null;
	});
	return found;
}
