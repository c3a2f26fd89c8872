// meow, in a module of its own: scripts/build.mjs bundles it beside the bin and loads it on the
// first call, so the dashboard started with no arguments never pays for loading it (~30 ms).
// Like every lazy module it returns plain data: the checks and errors are arguments.ts's.

import meow from 'meow';

export interface MeowFlag {
	readonly type: 'boolean' | 'string';
	readonly shortFlag?: string;
}

export interface MeowOptions {
	/** The caller's import.meta: this module may be CommonJS, which has none. */
	readonly importMeta: ImportMeta;
	/** The bundled package.json, so that meow never looks for one on disk. */
	readonly pkg: Readonly<Record<string, unknown>>;
	readonly help: string;
	readonly flags: Readonly<Record<string, MeowFlag>>;
}

export interface MeowResult {
	readonly input: readonly string[];
	readonly flags: Readonly<Record<string, unknown>>;
	/** The description and `help`, laid out by meow. */
	readonly help: string;
}

export function parseWithMeow(argv: readonly string[], options: MeowOptions): MeowResult {
	const cli = meow(options.help, {
		importMeta: options.importMeta,
		argv,
		pkg: options.pkg,
		flags: options.flags,
		// Help, version and unknown flags are the caller's: meow would print them and exit, and
		// run() must never end the process.
		autoHelp: false,
		autoVersion: false,
		allowUnknownFlags: true,
		// An absent boolean stays undefined: --color and --no-color each mean something.
		booleanDefault: undefined,
	});
	return {input: cli.input, flags: cli.flags, help: cli.help};
}
