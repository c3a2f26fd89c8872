// The seed a fuzzer runs with: a new one each run, so that every run tries new input, or the one
// in FUZZ_SEED, to replay a run. Tests name it in their titles, so a failure says how to replay it.

export function fuzzSeed(): number {
	const given = process.env.FUZZ_SEED;
	if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 31);
	const seed = Number(given);
	if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED=${given}: not a whole number`);
	return seed;
}

/** How a test title names its seed. */
export const replayWith = (seed: number): string => `FUZZ_SEED=${seed} replays it`;
