// How deep and how wide `explore` may search: what a scenario file's `explore:` may ask (the
// schema), the command line's --depth and --moves, and the search itself keep to the same limits.

/** Deeper than this, a search over even a few moves holds more states than memory does. */
export const maxExploreDepth = 40;
export const defaultExploreDepth = 8;
/** Each state tries every move: a longer list is no search a person waits for. */
export const maxExploreMoves = 1000;
