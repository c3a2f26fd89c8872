// What TypeScript code (the tests) may use of code-cache.js.

/** Where the code cache of `file` is: beside it. */
export declare function codeCacheOf(file: string): string;

/**
 * Runs `file` as a CommonJS module with its code cache, when V8 takes it, and returns its exports;
 * with `writeCache`, writes the cache of the code compiled as it loaded.
 */
export declare function requireWithCodeCache(file: string, options?: {readonly writeCache?: boolean}): unknown;
