// The live world: the model's World with what etcd, the client processes and the run's own counts
// say in place of what the model worked out; what live cannot differ in (the clocks, the backend)
// is the model's.

import type {InflightWrite, World} from '../model/world.js';
import {inModelTokens, tokenMapping} from './compare.js';
import type {EtcdState} from './etcd-mirror.js';
import type {LiveClients} from './live-clients.js';

/**
 * What the run counts of the resource itself, since its store keeps only the value (and the max
 * token): the outcome of each write is what its store answered.
 */
export interface WriteCounts {
	/** Whether the resource checks tokens. */
	fenced: boolean;
	writes: number;
	rejected: number;
	violations: number;
	maxAcceptedSenderGrant: number;
	/** The writes the network holds back, in the order they arrive. */
	inflight: InflightWrite[];
}

/** The writes' counts of an etcd run, and its grants: etcd numbers them its own way. */
export interface LiveCounts extends WriteCounts {
	/** The tick the lock's lease ends: its last grant or keepalive plus the lease (etcd counts its own in seconds). */
	lockExpiry: number | null;
	/** etcd's token of each grant, in the order etcd made them. */
	readonly liveGrants: number[];
	/** The model's token of each grant, in its order. */
	readonly modelGrants: number[];
}

export const startWriteCounts = (model: World): WriteCounts => ({
	fenced: model.resource.fenced,
	writes: 0,
	rejected: 0,
	violations: 0,
	maxAcceptedSenderGrant: 0,
	inflight: [],
});

export const startCounts = (model: World): LiveCounts => ({...startWriteCounts(model), lockExpiry: null, liveGrants: [], modelGrants: []});

/** Grants are numbered in the order etcd made them, as the model numbers its own. */
export const grantOf = (counts: LiveCounts, token: number | null): number | null => (token === null ? null : counts.liveGrants.indexOf(token) + 1 || null);

/** A write's outcome; an accepted one sent under an older grant than one accepted before is a violation. */
export function countWrite(counts: WriteCounts, senderGrant: number, result: 'accepted' | 'rejected'): void {
	if (result === 'rejected') {
		counts.rejected += 1;
		return;
	}
	counts.writes += 1;
	if (senderGrant < counts.maxAcceptedSenderGrant) counts.violations += 1;
	counts.maxAcceptedSenderGrant = Math.max(counts.maxAcceptedSenderGrant, senderGrant);
}

/** The live world at tick `clock`, in etcd's token numbers. */
export function liveWorld(model: World, etcd: EtcdState, clients: LiveClients, counts: LiveCounts, clock = model.clock): World {
	const expiry = etcd.holder === null ? null : counts.lockExpiry;
	return {
		...model,
		clock,
		lock: {
			holder: etcd.holder,
			token: etcd.token,
			expiry,
			nextToken: model.lock.nextToken === null ? null : counts.liveGrants.length + 1,
			...(model.lock.revision === undefined ? {} : {revision: etcd.revision}),
		},
		nodes: model.nodes.map(node => ({...node, holder: etcd.holder, token: etcd.token, expiry})),
		resource: {
			...model.resource,
			fenced: counts.fenced,
			value: etcd.value,
			maxToken: etcd.maxToken,
			writes: counts.writes,
			rejected: counts.rejected,
		},
		clients: model.clients.map(modelClient => {
			const live = clients.get(modelClient.name);
			return {
				...modelClient,
				status: live.status,
				pausedUntil: live.pausedUntil,
				token: live.token,
				holds: live.token !== null,
				until: live.until,
				grant: grantOf(counts, live.token),
				fencing: live.fencing,
			};
		}),
		inflight: counts.inflight,
		violations: counts.violations,
		grants: counts.liveGrants.length,
		maxAcceptedSenderGrant: counts.maxAcceptedSenderGrant,
	};
}

/** The live world in the model's token numbers: each grant's etcd token as the model's token of the same grant. */
export const inModelNumbers = (world: World, counts: LiveCounts): World => inModelTokens(world, tokenMapping(counts.liveGrants, counts.modelGrants));
