import {availableParallelism} from 'node:os';
import {BaseSequencer, type TestSpecification} from 'vitest/node';
import {defineConfig} from 'vitest/config';

/**
 * Files that spend most of their time waiting on processes of their own (etcd and the live
 * clients, npm, Chromium, the bin in a pty): started first, they wait while the other workers
 * keep the cores busy, instead of being the last ones left running.
 */
const waitingFiles = [
	'test/live/live.test.ts',
	'test/pack.test.ts',
	'test/e2e/dashboard-pty.test.ts',
	'test/e2e/svg-chromium.test.ts',
	'test/terminal/exit-paths.test.ts',
];

class WaitingFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		const rank = (file: TestSpecification) => {
			const index = waitingFiles.findIndex(waiting => file.moduleId.endsWith(waiting));
			return index === -1 ? waitingFiles.length : index;
		};
		return (await super.sort(files)).sort((one, other) => rank(one) - rank(other));
	}
}

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}', 'source/**/*.test.{ts,tsx}'],
		globalSetup: ['test/build-dist.mjs'],
		// A worker more than the cores: while a file waits on processes of its own, a core would
		// otherwise be left idle. Test files share a worker's modules instead of loading Ink and
		// React again for each file, which was a third of the suite's time; no test depends on a
		// module's state being new.
		maxWorkers: availableParallelism() + 1,
		isolate: false,
		testTimeout: 30_000,
		sequence: {sequencer: WaitingFirst},
	},
});
