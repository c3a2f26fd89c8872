// expect(actual).toEqual(expected) for checks run thousands of times (property runs, every step
// of a long run): node's isDeepStrictEqual first, and vitest's toEqual only when that finds a
// difference. Strictly equal values are equal to toEqual too, so the verdict is toEqual's (and so
// is the message of a failure), without the cost of building an assertion for each equal pair.

import {isDeepStrictEqual} from 'node:util';
import {expect} from 'vitest';

export function expectEqual(actual: unknown, expected: unknown, message?: string): void {
	if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toEqual(expected);
}
