// Bad input on the command line: one line that names the flag or word, and exit code 2 (a failed
// check is not an error: `check` returns its exit code, 1).

export class UsageError extends Error {
	readonly exitCode: number = 2;
}

/** The live run could not go on (etcd would not start): one line, and exit code 1. */
export class LiveFailure extends UsageError {
	override readonly exitCode = 1;
}
