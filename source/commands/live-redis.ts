// `dlock-tui live` on Redis: a story with no tokens (`backend: redis` or `redlock`) plays on fresh
// redis-servers of the run's own, one per node and one for the resource, with the run's proxy on
// every link between a client and a node. What it refuses, how its servers start and end, and its
// line of the report; live.ts runs it.

import {fileURLToPath} from 'node:url';
import type {Command} from '../model/command.js';
import {createWorld, latencyTo, resolveSetup} from '../model/world.js';
import type {Scenario} from '../scenario/parse.js';
import {type LinkProxy, startLinkProxy} from '../live/link-proxy.js';
import type {RedisKeys} from '../live/redis-nodes.js';
import {findRedisServer, type LocalRedis, redisPackage, startRedis} from '../live/redis-server.js';
import {playOnRedlock, type RedisView} from '../live/redlock-run.js';
import type {LiveStep} from '../live/steps.js';
import {LiveFailure, UsageError} from './errors.js';
import {type LiveTarget, refusedCommand, resourceName, type StartTarget} from './live-target.js';

/** Does the story play on Redis: Redis gives no tokens, and etcd always does. */
export const playsOnRedis = (scenario: Scenario) => resolveSetup(scenario.setup).tokens === 'none';

/** Checks what can be checked before anything starts; the function it returns starts the servers. */
export function prepareRedis(scenario: Scenario, etcdFlag: string | undefined, env: NodeJS.ProcessEnv, tickMs: number): StartTarget<RedisView> {
	if (etcdFlag !== undefined) throw new UsageError(`--etcd: ${scenario.file} has no tokens and plays on Redis, not etcd; leave --etcd out`);
	const problem = notOnRedisProblem(scenario);
	if (problem !== null) throw new UsageError(`live: ${problem}`);
	const binary = findRedisServer(env);
	if (binary === null) throw new UsageError(`live: no \`redis-server\` on PATH; it comes in the package ${redisPackage} (apt-get install ${redisPackage})`);
	const world = createWorld(scenario.setup);
	const resource = resourceName(scenario);
	const keys: RedisKeys = {lock: `lock/${resource}`, value: `resource/${resource}/value`};
	return async (directory, abort) => {
		const nodes: LocalRedis[] = [];
		const proxies: LinkProxy[] = [];
		const end = async () => {
			await Promise.all(proxies.map(proxy => proxy.close()));
			await Promise.all(nodes.map(node => node.stop()));
		};
		try {
			// The resource keeps nothing on disk: a write the run counted is never undone by it.
			// Each one that started is stopped by end(), even when another did not start.
			const starting = await Promise.allSettled([
				...world.nodes.map(node => startRedis(binary, directory, {name: node.name, persistent: node.persistent})),
				startRedis(binary, directory, {name: resource, persistent: false}),
			]);
			for (const started of starting) if (started.status === 'fulfilled') nodes.push(started.value);
			const failed = starting.find(started => started.status === 'rejected');
			if (failed) throw failed.reason;
			const servers = nodes;
			const ready = Promise.all(servers.map(server => server.ready));
			// A server that ends when nobody asked it to (a node's crash is asked for) ends the run at once.
			for (const server of servers)
				server.onUnplannedEnd(how =>
					abort.abort(new LiveFailure(`live: the run's redis-server ${server.name} on port ${server.port} ended in the middle of the run (${how})`)),
				);
			// Each client reaches each node through a proxy of its own: a partition or a latency is of one link.
			const links = new Map<string, LinkProxy[]>();
			for (const client of world.clients) {
				const proxied = await Promise.all(
					servers.slice(0, -1).map((node, index) => startLinkProxy(node.port, latencyTo(client, world.nodes[index]!.name) * tickMs)),
				);
				proxies.push(...proxied);
				links.set(client.name, proxied);
			}
			const target: LiveTarget<RedisView> = {
				ready,
				where: labels => `${labels.freshRedis(world.nodes.length, resource)}: ${servers.map(server => `${server.name} :${server.port}`).join(', ')}`,
				play: options =>
					playOnRedlock({
						...options,
						scenario,
						servers: {nodes: servers.slice(0, -1), resource: servers.at(-1)!},
						links,
						keys,
						tickMs,
						// The clients' entry is built beside the bin, as this module is.
						clientEntry: fileURLToPath(new URL('./redlock-client.js', import.meta.url)),
						directory,
					}),
				stateLine,
				end,
			};
			return target;
		} catch (error) {
			await end();
			throw error;
		}
	};
}

/** What of the scenario real Redis nodes and real processes cannot do, named where it is; null when all can be. */
function notOnRedisProblem(scenario: Scenario): string | null {
	const {lockDelay} = resolveSetup(scenario.setup);
	if (lockDelay > 0) return `${scenario.file}: lockDelay cannot be played live: Redis has no lock-delay`;
	const clients = new Set(scenario.setup.clients.map(client => client.name));
	const whyNot = (command: Command): string | null => {
		// A node's clock jump is made on its keys; a process's clock cannot be stepped from outside.
		if (command.kind === 'jump' && clients.has(command.target)) return "a client's clock step";
		if (command.kind === 'write' && command.pause !== undefined) return 'a write held through a pause';
		return null;
	};
	return refusedCommand(scenario, whyNot);
}

/** What the nodes hold after a step, and what each client believes. */
function stateLine(step: LiveStep<RedisView>): string {
	const {view} = step;
	const keys = view.nodes.map(node => `${node.name} ${node.up ? (node.holder ?? '—') : 'down'}`).join(', ');
	const beliefs = view.beliefs
		.filter(belief => belief.holds || belief.waiting)
		.map(belief => (belief.waiting ? `${belief.name} waits for replies` : `${belief.name} believes it holds until t=${belief.until}`));
	return [`redis: ${keys}`, `${step.live.resource.name} = ${view.value ?? 'empty'}`, ...beliefs].join('; ');
}
