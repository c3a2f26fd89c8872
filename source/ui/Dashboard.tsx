// The whole screen, from props only (no input, no terminal size of its own), so that the app, the
// tests and the frame exporters can render it at any size: never taller than `height` rows nor
// wider than `width` columns. The panes build its rows; it is drawn as one Ink text node.

import {narrationIn} from '../scenario/narration.js';
import {currentWorld, type Session} from '../session/session.js';
import {fit} from '../text/fit.js';
import {labelsFor} from './labels.js';
import type {Look} from './look.js';
import {clientsRows} from './panes/clients.js';
import {helpRows} from './panes/help.js';
import {keyBarRow, type Prompt} from './panes/keyBar.js';
import {lockRows} from './panes/lock.js';
import {resourceRows} from './panes/resource.js';
import {besideRows, fitHeight, piece, type Row, rowWidth, shownRow} from './panes/rows.js';
import {storyRows} from './panes/story.js';
import {timelineRows} from './panes/timeline.js';
import {FittedRows} from './Rows.js';
import {useLook} from './useLook.js';

export type Overlay = 'help' | null;

export interface DashboardProps {
	readonly session: Session;
	readonly width: number;
	/** Rows to use at most: the app passes the terminal's rows minus one, so Ink never clears the screen. */
	readonly height: number;
	readonly overlay?: Overlay;
	readonly prompt?: Prompt | null;
	readonly autoplay?: number | null;
	/** The key bar at the bottom (default). A recording leaves it out: nobody watching can press a key. */
	readonly keyBar?: boolean;
}

const minWidth = 64;
/** The story needs a title and a few lines to say anything. */
const minStoryHeight = 4;
const topHeight = 5;
/** On a short terminal the clients' column headings and one story line give way, so four clients fit 80x24. */
const compactSaving = 2;

/** Rows needed besides the story: header, lock and resource, clients, timeline, key bar. */
const fixedHeight = (clients: number) => 1 + topHeight + (clients + 3) + (clients + 3) + 1;

/** The smallest terminal (columns x rows) the dashboard fits in, one row kept free against flicker. */
export function minimumSize(session: Session): {width: number; height: number} {
	return {width: minWidth, height: fixedHeight(currentWorld(session).clients.length) + minStoryHeight - compactSaving + 1};
}

export function dashboardRows(props: DashboardProps, look: Look): Row[] {
	const {session, width, height} = props;
	const needed = minimumSize(session);
	if (width < needed.width || height < needed.height - 1) {
		return [[piece(fit(labelsFor(look.lang).tooSmall(needed.width, needed.height), Math.max(1, width), look.glyphs.ellipsis), 'warn')]].slice(
			0,
			Math.max(1, height),
		);
	}
	const pane = {session, width, look};
	const keyBar = keyBarRow({...pane, prompt: props.prompt ?? null, autoplay: props.autoplay ?? null});
	if (props.overlay === 'help') return [...fitHeight(helpRows(pane), height - 1), keyBar].map(row => shownRow(row, width, look));

	const clients = currentWorld(session).clients.length;
	// Without the key bar, a command being typed still shows on the bottom row.
	const showKeys = (props.keyBar ?? true) || Boolean(props.prompt);
	// Without the key bar, its row is the story's.
	const room = showKeys ? height : height + 1;
	const spare = room - fixedHeight(clients) - minStoryHeight;
	const compact = spare < 0;
	// Room to spare goes to blank rows between panes first, then to the story, so the key bar stays on the bottom row.
	const gaps = spare >= 12 ? 1 : 0;
	const storyHeight = compact ? room - (fixedHeight(clients) - 1) : minStoryHeight + spare - gaps * 3;
	const gap: Row[] = gaps ? [[]] : [];
	const leftWidth = Math.floor((width - 2) / 2);
	const top = besideRows(
		[
			{rows: lockRows({...pane, width: leftWidth}), width: leftWidth},
			{rows: resourceRows({...pane, width: width - 2 - leftWidth}), width: width - 2 - leftWidth},
		],
		2,
		look.glyphs.ellipsis,
	);
	const screen = [
		header(session, width, look),
		...top,
		...gap,
		...clientsRows({...pane, headings: !compact}),
		...gap,
		...timelineRows(pane),
		...gap,
		...fitHeight(storyRows({...pane, height: storyHeight}), storyHeight),
		...(showKeys ? [keyBar] : []),
	];
	return screen.map(row => shownRow(row, width, look));
}

function header(session: Session, width: number, look: Look): Row {
	const world = currentWorld(session);
	const right: Row = [piece(`t=${world.clock} `, 'title')];
	const name: Row = [piece(' dlock-tui ', 'accent'), piece(' ')];
	const title = narrationIn(session.scenario.title, look.lang);
	const room = width - rowWidth(name) - rowWidth(right) - 1;
	const left: Row = [...name, piece(fit(title, Math.max(0, room), look.glyphs.ellipsis))];
	return [...left, piece(' '.repeat(Math.max(1, width - rowWidth(left) - rowWidth(right)))), ...right];
}

export function Dashboard(props: DashboardProps) {
	return <FittedRows rows={dashboardRows(props, useLook())} />;
}
