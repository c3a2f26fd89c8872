// The dashboard of `dlock-tui live`: the simulator's panes, drawn from what etcd and the client
// processes said (in the model's token numbers), two rows under them with what etcd says in its
// own numbers beside the model, and one row saying where etcd is. The story plays itself in real
// time (etcd's leases do not wait for a key), so the only key is q.

import {Box, useInput} from 'ink';
import {useState} from 'react';
import type {Session} from '../session/session.js';
import {useTerminalSize} from './App.js';
import {Dashboard, minimumSize} from './Dashboard.js';
import type {Look} from './look.js';
import {type LiveRowsProps, liveRows} from './panes/live.js';
import {piece} from './panes/rows.js';
import {Rows} from './Rows.js';
import {LookContext} from './useLook.js';

export interface LiveAppProps {
	readonly session: Session;
	readonly look: Look;
	/** The bottom row: where etcd is and how the run is going. */
	readonly status: string;
	/** What etcd says beside the model; null until etcd answers. */
	readonly etcd: Omit<LiveRowsProps, 'now' | 'width' | 'look'> | null;
	readonly onQuit: () => void;
}

/** etcd's rows under the dashboard (the status row is one more, where there is room for it). */
const etcdHeight = 2;

export function LiveApp({session, look, status, etcd, onQuit}: LiveAppProps) {
	const {columns, rows} = useTerminalSize();
	const [refused, setRefused] = useState(false);
	useInput((input, key) => {
		if (input === 'q' || (key.ctrl && input === 'c')) onQuit();
		else setRefused(true);
	});
	// The dashboard draws no key bar here, so it needs a row fewer than its minimum counts. On a
	// short screen the status row gives way: etcd's rows say whether this tick agrees with the model.
	const dashboardNeeds = minimumSize(session, columns - 1).height - 2;
	const statusShown = etcd === null || refused || rows - 1 - etcdHeight - 1 >= dashboardNeeds;
	const height = rows - 1 - (etcd === null ? 0 : etcdHeight) - (statusShown ? 1 : 0);
	const bottom = refused ? 'only q works live: the story plays itself on etcd, in real time (time travel and changes by hand are the simulator’s)' : status;
	return (
		<LookContext value={look}>
			<Box flexDirection="column">
				<Dashboard session={session} width={columns - 1} height={height} keyBar={false} live />
				<Rows
					rows={[
						...(etcd === null ? [] : liveRows({...etcd, now: Date.now(), width: columns - 1, look})),
						...(statusShown ? [[piece(bottom, refused ? 'warn' : 'dim')]] : []),
					]}
					width={columns - 1}
				/>
			</Box>
		</LookContext>
	);
}
