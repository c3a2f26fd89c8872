// Input fixtures for the App tests: a key event with nothing pressed, and a wait for Ink to react.

import type {Key} from 'ink';

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
