import {defineConfig} from 'vitest/config';

/** For `npm run mutate`: only the tests of the model and its words, run on each copy of source/model and source/words that Stryker changes (stryker.config.mjs). */
export default defineConfig({
	test: {
		include: ['test/model/**/*.test.ts', 'test/words/**/*.test.ts'],
		testTimeout: 30_000,
		// The property tests run 40% of their runs: a mutant no test kills runs them all, and there are hundreds.
		env: {FC_RUNS_FACTOR: '0.4'},
	},
});
