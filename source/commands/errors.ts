// The ways a command line ends badly, each with its exit code: 2 for bad input, 1 for a failed check.

export class UsageError extends Error {
	readonly exitCode = 2;
}

export class CheckFailed extends Error {
	readonly exitCode = 1;
}
