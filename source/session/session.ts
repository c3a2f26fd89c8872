// The dashboard's state as a pure reducer: a scenario, the history of what was done (the script's
// steps and changes by hand), the selected client and the GC pause length being chosen. The UI is
// a thin shell around reduceSession; `record` and `print` drive it headless.
//
// The history is a linked list of entries, each holding the world after it (worlds are
// immutable): the past of the world on screen, which the panes draw.
//
// Time travel: every place the screen has been is a Trail node, which knows the place Back returns
// to. A step (next, a command by hand) goes on from the place on screen; a jump (home, end,
// rejoin, flip) lands on a new place, so Back after any action returns to the screen before it.
// Back remembers the way it came (`forward`), so Forward goes that way again: over the changes by
// hand left behind, not the script. Taking another way drops nothing done by hand: the place where
// it was taken is kept once more, its Back leading to the end of the way left (`leaveFrom`). So
// every place shown stays on one line of Back and Forward, but for a way of scripted steps only,
// which Next plays again the same.
//
// Off script: acting by hand adds a 'hand' entry. The session is off script while its history
// holds a change by hand (a refused command changes nothing: it is kept, but does not count).
// Next then still plays the next scripted step, on top of the changed world (a speaker who
// injects a pause wants to see what the rest of the story does with it); `rejoin` plays the script
// again up to the step on screen without the changes.
//
// Flipped: the same story replayed with the resource's fencing flipped, told in the words of the
// scenario's twin when it has one. It is on script: the script of that variant.

import {type Command, lockPeer, printCommand, resourceTarget} from '../model/command.js';
import type {Event} from '../model/event.js';
import {createWorld, knownUntil, latencyTo, reaches, type RequestOp, type World} from '../model/world.js';
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
	/** Since when its lock requests (of one kind) travel to the nodes, and how many of them have not arrived yet. */
	readonly asking: {readonly from: number; readonly op: RequestOp; readonly left: number} | null;
	/** Since when replies travel back to it, and when the last of them is due. */
	readonly answered: {readonly from: number; readonly until: number} | null;
}

export interface Begun {
	readonly clients: ReadonlyMap<string, ClientBegun>;
	/** The token of the last write accepted without a violation that raised the resource's highest token (0 before any). */
	readonly maxToken: number;
}

/**
 * A span of a client's lane that an event ends: its belief (held or stale), a GC pause, a write
 * held in a partition, its lock requests or their replies on their way.
 */
export interface EndedSpan {
	readonly kind: 'holds' | 'stale' | 'gc' | 'waits' | 'request' | 'reply';
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
	let {belief, pause, waiting, asking, answered} = track;
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
	// Requests travel until the last of them arrives or is lost; replies until the last is due.
	const requestDone = (op: RequestOp) => {
		if (asking === null || op !== asking.op) return;
		if (asking.left > 1) asking = {...asking, left: asking.left - 1};
		else {
			if (t > asking.from) ended(name, {kind: 'request', from: asking.from, to: t});
			asking = null;
		}
	};
	const replyDone = () => {
		if (answered === null || t < answered.until) return;
		if (t > answered.from) ended(name, {kind: 'reply', from: answered.from, to: t});
		answered = null;
	};
	switch (event.kind) {
		case 'request-sent':
			// A client drops its belief as it asks to release.
			if (event.op === 'release' && !event.undo) endBelief();
			// A given-up attempt's deletions are the lanes' own: nobody waits for them.
			if (event.to.length === 0 || event.undo) break;
			// Requests of an earlier wait still on their way (it ended at its timeout) give way to the new ones.
			if (asking && t > asking.from) ended(name, {kind: 'request', from: asking.from, to: t});
			asking = {from: t, op: event.op, left: event.to.length};
			break;
		case 'request-arrived':
			requestDone(event.op);
			if (event.replyAt > t) answered = {from: answered?.from ?? t, until: Math.max(answered?.until ?? t, event.replyAt)};
			break;
		case 'reply-arrived':
			replyDone();
			break;
		case 'message-lost':
			if (event.message === 'request') requestDone(event.op);
			else replyDone();
			break;
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
		case 'lease-over':
			endBelief();
			break;
		// A release no node answered, and a renewal given up for want of validity, drop the belief too.
		case 'unanswered':
			if (event.request === 'release') endBelief();
			break;
		case 'decided':
			if (!event.kept && event.op === 'renew') endBelief();
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
	if (belief !== track.belief || pause !== track.pause || waiting !== track.waiting || asking !== track.asking || answered !== track.answered)
		beginnings.clients.set(name, {belief, pause, waiting, asking, answered});
}

function begunAfter(begun: Begun, entry: Entry): Begun {
	const beginnings = beginningsOf(begun);
	for (const played of entry.commands) for (const event of played.events) followEvent(beginnings, event, () => {});
	// An entry that begins and ends nothing shares the one before it.
	const same = beginnings.maxToken === begun.maxToken && [...beginnings.clients].every(([name, track]) => begun.clients.get(name) === track);
	return same ? begun : beginnings;
}

/** A place the screen has been: a history, the fencing it was played with, and where Back goes from it. */
export interface Trail {
	readonly history: History;
	readonly flipped: boolean;
	readonly back: Trail | null;
}

/** The places Back came from, nearest first: where Forward goes. */
export interface Forward {
	readonly trail: Trail;
	readonly rest: Forward | null;
}

export interface Session {
	readonly scenario: Scenario;
	/** The history on screen: always the trail's. */
	readonly history: History;
	/** The place on screen. */
	readonly trail: Trail;
	/** The way Back came, for Forward; null when Forward has nowhere to go back to. */
	readonly forward: Forward | null;
	/** The story shows the script's own narration for the steps it no longer tells, and the steps to come. */
	readonly scriptShown: boolean;
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
	/** Its history grows as commands are played; its places (trail) are made by `finish`. */
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
	/** The next step of the script. */
	| {readonly type: 'next'}
	/** The way Back came, again; where it came from nowhere, the next step of the script. */
	| {readonly type: 'forward'}
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
	| {readonly type: 'pause-length'; readonly delta: number}
	/** Show or hide the script's own text: the narration it no longer bears out, and the steps to come. */
	| {readonly type: 'toggle-script'};

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
	'latency-lock',
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
	const history: History = {
		entry: {by: 'start', step: opensOnFirstStep ? 1 : 0, commands: [], world: initial},
		previous: null,
		length: 1,
		changes: 0,
		firstViolation: null,
		begun: {
			clients: new Map(initial.clients.map(client => [client.name, {belief: null, pause: null, waiting: null, asking: null, answered: null}])),
			maxToken: 0,
		},
	};
	return {
		scenario,
		history,
		trail: {history, flipped, back: null},
		forward: null,
		scriptShown: false,
		selected: 0,
		selectedNode: 0,
		pauseLength: clampPauseLength(initial.defaultLease),
		flipped,
		working: null,
		scriptReach: scriptReach(scenario, initial),
	};
}

/**
 * A reach past which every screen draws the timeline at its smallest scale and scrolls (it draws a
 * tick in 3 columns at least, so this is a terminal over 3,000 columns wide): the script is not
 * played further at the start, so a long scenario opens without playing it all first.
 */
const reachBeyondEveryScreen = 1000;

/** The last time the script knows of from `initial` on, at any command of it: its clock, or what it has planned then. */
function scriptReach(scenario: Scenario, initial: World): number {
	let reach = knownUntil(initial);
	for (const played of playCommands(
		initial,
		scenario.steps.flatMap(step => step.commands.map(({command}) => command)),
	)) {
		reach = Math.max(reach, knownUntil(played.world));
		if (reach > reachBeyondEveryScreen) break;
	}
	return reach;
}

/**
 * A scripted step played somewhere else (`dlock-tui live`, on a real etcd): its commands as the
 * model played them, and the world as it was found there.
 */
export function pushPlayedStep(session: Session, step: number, commands: readonly PlayedCommand[], world: World): Session {
	return stepTo(session, push(session.history, {by: 'script', step, commands, world}));
}

// Moving over the trail.

const goTo = (session: Session, trail: Trail, forward: Forward | null): Session => ({
	...session,
	history: trail.history,
	flipped: trail.flipped,
	trail,
	forward,
});

/** A place one scripted step on from `from`, which Next would make again as it is. */
const isScriptStepFrom = (trail: Trail, from: Trail): boolean =>
	trail.back === from && trail.flipped === from.flipped && trail.history.previous === from.history && trail.history.entry.by === 'script';

const sameEntry = (a: Entry, b: Entry): boolean =>
	a.by === b.by &&
	a.step === b.step &&
	a.commands.length === b.commands.length &&
	a.commands.every((played, index) => printCommand(played.command) === printCommand(b.commands[index]!.command));

/**
 * The place a new way hangs from: the place on screen, or, when Back has left a way that Next
 * could not make again (a change by hand, a jump), the same place once more, whose Back goes to
 * the end of the way left: taking another way loses none of it.
 */
function leaveFrom(session: Session): Trail {
	const {forward, trail} = session;
	if (forward === null) return trail;
	let end = forward;
	let from = trail;
	let replayable = true;
	for (let way: Forward | null = forward; way; way = way.rest) {
		replayable &&= isScriptStepFrom(way.trail, from);
		from = way.trail;
		end = way;
	}
	return replayable ? trail : {history: trail.history, flipped: trail.flipped, back: end.trail};
}

/**
 * The session on `history`, a history that goes on from the one on screen: a place for each entry
 * it adds, each a step of Back. An entry that the way Back came has already (the same commands
 * from the same place) is followed there instead, so that the rest of that way stays ahead.
 */
export function stepTo(session: Session, history: History): Session {
	const added: History[] = [];
	for (let node: History | null = history; node && node !== session.history; node = node.previous) added.push(node);
	let current = session;
	for (const node of added.reverse()) {
		const ahead = current.forward;
		if (ahead && ahead.trail.back === current.trail && ahead.trail.history.previous === current.history && sameEntry(ahead.trail.history.entry, node.entry)) {
			current = goTo(current, ahead.trail, ahead.rest);
			continue;
		}
		// After a place followed, the entries played go on from it.
		const kept = node.previous === current.history ? node : push(current.history, node.entry);
		current = goTo(current, {history: kept, flipped: current.flipped, back: leaveFrom(current)}, null);
	}
	return current;
}

/** The session on a new place (`history`, played with `flipped`), landed on at once: Back returns to the place on screen. */
function jumpTo(session: Session, history: History, flipped: boolean): Session {
	if (history === session.history && flipped === session.flipped) return session;
	return goTo(session, {history, flipped, back: leaveFrom(session)}, null);
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
	// A step goes on from the place on screen; a jump lands on a new place.
	const steps = (built: Session) => stepTo(session, built.history);
	const lands = (built: Session) => jumpTo(session, built.history, built.flipped);
	switch (action.type) {
		case 'next':
			return startJob(session, [{kind: 'script', to: history.entry.step + 1}], steps);
		case 'forward':
			return session.forward ? null : jobFor(session, {type: 'next'});
		case 'end':
			return startJob(session, [{kind: 'script', to: Number.POSITIVE_INFINITY}], lands);
		case 'rejoin': {
			if (history.changes === 0) return null;
			let left = history;
			while (left.changes > 0 && left.previous) left = left.previous;
			return startJob({...session, history: left}, [{kind: 'script', to: history.entry.step}], lands);
		}
		case 'flip':
			return startJob(startSession(session.scenario, !session.flipped), [{kind: 'script', to: history.entry.step}], lands);
		case 'do':
			return startJob(session, [{kind: 'hand', command: action.command}], steps);
		case 'hand': {
			const command = handCommand(session, action.verb);
			return command ? startJob(session, [{kind: 'hand', command}], steps) : null;
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
		const slice = [...playCommands(underWay.world, underWay.commands.slice(underWay.count, underWay.count + left), underWay.by === 'hand')];
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
		case 'forward':
			return session.forward ? goTo(session, session.forward.trail, session.forward.rest) : session;
		case 'back': {
			const {trail, forward} = session;
			return trail.back ? goTo(session, trail.back, {trail, rest: forward}) : session;
		}
		case 'home':
			return jumpTo(session, firstEntry(history), session.flipped);
		case 'toggle-script':
			return {...session, scriptShown: !session.scriptShown};
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
		// Slow links to the lock take the length chosen; slow ones are made instant again.
		case 'latency-lock':
			return {kind: 'latency', client: name, peer: lockPeer, n: world.nodes.some(each => latencyTo(client, each.name) > 0) ? 0 : session.pauseLength};
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

export const canGoBack = (session: Session): boolean => session.trail.back !== null;

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

/** The history at the step `history` is at: its scripted step (or the start), under the changes by hand made after it. */
export function stepHistory(history: History): History {
	let step = history;
	while (step.entry.by === 'hand' && step.previous) step = step.previous;
	return step;
}

/**
 * Whether the narration of the step at `history` (the one on screen by default) tells what
 * happened: not when a change by hand came before the step (the world has left what the script
 * assumed), nor when the story is flipped and no twin tells it in its own words. The story then
 * tells the step from its events, and offers the script's words as what it expected.
 */
export function narrationHolds(session: Session, history: History = session.history): boolean {
	if (session.flipped && !flippedWording(session)) return false;
	return stepHistory(history).changes === 0;
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
