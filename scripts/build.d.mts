// What TypeScript code (the tests) may use of build.mjs.

import type {BuildOptions} from 'esbuild';

/** The esbuild settings of the shipped bin. */
export declare const bundleOptions: BuildOptions & {readonly plugins: NonNullable<BuildOptions['plugins']>};

/**
 * Bundles `entry` (a path from the package's root) into `outfile` with those settings, and
 * `extraOptions` over them (with `splitting`, its chunks go beside it); resolves to the paths written.
 */
export declare function bundle(entry: string, outfile: string, extraOptions?: BuildOptions): Promise<string[]>;

/** Builds dist/cli.js and its chunks unless dist/ is newer than all they are built from; resolves to whether it built. */
export declare function buildCliIfChanged(): Promise<boolean>;
