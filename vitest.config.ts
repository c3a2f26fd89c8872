import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}', 'source/**/*.test.{ts,tsx}'],
		globalSetup: ['test/build-dist.mjs'],
		testTimeout: 30_000,
	},
});
