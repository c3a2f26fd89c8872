// A second, deliberately naive simulator written straight from docs/model.md and the chapter's Go
// code: mutable, lazy refresh (a node drops an expired key only when it is asked or looked at, as
// in Go), one time unit at a time, every rule spelled out again without sharing code with the
// model. The real model is compared with it on random command sequences.

import type {Command} from '../../source/model/command.js';

type Tokens = 'counter' | 'revision' | 'none';

export interface ReferenceSetup {
	lease: number;
	fencing: boolean;
	clients: ReadonlyArray<{name: string; renewEvery?: number; fencing?: boolean; checksLease?: boolean}>;
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
		this.holder = '';
		this.token = null;
		if (this.service.tokens === 'revision') this.service.revision++;
		if (this.service.lockDelay > 0) this.delayEnd = this.expiry + this.service.lockDelay;
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
			up: this.up,
			offset: this.offset,
			holder: held ? this.holder : null,
			token: held ? this.token : null,
			expiry: held ? this.expiry : null,
		};
	}
}

class Service {
	clock = 0;
	nextToken = 1;
	revision = 1;
	nodes: LockNode[];

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

	/** Returns true when the command was refused. */
	apply(command: Command): boolean {
		if (command.kind === 'tick') {
			for (let i = 0; i < command.n; i++) this.unit();
			return false;
		}
		if (command.kind === 'fencing' && command.target === 'resource') {
			this.resource.fenced = command.on;
			return false;
		}
		if (command.kind === 'jump') {
			const c = this.clients.find(x => x.name === command.target);
			const node = this.service.nodes.find(x => x.name === command.target);
			if (c) c.offset += command.by;
			else if (node) node.offset += command.by;
			else return true;
			return false;
		}
		const name = command.kind === 'fencing' ? command.target : command.client;
		const c = this.clients.find(x => x.name === name);
		if (!c) {
			const node = this.service.nodes.find(x => x.name === name);
			if (!node) return true;
			if (command.kind === 'crash') {
				if (!node.up) return true;
				node.refresh();
				node.up = false;
				if (!node.persistent) {
					node.holder = '';
					node.token = null;
					node.delayEnd = Number.NEGATIVE_INFINITY;
				}
				return false;
			}
			if (command.kind === 'restart') {
				if (node.up) return true;
				node.up = true;
				return false;
			}
			return true;
		}
		switch (command.kind) {
			case 'fencing':
				c.fencing = command.on;
				return false;
			case 'partition':
			case 'heal':
				return this.relink(c, command.kind, command.peers);
			case 'resume':
				if (c.status !== 'paused') return true;
				this.wake(c);
				return false;
			case 'restart':
				if (c.status !== 'crashed') return true;
				c.status = 'running';
				return false;
			case 'crash':
				if (c.status === 'crashed') return true;
				c.status = 'crashed';
				c.pausedUntil = null;
				c.held = null;
				this.forget(c);
				return false;
		}
		if (c.status !== 'running') return true;
		switch (command.kind) {
			case 'acquire':
				this.acquire(c, command.lease ?? this.defaultLease);
				return false;
			case 'renew':
				this.renew(c, command.lease ?? this.defaultLease);
				return false;
			case 'release':
				for (const node of this.reachable(c)) node.tryDelete(c.name);
				this.forget(c);
				return false;
			case 'pause':
				c.status = 'paused';
				c.pausedUntil = this.clock + command.n;
				return false;
			case 'write': {
				if (!c.holds) return true;
				if (c.checksLease && c.until !== null && this.clock + c.offset >= c.until) {
					this.forget(c);
					return false;
				}
				const held: Held = {value: command.value ?? c.name, delay: command.delay, token: c.fencing ? c.token : null, senderToken: c.token, grant: c.grant!};
				if (command.pause === undefined) this.send(c, held);
				else {
					c.status = 'paused';
					c.pausedUntil = this.clock + command.pause;
					c.held = held;
				}
				return false;
			}
		}
	}

	private relink(c: RefClient, kind: 'partition' | 'heal', peers: readonly string[]): boolean {
		const nodeNames = this.service.nodes.map(node => node.name);
		for (const peer of peers) if (peer !== 'lock' && peer !== 'resource' && !nodeNames.includes(peer)) return true;
		let names: string[];
		if (peers.length === 0) names = kind === 'partition' ? nodeNames : [...c.cut];
		else names = peers.flatMap(peer => (peer === 'lock' ? nodeNames : [peer]));
		for (const peer of names) {
			if (kind === 'partition') c.cut.add(peer);
			else c.cut.delete(peer);
		}
		if (kind === 'heal' && !c.cut.has('resource')) this.arrive(w => w.from === c.name);
		return false;
	}

	private acquire(c: RefClient, lease: number) {
		c.lease = lease;
		const granted = this.reachable(c).filter(node => node.tryGrant(c.name, lease));
		if (granted.length >= this.service.needed()) {
			c.holds = true;
			c.token = this.service.nodes.length === 1 ? granted[0]!.token : null;
			c.until = this.clock + c.offset + lease;
			c.grant = ++this.grants;
			c.lastRenewAt = this.clock;
		} else {
			for (const node of granted) {
				node.holder = '';
				node.token = null;
			}
		}
	}

	private renew(c: RefClient, lease: number) {
		c.lease = lease;
		c.lastRenewAt = this.clock;
		const answering = this.reachable(c);
		if (answering.length === 0) return;
		let extended = 0;
		for (const node of answering) if (node.tryExtend(c.name, lease)) extended++;
		if (extended >= this.service.needed()) {
			if (c.holds) c.until = this.clock + c.offset + lease;
		} else this.forget(c);
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
		if (held.delay === undefined && !c.cut.has('resource')) this.deliver(write);
		else this.inflight.push(write);
	}

	private deliver(write: Write) {
		const r = this.resource;
		if (r.fenced && write.token !== null && write.token < r.maxToken) {
			r.rejected++;
			return;
		}
		if (write.token !== null && write.token > r.maxToken) r.maxToken = write.token;
		r.value = write.value;
		r.writes++;
		if (write.grant < this.maxSenderGrant) this.violations++;
		this.maxSenderGrant = Math.max(this.maxSenderGrant, write.grant);
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
		for (const c of this.clients) if (c.status === 'paused' && c.pausedUntil === t) this.wake(c);
		for (const c of this.clients) {
			if (c.status === 'running' && c.renewEvery !== null && c.holds && c.lastRenewAt !== null && t - c.lastRenewAt >= c.renewEvery) {
				this.renew(c, c.lease);
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
				holds: c.holds,
				until: c.until,
				offset: c.offset,
				cut: [...c.cut].sort(),
				held: c.held?.value ?? null,
			})),
			inflight: this.inflight.map(({from, token, senderToken, value, arrivesAt}) => ({from, token, senderToken, value, arrivesAt})),
			violations: this.violations,
		};
	}
}
