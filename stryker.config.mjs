// `npm run mutate`: Stryker changes source/model and source/words (the model's events in words) one
// small way at a time and runs their tests (vitest.mutate.config.ts) on each change; a change no
// test notices is a surviving mutant.
// docs/testing.md has the last score and what survived.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	mutate: ['source/model/**/*.ts', 'source/words/**/*.ts'],
	testRunner: 'vitest',
	vitest: {configFile: 'vitest.mutate.config.ts', related: false},
	// Each mutant runs only the tests that reached the code it changed.
	coverageAnalysis: 'perTest',
	concurrency: 2,
	// Stryker would rewrite tsconfig.json with TypeScript's JavaScript API, which TypeScript 7 does
	// not have; the tests run through vite, which does not need it.
	tsconfigFile: 'tsconfig.stryker-absent.json',
	ignorePatterns: ['dist', 'bench/results', 'coverage', 'reports', '*.tgz'],
	// Results are kept in reports/ and reused where neither a mutant nor the tests that reach it
	// changed; `npm run mutate -- --force` tests every mutant again.
	incremental: true,
	incrementalFile: 'reports/stryker-incremental.json',
	reporters: ['clear-text', 'progress', 'json'],
	jsonReporter: {fileName: 'reports/mutation/mutation.json'},
	tempDirName: '.stryker-tmp',
	cleanTempDir: 'always',
};
