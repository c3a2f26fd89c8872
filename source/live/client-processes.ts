// The live run's side of its client processes: starting one (dist/live-client.js beside the bin),
// asking it to act, and the signals that pause, continue and crash it.

import {type ChildProcess, fork} from 'node:child_process';
import type {ClientAnswer, ClientMessage, ClientRequest, ClientSetup} from './protocol.js';
import type {RunDirectory} from './run-directory.js';

export interface ClientProcess {
	readonly name: string;
	readonly pid: number;
	/** Resolves with the answer and the token the client believes in after it. */
	ask(request: ClientRequest): Promise<{readonly answer: ClientAnswer; readonly token: number | null}>;
	/** SIGSTOP: the whole process freezes, keepalives and all. */
	freeze(): void;
	/** SIGCONT. */
	thaw(): void;
	/** SIGKILL, and waits until it is gone. */
	kill(): Promise<void>;
}

/**
 * Starts the process at once and gives it `setup` when that is ready: loading the etcd client takes
 * a process a large part of a second, which goes by while etcd starts.
 */
export async function startClient(entry: string, directory: RunDirectory, name: string, setup: Promise<ClientSetup>): Promise<ClientProcess> {
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
	const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
	const waiting = new Map<number, {resolve: (value: {answer: ClientAnswer; token: number | null}) => void; reject: (error: Error) => void}>();
	const gone = () => new Error(`client ${name} ended${stderr.trim() ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`);
	await new Promise<void>((resolve, reject) => {
		child.on('message', (message: ClientMessage) => {
			if (message.kind === 'ready') resolve();
			else if (message.kind === 'answer') waiting.get(message.id)?.resolve({answer: message.answer, token: message.token});
			else waiting.get(message.id)?.reject(new Error(`client ${name}: ${message.message}`));
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
		async kill() {
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
			await exited;
		},
	};
}
