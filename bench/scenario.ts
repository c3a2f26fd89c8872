// Long scenarios for the bench, made up on the spot: a cycle of six steps in which A and then B
// take the lock, write and release it, with an expectation that `check` verifies every cycle.

const cycle = ['do: acquire A', 'do: write A', 'do: tick', 'do: release A', 'do: [acquire B, write B]', 'do: release B, expect: {holder: null, value: B}'];

/** YAML text of a scenario with `steps` steps; `backend` sets one (Redlock: five nodes). */
export function generateScenario(steps: number, backend?: string): string {
	const lines = [`title: generated, ${steps} steps`, 'lease: 5', ...(backend ? [`backend: ${backend}`] : []), 'clients: [A, B]', 'steps:'];
	for (let index = 0; index < steps; index += 1) {
		lines.push(`  - {${cycle[index % cycle.length]}}`);
	}
	return `${lines.join('\n')}\n`;
}
