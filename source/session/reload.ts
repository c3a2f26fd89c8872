// Putting another scenario (or a new version of the same file) into a session. A speaker who
// edits the file while rehearsing stays on the step they were looking at.

import type {Scenario} from '../scenario/parse.js';
import {historyEntries, reduceSession, type Session, type SessionAction, startSession} from './session.js';

export type ShellAction = SessionAction | {readonly type: 'load'; readonly scenario: Scenario; readonly keepStep: boolean};

/**
 * The scenario from its start, or, with keepStep, the history shown before played again on it:
 * each scripted step by the new version of that step (up to its last step, if it has fewer now),
 * each change made by hand as it was made. A speaker who edits the file while rehearsing keeps
 * what they improvised; a change the new version no longer allows shows as refused.
 */
export function loadScenarioInto(session: Session, scenario: Scenario, keepStep: boolean): Session {
	if (!keepStep) return startSession(scenario);
	let next = startSession(scenario, session.flipped);
	for (const entry of historyEntries(session)) {
		if (entry.by === 'hand') {
			for (const {command} of entry.commands) next = reduceSession(next, {type: 'do', command});
			continue;
		}
		// The start or a scripted step: the new version's steps up to the same number.
		const step = Math.min(entry.step, scenario.steps.length);
		while (next.history.entry.step < step) next = reduceSession(next, {type: 'next'});
	}
	const clients = next.history.entry.world.clients.length;
	const nodes = next.history.entry.world.nodes.length;
	return {
		...next,
		selected: Math.min(session.selected, Math.max(0, clients - 1)),
		selectedNode: Math.min(session.selectedNode, nodes - 1),
		pauseLength: session.pauseLength,
	};
}

/** reduceSession, plus loading a scenario. */
export function reduceShell(session: Session, action: ShellAction): Session {
	return action.type === 'load' ? loadScenarioInto(session, action.scenario, action.keepStep) : reduceSession(session, action);
}
