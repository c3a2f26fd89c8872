// "Did you mean" for misspelt keys and names.

function editDistance(a: string, b: string): number {
	let previous = Array.from({length: b.length + 1}, (_, index) => index);
	for (let i = 1; i <= a.length; i += 1) {
		const current = [i];
		for (let j = 1; j <= b.length; j += 1) {
			current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return previous[b.length]!;
}

/** The closest known word, if it is close enough to be a typo (and keeps something of the word: `C` is no typo of `A`). */
export function didYouMean(word: string, known: readonly string[]): string | null {
	let best: string | null = null;
	let bestDistance = Math.min(Math.max(2, Math.floor(word.length / 3)) + 1, word.length);
	for (const candidate of known) {
		const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
		// On a tie, a word that was cut short (`of`) most likely meant the longer one (`off`).
		if (distance < bestDistance || (distance === bestDistance && best !== null && candidate.startsWith(word) && !best.startsWith(word))) {
			best = candidate;
			bestDistance = distance;
		}
	}
	return best;
}
