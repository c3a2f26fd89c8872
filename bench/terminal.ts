// A program in a pseudo-terminal, with the screen it draws (xterm's own parser), so the bench sees
// what a person would see and when.

import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';

/** Ink wraps each frame in a synchronized update on a TTY; the frame is on screen at its end. */
const endOfFrame = '\u001B[?2026l';

export const keys = {space: ' ', left: '\u001B[D', end: '\u001B[F', quit: 'q'} as const;

export interface Terminal {
	/** Milliseconds from the spawn until `markers` are all on screen (when the output that showed them arrived). */
	waitForScreen(markers: readonly string[], timeoutMs: number): Promise<number>;
	/** Waits until nothing has been drawn for `quietMs`. */
	settle(quietMs: number, timeoutMs: number): Promise<void>;
	/** Writes a key; resolves with the milliseconds until the end of the next frame, and whether the screen changed. */
	press(key: string, timeoutMs: number): Promise<{ms: number; changed: boolean}>;
	screen(): string;
	close(): Promise<void>;
}

export function spawnTerminal(command: string, args: readonly string[], cols: number, rows: number, cwd: string): Terminal {
	// CI makes Ink print only its last frame; a person's terminal has no CI.
	const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'CI')) as Record<string, string>;
	const screen = new xterm.Terminal({cols, rows, allowProposedApi: true});
	const started = performance.now();
	const child = pty.spawn(command, [...args], {name: 'xterm-256color', cols, rows, cwd, env: {...env, TERM: 'xterm-256color', COLORTERM: 'truecolor'}});
	let exited = false;
	let lastData = started;
	let listeners: ((arrived: number, data: string) => void)[] = [];
	const exit = new Promise<void>(resolve =>
		child.onExit(() => {
			exited = true;
			resolve();
		}),
	);
	child.onData(data => {
		const arrived = performance.now();
		lastData = arrived;
		// The screen is read after xterm has parsed this chunk; the time is when it arrived.
		screen.write(data, () => {
			for (const listener of listeners) listener(arrived, data);
		});
	});

	const text = () => {
		const buffer = screen.buffer.active;
		const lines: string[] = [];
		for (let row = 0; row < rows; row += 1) lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
		return lines.join('\n');
	};

	const until = <T>(timeoutMs: number, what: string, onData: (arrived: number, data: string, done: (value: T) => void) => void) =>
		new Promise<T>((resolve, reject) => {
			const timer = setTimeout(
				() => finish(() => reject(new Error(`${what}: nothing after ${timeoutMs} ms${exited ? ' (the program exited)' : ''}; screen:\n${text()}`))),
				timeoutMs,
			);
			const listener = (arrived: number, data: string) => onData(arrived, data, value => finish(() => resolve(value)));
			const finish = (settle: () => void) => {
				clearTimeout(timer);
				listeners = listeners.filter(other => other !== listener);
				settle();
			};
			listeners.push(listener);
		});

	return {
		waitForScreen(markers, timeoutMs) {
			return until(timeoutMs, `waiting for ${markers.join(' and ')}`, (arrived, _data, done) => {
				const shown = text();
				if (markers.every(marker => shown.includes(marker))) done(arrived - started);
			});
		},
		async settle(quietMs, timeoutMs) {
			const deadline = performance.now() + timeoutMs;
			while (performance.now() - lastData < quietMs) {
				if (performance.now() > deadline) throw new Error(`the screen did not settle in ${timeoutMs} ms`);
				await new Promise(resolve => setTimeout(resolve, quietMs / 4));
			}
		},
		async press(key, timeoutMs) {
			const before = text();
			const sent = performance.now();
			let received = '';
			const frame = until<number>(timeoutMs, `a frame after ${JSON.stringify(key)}`, (arrived, data, done) => {
				if (arrived < sent) return;
				received += data;
				if (received.includes(endOfFrame)) done(arrived - sent);
			});
			child.write(key);
			const ms = await frame;
			return {ms, changed: text() !== before};
		},
		screen: text,
		async close() {
			if (!exited) child.kill();
			await exit;
			screen.dispose();
		},
	};
}
