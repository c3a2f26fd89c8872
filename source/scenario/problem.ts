// A problem of a scenario file, where it is and what is wrong: what reading the YAML and reading
// the scenario (parse.ts) both find, and how a message names it.

export interface Problem {
	readonly line: number | null;
	readonly message: string;
}

export function formatProblem(file: string, problem: Problem): string {
	return problem.line === null ? `${file}: ${problem.message}` : `${file}:${problem.line}: ${problem.message}`;
}
