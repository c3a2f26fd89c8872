// Showing untrusted text (a word from a file or a keyboard) inside a message: control characters
// and escape sequences must not reach the terminal raw, and a huge word must not flood it.

/** Control, format (bidi overrides, zero-width), lone surrogates, line and paragraph separators. */
const unprintable = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** At most this many characters of a word are shown. */
export const maxShownLength = 40;

/** The text with every unprintable character written as an escape: ESC becomes `\x1b`. */
export function printable(text: string): string {
	return text.replace(unprintable, character => {
		const code = character.codePointAt(0)!;
		return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
	});
}

/** A word for a message: printable, shortened, in single quotes. */
export function quote(word: string): string {
	const characters = Array.from(word);
	const shown = characters.length > maxShownLength ? `${characters.slice(0, maxShownLength).join('')}…` : word;
	return `'${printable(shown)}'`;
}
