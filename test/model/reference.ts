// A second, deliberately naive simulator written straight from docs/model.md and the chapter's Go
// code: mutable, lazy refresh (a node drops an expired key only when it is asked or looked at, as
// in Go), one time unit at a time, every rule spelled out again without sharing code with the
// model. The real model is compared with it on random command sequences: the world after each
// command, the events it made and why a command was refused. Messages that take time (requests,
// replies, a client's wait and its decision, delayed restarts, monotonic clocks) are written here
// again from docs/model.md's "Messages that take time".

import type {Command} from '../../source/model/command.js';
import type {Event, Refusal} from '../../source/model/event.js';

type Tokens = 'counter' | 'revision' | 'none';

export interface ReferenceSetup {
	lease: number;
	fencing: boolean;
	clients: ReadonlyArray<{
		name: string;
		renewEvery?: number | null;
		fencing?: boolean;
		checksLease?: boolean;
		/** Already resolved (the redlock preset's default is the test's to spell out). */
		checksValidity: boolean;
		monotonic?: boolean;
		latency?: number;
	}>;
	/** Already resolved: the test spells out each backend's preset itself. */
	nodes: ReadonlyArray<{name: string; persistent: boolean; restartDelay?: number}>;
	tokens: Tokens;
	lockDelay: number;
	latency?: number;
	drift?: number;
	timeout?: number;
}

type Op = 'acquire' | 'renew' | 'release';

interface RefMessage {
	kind: 'request' | 'reply';
	client: string;
	node: string;
	op: Op;
	granted: boolean | null;
	arrivesAt: number;
	attempt: number;
	lease: number;
	undo: boolean;
	token: number | null;
	refusedBy: {holder: string} | {delayUntil: number} | null;
}

interface Wait {
	op: Op;
	since: number;
	replies: number;
	/** Replies that came while the client was paused: it reads them when it wakes. */
	unread: number;
	grants: number;
	sent: number;
	attempt: number;
	lease: number;
	heartbeat: boolean;
	grant: number | null;
	token: number | null;
	refusedBy: {holder: string} | {delayUntil: number} | null;
}

class LockNode {
	up = true;
	offset = 0;
	holder = '';
	token: number | null = null;
	expiry = 0;
	/** Lock-delay ends at this local time (0: none). */
	delayEnd = Number.NEGATIVE_INFINITY;
	/** The attempt whose key this is (0: a key granted in an instant). */
	attempt = 0;
	/** Local time of the crash, when a restart must wait for it. */
	downSince: number | null = null;
	restartHeld = false;

	constructor(
		readonly name: string,
		readonly persistent: boolean,
		readonly restartDelay: number,
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

	tryGrant(client: string, lease: number, attempt = 0): boolean {
		this.refresh();
		if (this.holder !== '' || this.local() < this.delayEnd) return false;
		this.holder = client;
		this.expiry = this.local() + lease;
		this.token = this.service.issue();
		this.attempt = attempt;
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
			downSince: this.downSince,
			restartHeld: this.restartHeld,
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
		this.nodes = setup.nodes.map(node => new LockNode(node.name, node.persistent, node.restartDelay ?? 0, this));
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
	checksValidity: boolean;
	monotonic: boolean;
	latency: Map<string, number>;
	wait: Wait | null;
	attempts: number;
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
	messages: RefMessage[] = [];
	violations = 0;
	grants = 0;
	maxSenderGrant = 0;
	readonly defaultLease: number;
	readonly drift: number;
	readonly timeout: number | null;

	constructor(setup: ReferenceSetup) {
		this.defaultLease = setup.lease;
		this.drift = setup.drift ?? 0;
		this.timeout = setup.timeout ?? null;
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
			checksValidity: c.checksValidity,
			monotonic: c.monotonic ?? false,
			latency: new Map([...setup.nodes.map(node => node.name), 'resource'].map(peer => [peer, c.latency ?? setup.latency ?? 0])),
			wait: null,
			attempts: 0,
		}));
	}

	/** The clock a client measures with: a monotonic one does not jump. */
	private measure(c: RefClient) {
		return this.clock + (c.monotonic ? 0 : c.offset);
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
				// A forward jump of a down node can end its restartDelay: it comes back at once.
				if (node.restartHeld && node.local() >= node.downSince! + node.restartDelay) this.bringBack(node);
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
				if (node.restartDelay > 0) node.downSince = node.local();
				if (!node.persistent) {
					node.holder = '';
					node.token = null;
					node.delayEnd = Number.NEGATIVE_INFINITY;
				}
				this.emit({kind: 'node-crashed', t, node: node.name, lostKey});
				return null;
			}
			if (node.up) return {kind: 'node-not-crashed', node: node.name};
			if (node.restartHeld) return {kind: 'restart-held', node: node.name, until: node.downSince! + node.restartDelay};
			if (node.downSince !== null && node.local() < node.downSince + node.restartDelay) {
				node.restartHeld = true;
				this.emit({kind: 'restart-held', t, node: node.name, until: node.downSince + node.restartDelay});
				return null;
			}
			this.bringBack(node);
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
			case 'latency': {
				const nodeNames = this.service.nodes.map(node => node.name);
				if (command.peer !== 'lock' && command.peer !== 'resource' && !nodeNames.includes(command.peer))
					return {kind: 'unknown-peer', client: c.name, peer: command.peer};
				const peers = command.peer === 'lock' ? nodeNames : [command.peer];
				for (const peer of peers) c.latency.set(peer, command.n);
				const told = nodeNames.length === 1 && command.peer !== 'resource' ? ['lock'] : peers;
				this.emit({kind: 'latency', t, client: c.name, peers: told, n: command.n});
				return null;
			}
			case 'resume':
				if (c.status !== 'paused') return {kind: 'not-paused', client: c.name};
				this.wake(c, true);
				this.decide(c);
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
				c.wait = null;
				this.forget(c);
				return null;
		}
		if (c.status === 'paused') return {kind: 'paused', client: c.name, until: c.pausedUntil!};
		if (c.status === 'crashed') return {kind: 'crashed', client: c.name};
		if (c.wait && (command.kind === 'acquire' || command.kind === 'renew' || command.kind === 'release'))
			return {kind: 'waiting', client: c.name, op: c.wait.op, since: c.wait.since};
		switch (command.kind) {
			case 'acquire':
			case 'renew':
				this.request(c, command.kind, command.lease ?? this.defaultLease, false);
				return null;
			case 'release':
				this.request(c, 'release', c.lease, false);
				return null;
			case 'pause':
				c.status = 'paused';
				c.pausedUntil = t + command.n;
				this.emit({kind: 'paused', t, client: c.name, until: c.pausedUntil});
				return null;
			case 'write': {
				if (!c.holds) return {kind: 'no-token', client: c.name};
				const clock = this.measure(c);
				if (c.checksLease && c.until !== null && clock >= c.until) {
					this.emit({kind: 'lease-over', t, client: c.name, clock, until: c.until});
					this.forget(c);
					return null;
				}
				const value = command.value ?? c.name;
				const linkDelay = c.latency.get('resource')!;
				const held: Held = {
					value,
					delay: command.delay ?? (linkDelay > 0 ? linkDelay : undefined),
					token: c.fencing ? c.token : null,
					senderToken: c.token,
					grant: c.grant!,
				};
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
			const grant = ++this.grants;
			if (!this.instantValidity(c, 'acquire', lease, false)) {
				for (const node of granted) {
					node.holder = '';
					node.token = null;
				}
				return;
			}
			c.holds = true;
			c.token = this.service.nodes.length === 1 ? granted[0]!.token : null;
			c.until = this.measure(c) + lease - (c.checksValidity ? this.drift : 0);
			c.grant = grant;
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
			if (!this.instantValidity(c, 'renew', lease, heartbeat)) {
				this.forget(c);
				return;
			}
			const until = this.measure(c) + lease - (c.checksValidity ? this.drift : 0);
			this.emit(this.service.counted({kind: 'renewed', t, client: c.name, expiry: until, heartbeat}, extended));
			if (c.holds) c.until = until;
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

	private wake(c: RefClient, early: boolean) {
		const unread = c.wait?.unread ?? 0;
		this.emit({kind: 'resumed', t: this.clock, client: c.name, early, ...(unread > 0 ? {unread} : {})});
		if (c.wait) c.wait.unread = 0;
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
		for (const node of this.service.nodes) if (node.restartHeld && node.local() >= node.downSince! + node.restartDelay) this.bringBack(node);
		for (const node of this.service.nodes) node.refresh();
		for (const c of this.clients) {
			if (c.status === 'paused' && c.pausedUntil === t) this.wake(c, false);
		}
		this.messagesDue();
		for (const c of this.clients) this.decide(c);
		for (const c of this.clients) {
			if (c.status === 'running' && c.renewEvery !== null && c.holds && c.lastRenewAt !== null && c.wait === null && t - c.lastRenewAt >= c.renewEvery) {
				this.request(c, 'renew', c.lease, true);
			}
		}
		this.arrive(() => true);
	}

	private bringBack(node: LockNode) {
		node.up = true;
		node.restartHeld = false;
		node.downSince = null;
		this.emit({kind: 'node-restarted', t: this.clock, node: node.name, keptKey: node.holder === '' ? null : node.holder});
	}

	/** With latency 0 everywhere the client asks in an instant; a drift still costs a validity-checking client (T2 = T1). */
	private instantValidity(c: RefClient, op: 'acquire' | 'renew', lease: number, heartbeat: boolean): boolean {
		if (!c.checksValidity || this.drift === 0) return true;
		const now = this.measure(c);
		const validity = lease - this.drift;
		this.emit({
			kind: 'decided',
			t: this.clock,
			client: c.name,
			op,
			lease,
			since: now,
			at: now,
			drift: this.drift,
			validity,
			kept: validity > 0,
			until: validity > 0 ? now + validity : null,
			timedOut: false,
			...(heartbeat ? {heartbeat} : {}),
		});
		return validity > 0;
	}

	private request(c: RefClient, op: Op, lease: number, heartbeat: boolean) {
		const reachable = this.reachable(c);
		if (reachable.every(node => c.latency.get(node.name) === 0)) {
			if (op === 'acquire') this.acquire(c, lease);
			else if (op === 'renew') this.renew(c, lease, heartbeat);
			else this.release(c);
			return;
		}
		const t = this.clock;
		const attempt = ++c.attempts;
		const failed = this.service.nodes.filter(node => !reachable.includes(node)).map(node => node.name);
		this.emit({kind: 'request-sent', t, client: c.name, op, to: reachable.map(node => node.name), failed, ...(heartbeat ? {heartbeat} : {})});
		c.wait = {
			op,
			since: this.measure(c),
			replies: 0,
			unread: 0,
			grants: 0,
			sent: reachable.length,
			attempt,
			lease,
			heartbeat,
			grant: null,
			token: null,
			refusedBy: null,
		};
		if (op !== 'release') c.lease = lease;
		if (op === 'renew') c.lastRenewAt = t;
		if (op === 'release') this.forget(c);
		for (const node of reachable) this.messages.push(this.message(c, node.name, op, attempt, lease, false));
		this.messagesDue();
		this.decide(c);
	}

	private message(c: RefClient, node: string, op: Op, attempt: number, lease: number, undo: boolean): RefMessage {
		const arrivesAt = this.clock + c.latency.get(node)!;
		return {kind: 'request', client: c.name, node, op, granted: null, arrivesAt, attempt, lease, undo, token: null, refusedBy: null};
	}

	/** Requests due arrive (send order), then replies due (send order). */
	private messagesDue() {
		this.arrivals('request');
		this.arrivals('reply');
	}

	private arrivals(kind: 'request' | 'reply') {
		const t = this.clock;
		const due = this.messages.filter(m => m.kind === kind && m.arrivesAt <= t);
		this.messages = this.messages.filter(m => !due.includes(m));
		for (const m of due) {
			const node = this.service.nodes.find(x => x.name === m.node)!;
			const c = this.clients.find(x => x.name === m.client)!;
			if (!node.up || c.cut.has(node.name)) {
				this.emit({kind: 'message-lost', t, client: c.name, node: node.name, message: kind, op: m.op, why: node.up ? 'cut' : 'down'});
				continue;
			}
			if (kind === 'request') this.atNode(node, c, m);
			else this.atClient(c, m);
		}
	}

	private atNode(node: LockNode, c: RefClient, m: RefMessage) {
		let granted: boolean;
		let token: number | null = null;
		let refusedBy: RefMessage['refusedBy'] = null;
		if (m.op === 'acquire') {
			granted = node.tryGrant(c.name, m.lease, m.attempt);
			if (granted) token = node.token;
			else refusedBy = node.holder !== '' ? {holder: node.holder} : {delayUntil: node.delayEnd};
		} else if (m.op === 'renew') granted = node.tryExtend(c.name, m.lease);
		else {
			token = node.token;
			granted = (!m.undo || node.attempt === m.attempt) && node.tryDelete(c.name);
			if (!granted) token = null;
		}
		if (m.undo) {
			this.emit({kind: 'deletion-arrived', t: this.clock, client: c.name, node: node.name, deleted: granted});
			return;
		}
		const replyAt = this.clock + c.latency.get(node.name)!;
		this.emit({
			kind: 'request-arrived',
			t: this.clock,
			client: c.name,
			node: node.name,
			op: m.op,
			granted,
			replyAt,
			...(m.op === 'acquire' && token !== null ? {token} : {}),
		});
		this.messages.push({...m, kind: 'reply', granted, arrivesAt: replyAt, token, refusedBy});
		// The grant's number: when this attempt's keys first stand on a majority, while its client waits for it.
		const w = c.wait;
		if (granted && m.op === 'acquire' && w && w.attempt === m.attempt && w.grant === null) {
			const keys = this.service.nodes.filter(x => x.up && x.holder === c.name && x.attempt === m.attempt).length;
			if (keys >= this.service.needed()) w.grant = ++this.grants;
		}
	}

	private atClient(c: RefClient, m: RefMessage) {
		const w = c.wait;
		const ignored = !w || w.attempt !== m.attempt;
		const unread = !ignored && c.status === 'paused';
		this.emit({kind: 'reply-arrived', t: this.clock, client: c.name, node: m.node, op: m.op, granted: m.granted!, ignored, ...(unread ? {unread} : {})});
		if (ignored) return;
		w.replies++;
		if (unread) w.unread++;
		if (m.granted) w.grants++;
		if (m.token !== null) w.token = m.token;
		if (m.refusedBy !== null) w.refusedBy = m.refusedBy;
	}

	/** A running client whose every request is answered, or whose timeout is up, decides. */
	private decide(c: RefClient) {
		const w = c.wait;
		if (!w || c.status !== 'running') return;
		const at = this.measure(c);
		if (w.replies < w.sent && at - w.since < (this.timeout ?? w.lease)) return;
		c.wait = null;
		const t = this.clock;
		const nodes = this.service.nodes.length;
		if (w.op === 'release') {
			if (w.replies === 0) this.emit(this.service.counted({kind: 'unanswered', t, client: c.name, request: 'release'}, 0));
			else if (w.grants === 0) this.emit({kind: 'release-ignored', t, client: c.name, droppedToken: null});
			else this.emit(this.service.counted({kind: 'released', t, client: c.name, token: w.token}, w.grants));
			return;
		}
		const heartbeat = w.heartbeat ? {heartbeat: true} : {};
		if (w.replies === 0) {
			this.emit(this.service.counted({kind: 'unanswered', t, client: c.name, request: w.op, ...heartbeat}, 0));
			if (w.op === 'acquire') this.giveUp(c, w.attempt);
			return;
		}
		if (w.grants < this.service.needed()) {
			if (w.op === 'renew') {
				this.emit(this.service.counted({kind: 'renew-failed', t, client: c.name, lostToken: c.token, heartbeat: w.heartbeat}, w.grants));
				this.forget(c);
				return;
			}
			if (nodes > 1) this.emit({kind: 'acquire-minority', t, client: c.name, nodes: {count: w.grants, needed: this.service.needed(), of: nodes}});
			else if (w.refusedBy && 'holder' in w.refusedBy) this.emit({kind: 'acquire-failed', t, client: c.name, holder: w.refusedBy.holder});
			else if (w.refusedBy) this.emit({kind: 'lock-delay', t, client: c.name, node: this.service.nodes[0]!.name, until: w.refusedBy.delayUntil});
			this.giveUp(c, w.attempt);
			return;
		}
		const validity = c.checksValidity ? w.lease - (at - w.since) - this.drift : null;
		const kept = validity === null || validity > 0;
		const until = c.checksValidity ? w.since + w.lease - this.drift : at + w.lease;
		this.emit({
			kind: 'decided',
			t,
			client: c.name,
			op: w.op,
			lease: w.lease,
			since: w.since,
			at,
			drift: this.drift,
			validity,
			kept,
			until: kept ? until : null,
			timedOut: w.replies < w.sent,
			...heartbeat,
		});
		if (!kept) {
			if (w.op === 'acquire') this.giveUp(c, w.attempt);
			else this.forget(c);
			return;
		}
		if (w.op === 'renew') {
			this.emit(this.service.counted({kind: 'renewed', t, client: c.name, expiry: until, heartbeat: w.heartbeat}, w.grants));
			if (c.holds) c.until = until;
			return;
		}
		c.holds = true;
		c.token = nodes === 1 ? w.token : null;
		c.until = until;
		c.grant = w.grant ?? 0;
		c.lastRenewAt = t;
		this.emit(this.service.counted({kind: 'acquired', t, client: c.name, token: c.token, expiry: until, ...(at > w.since ? {afterWait: true} : {})}, w.grants));
	}

	/** Redlock unlocks every instance it reaches, this attempt's keys only, and waits for no reply. */
	private giveUp(c: RefClient, attempt: number) {
		const reachable = this.reachable(c);
		if (reachable.length === 0) return;
		this.emit({kind: 'request-sent', t: this.clock, client: c.name, op: 'release', to: reachable.map(node => node.name), failed: [], undo: true});
		for (const node of reachable) this.messages.push(this.message(c, node.name, 'release', attempt, c.lease, true));
		this.arrivals('request');
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
				checksValidity: c.checksValidity,
				monotonic: c.monotonic,
				latency: Object.fromEntries(c.latency),
				waiting: c.wait && {
					op: c.wait.op,
					since: c.wait.since,
					replies: c.wait.replies,
					unread: c.wait.unread,
					grants: c.wait.grants,
					sent: c.wait.sent,
					lease: c.wait.lease,
					heartbeat: c.wait.heartbeat,
					grant: c.wait.grant,
				},
			})),
			messages: this.messages.map(m => ({
				kind: m.kind,
				from: m.kind === 'request' ? m.client : m.node,
				to: m.kind === 'request' ? m.node : m.client,
				op: m.op,
				granted: m.granted,
				arrivesAt: m.arrivesAt,
				undo: m.undo,
			})),
			inflight: this.inflight.map(({from, token, senderToken, grant, value, arrivesAt}) => ({from, token, senderToken, grant, value, arrivesAt})),
			violations: this.violations,
			grants: this.grants,
			maxAcceptedSenderGrant: this.maxSenderGrant,
		};
	}
}
