// Showing untrusted text (a word from a file or a keyboard) inside a message: control characters
// and escape sequences must not reach the terminal raw, and a huge word must not flood it.

/** Control, format (bidi overrides, zero-width), lone surrogates, line and paragraph separators. */
const unprintable = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** What a file may not put on the screen: control characters (newline and tab aside) and bidi overrides. */
const notForScreen = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;

/** The first character of `text` that must not reach a terminal raw, or null. */
export function firstUnprintable(text: string): string | null {
	return notForScreen.exec(text)?.[0] ?? null;
}

/** At most this many characters of a word are shown. */
const maxShownLength = 40;

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
