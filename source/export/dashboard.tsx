// The dashboard as frames: `record` and `print` show the live dashboard's own component, drawn
// headless, never a second renderer.

import type {Lang} from '../scenario/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {startSession} from '../session/session.js';
import {Dashboard, minimumSize} from '../ui/Dashboard.js';
import type {ThemeName} from '../ui/look.js';
import {type FrameSize, renderFrame} from './frame.js';
import type {DrawSession} from './recording.js';

export interface DashboardLook {
	readonly lang: Lang;
	readonly theme: ThemeName;
	readonly ascii: boolean;
	readonly color: boolean;
	/** The key bar, which a viewer of a recording cannot use. */
	readonly keyBar: boolean;
}

/**
 * Frames of a terminal `rows` tall: the dashboard gets one row less, as it does live (Ink clears
 * the screen on every frame that fills the terminal). `styled`: escape codes at all.
 */
export function drawDashboard(look: DashboardLook, size: FrameSize, styled: boolean): DrawSession {
	const height = size.rows - 1;
	return session =>
		renderFrame(
			<Dashboard session={session} width={size.cols} height={height} lang={look.lang} theme={look.theme} ascii={look.ascii} color={look.color} keyBar={look.keyBar} overlay={null} />,
			{cols: size.cols, rows: height},
			styled,
		);
}

/** The smallest terminal that shows the dashboard of this scenario (it grows with the clients). */
export function smallestTerminal(scenario: Scenario): FrameSize {
	const {width, height} = minimumSize(startSession(scenario));
	return {cols: width, rows: height};
}
