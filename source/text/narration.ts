// Narration in English and Japanese, and picking one: plain text that the model (its events in
// words), the scenarios and the panes all share. The language chosen here is the one of every label too.

export type Lang = 'en' | 'ja';
export const langs: readonly Lang[] = ['en', 'ja'];

export interface Narration {
	readonly en?: string;
	readonly ja?: string;
}

/** Narration in the chosen language, else in the other one. */
export const narrationIn = (narration: Narration | null, lang: Lang): string =>
	(lang === 'ja' ? (narration?.ja ?? narration?.en) : (narration?.en ?? narration?.ja)) ?? '';
