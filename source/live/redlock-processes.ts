// The live run's side of its Redlock client processes (dist/redlock-client.js beside the bin): the
// same process handling as etcd's clients, with Redlock's messages.

import {type LiveProcess, startLiveProcess} from './client-processes.js';
import type {RedlockAnswer, RedlockBelief, RedlockClientSetup, RedlockRequest} from './redlock-protocol.js';
import type {RunDirectory} from './run-directory.js';

/** A Redlock client: it answers with what it believes after each request. */
export type RedlockProcess = LiveProcess<RedlockRequest, {readonly answer: RedlockAnswer; readonly belief: RedlockBelief}>;

/** Starts the process and gives it `setup` (the run starts its clients once its nodes answer). */
export function startRedlockClient(entry: string, directory: RunDirectory, setup: RedlockClientSetup): Promise<RedlockProcess> {
	return startLiveProcess(entry, directory, setup.name, Promise.resolve(setup));
}
