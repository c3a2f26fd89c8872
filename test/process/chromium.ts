// One headless Chromium for a whole test file, driven through the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ended by a NUL byte, on file descriptors 3 and 4).
// Starting Chromium costs more than a picture does: the stills are pages of one browser, all
// taken in turn in one tab.
// A protocol client library would bring a WebSocket stack for what is a few commands, so they
// are written here.

import {type ChildProcess, execFileSync, spawn} from 'node:child_process';
import type {Readable, Writable} from 'node:stream';

/**
 * The browser to start: Debian's old headless shell (package chromium-headless-shell), the same
 * Blink without the desktop browser around it, which costs a third of the CPU of a full Chromium
 * (its start-up and each picture); the full one where only it is installed. Null without either.
 */
export const chromiumCommand =
	['chromium-headless-shell', 'chromium'].find(command => {
		try {
			execFileSync(command, ['--version'], {stdio: 'ignore', timeout: 30_000});
			return true;
		} catch {
			return false;
		}
	}) ?? null;

export interface ScreenshotOptions {
	readonly width: number;
	readonly height: number;
	/** As a person who asked their system for less motion. */
	readonly reducedMotion?: boolean;
}

interface Pending {
	readonly resolve: (result: Record<string, unknown>) => void;
	readonly reject: (error: Error) => void;
}

export class Chromium {
	readonly #child: ChildProcess;
	readonly #input: Writable;
	readonly #pending = new Map<number, Pending>();
	readonly #listeners = new Set<(method: string, params: Record<string, unknown>, sessionId: string | undefined) => void>();
	readonly #exited: Promise<void>;
	#nextId = 1;

	constructor(command: string, userDataDirectory: string) {
		this.#child = spawn(
			command,
			[
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--hide-scrollbars',
				'--force-device-scale-factor=1',
				`--user-data-dir=${userDataDirectory}`,
				'--remote-debugging-pipe',
				'about:blank',
			],
			{stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe']},
		);
		this.#input = this.#child.stdio[3] as Writable;
		const output = this.#child.stdio[4] as Readable;
		let buffered = '';
		output.setEncoding('utf8').on('data', (chunk: string) => {
			buffered += chunk;
			for (let end = buffered.indexOf('\0'); end !== -1; end = buffered.indexOf('\0')) {
				this.#receive(JSON.parse(buffered.slice(0, end)));
				buffered = buffered.slice(end + 1);
			}
		});
		this.#exited = new Promise(resolve => this.#child.once('exit', () => resolve()));
		this.#exited.then(() => {
			for (const {reject} of this.#pending.values()) reject(new Error('chromium exited'));
			this.#pending.clear();
		});
	}

	#receive(message: {
		id?: number;
		result?: Record<string, unknown>;
		error?: {message: string};
		method?: string;
		params?: Record<string, unknown>;
		sessionId?: string;
	}) {
		if (message.id !== undefined) {
			const pending = this.#pending.get(message.id);
			this.#pending.delete(message.id);
			if (message.error) pending?.reject(new Error(message.error.message));
			else pending?.resolve(message.result ?? {});
		} else if (message.method) for (const listener of this.#listeners) listener(message.method, message.params ?? {}, message.sessionId);
	}

	send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
		const id = this.#nextId++;
		return new Promise((resolve, reject) => {
			this.#pending.set(id, {resolve, reject});
			this.#input.write(`${JSON.stringify({id, method, params, ...(sessionId ? {sessionId} : {})})}\0`);
		});
	}

	/** Resolves at the first event `method` of the session. */
	#next(method: string, sessionId: string): Promise<Record<string, unknown>> {
		return new Promise(resolve => {
			const listener = (name: string, params: Record<string, unknown>, from: string | undefined) => {
				if (name !== method || from !== sessionId) return;
				this.#listeners.delete(listener);
				resolve(params);
			};
			this.#listeners.add(listener);
		});
	}

	/** The one tab every picture is taken in: a tab of its own for each would start a renderer each time. */
	#tab: Promise<string> | undefined;

	#session(): Promise<string> {
		this.#tab ??= (async () => {
			const {targetId} = (await this.send('Target.createTarget', {url: 'about:blank'})) as {targetId: string};
			const {sessionId} = (await this.send('Target.attachToTarget', {targetId, flatten: true})) as {sessionId: string};
			await this.send('Emulation.setScrollbarsHidden', {hidden: true}, sessionId);
			return sessionId;
		})();
		return this.#tab;
	}

	/**
	 * The page at `url`, `width` by `height` CSS pixels at one device pixel each, taken once one
	 * second of virtual time has gone by (an animation is one second in, however busy the machine).
	 * A PNG. Pictures asked for together are taken one after the other: they share the tab.
	 */
	screenshot(url: string, options: ScreenshotOptions): Promise<Buffer> {
		const picture = this.#taken.then(() => this.#take(url, options));
		this.#taken = picture.catch(() => undefined);
		return picture;
	}

	#taken: Promise<unknown> = Promise.resolve();

	async #take(url: string, {width, height, reducedMotion = false}: ScreenshotOptions): Promise<Buffer> {
		const sessionId = await this.#session();
		await this.send('Emulation.setDeviceMetricsOverride', {width, height, deviceScaleFactor: 1, mobile: false}, sessionId);
		await this.send('Emulation.setEmulatedMedia', {features: [{name: 'prefers-reduced-motion', value: reducedMotion ? 'reduce' : 'no-preference'}]}, sessionId);
		// Time stands still until the page is there; then one second goes by, and stands still again for the picture.
		await this.send('Emulation.setVirtualTimePolicy', {policy: 'pause'}, sessionId);
		await this.send('Page.navigate', {url}, sessionId);
		const expired = this.#next('Emulation.virtualTimeBudgetExpired', sessionId);
		await this.send('Emulation.setVirtualTimePolicy', {policy: 'pauseIfNetworkFetchesPending', budget: 1000}, sessionId);
		await expired;
		await this.send('Emulation.setVirtualTimePolicy', {policy: 'pause'}, sessionId);
		const {data} = (await this.send('Page.captureScreenshot', {format: 'png'}, sessionId)) as {data: string};
		return Buffer.from(data, 'base64');
	}

	async close(): Promise<void> {
		if (this.#child.exitCode === null && this.#child.signalCode === null) {
			await this.send('Browser.close').catch(() => undefined);
			await this.#exited;
		}
	}
}
