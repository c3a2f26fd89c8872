// How many terminal columns text takes (CJK characters take two), and its characters as the
// terminal draws them. Width is string-width's, the measure Ink lays out and wraps text by, so a
// row fitted to the terminal here is never wrapped by Ink.

import stringWidth from 'string-width';

export const widthOf = (text: string): number => stringWidth(text);

const graphemes = new Intl.Segmenter(undefined, {granularity: 'grapheme'});

/** The characters of `text` as the terminal draws them (grapheme clusters). */
export const charactersOf = (text: string): readonly string[] => Array.from(graphemes.segment(text), ({segment}) => segment);
