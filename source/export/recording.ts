// `record` and `print` without the CLI: a scenario's storyboard drawn frame by frame, as an
// asciicast or as pages of text. `draw` turns a session into a frame (the commands pass the dashboard).

import {type Lang, narrationIn} from '../scenario/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {currentNarration, type Session, stepPosition} from '../session/session.js';
import {fit} from '../text/fit.js';
import {widthOf} from '../text/width.js';
import {labelsFor} from '../ui/labels.js';
import type {Glyphs} from '../ui/look.js';
import {asciicast, type Cast, type Shot} from './asciicast.js';
import type {Frame, FrameSize} from './frame.js';
import {stepSummary, storyboard} from './storyboard.js';

export type DrawSession = (session: Session) => Frame;

export const defaultStepDelaySeconds = 3;

/** About 20 columns a second (a relaxed reading pace; a Japanese character is two columns). */
const readingColumnsPerSecond = 20;
/** The first screen stays a little longer: a viewer needs a moment before the story starts. */
const leadInMs = 1500;

/**
 * How long a step stays on screen: the step delay, or longer when its narration needs more time
 * to read at the default pace, scaled like the step delay (a faster recording stays proportional).
 */
export function holdMs(narration: string, stepDelaySeconds: number): number {
	const readingSeconds = 1 + widthOf(narration) / readingColumnsPerSecond;
	return Math.round(1000 * stepDelaySeconds * Math.max(1, readingSeconds / defaultStepDelaySeconds));
}

export interface RecordOptions extends FrameSize {
	readonly stepDelaySeconds: number;
	readonly lang: Lang;
}

export function recordCast(scenario: Scenario, options: RecordOptions, draw: DrawSession): Cast {
	const shots = storyboard(scenario).map((session, index): Shot => {
		const {k, n} = stepPosition(session);
		const summary = stepSummary(session, options.lang);
		const hold = holdMs(narrationIn(currentNarration(session), options.lang), options.stepDelaySeconds);
		return {frame: draw(session), holdMs: hold + (index === 0 ? leadInMs : 0), marker: summary === null ? null : `${k}/${n} ${summary}`};
	});
	return asciicast({cols: options.cols, rows: options.rows, title: narrationIn(scenario.title, options.lang)}, shots);
}

export interface PageOptions {
	readonly cols: number;
	readonly lang: Lang;
	/** The dashboard's own rule line and ellipsis (ASCII ones with --ascii). */
	readonly glyphs: Pick<Glyphs, 'rule' | 'ellipsis'>;
}

/** The rule above a page: `── step 3/7: A acquires the lock ─────` (`ステップ 3/7` in Japanese), as wide as the frame. */
function pageRule(session: Session, {cols, lang, glyphs}: PageOptions): string {
	const {k, n} = stepPosition(session);
	const summary = stepSummary(session, lang, glyphs.ellipsis);
	const labels = labelsFor(lang);
	const name = summary === null ? `${labels.intro}: ${narrationIn(session.scenario.title, lang)}` : `${labels.stepShort(k, n)}: ${summary}`;
	// Two rule characters, a space, the name, a space, and at least two more.
	const head = `${glyphs.rule.repeat(2)} ${fit(name, Math.max(1, cols - 6), glyphs.ellipsis)} `;
	return head + glyphs.rule.repeat(Math.max(2, cols - widthOf(head)));
}

/** Every frame of the storyboard under its rule, for slides, docs and golden files. */
export function printPages(scenario: Scenario, options: PageOptions, draw: DrawSession): string {
	return storyboard(scenario)
		.map(session => [pageRule(session, options), ...draw(session).map(line => line.trimEnd())].join('\n'))
		.join('\n');
}
