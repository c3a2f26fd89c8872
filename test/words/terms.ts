// The words' terms of a world with the generic backend and counter tokens: the first model's, and a
// scenario's unless it says otherwise (`token`, `lease`).

import type {Terms} from '../../source/words/catalog.js';

export const generic: Terms = {backend: 'generic', tokens: 'counter'};
