// How long a step stays on screen when the story moves on by itself (a recording, autoplay): the
// one rule for both, so that a cast and a talk on autoplay keep the same pace.

import {widthOf} from '../text/width.js';
import {type Lang, narrationIn} from '../text/narration.js';
import {canGoBack, currentNarration, type Session} from './session.js';

/** What `record --step-delay` is unless given: the seconds a short step stays. */
export const defaultStepSeconds = 3;

/** About 20 columns a second (a relaxed reading pace; a Japanese character is two columns). */
const readingColumnsPerSecond = 20;
/** The first screen stays a little longer: a viewer needs a moment before the story starts. */
const leadInMs = 1500;

/**
 * How long narration stays: `stepSeconds` for a short one, longer when it takes longer to read at
 * the default pace, scaled like `stepSeconds` (a faster pace stays proportional).
 */
export function holdMs(narration: string, stepSeconds: number): number {
	const readingSeconds = 1 + widthOf(narration) / readingColumnsPerSecond;
	return Math.round(1000 * stepSeconds * Math.max(1, readingSeconds / defaultStepSeconds));
}

/** How long the session's screen stays: its step's narration's hold, and a lead-in on the first screen. */
export const stepHoldMs = (session: Session, lang: Lang, stepSeconds: number): number =>
	holdMs(narrationIn(currentNarration(session), lang), stepSeconds) + (canGoBack(session) ? 0 : leadInMs);
