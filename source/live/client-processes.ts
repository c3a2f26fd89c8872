// The live run's side of its client processes: starting one (an entry of its own beside the bin:
// dist/live-client.js for etcd, dist/redlock-client.js for Redlock), asking it to act, and the
// signals that pause, continue and crash it.

import {type ChildProcess, fork} from 'node:child_process';
import type {ClientAnswer, ClientRequest, ClientSetup} from './protocol.js';
import type {RunDirectory} from './run-directory.js';

/** A client process that is asked `Request`s and answers each with a `Result`. */
export interface LiveProcess<Request, Result> {
	readonly name: string;
	readonly pid: number;
	/** Resolves with the answer and what the client believes after it. */
	ask(request: Request): Promise<Result>;
	/** SIGSTOP: the whole process freezes, keepalives and all. */
	freeze(): void;
	/** SIGCONT. */
	thaw(): void;
	/** SIGKILL, and waits until it is gone. */
	kill(): Promise<void>;
	/** Resolves, with how it ended in words, when the process ends without kill() (a crash, a kill from outside); else never. */
	readonly unplannedEnd: Promise<string>;
}

/** What a client process says: it is ready, or the answer to request `id` (the `Result` with it), or that request's failure. */
type ProcessMessage<Result> =
	| {readonly kind: 'ready'}
	| ({readonly kind: 'answer'; readonly id: number} & Result)
	| {readonly kind: 'failed'; readonly id: number; readonly message: string};

/** An etcd client: it answers with the token it believes in after each request. */
export type ClientProcess = LiveProcess<ClientRequest, {readonly answer: ClientAnswer; readonly token: number | null}>;

/**
 * Starts the process at once and gives it `setup` when that is ready: loading the etcd client takes
 * a process a large part of a second, which goes by while etcd starts.
 */
export function startClient(entry: string, directory: RunDirectory, name: string, setup: Promise<ClientSetup>): Promise<ClientProcess> {
	return startLiveProcess(entry, directory, name, setup);
}

/**
 * Starts `entry` as a client process and sends it `setup` when that resolves; resolves when the
 * process says it is ready, rejects when it ends first. Each answer resolves its request with the
 * answer message but for its `kind` and `id`.
 */
export async function startLiveProcess<Setup extends object, Request, Result extends object>(
	entry: string,
	directory: RunDirectory,
	name: string,
	setup: Promise<Setup>,
): Promise<LiveProcess<Request, Result>> {
	const child: ChildProcess = fork(entry, [directory.path], {
		// Its own process group: Ctrl-C reaches the live run, which ends its clients in order; and a
		// frozen client left by a killed run is sent SIGHUP by the kernel (an orphaned group).
		detached: true,
		stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
	});
	directory.record(child.pid!);
	let stderr = '';
	child.stderr!.on('data', chunk => {
		stderr = (stderr + chunk).slice(-2000);
	});
	let killed = false;
	let endedUnplanned!: (how: string) => void;
	const unplannedEnd = new Promise<string>(resolve => {
		endedUnplanned = resolve;
	});
	const exited = new Promise<void>(resolve =>
		child.once('exit', (status, signal) => {
			if (!killed) endedUnplanned(signal === null ? `exited with status ${status}` : `killed by ${signal}`);
			resolve();
		}),
	);
	const waiting = new Map<number, {resolve: (result: Result) => void; reject: (error: Error) => void}>();
	const gone = () => new Error(`client ${name} ended${stderr.trim() ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`);
	await new Promise<void>((resolve, reject) => {
		child.on('message', (message: ProcessMessage<Result>) => {
			if (message.kind === 'ready') resolve();
			else if (message.kind === 'answer') {
				const {kind: _kind, id: _id, ...result} = message;
				waiting.get(message.id)?.resolve(result as unknown as Result);
			} else waiting.get(message.id)?.reject(new Error(`client ${name}: ${message.message}`));
			if (message.kind !== 'ready') waiting.delete(message.id);
		});
		child.once('exit', () => {
			reject(gone());
			for (const {reject: rejectAnswer} of waiting.values()) rejectAnswer(gone());
			waiting.clear();
		});
		setup.then(
			ready => child.connected && child.send(ready),
			() => child.kill('SIGKILL'),
		);
	});
	let nextId = 1;
	return {
		name,
		pid: child.pid!,
		ask(request) {
			const id = nextId++;
			return new Promise((resolve, reject) => {
				if (child.exitCode !== null || child.signalCode !== null) {
					reject(gone());
					return;
				}
				waiting.set(id, {resolve, reject});
				child.send({id, request});
			});
		},
		freeze: () => child.kill('SIGSTOP'),
		thaw: () => child.kill('SIGCONT'),
		unplannedEnd,
		async kill() {
			killed = true;
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
			await exited;
		},
	};
}
