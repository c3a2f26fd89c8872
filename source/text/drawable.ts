// Text as every terminal draws it alike. string-width (Ink's measure) counts some characters as
// no column that terminals draw as one or two (a soft hyphen, a Hangul filler), and counts some
// sequences as one emoji that terminals draw piece by piece (a skin tone, a ZWJ family): a row
// of them measured to fit would run past the edge and scroll the screen. Such characters are
// drawn here as what every terminal and string-width agree on. No library does this: terminals
// differ from one another too, so the rule is what tmux, xterm.js and VTE were measured to share.

import {escaped} from './quote.js';
import {charactersOf} from './width.js';

/** Line breaks and tabs that prose may hold: one space each, as wrapping reads them. */
const spacing = /[\t\n\v\f\r\x85\u2028\u2029]/u;

/**
 * Characters a terminal may draw wider than string-width counts them, shown as their escape
 * (`\xad`): invisible ones (default-ignorable, format, control, unassigned, lone surrogates);
 * the circled numbers U+3248-U+324F, ambiguous in width, which terminals draw two columns wide;
 * and the letters that join the next one into a character (Malayalam's dot reph and the like),
 * which string-width counts once for the two.
 */
const unsure =
	/[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Cn}\p{Cs}\u3248-\u324f\u0d4e\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u;

/**
 * Thai and Lao AM, a letter that sticks to the one before: string-width counts the pair as one
 * column, terminals as two. Written there as the two characters it is made of, both count two.
 */
const am = /[\u0e33\u0eb3]/u;

/**
 * What joins or varies the character it follows (ZWJ, variation selectors, tags, skin tones, the
 * keycap), dropped: terminals draw `👍🏽` as two emoji, `❤️` as one column, and agree on the parts.
 */
const joining = /[\p{Default_Ignorable_Code_Point}\p{Emoji_Modifier}]|\u20e3/u;

/** A combining mark that starts a character has nothing to combine with: xterm.js gives it a column, tmux none. */
const baseless = /\p{M}/u;

const anyToRedraw = new RegExp(`${unsure.source}|${joining.source}|${spacing.source}|${am.source}|${baseless.source}`, 'u');

/** One code point as drawn: a space, its escape, or itself. */
const drawnCodePoint = (codePoint: string): string => (spacing.test(codePoint) ? ' ' : unsure.test(codePoint) ? escaped(codePoint) : codePoint);

/**
 * `text` as terminals and string-width measure alike: line breaks and tabs as spaces, joiners and
 * modifiers inside a character dropped, AM as its two parts, and any other character whose width
 * is in doubt (a mark with nothing before it too) as its escape in ASCII. Text without such characters (nearly all) is returned as it is.
 */
export function drawable(text: string): string {
	if (!anyToRedraw.test(text)) return text;
	let result = '';
	for (const character of charactersOf(text)) {
		const [first, ...rest] = Array.from(character);
		result += baseless.test(first!) ? escaped(first!) : drawnCodePoint(first!);
		for (const codePoint of rest) {
			if (joining.test(codePoint)) continue;
			result += am.test(codePoint) ? codePoint.normalize('NFKD') : drawnCodePoint(codePoint);
		}
	}
	return result;
}
