// Under CI (CI set, as CI services set it), a program a test needs must be installed: a test that
// would skip without it fails instead, so that a CI run never passes for having checked less.

import {expect, test} from 'vitest';

const underCi = !['', '0', 'false'].includes(process.env.CI ?? '');

/** A test, under CI only, that `program` is there; `install` says how to get it. */
export function requiredUnderCi(program: string, present: boolean, install: string): void {
	test.runIf(underCi)(`${program} is installed, as CI needs`, () => {
		expect(present, `${program} not found: ${install}`).toBe(true);
	});
}
