// The run's clients: a process each (client-processes.ts), and what the run knows of each one for
// the live world: whether it runs, is frozen or crashed, the token its process last said it
// believes, when it believes its lease ends, and whether it sends its token with a write.

import type {ClientStatus} from '../model/world.js';
import {type ClientProcess, startClient} from './client-processes.js';
import type {LiveStores, RunKeys} from './etcd-mirror.js';
import type {ClientAnswer, ClientRequest} from './protocol.js';
import type {RunDirectory} from './run-directory.js';

export interface LiveClient {
	readonly status: ClientStatus;
	readonly pausedUntil: number | null;
	readonly token: number | null;
	/** When it believes its lease ends: the tick of its last grant or keepalive plus the lease. */
	readonly until: number | null;
	readonly fencing: boolean;
}

export interface LiveClients {
	get(name: string): LiveClient;
	/** Asks the client's process to act; what it believes after is kept. */
	ask(name: string, request: ClientRequest): Promise<ClientAnswer>;
	/** It was granted the lock or kept its lease alive: it believes the lease ends at tick `until`. */
	renewed(name: string, until: number): void;
	/** A GC pause: the whole process freezes until tick `until`. */
	pause(name: string, until: number): void;
	resume(name: string): void;
	crash(name: string): Promise<void>;
	/** A new process, as a restarted client is. */
	restart(name: string): Promise<void>;
	setFencing(name: string, on: boolean): Promise<void>;
}

export interface ClientsOptions {
	/** The client's entry (dist/live-client.js), run for each client process. */
	readonly entry: string;
	readonly directory: RunDirectory;
	/** Resolves once etcd answers: the processes load meanwhile, and are told where etcd is then. */
	readonly ready: Promise<unknown>;
	readonly stores: LiveStores;
	readonly keys: RunKeys;
	/** Called with each process started, so that the caller can end it on every exit path. */
	readonly onProcess: (process: ClientProcess) => void;
}

/** A client as the run keeps it: its process (none while crashed), and what it knows of it. */
type KnownClient = {-readonly [Fact in keyof LiveClient]: LiveClient[Fact]} & {process: ClientProcess | null};

/** Starts a process for each client at once; resolves when every one is ready, rejects when one fails to start. */
export async function startClients(clients: readonly {readonly name: string; readonly fencing: boolean}[], options: ClientsOptions): Promise<LiveClients> {
	const {keys, stores} = options;
	const start = (name: string, fencing: boolean) =>
		startClient(
			options.entry,
			options.directory,
			name,
			options.ready.then(() => ({
				name,
				lockUrl: stores.lockUrl,
				resourceUrl: stores.resourceUrl,
				lockKey: keys.lock,
				valueKey: keys.value,
				maxTokenKey: keys.maxToken,
				fencing,
			})),
		).then(process => {
			options.onProcess(process);
			return process;
		});
	const started = await Promise.all(clients.map(client => start(client.name, client.fencing)));
	const known = new Map<string, KnownClient>();
	for (const [index, client] of clients.entries())
		known.set(client.name, {process: started[index]!, status: 'running', pausedUntil: null, token: null, until: null, fencing: client.fencing});
	const client = (name: string) => known.get(name)!;
	const ask = async (name: string, request: ClientRequest) => {
		const live = client(name);
		const {answer, token} = await live.process!.ask(request);
		live.token = token;
		if (token === null) live.until = null;
		return answer;
	};
	return {
		get: client,
		ask,
		renewed(name, until) {
			client(name).until = until;
		},
		pause(name, until) {
			const live = client(name);
			live.process!.freeze();
			live.status = 'paused';
			live.pausedUntil = until;
		},
		resume(name) {
			const live = client(name);
			live.process!.thaw();
			live.status = 'running';
			live.pausedUntil = null;
		},
		async crash(name) {
			const live = client(name);
			await live.process!.kill();
			live.process = null;
			live.status = 'crashed';
			live.pausedUntil = null;
			live.token = null;
			live.until = null;
		},
		async restart(name) {
			const live = client(name);
			live.process = await start(name, live.fencing);
			live.status = 'running';
		},
		async setFencing(name, on) {
			client(name).fencing = on;
			await ask(name, {op: 'fencing', on});
		},
	};
}
