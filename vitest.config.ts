import {availableParallelism} from 'node:os';
import {BaseSequencer, type TestSpecification} from 'vitest/node';
import {defineConfig} from 'vitest/config';

/**
 * The live tests take the longest, most of it waiting on servers and client processes in real
 * time: etcd's, started first, overlap every other file instead of running on alone at the end
 * (vitest orders files by their last duration only once it has one, not in a fresh clone). Redis's
 * come last: run beside etcd's on two cores, the two files' dozens of servers starve each other.
 */
const firstTests = 'test/process/live.test.ts';
const lastTests = 'test/process/live-redis.test.ts';

class LiveFirstAndLast extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		const sorted = await super.sort(files);
		const is = (file: TestSpecification, name: string) => file.moduleId.endsWith(name);
		return [
			...sorted.filter(file => is(file, firstTests)),
			...sorted.filter(file => !is(file, firstTests) && !is(file, lastTests)),
			...sorted.filter(file => is(file, lastTests)),
		];
	}
}

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
		// The test files and the source they import, as vite transformed them, kept on disk between
		// runs (node_modules/.experimental-vitest-cache, by each file's contents): a run after a
		// small edit transforms only what changed, a few seconds of the two cores less.
		experimental: {fsModuleCache: true},
		sequence: {sequencer: LiveFirstAndLast},
	},
});
