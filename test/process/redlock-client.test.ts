// A Redlock client process (dist/redlock-client.js) on five real redis-servers and a sixth for the
// resource, started here, one of each per file. The test reads and sets the nodes' keys itself.

import {type ChildProcess, spawn} from 'node:child_process';
import net from 'node:net';
import {fileURLToPath} from 'node:url';
import {createClient, type RedisClientType} from '@redis/client';
import {afterAll, afterEach, beforeAll, describe, expect, test} from 'vitest';
import {buildCliIfChanged} from '../../scripts/build.mjs';
import type {RedlockClientSetup} from '../../source/live/redlock-protocol.js';
import {type RedlockProcess, startRedlockClient} from '../../source/live/redlock-processes.js';
import {createRunDirectory, type RunDirectory} from '../../source/live/run-directory.js';
import {freePort} from '../../source/live/guarded-server.js';
import {temporaryDirectory} from '../run-cli.js';

const entry = fileURLToPath(new URL('../../dist/redlock-client.js', import.meta.url));
/** How far a client's belief may be from the test's reckoning of it: the time between their two clocks' readings. */
const slackMs = 200;

interface RedisServer {
	readonly port: number;
	readonly redis: RedisClientType;
	readonly stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** A redis-server of its own, with nothing on disk, and the test's connection to it once it answers. */
async function startRedis(): Promise<RedisServer> {
	const port = await freePort();
	const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
		detached: true,
		stdio: 'ignore',
	});
	const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
		await exited;
	};
	for (let attempt = 0; ; attempt++) {
		const redis = createClient({socket: {host: '127.0.0.1', port, reconnectStrategy: false}});
		redis.on('error', () => undefined);
		try {
			await redis.connect();
			return {
				port,
				redis,
				stop: () => {
					redis.destroy();
					return stop();
				},
			};
		} catch (error) {
			if (attempt === 100 || child.exitCode !== null) {
				await stop();
				throw new Error(`redis-server on port ${port} did not start: ${error}`);
			}
			await sleep(50);
		}
	}
}

/**
 * A link between a client and a node, written for the test: it forwards what the client sends at
 * once and what the node replies `delayMs` later, can be cut (its connections reset, its port
 * closed) and mended, and keeps the first bytes of each connection the client opened.
 */
interface Forwarder {
	readonly port: number;
	delayMs: number;
	/** Called with each chunk the client sends. */
	onRequest: () => void;
	/** Called with each chunk of the node's replies, as it comes from the node. */
	onReply: () => void;
	/** Called once each reply has been written to the client. */
	onReplied: () => void;
	/** The connections the client opened. */
	readonly connections: () => number;
	readonly firstBytes: string[];
	cut(): Promise<void>;
	mend(): Promise<void>;
	close(): Promise<void>;
}

async function forwardTo(targetPort: number): Promise<Forwarder> {
	const sockets = new Set<net.Socket>();
	/** Replies waiting out their delay. */
	const held = new Set<NodeJS.Timeout>();
	let connections = 0;
	const server = net.createServer(client => {
		connections += 1;
		const node = net.connect(targetPort, '127.0.0.1');
		sockets.add(client).add(node);
		let first = true;
		client.on('data', chunk => {
			if (first) forwarder.firstBytes.push(chunk.toString('latin1'));
			first = false;
			node.write(chunk);
			forwarder.onRequest();
		});
		node.on('data', chunk => {
			forwarder.onReply();
			const delivery = setTimeout(() => {
				held.delete(delivery);
				if (!client.destroyed) client.write(chunk, () => forwarder.onReplied());
			}, forwarder.delayMs);
			held.add(delivery);
		});
		for (const [socket, other] of [
			[client, node],
			[node, client],
		] as const) {
			socket.on('error', () => undefined);
			socket.on('close', () => {
				sockets.delete(socket);
				other.destroy();
			});
		}
	});
	const listen = (port: number) => new Promise<void>(resolve => server.listen(port, '127.0.0.1', () => resolve()));
	await listen(0);
	const {port} = server.address() as net.AddressInfo;
	const cut = async () => {
		const closed = new Promise<void>(resolve => server.close(() => resolve()));
		for (const socket of sockets) socket.resetAndDestroy();
		await closed;
	};
	const forwarder: Forwarder = {
		port,
		delayMs: 0,
		onRequest: () => undefined,
		onReply: () => undefined,
		onReplied: () => undefined,
		connections: () => connections,
		firstBytes: [],
		cut,
		mend: () => listen(port),
		close: async () => {
			for (const delivery of held) clearTimeout(delivery);
			if (server.listening) await cut();
		},
	};
	return forwarder;
}

let nodes: RedisServer[] = [];
let resource: RedisServer;
let directory: RunDirectory;
beforeAll(async () => {
	await buildCliIfChanged();
	directory = createRunDirectory();
	const servers = await Promise.allSettled(Array.from({length: 6}, startRedis));
	const started = servers.flatMap(server => (server.status === 'fulfilled' ? [server.value] : []));
	const failed = servers.find(server => server.status === 'rejected');
	if (failed) {
		await Promise.all(started.map(server => server.stop()));
		throw failed.reason;
	}
	resource = started.pop()!;
	nodes = started;
}, 60_000);
afterAll(async () => {
	await Promise.all([...nodes, resource].filter(Boolean).map(server => server.stop()));
	directory?.removeNow();
});

/** What each test started, ended after it. */
const started: {readonly end: () => Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(started.splice(0).map(thing => thing.end()));
});

let keys = 0;
/** Keys of their own for each test, so that no test sees another's. */
function freshKeys() {
	keys += 1;
	return {lockKey: `lock-${keys}`, valueKey: `value-${keys}`};
}

function setupFor(
	name: string,
	keysOfTest: ReturnType<typeof freshKeys>,
	options: Partial<RedlockClientSetup> = {},
	ports = nodes.map(node => node.port),
): RedlockClientSetup {
	return {
		name,
		nodes: ports.map((port, index) => ({name: `n${index + 1}`, port})),
		resourcePort: resource.port,
		...keysOfTest,
		checksLease: false,
		checksValidity: false,
		driftMs: 0,
		timeoutMs: null,
		...options,
	};
}

async function startClient(setup: RedlockClientSetup): Promise<RedlockProcess> {
	const client = await startRedlockClient(entry, directory, setup);
	started.push({end: () => client.kill()});
	return client;
}

/** Each node's value at `key` (null where there is none). */
const valuesAt = (key: string) => Promise.all(nodes.map(node => node.redis.get(key)));

describe('a Redlock client on five redis-servers', () => {
	const reports = temporaryDirectory('dlock-redlock-');

	test('acquires on five free nodes: every node holds its value for the lease; a second client gets none and leaves nothing', async () => {
		const keysOfTest = freshKeys();
		const [a, b] = await Promise.all([startClient(setupFor('A', keysOfTest)), startClient(setupFor('B', keysOfTest))]);
		const asked = Date.now();
		const {answer, belief} = await a.ask({op: 'acquire', ttlMs: 5000});
		expect(answer).toEqual({op: 'acquire', acquired: true, granted: 5, replies: 5, validityMs: null});
		expect(belief.holds).toBe(true);
		expect(belief.untilMs).toBeGreaterThanOrEqual(asked + 5000 - slackMs);
		expect(belief.untilMs).toBeLessThanOrEqual(Date.now() + 5000 + slackMs);
		const values = await valuesAt(keysOfTest.lockKey);
		// The client's name, then 20 random bytes: each attempt's own value, whose holder the run can tell.
		expect(values[0]).toMatch(/^A:[0-9a-f]{40}$/);
		expect(new Set(values)).toEqual(new Set([values[0]]));
		for (const node of nodes) {
			const left = await node.redis.pTTL(keysOfTest.lockKey);
			expect(left).toBeGreaterThan(0);
			expect(left).toBeLessThanOrEqual(5000);
		}

		expect(await b.ask({op: 'acquire', ttlMs: 5000})).toEqual({
			answer: {op: 'acquire', acquired: false, granted: 0, replies: 5, validityMs: null},
			belief: {holds: false, untilMs: null},
		});
		expect(await valuesAt(keysOfTest.lockKey)).toEqual(values);

		// The value is A's: its release takes every key.
		expect(await a.ask({op: 'release'})).toEqual({answer: {op: 'release', deleted: 5}, belief: {holds: false, untilMs: null}});
		expect(await valuesAt(keysOfTest.lockKey)).toEqual([null, null, null, null, null]);
	});

	test('three nodes held by another: granted 2, not acquired, and its two keys are deleted again', async () => {
		const keysOfTest = freshKeys();
		for (const node of nodes.slice(0, 3)) await node.redis.set(keysOfTest.lockKey, 'someone else', {PX: 10_000});
		const client = await startClient(setupFor('A', keysOfTest));
		expect(await client.ask({op: 'acquire', ttlMs: 5000})).toEqual({
			answer: {op: 'acquire', acquired: false, granted: 2, replies: 5, validityMs: null},
			belief: {holds: false, untilMs: null},
		});
		// It answers as it sends the deletions, and waits for no reply to them.
		await expect.poll(() => valuesAt(keysOfTest.lockKey)).toEqual(['someone else', 'someone else', 'someone else', null, null]);
	});

	test('a release deletes its own keys only', async () => {
		const keysOfTest = freshKeys();
		const client = await startClient(setupFor('A', keysOfTest));
		expect((await client.ask({op: 'acquire', ttlMs: 5000})).answer).toMatchObject({acquired: true});
		// The key expired on the first node and another client took it there.
		await nodes[0]!.redis.set(keysOfTest.lockKey, 'another');
		expect(await client.ask({op: 'release'})).toEqual({answer: {op: 'release', deleted: 4}, belief: {holds: false, untilMs: null}});
		expect(await valuesAt(keysOfTest.lockKey)).toEqual(['another', null, null, null, null]);
	});

	test('a renewal sets the lease anew where the key is still its own; without a majority it lets go', async () => {
		const keysOfTest = freshKeys();
		const client = await startClient(setupFor('A', keysOfTest));
		await client.ask({op: 'acquire', ttlMs: 2000});
		const asked = Date.now();
		const renewed = await client.ask({op: 'renew', ttlMs: 20_000});
		expect(renewed.answer).toEqual({op: 'renew', renewed: true, extended: 5});
		expect(renewed.belief.untilMs).toBeGreaterThanOrEqual(asked + 20_000 - slackMs);
		expect(renewed.belief.untilMs).toBeLessThanOrEqual(Date.now() + 20_000 + slackMs);
		for (const node of nodes) expect(await node.redis.pTTL(keysOfTest.lockKey)).toBeGreaterThan(2000);

		for (const node of nodes.slice(0, 3)) await node.redis.del(keysOfTest.lockKey);
		expect(await client.ask({op: 'renew', ttlMs: 20_000})).toEqual({
			answer: {op: 'renew', renewed: false, extended: 2},
			belief: {holds: false, untilMs: null},
		});
	});

	test('checking its validity, a drift as long as the lease leaves it nothing: not acquired, and every key deleted', async () => {
		const keysOfTest = freshKeys();
		const client = await startClient(setupFor('A', keysOfTest, {checksValidity: true, driftMs: 5000}));
		const {answer, belief} = await client.ask({op: 'acquire', ttlMs: 5000});
		expect(answer).toMatchObject({op: 'acquire', acquired: false, granted: 5, replies: 5});
		expect(answer.op === 'acquire' && answer.validityMs).toBeLessThanOrEqual(0);
		expect(belief).toEqual({holds: false, untilMs: null});
		await expect.poll(() => valuesAt(keysOfTest.lockKey)).toEqual([null, null, null, null, null]);
	});

	test('checking its validity, it counts its lease from before it sent, less the drift', async () => {
		const keysOfTest = freshKeys();
		const client = await startClient(setupFor('A', keysOfTest, {checksValidity: true, driftMs: 1000}));
		const asked = Date.now();
		const {answer, belief} = await client.ask({op: 'acquire', ttlMs: 5000});
		expect(answer).toMatchObject({op: 'acquire', acquired: true, granted: 5});
		expect(answer.op === 'acquire' && answer.validityMs).toBeGreaterThan(0);
		expect(answer.op === 'acquire' && answer.validityMs).toBeLessThanOrEqual(4000);
		expect(belief.untilMs).toBeGreaterThanOrEqual(asked + 4000 - slackMs);
		expect(belief.untilMs).toBeLessThanOrEqual(Date.now() + 4000 + slackMs);
	});

	test('a write goes to the resource without a token; one not sent writes nothing', async () => {
		const keysOfTest = freshKeys();
		const client = await startClient(setupFor('A', keysOfTest));
		await client.ask({op: 'acquire', ttlMs: 5000});
		expect((await client.ask({op: 'write', value: 'held', send: false})).answer).toEqual({op: 'write', leaseOver: false, result: null});
		expect(await resource.redis.get(keysOfTest.valueKey)).toBeNull();
		expect((await client.ask({op: 'write', value: 'first', send: true})).answer).toEqual({
			op: 'write',
			leaseOver: false,
			result: 'accepted',
		});
		expect(await resource.redis.get(keysOfTest.valueKey)).toBe('first');
		// No token goes with it, and nothing but the value is stored.
		const ofThisTest = keysOfTest.valueKey.slice('value'.length);
		expect((await resource.redis.keys('*')).filter(key => key.endsWith(ofThisTest))).toEqual([keysOfTest.valueKey]);
	});

	test('checking its lease, a write after it ended writes nothing, and the client lets go', async () => {
		const keysOfTest = freshKeys();
		const client = await startClient(setupFor('A', keysOfTest, {checksLease: true}));
		const {belief} = await client.ask({op: 'acquire', ttlMs: 300});
		expect(belief.holds).toBe(true);
		while (Date.now() <= belief.untilMs! + 20) await sleep(50);
		expect(await client.ask({op: 'write', value: 'late', send: true})).toEqual({
			answer: {op: 'write', leaseOver: true, result: null},
			belief: {holds: false, untilMs: null},
		});
		expect(await resource.redis.get(keysOfTest.valueKey)).toBeNull();
	});

	test('a node it cannot reach at the start ends it, with a line that names the node', async () => {
		const closed = await freePort();
		const ports = nodes.map(node => node.port);
		ports[2] = closed;
		// Its crash report goes in a temp folder of the test's.
		const tmp = process.env.TMPDIR;
		process.env.TMPDIR = reports;
		try {
			await expect(startRedlockClient(entry, directory, setupFor('A', freshKeys(), {}, ports))).rejects.toThrow(
				new RegExp(`^client A ended: dlock-tui: unexpected error: A cannot reach node n3 at 127\\.0\\.0\\.1:${closed}: .*ECONNREFUSED`),
			);
		} finally {
			if (tmp === undefined) delete process.env.TMPDIR;
			else process.env.TMPDIR = tmp;
		}
	});

	test('refuses to start by hand', async () => {
		const keysOfTest = freshKeys();
		const client = await startClient(setupFor('A', keysOfTest));
		await client.kill();
		const byHand = spawn(process.execPath, [entry], {stdio: ['ignore', 'ignore', 'pipe']});
		let stderr = '';
		byHand.stderr.on('data', chunk => {
			stderr += chunk;
		});
		const status = await new Promise(resolve => byHand.once('exit', resolve));
		expect({status, stderr}).toEqual({status: 2, stderr: 'dlock-tui: redlock-client.js is started by `dlock-tui live`, not by hand\n'});
	});
});

describe('a Redlock client through links the test forwards', () => {
	async function forwarders(): Promise<Forwarder[]> {
		const links = await Promise.all(nodes.map(node => forwardTo(node.port)));
		started.push(...links.map(link => ({end: () => link.close()})));
		return links;
	}

	test('frozen while its replies arrive and woken after its timeout: the replies in its sockets count', async () => {
		const keysOfTest = freshKeys();
		const links = await forwarders();
		const client = await startClient(
			setupFor(
				'A',
				keysOfTest,
				{timeoutMs: 300},
				links.map(link => link.port),
			),
		);
		for (const link of links) link.delayMs = 400;
		let requests = 0;
		let replies = 0;
		const allReplied = new Promise<void>(resolve => {
			for (const link of links) {
				// Frozen as soon as every node has its request: its replies are still 400 ms away.
				link.onRequest = () => {
					requests += 1;
					if (requests === links.length) client.freeze();
				};
				link.onReplied = () => {
					replies += 1;
					if (replies === links.length) resolve();
				};
			}
		});
		const answered = client.ask({op: 'acquire', ttlMs: 5000});
		await allReplied;
		// Its timeout passed long ago; the replies are in its sockets.
		await sleep(100);
		const thawed = Date.now();
		client.thaw();
		const {answer, belief} = await answered;
		expect(answer).toEqual({op: 'acquire', acquired: true, granted: 5, replies: 5, validityMs: null});
		// A client that does not check its validity counts its lease from when it read the replies.
		expect(belief.untilMs).toBeGreaterThanOrEqual(thawed + 5000 - slackMs);
		expect(belief.untilMs).toBeLessThanOrEqual(Date.now() + 5000 + slackMs);
	});

	test('a command in flight when its link is cut fails at once and is never sent again', async () => {
		const keysOfTest = freshKeys();
		const links = await forwarders();
		const client = await startClient(
			setupFor(
				'A',
				keysOfTest,
				{timeoutMs: 600_000},
				links.map(link => link.port),
			),
		);
		for (const link of links.slice(0, 2)) {
			// The node has set the key; its reply, held back, is lost with the link.
			link.delayMs = 600_000;
			link.onReply = () => void link.cut();
		}
		expect((await client.ask({op: 'acquire', ttlMs: 5000})).answer).toEqual({op: 'acquire', acquired: true, granted: 3, replies: 3, validityMs: null});
		const values = await valuesAt(keysOfTest.lockKey);
		expect(new Set(values)).toEqual(new Set([values[0]]));
		for (const link of links.slice(0, 2)) {
			link.delayMs = 0;
			link.onReply = () => undefined;
			await link.mend();
		}
		expect((await client.ask({op: 'release'})).answer).toEqual({op: 'release', deleted: 5});
		// The connection opened after the cut began with the release, not with the SET sent again.
		for (const link of links.slice(0, 2)) expect(link.firstBytes.map(bytes => /\r\n(SET|EVAL)\r\n/.exec(bytes)?.[1])).toEqual(['SET', 'EVAL']);
	});

	test('a node whose link is cut fails at once; mended, the next request connects anew; no connection sends anything before the request', async () => {
		const keysOfTest = freshKeys();
		const links = await forwarders();
		// Were it to wait for a node that failed, it would wait past the test's end.
		const client = await startClient(
			setupFor(
				'A',
				keysOfTest,
				{timeoutMs: 600_000},
				links.map(link => link.port),
			),
		);
		await Promise.all(links.slice(0, 2).map(link => link.cut()));
		expect((await client.ask({op: 'acquire', ttlMs: 5000})).answer).toEqual({op: 'acquire', acquired: true, granted: 3, replies: 3, validityMs: null});
		await Promise.all(links.slice(0, 2).map(link => link.mend()));
		expect((await client.ask({op: 'release'})).answer).toEqual({op: 'release', deleted: 3});
		expect((await client.ask({op: 'acquire', ttlMs: 5000})).answer).toEqual({op: 'acquire', acquired: true, granted: 5, replies: 5, validityMs: null});
		// Each link's connection opened at the start, and one more for each of the first two after the
		// mending; those the cut reset had sent nothing.
		expect(links.map(link => link.connections())).toEqual([2, 2, 1, 1, 1]);
		const firstBytes = links.flatMap(link => link.firstBytes);
		expect(firstBytes).toHaveLength(5);
		for (const bytes of firstBytes) expect(bytes).toMatch(/^\*\d+\r\n\$\d+\r\n(SET|EVAL)\r\n/);
	});
});
