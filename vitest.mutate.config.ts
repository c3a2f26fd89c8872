import {defineConfig} from 'vitest/config';

/** For `npm run mutate`: only the tests of the model, run on each copy of source/model that Stryker changes (stryker.config.json). */
export default defineConfig({
	test: {
		include: ['test/model/**/*.test.ts'],
		testTimeout: 30_000,
		// The property tests run 40% of their runs: a mutant no test kills runs them all, and there are hundreds.
		env: {FC_RUNS_FACTOR: '0.4'},
	},
});
