// Fixtures for the App tests: its props, a key event with nothing pressed, and a wait for Ink to react.

import type {Key} from 'ink';
import type {Lang} from '../../source/text/narration.js';
import type {Scenario} from '../../source/scenario/parse.js';
import type {AppProps} from '../../source/ui/App.js';
import {makeLook} from '../../source/ui/look.js';

/** The App on a scenario, without colour or autoplay; saving fails unless a test passes its own `save`. */
export const appProps = (scenario: Scenario, lang: Lang = 'en'): AppProps => ({
	scenario,
	look: makeLook({lang, theme: 'dark', ascii: false, color: false}),
	autoplay: null,
	save: () => ({ok: false, reason: 'this test does not save'}),
});

export const noKey: Key = {
	upArrow: false,
	downArrow: false,
	leftArrow: false,
	rightArrow: false,
	pageDown: false,
	pageUp: false,
	home: false,
	end: false,
	return: false,
	escape: false,
	ctrl: false,
	shift: false,
	tab: false,
	backspace: false,
	delete: false,
	meta: false,
	super: false,
	hyper: false,
	capsLock: false,
	numLock: false,
};

/** Lets Ink read what was written to stdin and render: a timer turn, then the I/O turn after it. */
export async function tick() {
	await new Promise(resolve => setTimeout(resolve, 0));
	await new Promise(resolve => setImmediate(resolve));
}
