// What the session tests share: playing actions on a session, and the actions they play most.

import {reduceSession, type Session, type SessionAction} from '../../source/session/session.js';
import {command} from '../model/helpers.js';

export const run = (session: Session, ...actions: SessionAction[]) => actions.reduce(reduceSession, session);
export const next = {type: 'next'} as const;
export const back = {type: 'back'} as const;
/** A command by hand, as the `:` line gives it. */
export const by = (text: string): SessionAction => ({type: 'do', command: command(text)});
