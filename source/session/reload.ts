// Putting another scenario (or a new version of the same file) into a session. A speaker who
// edits the file while rehearsing stays on the step they were looking at.

import type {Scenario} from '../scenario/parse.js';
import {reduceSession, type Session, type SessionAction, startSession} from './session.js';

export type ShellAction = SessionAction | {readonly type: 'load'; readonly scenario: Scenario; readonly keepStep: boolean};

/**
 * The scenario from its start, or, with keepStep, replayed up to the step shown before (or its
 * last step, if it has fewer now). Changes made by hand are dropped: they belonged to the old script.
 */
export function loadScenarioInto(session: Session, scenario: Scenario, keepStep: boolean): Session {
	let next = startSession(scenario);
	if (!keepStep) return next;
	const step = Math.min(session.history.entry.step, scenario.steps.length);
	while (next.history.entry.step < step) next = reduceSession(next, {type: 'next'});
	const clients = next.history.entry.world.clients.length;
	return {...next, selected: Math.min(session.selected, Math.max(0, clients - 1)), pauseLength: session.pauseLength};
}

/** reduceSession, plus loading a scenario. */
export function reduceShell(session: Session, action: ShellAction): Session {
	return action.type === 'load' ? loadScenarioInto(session, action.scenario, action.keepStep) : reduceSession(session, action);
}
