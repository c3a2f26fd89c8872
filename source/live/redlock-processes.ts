// The live run's side of its Redlock client processes (dist/redlock-client.js beside the bin): the
// same process handling as etcd's clients, with Redlock's messages.

import {type LiveProcess, startLiveProcess} from './client-processes.js';
import type {RedlockAnswer, RedlockBelief, RedlockClientSetup, RedlockRequest} from './redlock-protocol.js';
import type {RunDirectory} from './run-directory.js';

/** A Redlock client: it answers with what it believes after each request. */
export type RedlockProcess = LiveProcess<RedlockRequest, {readonly answer: RedlockAnswer; readonly belief: RedlockBelief}>;

/** Starts the process at once and gives it `setup` when that is ready (the nodes and their proxies may still be starting). */
export function startRedlockClient(
	entry: string,
	directory: RunDirectory,
	setup: Promise<RedlockClientSetup> | RedlockClientSetup,
	name: string,
): Promise<RedlockProcess> {
	return startLiveProcess(entry, directory, name, Promise.resolve(setup));
}
