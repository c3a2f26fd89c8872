// One client of a live run, as a process of its own (dist/live-client.js, source/live-client.ts):
// its own etcd connection and lease, the token it believes in, and its writes to the resource.
// Freezing this process (SIGSTOP) freezes all of it, as a stop-the-world GC pause does.

import {openStore, type Store} from './etcd-store.js';
import type {ClientAnswer, ClientMessage, ClientRequest, ClientSetup, RequestMessage} from './protocol.js';

interface Belief {
	token: number | null;
	leaseId: string | null;
	fencing: boolean;
}

/** Waits for its setup (the first message), connects, says it is ready, then answers requests. */
export function runLiveClient(runDirectory: string): Promise<void> {
	// `ps` names it; and a later run, cleaning up after a killed one, knows it by its directory.
	process.title = `dlock-tui live-client ${runDirectory}`;
	// The live run is this process's reason to be: when it goes, so does this.
	process.on('disconnect', () => process.exit(0));
	return new Promise(resolve => process.once('message', (setup: ClientSetup) => resolve(serve(setup))));
}

async function serve(setup: ClientSetup): Promise<void> {
	const send = (message: ClientMessage) => process.send!(message);
	const lock = openStore(setup.lockUrl);
	const resource = setup.resourceUrl === setup.lockUrl ? lock : openStore(setup.resourceUrl);
	const belief: Belief = {token: null, leaseId: null, fencing: setup.fencing};
	// One request at a time, in the order sent: a request that arrives while one is under way waits.
	let queue = Promise.resolve();
	process.on('message', ({id, request}: RequestMessage) => {
		queue = queue.then(async () => {
			try {
				const answer = await handle(request, setup, belief, lock, resource);
				send({kind: 'answer', id, answer, token: belief.token});
			} catch (error) {
				send({kind: 'failed', id, message: error instanceof Error ? error.message : String(error)});
			}
		});
	});
	await lock.revision();
	send({kind: 'ready'});
}

async function handle(request: ClientRequest, setup: ClientSetup, belief: Belief, lock: Store, resource: Store): Promise<ClientAnswer> {
	switch (request.op) {
		case 'acquire': {
			const leaseId = await lock.grantLease(request.ttlSeconds);
			const result = await lock.acquire(setup.lockKey, setup.name, leaseId);
			if (!result.ok) {
				await lock.revoke(leaseId);
				return {op: 'acquire', acquired: false, holder: result.holder, revision: null};
			}
			belief.token = result.token;
			belief.leaseId = leaseId;
			return {op: 'acquire', acquired: true, holder: setup.name, revision: result.revision};
		}
		case 'renew': {
			const ttl = belief.leaseId === null ? 0 : await lock.keepAlive(belief.leaseId);
			// etcd no longer knows the lease: the key went with it, and the client learns it lost the lock.
			if (ttl <= 0) forget(belief);
			return {op: 'renew', renewed: ttl > 0};
		}
		case 'release': {
			const revision = belief.token === null ? null : await lock.release(setup.lockKey, belief.token);
			if (belief.leaseId !== null) await lock.revoke(belief.leaseId);
			forget(belief);
			return {op: 'release', revision};
		}
		case 'write': {
			const senderToken = belief.token!;
			const token = belief.fencing ? senderToken : null;
			const written = request.send ? await resource.write(setup.valueKey, setup.maxTokenKey, request.value, token, request.resourceFenced) : null;
			return {op: 'write', token, senderToken, result: written?.result ?? null, revision: written?.revision ?? null};
		}
		case 'fencing':
			belief.fencing = request.on;
			return {op: 'fencing'};
	}
}

function forget(belief: Belief): void {
	belief.token = null;
	belief.leaseId = null;
}
