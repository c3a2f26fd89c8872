/** Where a run reads and writes: the process's own streams, or a test's. */
export interface CommandLineIo {
	readonly stdin: NodeJS.ReadStream;
	readonly stdout: NodeJS.WriteStream;
	readonly stderr: NodeJS.WriteStream;
	readonly env: NodeJS.ProcessEnv;
}
