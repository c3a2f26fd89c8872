// Putting another scenario (or a new version of the same file) into a session, and the actions of
// the dashboard, played a slice at a time. A speaker who edits the file while rehearsing stays on
// the step they were looking at.

import type {Scenario} from '../scenario/parse.js';
import {
	advanceJob,
	finishJob,
	historyEntries,
	isJob,
	type Job,
	jobFor,
	type LoadAction,
	type Play,
	reduceSession,
	type Session,
	type SessionAction,
	startJob,
	startSession,
	stepTo,
} from './session.js';

/** `work` plays the next slice of the action being played. */
export type ShellAction = SessionAction | LoadAction | {readonly type: 'work'};

/**
 * The scenario from its start, or, with keepStep, the history shown before played again on it:
 * each scripted step by the new version of that step (up to its last step, if it has fewer now),
 * each change made by hand as it was made. A speaker who edits the file while rehearsing keeps
 * what they improvised; a change the new version no longer allows shows as refused. The ways Back
 * left behind were played on the old version: they are not kept.
 */
function loadJob(session: Session, scenario: Scenario): Job {
	const plays: Play[] = historyEntries(session).flatMap((entry): Play[] =>
		entry.by === 'hand'
			? entry.commands.map(({command}) => ({kind: 'hand', command}))
			: // The start or a scripted step: the new version's steps up to the same number.
				[{kind: 'script', to: Math.min(entry.step, scenario.steps.length)}],
	);
	const fresh = startSession(scenario, session.flipped);
	return startJob(fresh, plays, played => {
		// Each entry played again is a step of Back, as it was.
		const next = stepTo(fresh, played.history);
		const {clients, nodes} = next.history.entry.world;
		return {
			...next,
			scriptShown: session.scriptShown,
			selected: Math.min(session.selected, Math.max(0, clients.length - 1)),
			selectedNode: Math.min(session.selectedNode, nodes.length - 1),
			pauseLength: session.pauseLength,
		};
	});
}

export const loadScenarioInto = (session: Session, scenario: Scenario, keepStep: boolean): Session =>
	keepStep ? finishJob(loadJob(session, scenario)) : startSession(scenario);

/**
 * Commands played per slice: a few milliseconds of work, so that the dashboard hears a key or a
 * signal between two slices however long the action (App.tsx plays slices until its time is up).
 */
export const sliceCommands = 20;

/** The session after one slice of `job`: done, or still working, with the actions queued behind it. */
function sliced(session: Session, job: Job, queued: NonNullable<Session['working']>['queued']): Session {
	const advanced = advanceJob(job, sliceCommands);
	if (isJob(advanced)) return {...session, working: {job: advanced, queued}};
	return queued.reduce<Session>(reduceShell, advanced);
}

/**
 * reduceSession, plus loading a scenario, for the dashboard: an action that plays commands plays
 * one slice of them at once; if that does not finish it, the session shows what it showed before,
 * with the action under way (`working`), until `work` has played the rest. Actions that come
 * meanwhile wait their turn; another scenario opened drops the work.
 */
export function reduceShell(session: Session, action: ShellAction): Session {
	const {working} = session;
	if (action.type === 'load' && !action.keepStep) return startSession(action.scenario);
	if (working) {
		if (action.type === 'work') return sliced(session, working.job, working.queued);
		return {...session, working: {...working, queued: [...working.queued, action]}};
	}
	if (action.type === 'work') return session;
	if (action.type === 'load') return sliced(session, loadJob(session, action.scenario), []);
	const job = jobFor(session, action);
	return job ? sliced(session, job, []) : reduceSession(session, action);
}
