// How a live Redlock run reads a node's key, without a server: the pure part of redis-nodes.ts.

import {describe, expect, test} from 'vitest';
import {holderOfValue} from '../../source/live/redis-nodes.js';

describe("a Redis key's holder", () => {
	test("is the client's name before the random part of the value; a value of no client of the run names itself", () => {
		expect(holderOfValue('A:3f9c')).toBe('A');
		expect(holderOfValue('client:B:77')).toBe('client:B');
		expect(holderOfValue('someone else')).toBe('someone else');
		expect(holderOfValue(null)).toBeNull();
	});
});
