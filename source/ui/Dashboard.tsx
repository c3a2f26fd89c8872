// The whole screen, from props only (no input, no terminal size of its own), so that the app, the
// tests and the frame exporters can render it at any size: never taller than `height` rows nor
// wider than `width` columns. The panes build its rows; it is drawn as one Ink text node.

import {currentWorld, type Session} from '../session/session.js';
import {fit} from '../text/fit.js';
import {labelsFor} from './labels.js';
import type {Look} from './look.js';
import {clientsRows} from './panes/clients.js';
import {headerRow} from './panes/header.js';
import {helpRows, signListRows} from './panes/help.js';
import {keyBarRow, keyListRows, type Prompt, promptRows} from './panes/keyBar.js';
import {lockRows, nodeRowsWanted} from './panes/lock.js';
import {resourceRows} from './panes/resource.js';
import {besideRows, fitHeight, piece, type Row, shownRow} from './panes/rows.js';
import {storyRows, storyRowsNeeded} from './panes/story.js';
import {timelineBaseHeight, timelineRowsIn} from './panes/timeline.js';
import {FittedRows} from './Rows.js';
import {smallestDashboard} from './size.js';
import {useLook} from './useLook.js';

/** The help over the dashboard, at its start or scrolled to its end. */
export type Overlay = 'help' | 'help-end' | null;

export interface DashboardProps {
	readonly session: Session;
	readonly width: number;
	/** Rows to use at most: the app passes the terminal's rows minus one, so Ink never clears the screen. */
	readonly height: number;
	readonly overlay?: Overlay;
	readonly prompt?: Prompt | null;
	readonly autoplay?: number | null;
	/** The key bar at the bottom (default). A recording leaves it out, and every key hint: nobody watching can press a key. */
	readonly keyBar?: boolean;
	/** Played live on etcd: the story's end says so. */
	readonly live?: boolean;
}

/** The smallest terminal the dashboard of this session fits in near `width` columns (size.ts). */
export const minimumSize = (session: Session, width?: number): {width: number; height: number} =>
	smallestDashboard(currentWorld(session).clients.length, width);

export function dashboardRows(props: DashboardProps, look: Look): Row[] {
	const {session, width, height} = props;
	const needed = minimumSize(session, width);
	// The minimum counts the key bar's row: a dashboard drawn without it needs one row fewer.
	const withoutKeyBar = props.keyBar === false && !props.prompt ? 1 : 0;
	if (width < needed.width || height < needed.height - 1 - withoutKeyBar) {
		return [[piece(fit(labelsFor(look.lang).tooSmall(needed.width, needed.height), Math.max(1, width), look.glyphs.ellipsis), 'warn')]].slice(
			0,
			Math.max(1, height),
		);
	}
	const pane = {session, width, look};
	const keyBar = keyBarRow({...pane, prompt: null, autoplay: props.autoplay ?? null});
	// A command being typed shows on the bottom row, with or without the key bar, and why it failed above it.
	const bottom = props.prompt ? promptRows(pane, props.prompt) : (props.keyBar ?? true) ? [keyBar] : [];
	if (props.overlay)
		return [...fitHeight(helpRows({...pane, height: height - bottom.length, atEnd: props.overlay === 'help-end'}), height - bottom.length), ...bottom].map(
			row => shownRow(row, width, look),
		);

	const room = height - bottom.length;
	const leftWidth = Math.floor((width - 2) / 2);
	const topRows = (more: number) =>
		besideRows(
			[
				{rows: lockRows({...pane, width: leftWidth, more}), width: leftWidth},
				{rows: resourceRows({...pane, width: width - 2 - leftWidth, more}), width: width - 2 - leftWidth},
			],
			2,
			look.glyphs.ellipsis,
		);
	const fullClients = clientsRows({...pane, headings: true});
	const header = headerRow(pane);
	const panes = (gap: readonly Row[], above: {readonly top: readonly Row[]; readonly clients: readonly Row[]; readonly timeline: readonly Row[]}) => [
		header,
		...above.top,
		...gap,
		...above.clients,
		...gap,
		...above.timeline,
		...gap,
	];
	// The story's narration and latest event are never cut while the clients' headings can give way.
	const needs = storyRowsNeeded(pane, room);
	// Several nodes get a row each when the story keeps what it needs: they are the lock service's story.
	const nodeRows = nodeRowsWanted({...pane, width: leftWidth});
	const withNodes = nodeRows > 0 ? topRows(nodeRows) : null;
	// Then the lock's timeline lanes and the timeline's legend, on the same terms.
	const compactClients = clientsRows({...pane, headings: false});
	const layoutWith = (top: readonly Row[]) => {
		const spareWith = (clients: readonly Row[]) => room - panes([], {top, clients, timeline: []}).length - timelineBaseHeight(currentWorld(session)) - needs;
		const lanes = timelineRowsIn(pane, spareWith(fullClients), spareWith(compactClients));
		const full = panes([], {top, clients: fullClients, timeline: lanes});
		const compact = room - full.length < needs;
		return {top, lanes, full, compact};
	};
	const plain = layoutWith(topRows(0));
	const nodesLaidOut =
		withNodes && room - panes([], {top: withNodes, clients: fullClients, timeline: []}).length - timelineBaseHeight(currentWorld(session)) >= needs
			? layoutWith(withNodes)
			: null;
	// The node rows give way before the clients' headings and the lock's timeline lanes do: the
	// table reads the same all story, and the lanes keep the nodes' events in view.
	const chosen = nodesLaidOut && nodesLaidOut.compact === plain.compact && nodesLaidOut.lanes.length >= plain.lanes.length ? nodesLaidOut : plain;
	const topMore = chosen === nodesLaidOut ? nodeRows : 0;
	const {top, lanes, full, compact} = chosen;
	const upper = compact ? panes([], {top, clients: compactClients, timeline: lanes}) : full;
	const story = storyRows({...pane, height: room - upper.length, live: props.live, watched: props.keyBar === false});
	// Rows the story has no use for go to every key above the key bar, then every sign. On a roomy
	// screen the rows still left go to the history the panes above can show (the grants and the
	// earlier writes, then each client's latest events), then, if three are left, between the panes.
	// Without the key bar nobody can press a key (a recording): the signs alone.
	const lists = [...(bottom[0] === keyBar ? [keyListRows(pane)] : []), signListRows(pane)];
	const spare = room - upper.length - story.length;
	const listed: Row[] = [];
	for (const list of compact ? [] : lists) {
		if (listed.length + list.length + 1 > spare) break;
		listed.push([], ...list);
	}
	let unused = spare - listed.length;
	let shown = upper;
	if (!compact && unused >= 3) {
		const grownTop = topRows(topMore + unused);
		unused -= grownTop.length - top.length;
		const grownClients = clientsRows({...pane, headings: true, more: unused});
		unused -= grownClients.length - fullClients.length;
		shown = panes(unused >= 3 ? [[]] : [], {top: grownTop, clients: grownClients, timeline: lanes});
	}
	// The story as drawn for all the room: every row taken from it since was one it left blank.
	return [...shown, ...fitHeight(story, room - shown.length - listed.length), ...listed, ...bottom].map(row => shownRow(row, width, look));
}

export function Dashboard(props: DashboardProps) {
	return <FittedRows rows={dashboardRows(props, useLook())} />;
}
