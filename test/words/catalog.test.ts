import {describe, expect, test} from 'vitest';
import {langs} from '../../source/text/narration.js';
import type {Words} from '../../source/words/catalog.js';
import {wordsFor} from '../../source/words/describe.js';
import {en} from '../../source/words/en.js';

// What makes a third language one new file: every catalog is a whole `Words`, and a catalog that
// lacks a kind's words is a type error (`npm test` runs tsc before the tests).

describe('one catalog per language', () => {
	test('every language has words for the same kinds of events, refusals and command problems', () => {
		const partsOf = (words: Words) => [words.events, words.refusals, words.commandProblems].map(part => Object.keys(part).sort());
		for (const lang of langs) expect(partsOf(wordsFor(lang)), lang).toEqual(partsOf(en));
		expect(Object.keys(en.events).length).toBeGreaterThan(30);
	});

	test('a catalog without the words of one kind of event is not a catalog', () => {
		const {acquired: _, ...lacking} = en.events;
		// @ts-expect-error: the events lack 'acquired'
		const catalog: Words = {...en, events: lacking};
		expect(catalog.events).not.toHaveProperty('acquired');
	});
});
