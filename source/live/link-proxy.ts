// The network link between one client process and one Redis node of a live Redlock run: a TCP
// proxy on the loopback address that delays the bytes by the link's latency and can cut the link.
// Written by hand: the TCP proxies on npm forward at once, and the fault injectors (toxiproxy and
// the like) are separate servers to run and drive; none does latency and a cut inside this process.
// There is no flow control: a link carries a few small commands and their replies.

import net from 'node:net';

export interface LinkProxy {
	/** The port clients connect to, on 127.0.0.1. */
	readonly port: number;
	/** Bytes that arrive from now on, either way, are forwarded `ms` after they arrived. */
	setLatency(ms: number): void;
	/**
	 * Cuts the link, as a partition does: what is in flight either way is lost, and so is what the
	 * node sends; what a client sends from now on resets its connection at once, as does a new
	 * connection, so that a request on a cut link fails on the spot (the model's "failed at once").
	 */
	cut(): void;
	/** New connections are forwarded again; one that lost bytes to the cut is reset, its stream out of step. */
	heal(): void;
	/** Ends the proxy and every connection of it. */
	close(): Promise<void>;
}

/**
 * One direction of a connection: each chunk is written `latencyMs` after it arrived, never before
 * a chunk that arrived earlier. Written into the kernel's socket at its time, a chunk is there for
 * a receiver that is not reading (a process stopped with SIGSTOP, say) when it reads again.
 */
class DelayedDirection {
	private readonly queue: {readonly due: number; readonly chunk: Buffer | null}[] = [];
	private timer: NodeJS.Timeout | undefined;

	constructor(private readonly to: net.Socket) {}

	/** `chunk` to be written `latencyMs` from now; null for the end of the stream. */
	add(chunk: Buffer | null, latencyMs: number): void {
		const due = Math.max(performance.now() + latencyMs, this.queue.at(-1)?.due ?? 0);
		this.queue.push({due, chunk});
		if (this.timer === undefined) this.flush();
	}

	/** Drops what is held: the connection is gone. */
	discard(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		this.queue.length = 0;
	}

	private flush(): void {
		this.timer = undefined;
		while (this.queue.length > 0 && this.queue[0]!.due <= performance.now()) {
			const {chunk} = this.queue.shift()!;
			if (this.to.destroyed) continue;
			if (chunk === null) this.to.end();
			else this.to.write(chunk);
		}
		if (this.queue.length > 0) this.timer = setTimeout(() => this.flush(), this.queue[0]!.due - performance.now());
	}
}

/**
 * Resets a socket, losing what it holds; one whose write side has ended (its FIN sent) is only
 * destroyed. libuv refuses to reset a socket that is shutting down (UV_EINVAL), and Node then never
 * closes its handle: the process spins at its exit, waiting for that handle.
 */
function reset(socket: net.Socket): void {
	if (socket.writableEnded) socket.destroy();
	else socket.resetAndDestroy();
}

/** A proxy on a free port of 127.0.0.1 for the node listening on `targetPort` there. */
export function startLinkProxy(targetPort: number, latencyMs = 0): Promise<LinkProxy> {
	let latency = latencyMs;
	let isCut = false;
	/** Each open connection: how to end it at once, both sides, all it holds lost; how to cut it; whether a cut made it lose bytes. */
	const connections = new Set<{readonly reset: () => void; readonly cut: () => void; readonly lost: () => boolean}>();

	// Half-open, so that an end from one side reaches the other after the bytes before it.
	const server = net.createServer({allowHalfOpen: true}, client => {
		if (isCut) {
			client.resetAndDestroy();
			return;
		}
		const upstream = net.connect({port: targetPort, host: '127.0.0.1', allowHalfOpen: true});
		const toUpstream = new DelayedDirection(upstream);
		const toClient = new DelayedDirection(client);
		let lost = false;
		const connection = {
			reset: () => {
				if (!connections.delete(connection)) return;
				toUpstream.discard();
				toClient.discard();
				reset(client);
				reset(upstream);
			},
			cut: () => {
				lost = true;
				toUpstream.discard();
				toClient.discard();
			},
			lost: () => lost,
		};
		connections.add(connection);
		// While cut, the client's bytes reset the connection and the node's are dropped.
		client.on('data', chunk => (lost ? connection.reset() : toUpstream.add(chunk, latency)));
		client.on('end', () => (lost ? connection.reset() : toUpstream.add(null, latency)));
		upstream.on('data', chunk => lost || toClient.add(chunk, latency));
		upstream.on('end', () => lost || toClient.add(null, latency));
		// A failed connection to the node (refused, reset), or a client gone: the other side is reset.
		client.on('error', connection.reset);
		upstream.on('error', connection.reset);
		// Both sides closed in order: nothing is left to do.
		const closed = () => {
			if (client.destroyed && upstream.destroyed) connections.delete(connection);
		};
		client.on('close', closed);
		upstream.on('close', closed);
	});

	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			server.off('error', reject);
			const {port} = server.address() as net.AddressInfo;
			resolve({
				port,
				setLatency: ms => {
					latency = ms;
				},
				cut: () => {
					isCut = true;
					for (const connection of connections) connection.cut();
				},
				heal: () => {
					isCut = false;
					for (const connection of [...connections]) if (connection.lost()) connection.reset();
				},
				close: () =>
					new Promise(closed => {
						server.close(() => closed());
						for (const connection of [...connections]) connection.reset();
					}),
			});
		});
	});
}
