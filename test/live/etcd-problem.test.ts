// What a person is told when etcd does not answer: the cause, without gRPC's wrapping.

import {expect, test} from 'vitest';
import {etcdProblem} from '../../source/live/etcd-store.js';

// The first lines of errors as @grpc/grpc-js words them, from `live --etcd` runs against a closed
// port, a name that does not resolve, and a web server that is not etcd.
test.each([
	['14 UNAVAILABLE: No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:1. Resolution note: ', 'connect ECONNREFUSED 127.0.0.1:1'],
	['14 UNAVAILABLE: Name resolution failed for target dns:no-such-host.invalid:2379', 'Name resolution failed for target dns:no-such-host.invalid:2379'],
	['14 UNAVAILABLE: No connection established. Last error: Protocol error (2026-11-30T20:34:38.646Z). Resolution note: ', 'Protocol error'],
	['4 DEADLINE_EXCEEDED: Deadline exceeded after 3.001s\nmore detail', 'Deadline exceeded after 3.001s'],
	['something else entirely', 'something else entirely'],
])('%j says %j', (message, said) => {
	expect(etcdProblem(new Error(message))).toBe(said);
});
