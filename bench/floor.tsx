// The floor for a keypress: an Ink app that draws a whole screen of styled text anew on every key,
// bundled with the same settings as dlock-tui. The dashboard answering a key is measured against it.

import {Box, render, Text, useInput, useStdout} from 'ink';
import {useState} from 'react';

const colours = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan'] as const;

/** One row, `width` columns wide: five pieces in their own styles, all of them moved by `presses`. */
function Row({index, presses, width}: {readonly index: number; readonly presses: number; readonly width: number}) {
	const turn = index + presses;
	const label = `row ${String(index + 1).padStart(2)} `;
	const count = ` ${String(presses).padStart(5)} `;
	const room = Math.max(0, width - label.length - count.length);
	const bar = Math.min(room, turn % (room + 1));
	const mark = Math.min(room - bar, 3);
	const rest = room - bar - mark;
	return (
		<Text>
			<Text bold color="cyan">
				{label}
			</Text>
			<Text color={colours[turn % colours.length]}>{'█'.repeat(bar)}</Text>
			<Text inverse>{'▲▼◆'.slice(0, mark)}</Text>
			<Text dimColor>{'·'.repeat(rest)}</Text>
			<Text bold underline color={turn % 2 === 0 ? 'yellow' : 'green'}>
				{count}
			</Text>
		</Text>
	);
}

/** As tall as the dashboard draws itself: the terminal's rows less the one Ink keeps for the cursor. */
function Floor() {
	const [presses, setPresses] = useState(0);
	const {stdout} = useStdout();
	useInput(() => setPresses(count => count + 1));
	const rows = Array.from({length: (stdout.rows || 24) - 1}, (_, index) => index);
	return (
		<Box flexDirection="column">
			{rows.map(index => (
				<Row key={index} index={index} presses={presses} width={stdout.columns || 80} />
			))}
		</Box>
	);
}

render(<Floor />);
