// The dashboard of `dlock-tui live`: the simulator's panes, drawn from what etcd and the client
// processes said after each step, and one row under them saying where etcd is. The story plays
// itself in real time (etcd's leases do not wait for a key), so the only key is q.

import {Box, useInput} from 'ink';
import {useState} from 'react';
import type {Session} from '../session/session.js';
import {useTerminalSize} from './App.js';
import {Dashboard} from './Dashboard.js';
import type {Look} from './look.js';
import {piece} from './panes/rows.js';
import {Rows} from './Rows.js';
import {LookContext} from './useLook.js';

export interface LiveAppProps {
	readonly session: Session;
	readonly look: Look;
	/** The bottom row: where etcd is and how the run is going. */
	readonly status: string;
	readonly onQuit: () => void;
}

export function LiveApp({session, look, status, onQuit}: LiveAppProps) {
	const {columns, rows} = useTerminalSize();
	const [refused, setRefused] = useState(false);
	useInput((input, key) => {
		if (input === 'q' || (key.ctrl && input === 'c')) onQuit();
		else setRefused(true);
	});
	const bottom = refused ? 'only q works live: the story plays itself on etcd, in real time (time travel and changes by hand are the simulator’s)' : status;
	return (
		<LookContext value={look}>
			<Box flexDirection="column">
				<Dashboard session={session} width={columns - 1} height={rows - 2} keyBar={false} />
				<Rows rows={[[piece(bottom, refused ? 'warn' : 'dim')]]} width={columns - 1} />
			</Box>
		</LookContext>
	);
}
