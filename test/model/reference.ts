// A second, deliberately naive simulator written straight from docs/model.md and the chapter's Go
// code: mutable, lazy refresh (a node drops an expired key only when it is asked or looked at, as
// in Go), one time unit at a time, every rule spelled out again without sharing code with the
// model. The real model is compared with it on random command sequences: the world after each
// command, the events it made and why a command was refused.

import type {Command} from '../../source/model/command.js';
import type {Event, Refusal} from '../../source/model/event.js';

type Tokens = 'counter' | 'revision' | 'none';

export interface ReferenceSetup {
	lease: number;
	fencing: boolean;
	clients: ReadonlyArray<{name: string; renewEvery?: number | null; fencing?: boolean; checksLease?: boolean}>;
	/** Already resolved: the test spells out each backend's preset itself. */
	nodes: ReadonlyArray<{name: string; persistent: boolean}>;
	tokens: Tokens;
	lockDelay: number;
}

class LockNode {
	up = true;
	offset = 0;
	holder = '';
	token: number | null = null;
	expiry = 0;
	/** Lock-delay ends at this local time (0: none). */
	delayEnd = Number.NEGATIVE_INFINITY;

	constructor(
		readonly name: string,
		readonly persistent: boolean,
		readonly service: Service,
	) {}

	local() {
		return this.service.clock + this.offset;
	}

	/** The Go refresh, on this node's own clock. */
	refresh() {
		if (!this.up || this.holder === '' || this.local() < this.expiry) return;
		const event: Event = {kind: 'expired', t: this.service.clock, client: this.holder, token: this.token};
		this.holder = '';
		this.token = null;
		if (this.service.tokens === 'revision') this.service.revision++;
		if (this.service.lockDelay > 0) this.delayEnd = this.expiry + this.service.lockDelay;
		this.service.events.push({
			...event,
			...(this.service.nodes.length > 1 ? {node: this.name} : {}),
			...(this.service.lockDelay > 0 ? {delayUntil: this.delayEnd} : {}),
		});
	}

	tryGrant(client: string, lease: number): boolean {
		this.refresh();
		if (this.holder !== '' || this.local() < this.delayEnd) return false;
		this.holder = client;
		this.expiry = this.local() + lease;
		this.token = this.service.issue();
		return true;
	}

	tryExtend(client: string, lease: number): boolean {
		this.refresh();
		if (this.holder !== client) return false;
		this.expiry = this.local() + lease;
		return true;
	}

	tryDelete(client: string): boolean {
		this.refresh();
		if (this.holder !== client) return false;
		this.holder = '';
		this.token = null;
		if (this.service.tokens === 'revision') this.service.revision++;
		return true;
	}

	view() {
		this.refresh();
		const held = this.holder !== '';
		return {
			name: this.name,
			persistent: this.persistent,
			up: this.up,
			offset: this.offset,
			holder: held ? this.holder : null,
			token: held ? this.token : null,
			expiry: held ? this.expiry : null,
			delayUntil: this.delayEnd === Number.NEGATIVE_INFINITY ? null : this.delayEnd,
		};
	}
}

class Service {
	clock = 0;
	nextToken = 1;
	revision = 1;
	nodes: LockNode[];
	/** What the command being applied made happen. */
	events: Event[] = [];

	constructor(
		setup: ReferenceSetup,
		readonly tokens: Tokens,
		readonly lockDelay: number,
	) {
		this.nodes = setup.nodes.map(node => new LockNode(node.name, node.persistent, this));
	}

	issue(): number | null {
		if (this.tokens === 'counter') return this.nextToken++;
		if (this.tokens === 'revision') return ++this.revision;
		return null;
	}

	needed() {
		return Math.floor(this.nodes.length / 2) + 1;
	}

	/** With several nodes an event says how many did it; with one it reads as the first model's. */
	counted<E extends Event>(event: E, count: number): E {
		return this.nodes.length === 1 ? event : {...event, nodes: {count, needed: this.needed(), of: this.nodes.length}};
	}
}

interface Held {
	value: string;
	delay: number | undefined;
	token: number | null;
	senderToken: number | null;
	grant: number;
}

interface RefClient {
	name: string;
	status: 'running' | 'paused' | 'crashed';
	pausedUntil: number | null;
	token: number | null;
	fencing: boolean;
	renewEvery: number | null;
	lease: number;
	lastRenewAt: number | null;
	holds: boolean;
	until: number | null;
	grant: number | null;
	offset: number;
	checksLease: boolean;
	cut: Set<string>;
	held: Held | null;
}

interface Write {
	from: string;
	token: number | null;
	senderToken: number | null;
	grant: number;
	value: string;
	arrivesAt: number;
}

export class ReferenceWorld {
	service: Service;
	resource = {name: 'row-42', fenced: true, value: null as string | null, maxToken: 0, writes: 0, rejected: 0};
	clients: RefClient[];
	inflight: Write[] = [];
	violations = 0;
	grants = 0;
	maxSenderGrant = 0;
	readonly defaultLease: number;

	constructor(setup: ReferenceSetup) {
		this.defaultLease = setup.lease;
		this.service = new Service(setup, setup.tokens, setup.lockDelay);
		this.resource.fenced = setup.fencing;
		this.clients = setup.clients.map(c => ({
			name: c.name,
			status: 'running',
			pausedUntil: null,
			token: null,
			fencing: c.fencing ?? true,
			renewEvery: c.renewEvery ?? null,
			lease: setup.lease,
			lastRenewAt: null,
			holds: false,
			until: null,
			grant: null,
			offset: 0,
			checksLease: c.checksLease ?? false,
			cut: new Set(),
			held: null,
		}));
	}

	private get clock() {
		return this.service.clock;
	}

	private forget(c: RefClient) {
		c.holds = false;
		c.token = null;
		c.until = null;
		c.grant = null;
	}

	private reachable(c: RefClient) {
		return this.service.nodes.filter(node => node.up && !c.cut.has(node.name));
	}

	/** The events of the last command applied. */
	get events(): readonly Event[] {
		return this.service.events;
	}

	private emit(event: Event) {
		this.service.events.push(event);
	}

	/** Applies the command and returns why it was refused, or null; a refused command makes no event and changes nothing. */
	apply(command: Command): Refusal | null {
		this.service.events = [];
		const refusal = this.applyOne(command);
		if (refusal) this.service.events = [];
		return refusal;
	}

	private applyOne(command: Command): Refusal | null {
		const t = this.clock;
		if (command.kind === 'tick') {
			this.emit({kind: 'ticked', t: t + command.n, from: t});
			for (let i = 0; i < command.n; i++) this.unit();
			return null;
		}
		if (command.kind === 'fencing' && command.target === 'resource') {
			this.resource.fenced = command.on;
			this.emit({kind: 'fencing', t, target: 'resource', on: command.on});
			return null;
		}
		if (command.kind === 'jump') {
			const c = this.clients.find(x => x.name === command.target);
			const node = this.service.nodes.find(x => x.name === command.target);
			if (c) {
				c.offset += command.by;
				this.emit({kind: 'jumped', t, target: c.name, by: command.by, clock: t + c.offset});
			} else if (node) {
				node.offset += command.by;
				this.emit({kind: 'jumped', t, target: node.name, by: command.by, clock: node.local()});
				// docs/model.md: a node whose clock jumps drops at once a key it now sees as expired.
				node.refresh();
			} else return {kind: 'unknown-name', name: command.target};
			return null;
		}
		const name = command.kind === 'fencing' ? command.target : command.client;
		const c = this.clients.find(x => x.name === name);
		if (!c) {
			const node = this.service.nodes.find(x => x.name === name);
			if (!node || (command.kind !== 'crash' && command.kind !== 'restart')) return {kind: 'unknown-client', client: name};
			if (command.kind === 'crash') {
				if (!node.up) return {kind: 'node-already-crashed', node: node.name};
				node.refresh();
				const lostKey = !node.persistent && node.holder !== '' ? node.holder : null;
				node.up = false;
				if (!node.persistent) {
					node.holder = '';
					node.token = null;
					node.delayEnd = Number.NEGATIVE_INFINITY;
				}
				this.emit({kind: 'node-crashed', t, node: node.name, lostKey});
				return null;
			}
			if (node.up) return {kind: 'node-not-crashed', node: node.name};
			node.up = true;
			this.emit({kind: 'node-restarted', t, node: node.name, keptKey: node.holder === '' ? null : node.holder});
			// A key that expired while the node was down goes the moment it is up.
			node.refresh();
			return null;
		}
		switch (command.kind) {
			case 'fencing':
				c.fencing = command.on;
				this.emit({kind: 'fencing', t, target: c.name, on: command.on});
				return null;
			case 'partition':
			case 'heal':
				return this.relink(c, command.kind, command.peers);
			case 'latency':
				throw new Error('latency: messages that take time are not in this reference yet');
			case 'resume':
				if (c.status !== 'paused') return {kind: 'not-paused', client: c.name};
				this.emit({kind: 'resumed', t, client: c.name, early: true});
				this.wake(c);
				return null;
			case 'restart':
				if (c.status !== 'crashed') return {kind: 'not-crashed', client: c.name};
				c.status = 'running';
				this.emit({kind: 'restarted', t, client: c.name});
				return null;
			case 'crash':
				if (c.status === 'crashed') return {kind: 'already-crashed', client: c.name};
				this.emit({kind: 'crashed', t, client: c.name, droppedToken: c.token, ...(c.held ? {lostWrite: c.held.value} : {})});
				c.status = 'crashed';
				c.pausedUntil = null;
				c.held = null;
				this.forget(c);
				return null;
		}
		if (c.status === 'paused') return {kind: 'paused', client: c.name, until: c.pausedUntil!};
		if (c.status === 'crashed') return {kind: 'crashed', client: c.name};
		switch (command.kind) {
			case 'acquire':
				this.acquire(c, command.lease ?? this.defaultLease);
				return null;
			case 'renew':
				this.renew(c, command.lease ?? this.defaultLease, false);
				return null;
			case 'release':
				this.release(c);
				return null;
			case 'pause':
				c.status = 'paused';
				c.pausedUntil = t + command.n;
				this.emit({kind: 'paused', t, client: c.name, until: c.pausedUntil});
				return null;
			case 'write': {
				if (!c.holds) return {kind: 'no-token', client: c.name};
				const clock = t + c.offset;
				if (c.checksLease && c.until !== null && clock >= c.until) {
					this.emit({kind: 'lease-over', t, client: c.name, clock, until: c.until});
					this.forget(c);
					return null;
				}
				const value = command.value ?? c.name;
				const held: Held = {value, delay: command.delay, token: c.fencing ? c.token : null, senderToken: c.token, grant: c.grant!};
				if (command.pause === undefined) this.send(c, held);
				else {
					c.status = 'paused';
					c.pausedUntil = t + command.pause;
					c.held = held;
					this.emit({kind: 'paused', t, client: c.name, until: c.pausedUntil, held: value});
				}
				return null;
			}
		}
	}

	private relink(c: RefClient, kind: 'partition' | 'heal', peers: readonly string[]): Refusal | null {
		const nodeNames = this.service.nodes.map(node => node.name);
		for (const peer of peers) if (peer !== 'lock' && peer !== 'resource' && !nodeNames.includes(peer)) return {kind: 'unknown-peer', client: c.name, peer};
		let names: string[];
		if (peers.length === 0) names = kind === 'partition' ? nodeNames : [...c.cut];
		else names = peers.flatMap(peer => (peer === 'lock' ? nodeNames : [peer]));
		const changed = new Set<string>();
		for (const peer of names) {
			if (kind === 'partition' && !c.cut.has(peer)) {
				c.cut.add(peer);
				changed.add(peer);
			}
			if (kind === 'heal' && c.cut.has(peer)) {
				c.cut.delete(peer);
				changed.add(peer);
			}
		}
		// One node is the lock service, and named so.
		const told = [...changed].sort().map(peer => (nodeNames.length === 1 && peer === nodeNames[0] ? 'lock' : peer));
		this.emit({kind: kind === 'partition' ? 'partitioned' : 'healed', t: this.clock, client: c.name, peers: told});
		if (kind === 'heal' && !c.cut.has('resource')) this.arrive(w => w.from === c.name);
		return null;
	}

	private acquire(c: RefClient, lease: number) {
		const t = this.clock;
		c.lease = lease;
		const reachable = this.reachable(c);
		if (reachable.length === 0) {
			this.emit(this.service.counted({kind: 'unanswered', t, client: c.name, request: 'acquire'}, 0));
			return;
		}
		const granted = reachable.filter(node => node.tryGrant(c.name, lease));
		if (granted.length >= this.service.needed()) {
			c.holds = true;
			c.token = this.service.nodes.length === 1 ? granted[0]!.token : null;
			c.until = t + c.offset + lease;
			c.grant = ++this.grants;
			c.lastRenewAt = t;
			this.emit(this.service.counted({kind: 'acquired', t, client: c.name, token: c.token, expiry: c.until}, granted.length));
			return;
		}
		for (const node of granted) {
			node.holder = '';
			node.token = null;
		}
		if (this.service.nodes.length > 1) {
			this.emit({kind: 'acquire-minority', t, client: c.name, nodes: {count: granted.length, needed: this.service.needed(), of: this.service.nodes.length}});
			return;
		}
		const node = this.service.nodes[0]!;
		if (node.holder !== '') this.emit({kind: 'acquire-failed', t, client: c.name, holder: node.holder});
		else this.emit({kind: 'lock-delay', t, client: c.name, node: node.name, until: node.delayEnd});
	}

	private renew(c: RefClient, lease: number, heartbeat: boolean) {
		const t = this.clock;
		c.lease = lease;
		c.lastRenewAt = t;
		const answering = this.reachable(c);
		if (answering.length === 0) {
			this.emit(
				this.service.counted(
					heartbeat ? {kind: 'unanswered', t, client: c.name, request: 'renew', heartbeat} : {kind: 'unanswered', t, client: c.name, request: 'renew'},
					0,
				),
			);
			return;
		}
		let extended = 0;
		for (const node of answering) if (node.tryExtend(c.name, lease)) extended++;
		if (extended >= this.service.needed()) {
			this.emit(this.service.counted({kind: 'renewed', t, client: c.name, expiry: t + c.offset + lease, heartbeat}, extended));
			if (c.holds) c.until = t + c.offset + lease;
		} else {
			this.emit(this.service.counted({kind: 'renew-failed', t, client: c.name, lostToken: c.token, heartbeat}, extended));
			this.forget(c);
		}
	}

	private release(c: RefClient) {
		const t = this.clock;
		const reachable = this.reachable(c);
		const droppedToken = c.token;
		this.forget(c);
		if (reachable.length === 0) {
			this.emit(this.service.counted({kind: 'unanswered', t, client: c.name, request: 'release'}, 0));
			return;
		}
		let deleted = 0;
		let token: number | null = null;
		for (const node of reachable) {
			const nodeToken = node.token;
			if (node.tryDelete(c.name)) {
				deleted++;
				token = nodeToken;
			}
		}
		if (deleted === 0) this.emit({kind: 'release-ignored', t, client: c.name, droppedToken});
		else this.emit(this.service.counted({kind: 'released', t, client: c.name, token}, deleted));
	}

	private wake(c: RefClient) {
		c.status = 'running';
		c.pausedUntil = null;
		const held = c.held;
		c.held = null;
		if (held) this.send(c, held);
	}

	private send(c: RefClient, held: Held) {
		const write: Write = {
			from: c.name,
			token: held.token,
			senderToken: held.senderToken,
			grant: held.grant,
			value: held.value,
			arrivesAt: this.clock + (held.delay ?? 0),
		};
		const stuck = c.cut.has('resource');
		if (held.delay === undefined && !stuck) this.deliver(write);
		else {
			this.inflight.push(write);
			this.emit({kind: 'sent', t: this.clock, client: c.name, value: write.value, token: write.token, arrivesAt: write.arrivesAt, ...(stuck ? {stuck} : {})});
		}
	}

	private deliver(write: Write) {
		const r = this.resource;
		const t = this.clock;
		if (r.fenced && write.token !== null && write.token < r.maxToken) {
			r.rejected++;
			this.emit({kind: 'rejected', t, client: write.from, value: write.value, token: write.token, maxToken: r.maxToken});
			return;
		}
		if (write.token !== null && write.token > r.maxToken) r.maxToken = write.token;
		r.value = write.value;
		r.writes++;
		const violation = write.grant < this.maxSenderGrant;
		if (violation) this.violations++;
		this.maxSenderGrant = Math.max(this.maxSenderGrant, write.grant);
		this.emit({
			kind: 'accepted',
			t,
			client: write.from,
			value: write.value,
			token: write.token,
			senderToken: write.senderToken,
			maxToken: r.maxToken,
			violation,
		});
	}

	private arrive(which: (write: Write) => boolean) {
		const ready = (w: Write) => w.arrivesAt <= this.clock && which(w) && !this.clients.find(x => x.name === w.from)!.cut.has('resource');
		const due = this.inflight.filter(ready);
		this.inflight = this.inflight.filter(w => !ready(w));
		for (const w of due) this.deliver(w);
	}

	private unit() {
		const t = ++this.service.clock;
		for (const node of this.service.nodes) node.refresh();
		for (const c of this.clients) {
			if (c.status === 'paused' && c.pausedUntil === t) {
				this.emit({kind: 'resumed', t, client: c.name, early: false});
				this.wake(c);
			}
		}
		for (const c of this.clients) {
			if (c.status === 'running' && c.renewEvery !== null && c.holds && c.lastRenewAt !== null && t - c.lastRenewAt >= c.renewEvery) {
				this.renew(c, c.lease, true);
			}
		}
		this.arrive(() => true);
	}

	/** The observable state, in the shape the test compares. */
	snapshot() {
		const nodes = this.service.nodes.map(node => node.view());
		let holder: string | null = null;
		for (const node of nodes) {
			if (node.up && node.holder !== null && nodes.filter(other => other.up && other.holder === node.holder).length >= this.service.needed())
				holder = node.holder;
		}
		const single = nodes.length === 1 && holder !== null ? nodes[0]! : null;
		return {
			clock: this.clock,
			lock: {
				holder,
				token: single ? single.token : null,
				expiry: single ? single.expiry : null,
				nextToken: this.service.tokens === 'counter' ? this.service.nextToken : null,
				revision: this.service.tokens === 'revision' ? this.service.revision : null,
			},
			nodes,
			resource: {...this.resource},
			clients: this.clients.map(c => ({
				name: c.name,
				status: c.status,
				pausedUntil: c.pausedUntil,
				token: c.token,
				fencing: c.fencing,
				renewEvery: c.renewEvery,
				lease: c.lease,
				lastRenewAt: c.lastRenewAt,
				holds: c.holds,
				until: c.until,
				grant: c.grant,
				offset: c.offset,
				checksLease: c.checksLease,
				cut: [...c.cut].sort(),
				held: c.held && {value: c.held.value, delay: c.held.delay ?? null, token: c.held.token, senderToken: c.held.senderToken, grant: c.held.grant},
			})),
			inflight: this.inflight.map(({from, token, senderToken, grant, value, arrivesAt}) => ({from, token, senderToken, grant, value, arrivesAt})),
			violations: this.violations,
			grants: this.grants,
			maxAcceptedSenderGrant: this.maxSenderGrant,
		};
	}
}
