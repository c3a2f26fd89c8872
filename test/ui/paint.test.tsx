// A painted row carries exactly the escape codes Ink's <Text> writes for its style, at every
// colour level.

import defaultChalk, {type ColorSupportLevel} from 'chalk';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {expect, onTestFinished, test} from 'vitest';
import {makeLook, type Role, type Style, themeNames} from '../../source/ui/look.js';
import {paintRow, piece} from '../../source/ui/panes/rows.js';

/**
 * What <Text> draws for a style and a text at a chalk level: roles and themes share styles (and
 * without colour most roles are plain or bold), so each is drawn by Ink once.
 */
const drawn = new Map<string, string | undefined>();
function drawnByInk(style: Style, text: string): string | undefined {
	const key = JSON.stringify([defaultChalk.level, style, text]);
	if (!drawn.has(key)) {
		const {lastFrame, unmount} = render(<Text {...style}>{text}</Text>);
		drawn.set(key, lastFrame());
		unmount();
	}
	return drawn.get(key);
}

test.each(themeNames)('each role of the %s theme is painted as <Text> draws it', theme => {
	const level = defaultChalk.level;
	onTestFinished(() => {
		defaultChalk.level = level;
	});
	for (const chalkLevel of [1, 2, 3, 0] as ColorSupportLevel[]) {
		defaultChalk.level = chalkLevel;
		for (const color of [true, false]) {
			const look = makeLook({lang: 'en', theme, ascii: false, color});
			for (const [role, style] of Object.entries(look.styles) as [Role, (typeof look.styles)[Role]][]) {
				// Two texts of one style: the second is painted with the codes the first one made.
				for (const text of ['lock A', '[2 ✓ ロック']) expect(paintRow([piece(text, role)], look)).toBe(drawnByInk(style, text));
			}
		}
	}
});
