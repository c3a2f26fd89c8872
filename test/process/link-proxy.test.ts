// The link between a client and a Redis node, on a real redis-server behind the proxy: latency
// that delays each way, replies that wait in a stopped process's socket, a cut, a heal, a close.

import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {freePort} from '../../source/live/guarded-server.js';
import {startLinkProxy} from '../../source/live/link-proxy.js';
import {statFields} from './pty.js';
import {temporaryDirectory} from '../run-cli.js';
import {afterTest, connect, isRunning, runDirectory, runModule, startedNode, until, wait} from './redis-servers.js';

const folder = temporaryDirectory('dlock-link-');
/** The TMPDIR of a client in a process of its own. */
const clientFolder = temporaryDirectory('dlock-link-client-');

async function proxyTo(port: number, latencyMs?: number) {
	const proxy = await startLinkProxy(port, latencyMs);
	afterTest(() => proxy.close());
	return proxy;
}

const node = () => startedNode(runDirectory(folder), 'n1', false);

/** Bytes received and not yet read by the socket connected to 127.0.0.1:port (Linux's /proc/net/tcp). */
function unreadBytesFrom(port: number): number | null {
	for (const row of readFileSync('/proc/net/tcp', 'utf8').trim().split('\n').slice(1)) {
		const [, , remote, , queues] = row.trim().split(/\s+/);
		if (remote === `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`) return Number.parseInt(queues!.split(':')[1]!, 16);
	}
	return null;
}

describe('latency', () => {
	test('delays a reply by the latency each way, and keeps the bytes in order when it changes', async () => {
		const proxy = await proxyTo((await node()).port, 100);
		const client = await connect(proxy.port);
		const start = performance.now();
		await client.ping();
		expect(performance.now() - start).toBeGreaterThanOrEqual(200);
		proxy.setLatency(300);
		const first = client.echo('first');
		proxy.setLatency(0);
		expect(await Promise.all([first, client.echo('second')])).toEqual(['first', 'second']);
	});

	test('a reply forwarded while its client is stopped waits in its socket', async () => {
		const proxy = await proxyTo((await node()).port, 500);
		// The client stops itself once PING is in its socket, a second before the reply can be back.
		const client = await runModule(
			`import {createClient} from '@redis/client';
			const client = createClient({socket: {port: ${proxy.port}, host: '127.0.0.1', reconnectStrategy: false}});
			await client.connect();
			const reply = client.ping();
			setTimeout(() => {
				console.log('sent');
				process.kill(process.pid, 'SIGSTOP');
			}, 50);
			console.log(await reply);
			client.destroy();`,
			clientFolder,
		);
		await until(() => client.output().includes('sent') && statFields(client.child.pid!)[0] === 'T', 'the client to stop');
		await until(() => (unreadBytesFrom(proxy.port) ?? 0) > 0, 'the reply in the stopped client’s socket');
		expect(client.output()).toBe('sent\n');
		process.kill(client.child.pid!, 'SIGCONT');
		expect(await client.exited).toBe(0);
		expect(client.output()).toBe('sent\nPONG\n');
	});
});

describe('a cut', () => {
	test('loses the command in flight; one sent while cut fails at once, and so does a new connection, until healed', async () => {
		const {port} = await node();
		const proxy = await proxyTo(port);
		const client = await connect(proxy.port);
		await client.set('lock', 'before');
		proxy.setLatency(200);
		const inFlight = client.get('lock').then(
			() => 'a reply',
			() => 'a failure',
		);
		// The client writes its command on its next turn: cut once the proxy holds it, 200 ms from the node.
		await wait(50);
		proxy.cut();
		// Lost: neither its reply nor a failure comes, as a message lost in a partition.
		expect(await Promise.race([inFlight, wait(600).then(() => 'nothing')])).toBe('nothing');
		await expect(client.get('lock')).rejects.toThrow();
		expect(await inFlight).toBe('a failure');
		await expect(connect(proxy.port)).rejects.toThrow(/ECONNRESET|closed unexpectedly/);
		proxy.setLatency(0);
		proxy.heal();
		await (await connect(proxy.port)).set('lock', 'after');
		expect(await (await connect(port)).get('lock')).toBe('after');
	});

	test('a node that cannot be reached resets the client', async () => {
		const proxy = await proxyTo(await freePort());
		await expect(connect(proxy.port)).rejects.toThrow(/ECONNRESET|closed unexpectedly/);
	});
});

describe('close', () => {
	test('ends every connection and leaves nothing that keeps a process alive', async () => {
		const {port} = await node();
		const run = await runModule(
			`import {createClient} from '@redis/client';
			import {startLinkProxy} from './source/live/link-proxy.ts';
			const proxy = await startLinkProxy(${port}, 200);
			console.log(proxy.port);
			const client = createClient({socket: {port: proxy.port, host: '127.0.0.1', reconnectStrategy: false}});
			client.on('error', () => undefined);
			await client.connect();
			const reply = client.ping().catch(() => 'no reply');
			await new Promise(resolve => setTimeout(resolve, 50));
			await proxy.close();
			console.log(await reply);`,
			clientFolder,
		);
		await until(() => !isRunning(run.child.pid!), 'the process to end by itself');
		expect(await run.exited).toBe(0);
		const [proxyPort, reply] = run.output().trim().split('\n');
		expect(reply).toBe('no reply');
		await expect(connect(Number(proxyPort))).rejects.toThrow(/ECONNREFUSED/);
	});
});
