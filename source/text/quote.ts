// Showing untrusted text (a word from a file or a keyboard) inside a message: control characters
// and escape sequences must not reach the terminal raw, and a huge word must not flood it.

/** Control, format (bidi overrides, zero-width), lone surrogates, line and paragraph separators. */
const unprintable = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** What a file may not put on the screen: control characters and bidi overrides. */
const notForScreen = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;
/** The same, but for the line breaks and tabs that prose may hold (wrapping reads them as spaces). */
const notForProse = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The first character of `text` that must not reach a terminal raw, or null. Only `prose`
 * (narration, a description) may hold newlines and tabs: a title or a name is one line.
 */
export function firstUnprintable(text: string, {prose = false} = {}): string | null {
	return (prose ? notForProse : notForScreen).exec(text)?.[0] ?? null;
}

/** At most this many characters of a word are shown. */
const maxShownLength = 40;

/** A character written as an escape, in ASCII: ESC is `\x1b`, a soft hyphen `\xad`. */
export function escaped(character: string): string {
	const code = character.codePointAt(0)!;
	return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** The text with every unprintable character written as an escape: ESC becomes `\x1b`. */
export const printable = (text: string): string => text.replace(unprintable, escaped);

/** A word for a message: printable, shortened, in single quotes. */
export function quote(word: string): string {
	const characters = Array.from(word);
	const shown = characters.length > maxShownLength ? `${characters.slice(0, maxShownLength).join('')}…` : word;
	return `'${printable(shown)}'`;
}
