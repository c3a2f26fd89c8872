// The dashboard as frames: `record` and `print` show the live dashboard's own component, drawn
// headless, never a second renderer.

import type {Scenario} from '../scenario/parse.js';
import {startSession} from '../session/session.js';
import {Dashboard, minimumSize} from '../ui/Dashboard.js';
import {type LookOptions, makeLook} from '../ui/look.js';
import {LookContext} from '../ui/useLook.js';
import {type FrameSize, renderFrame} from './frame.js';
import type {DrawSession} from './recording.js';

export interface DashboardLook extends LookOptions {
	/** The key bar, which a viewer of a recording cannot use. */
	readonly keyBar: boolean;
}

/**
 * Frames of a terminal `rows` tall: the dashboard gets one row less, as it does live (Ink clears
 * the screen on every frame that fills the terminal). `styled`: escape codes at all.
 */
export function drawDashboard(options: DashboardLook, size: FrameSize, styled: boolean): DrawSession {
	const height = size.rows - 1;
	const look = makeLook(options);
	return session =>
		renderFrame(
			<LookContext value={look}>
				<Dashboard session={session} width={size.cols} height={height} keyBar={options.keyBar} overlay={null} />
			</LookContext>,
			{cols: size.cols, rows: height},
			styled,
		);
}

/** The smallest terminal that shows the dashboard of this scenario (it grows with the clients), `cols` wide. */
export function smallestTerminal(scenario: Scenario, cols?: number): FrameSize {
	const {width, height} = minimumSize(startSession(scenario), cols);
	return {cols: width, rows: height};
}
