// What the tests that run the dashboard in a real pty share.

/** A pty's environment: a terminal type, and no CI (Ink would draw only the last frame). */
export function dashboardEnv(extra: NodeJS.ProcessEnv = {}): Record<string, string> {
	const env: NodeJS.ProcessEnv = {...process.env, TERM: 'xterm-256color', ...extra};
	delete env.CI;
	return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Waits as a person would, until the condition holds (a hang fails the test by its timeout). */
export async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await wait(20);
}
