// Redis nodes of a live Redlock run, on real redis-server processes: what a crash loses and a
// restart brings back, a start that fails, and that no process outlives its node or its run.

import {readFileSync} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {RedisStartFailure, startRedis} from '../../source/live/redis-server.js';
import {temporaryDirectory} from '../run-cli.js';
import {afterTest, connect, isRunning, processesNaming, redisBinary, runDirectory, runModule, startedNode, until, wait} from './redis-servers.js';

const folder = temporaryDirectory('dlock-redis-');
/** The TMPDIR of a run in a process of its own. */
const runFolder = temporaryDirectory('dlock-redis-run-');

describe('a crash and a restart', () => {
	test('an in-memory node comes back empty', async () => {
		const node = await startedNode(runDirectory(folder), 'n1', false);
		await (await connect(node.port)).set('lock', 'client-1', {PX: 60_000});
		const first = node.pid;
		await node.crash();
		expect(isRunning(first)).toBe(false);
		await node.restart();
		expect(node.pid).not.toBe(first);
		expect(await (await connect(node.port)).get('lock')).toBeNull();
	});

	test('a persistent node comes back with a key that has time left', async () => {
		const node = await startedNode(runDirectory(folder), 'n1', true);
		await (await connect(node.port)).set('lock', 'client-1', {PX: 60_000});
		await node.crash();
		await node.restart();
		const client = await connect(node.port);
		expect(await client.get('lock')).toBe('client-1');
		expect(await client.pTTL('lock')).toBeGreaterThan(0);
	});

	test('a persistent node comes back without a key whose time ran out while it was down', async () => {
		const node = await startedNode(runDirectory(folder), 'n1', true);
		await (await connect(node.port)).set('lock', 'client-1', {PX: 300});
		await node.crash();
		await wait(500);
		await node.restart();
		expect(await (await connect(node.port)).get('lock')).toBeNull();
	});
});

describe('how a node ends', () => {
	test('ended is the redis-server of now, and only an end nobody asked for is unplanned', async () => {
		const node = await startedNode(runDirectory(folder), 'n1', false);
		const unplanned: string[] = [];
		node.onUnplannedEnd(how => unplanned.push(how));
		await node.crash();
		expect(await node.ended).toBe('killed by SIGKILL');
		await node.restart();
		const settled = await Promise.race([node.ended.then(() => 'ended'), wait(100).then(() => 'running')]);
		expect(settled).toBe('running');
		process.kill(node.pid, 'SIGKILL');
		expect(await node.ended).toBe('killed by SIGKILL');
		await node.restart();
		await node.stop();
		expect(await node.ended).toMatch(/^exited with status 0/);
		expect(unplanned).toEqual(['killed by SIGKILL']);
	});

	test('stop leaves no process, and the pids file lists every one started', async () => {
		const directory = runDirectory(folder);
		const node = await startedNode(directory, 'n1', false);
		const first = node.pid;
		await node.restart();
		const running = processesNaming(directory.path);
		expect(running).toContain(node.pid);
		await node.stop();
		expect(isRunning(node.pid)).toBe(false);
		// The guard shell has ended a moment before and told the pipe's reader to.
		await until(() => processesNaming(directory.path).length === 0, 'every process of the node to end');
		const recorded = readFileSync(path.join(directory.path, 'pids'), 'utf8').split('\n').filter(Boolean).map(Number);
		// Each redis-server and the guard shell it ran under, those of now the last two.
		expect(recorded).toHaveLength(4);
		expect(recorded).toEqual(expect.arrayContaining([first, node.pid]));
		expect(running).toEqual(expect.arrayContaining(recorded.slice(2)));
	});

	test('a node whose port is taken says so', async () => {
		// Another server on the port: it answers nothing, and reads, so that it sees a client leave.
		const holder = net.createServer(socket => socket.resume());
		await new Promise<void>(resolve => holder.listen(0, '127.0.0.1', resolve));
		afterTest(() => new Promise<void>(resolve => holder.close(() => resolve())));
		const {port} = holder.address() as net.AddressInfo;
		const starting = startRedis(redisBinary(), runDirectory(folder), {name: 'n1', persistent: false, port}).then(node => node.ready);
		await expect(starting).rejects.toThrow(RedisStartFailure);
		await expect(starting).rejects.toThrow(/^redis-server n1 did not start: .*Address already in use/);
	});

	test('the run ending, even by SIGKILL, stops its nodes', async () => {
		const run = await runModule(
			`import {createRunDirectory} from './source/live/run-directory.ts';
			import {findRedisServer, startRedis} from './source/live/redis-server.ts';
			const node = await startRedis(findRedisServer(process.env), createRunDirectory(), {name: 'n1', persistent: true});
			await node.ready;
			console.log(node.pid);`,
			runFolder,
		);
		await until(() => run.output().includes('\n'), 'the node to answer');
		const pid = Number(run.output().trim());
		expect(isRunning(pid)).toBe(true);
		run.child.kill('SIGKILL');
		await run.exited;
		await until(() => !isRunning(pid), 'redis-server to stop');
		// Its guard shell exits a moment after it.
		await until(() => processesNaming(runFolder).length === 0, 'every process of the run to end');
	});
});
