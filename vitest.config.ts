import {availableParallelism} from 'node:os';
import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}', 'source/**/*.test.{ts,tsx}'],
		globalSetup: ['test/build-dist.mjs'],
		// A worker per core (vitest's default leaves one core idle, half the machine on two cores). Test files share a worker's modules
		// instead of loading Ink and React again for each file, which was a third of the suite's time;
		// no test depends on a module's state being new.
		maxWorkers: availableParallelism(),
		isolate: false,
		testTimeout: 30_000,
	},
});
