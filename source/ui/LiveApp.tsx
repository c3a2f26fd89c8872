// The dashboard of `dlock-tui live`: the simulator's panes, drawn from what the servers and the
// client processes said (in the model's token numbers), two rows under them with what the servers
// say in their own terms beside the model, and one row saying where they are. The story plays
// itself in real time (leases and keys expire without waiting for a key), so the only keys are q
// and a clicker's blank.

import {Box, useInput} from 'ink';
import {useRef, useState} from 'react';
import type {Session} from '../session/session.js';
import {useTerminalSize} from './App.js';
import {BlankScreen} from './BlankScreen.js';
import {Dashboard, minimumSize} from './Dashboard.js';
import {actionForKey} from './keys.js';
import type {Look} from './look.js';
import {labelsFor} from './labels.js';
import {type LiveRowsProps, liveRows} from './panes/live.js';
import {piece, type Row} from './panes/rows.js';
import {Rows} from './Rows.js';
import {type ReportState, readReports} from './terminalReports.js';
import {useInkSequence} from './useInkSequence.js';
import {LookContext} from './useLook.js';

export interface LiveAppProps {
	readonly session: Session;
	readonly look: Look;
	/** The bottom row: where the servers are and how the run is going. */
	readonly status: string;
	/** What the servers say beside the model; null until they answer. */
	readonly servers: Omit<LiveRowsProps, 'now' | 'width' | 'look'> | null;
	readonly onQuit: () => void;
}

export function LiveApp({session, look, status, servers, onQuit}: LiveAppProps) {
	const {columns, rows} = useTerminalSize();
	const [refused, setRefused] = useState(false);
	const [blank, setBlank] = useState(false);
	const sequence = useInkSequence();
	// What the terminal sends of its own (a DCS answer holding a q, a mouse report) is no key.
	const report = useRef<ReportState>(null);
	useInput((input, key) => {
		const read = readReports(report.current, sequence.current, key);
		report.current = read.state;
		if (read.keys === '') return;
		const keys = read.keys === 'all' ? input : read.keys;
		if (key.ctrl && keys === 'c') onQuit();
		// As in the dashboard: any key brings a blank screen back and does nothing else.
		else if (blank) setBlank(false);
		else if (keys === 'q') onQuit();
		else if (actionForKey(keys, key)?.type === 'blank') setBlank(true);
		else setRefused(true);
	});
	if (blank)
		return (
			<LookContext value={look}>
				<BlankScreen columns={columns} rows={rows} />
			</LookContext>
		);
	const bottom = refused ? labelsFor(look.lang).live.onlyQ : status;
	const statusRow: Row = [piece(bottom, refused ? 'warn' : 'dim')];
	const serverRows = servers === null ? [] : liveRows({...servers, now: Date.now(), width: columns - 1, look});
	// The dashboard draws no key bar here, so it needs a row fewer than its minimum counts. On a
	// short screen the status row gives way (the servers' rows say whether this tick agrees with the
	// model), but for the line that says only q works, which takes the place of their second row.
	const dashboardNeeds = minimumSize(session, columns - 1).height - 2;
	const roomForAll = rows - 1 - serverRows.length - 1 >= dashboardNeeds;
	const under = roomForAll ? [...serverRows, statusRow] : refused ? [serverRows[0]!, statusRow] : serverRows;
	return (
		<LookContext value={look}>
			<Box flexDirection="column">
				<Dashboard session={session} width={columns - 1} height={rows - 1 - under.length} keyBar={false} live />
				<Rows rows={under} width={columns - 1} />
			</Box>
		</LookContext>
	);
}
