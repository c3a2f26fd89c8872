// Every theme readable on a projector: each role that carries letters or digits has a contrast of
// at least 4.5:1 (WCAG AA) against the background it is drawn on, in the colours of the theme's
// terminal (the ones casts and SVG pictures are painted in); decoration, which is lines and signs,
// at least 3:1. readable.test.tsx holds every cell of every built-in's pages to the same measure.

import {describe, expect, test} from 'vitest';
import {palettes} from '../../source/export/palette.js';
import {makeLook, type Role, themeNames} from '../../source/ui/look.js';
import {contrastRatio, relativeLuminance, signContrast, styleColours, textContrast} from './contrast.js';

/** Roles that carry no letters: decoration is lines and signs, blank a black screen with nothing on it. */
const notText: readonly Role[] = ['decoration', 'blank'];

test('the contrast ratio is WCAG 2.x: black on white 21:1, the same colour 1:1, #767676 just above AA on white', () => {
	expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
	expect(relativeLuminance('#000000')).toBe(0);
	expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
	expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 6);
	expect(contrastRatio('#cd3131', '#cd3131')).toBe(1);
	expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
	// The two the projector showed: a light terminal's usual green, and light grey on red.
	expect(contrastRatio('#00a600', '#ffffff')).toBeLessThan(textContrast);
	expect(contrastRatio('#e5e5e5', '#cd3131')).toBeLessThan(textContrast);
});

describe.each(themeNames)('--theme %s', theme => {
	const palette = palettes[theme];
	const styles = makeLook({lang: 'en', theme, ascii: false, color: true}).styles;
	const ratios = (Object.entries(styles) as Array<[Role, (typeof styles)[Role]]>).map(([role, style]) => {
		const {text, background} = styleColours(style, palette);
		return {role, text, background, ratio: Math.round(contrastRatio(text, background) * 100) / 100};
	});

	test("every role that carries letters reads at 4.5:1 against its own background (a banner its red, the rest the terminal's)", () => {
		const low = ratios.filter(({role, ratio}) => !notText.includes(role) && ratio < textContrast);
		expect(low).toEqual([]);
	});

	test('decoration, lines and signs only, reads at 3:1', () => {
		expect(ratios.filter(({role, ratio}) => role === 'decoration' && ratio < signContrast)).toEqual([]);
	});

	test('ok is still green and bad still red', () => {
		const hue = (role: Role) => {
			const {text, background} = ratios.find(each => each.role === role)!;
			// Inverse draws the role's colour under the text.
			const colour = styles[role].inverse ? background : text;
			const [r, g, b] = [1, 3, 5].map(at => Number.parseInt(colour.slice(at, at + 2), 16));
			return r! > g! && r! > b! ? 'red' : g! > r! && g! > b! ? 'green' : 'other';
		};
		expect([hue('ok'), hue('bad')]).toEqual(['green', 'red']);
	});
});
