// A second, deliberately naive simulator written straight from docs/model.md and the chapter's Go
// code: mutable, lazy refresh (only inside operations, as in Go), one time unit at a time. The
// real model is compared with it on random command sequences.

import type {Command} from '../../source/model/command.js';

class LockService {
	clock = 0;
	holder = '';
	expiry = 0;
	token = 0;
	nextToken = 1;

	refresh() {
		if (this.holder !== '' && this.clock >= this.expiry) this.holder = '';
	}

	acquire(client: string, lease: number): number | null {
		this.refresh();
		if (this.holder !== '') return null;
		this.holder = client;
		this.expiry = this.clock + lease;
		this.token = this.nextToken++;
		return this.token;
	}

	renew(client: string, lease: number): boolean {
		this.refresh();
		if (this.holder !== client) return false;
		this.expiry = this.clock + lease;
		return true;
	}

	release(client: string) {
		this.refresh();
		if (this.holder === client) this.holder = '';
	}

	/** What an observer sees: the Go Holder(), which refreshes too. */
	observe() {
		this.refresh();
		return this.holder === ''
			? {holder: null, token: null, expiry: null, nextToken: this.nextToken}
			: {holder: this.holder, token: this.token, expiry: this.expiry, nextToken: this.nextToken};
	}
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
}

export class ReferenceWorld {
	lock = new LockService();
	resource = {name: 'row-42', fenced: true, value: null as string | null, maxToken: 0, writes: 0, rejected: 0};
	clients: RefClient[];
	inflight: Array<{from: string; token: number | null; senderToken: number; value: string; arrivesAt: number}> = [];
	violations = 0;
	maxSender = 0;

	constructor(
		names: Array<{name: string; renewEvery?: number; fencing?: boolean}>,
		readonly defaultLease: number,
		fenced: boolean,
	) {
		this.resource.fenced = fenced;
		this.clients = names.map(c => ({
			name: c.name,
			status: 'running',
			pausedUntil: null,
			token: null,
			fencing: c.fencing ?? true,
			renewEvery: c.renewEvery ?? null,
			lease: defaultLease,
			lastRenewAt: null,
		}));
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
		const name = command.kind === 'fencing' ? command.target : command.client;
		const c = this.clients.find(x => x.name === name);
		if (!c) return true;
		switch (command.kind) {
			case 'fencing':
				c.fencing = command.on;
				return false;
			case 'resume':
				if (c.status !== 'paused') return true;
				c.status = 'running';
				c.pausedUntil = null;
				return false;
			case 'restart':
				if (c.status !== 'crashed') return true;
				c.status = 'running';
				return false;
			case 'crash':
				if (c.status === 'crashed') return true;
				c.status = 'crashed';
				c.pausedUntil = null;
				c.token = null;
				return false;
		}
		if (c.status !== 'running') return true;
		switch (command.kind) {
			case 'acquire': {
				const lease = command.lease ?? this.defaultLease;
				c.lease = lease;
				const token = this.lock.acquire(c.name, lease);
				if (token !== null) {
					c.token = token;
					c.lastRenewAt = this.lock.clock;
				}
				return false;
			}
			case 'renew':
				this.renew(c, command.lease ?? this.defaultLease);
				return false;
			case 'release':
				this.lock.release(c.name);
				c.token = null;
				return false;
			case 'pause':
				c.status = 'paused';
				c.pausedUntil = this.lock.clock + command.n;
				return false;
			case 'write': {
				if (c.token === null) return true;
				const write = {
					from: c.name,
					token: c.fencing ? c.token : null,
					senderToken: c.token,
					value: command.value ?? c.name,
					arrivesAt: this.lock.clock + (command.delay ?? 0),
				};
				if (command.delay === undefined) this.deliver(write);
				else this.inflight.push(write);
				return false;
			}
		}
	}

	private renew(c: RefClient, lease: number) {
		c.lease = lease;
		c.lastRenewAt = this.lock.clock;
		if (!this.lock.renew(c.name, lease)) c.token = null;
	}

	private deliver(write: {token: number | null; senderToken: number; value: string}) {
		const r = this.resource;
		if (r.fenced && write.token !== null && write.token < r.maxToken) {
			r.rejected++;
			return;
		}
		if (write.token !== null && write.token > r.maxToken) r.maxToken = write.token;
		r.value = write.value;
		r.writes++;
		if (write.senderToken < this.maxSender) this.violations++;
		this.maxSender = Math.max(this.maxSender, write.senderToken);
	}

	private unit() {
		const t = ++this.lock.clock;
		for (const c of this.clients) {
			if (c.status === 'paused' && c.pausedUntil === t) {
				c.status = 'running';
				c.pausedUntil = null;
			}
		}
		for (const c of this.clients) {
			if (c.status === 'running' && c.renewEvery !== null && c.token !== null && c.lastRenewAt !== null && t - c.lastRenewAt >= c.renewEvery) {
				this.renew(c, c.lease);
			}
		}
		const due = this.inflight.filter(w => w.arrivesAt === t);
		this.inflight = this.inflight.filter(w => w.arrivesAt !== t);
		for (const w of due) this.deliver(w);
	}

	/** The observable state, in the trace's shape. */
	snapshot() {
		return {
			clock: this.lock.clock,
			lock: this.lock.observe(),
			resource: {...this.resource},
			clients: this.clients.map(({name, status, pausedUntil, token, fencing, renewEvery}) => ({name, status, pausedUntil, token, fencing, renewEvery})),
			inflight: this.inflight.map(w => ({...w})),
			violations: this.violations,
		};
	}
}
