// `record` and `print` without the CLI: a scenario's storyboard drawn frame by frame, as an
// asciicast or an animated SVG, as pages of text or as SVG stills. `draw` turns a session into a
// frame (the commands pass the dashboard).

import {type Lang, narrationIn} from '../text/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {stepHoldMs} from '../session/pace.js';
import {type Session, stepPosition} from '../session/session.js';
import {drawable} from '../text/drawable.js';
import {fit} from '../text/fit.js';
import {widthOf} from '../text/width.js';
import {labelsFor} from '../ui/labels.js';
import type {Glyphs, ThemeName} from '../ui/look.js';
import {asciicast, type Cast, type Shot} from './asciicast.js';
import type {Frame, FrameSize} from './frame.js';
import {palettes} from './palette.js';
import {type SvgAnimation, svgAnimation, svgStill} from './svg.js';
import {stepSentence, stepSummary, storyboard} from './storyboard.js';

export type DrawSession = (session: Session) => Frame;

export interface RecordOptions extends FrameSize {
	readonly stepDelaySeconds: number;
	readonly lang: Lang;
	/** The terminal's colours follow the theme: a dark, light or black one. */
	readonly theme: ThemeName;
}

/** Every frame of the storyboard, held for its reading time. */
function recordShots(scenario: Scenario, options: RecordOptions, draw: DrawSession): Shot[] {
	return storyboard(scenario).map((session): Shot => {
		const {k, n} = stepPosition(session);
		const summary = stepSummary(session, options.lang);
		return {
			frame: draw(session),
			holdMs: stepHoldMs(session, options.lang, options.stepDelaySeconds),
			marker: summary === null ? null : `${k}/${n} ${summary}`,
		};
	});
}

export function recordCast(scenario: Scenario, options: RecordOptions, draw: DrawSession): Cast {
	const header = {cols: options.cols, rows: options.rows, title: narrationIn(scenario.title, options.lang), palette: palettes[options.theme]};
	return asciicast(header, recordShots(scenario, options, draw));
}

/** The same frames and hold times as the cast, as an animated SVG. */
export function recordSvg(scenario: Scenario, options: RecordOptions, draw: DrawSession): SvgAnimation {
	const title = narrationIn(scenario.title, options.lang);
	return svgAnimation({cols: options.cols, rows: options.rows, theme: options.theme, title}, recordShots(scenario, options, draw));
}

export interface PageOptions {
	readonly cols: number;
	readonly lang: Lang;
	/** The dashboard's own rule line and ellipsis (ASCII ones with --ascii). */
	readonly glyphs: Pick<Glyphs, 'rule' | 'ellipsis'>;
}

/** What a page shows: `step 3/7: A acquires the lock` (`ステップ 3/7` in Japanese), or the start and the title. */
function pageName(session: Session, lang: Lang, ellipsis: string): string {
	const {k, n} = stepPosition(session);
	const summary = stepSummary(session, lang, ellipsis);
	const labels = labelsFor(lang);
	return summary === null ? `${labels.intro}: ${narrationIn(session.scenario.title, lang)}` : `${labels.stepShort(k, n)}: ${summary}`;
}

/**
 * The rule above a page: `── step 3/7: A acquires the lock ─────`, as wide as the frame. A step's
 * first sentence is there whole or not at all (`── step 3/7 ───`): the page below tells it whole,
 * and a rule must not cut it.
 */
function pageRule(session: Session, {cols, lang, glyphs}: PageOptions): string {
	// Two rule characters, a space, the name, a space, and at least two more.
	const room = Math.max(1, cols - 6);
	const {k, n} = stepPosition(session);
	const sentence = stepSentence(session, lang);
	const labels = labelsFor(lang);
	// A sentence far longer than the rule (a character takes at most 16 UTF-16 units) is not measured to learn that it does not fit.
	const named = sentence !== null && sentence.length <= room * 16 ? drawable(`${labels.stepShort(k, n)}: ${sentence}`) : null;
	const name =
		sentence === null
			? fit(`${labels.intro}: ${narrationIn(session.scenario.title, lang)}`, room, glyphs.ellipsis)
			: named !== null && widthOf(named) <= room
				? named
				: fit(labels.stepShort(k, n), room, glyphs.ellipsis);
	const head = `${glyphs.rule.repeat(2)} ${name} `;
	return head + glyphs.rule.repeat(Math.max(2, cols - widthOf(head)));
}

/** Every frame of the storyboard under its rule, for slides, docs and golden files. */
export function printPages(scenario: Scenario, options: PageOptions, draw: DrawSession): string {
	return storyboard(scenario)
		.map(session => [pageRule(session, options), ...draw(session).map(line => line.trimEnd())].join('\n'))
		.join('\n');
}

/** The step of each page, in order: 0 for a start screen before the first step. */
export const pageSteps = (scenario: Scenario): number[] => storyboard(scenario).map(session => stepPosition(session).k);

export interface Still {
	readonly step: number;
	readonly text: string;
}

export interface StillOptions extends FrameSize {
	readonly lang: Lang;
	readonly theme: ThemeName;
}

/** Each page as an SVG still (only the one of step `only`, when given), titled with the scenario and the page's name. */
export function drawStills(scenario: Scenario, options: StillOptions, draw: DrawSession, only: number | null): Still[] {
	const scenarioTitle = narrationIn(scenario.title, options.lang);
	return storyboard(scenario)
		.filter(session => only === null || stepPosition(session).k === only)
		.map(session => {
			const step = stepPosition(session).k;
			// The start page's name is the scenario's title already.
			const name = pageName(session, options.lang, '…');
			const title = step === 0 ? name : `${scenarioTitle}, ${name}`;
			return {step, text: svgStill({cols: options.cols, rows: options.rows, theme: options.theme, title}, draw(session))};
		});
}
