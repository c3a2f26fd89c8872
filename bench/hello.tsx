// The first frame of any Ink app: a hello world, bundled with the same settings as dlock-tui. The
// dashboard's first frame is measured against it.

import {Box, render, Text} from 'ink';

render(
	<Box borderStyle="round" paddingX={1}>
		<Text>Hello from Ink</Text>
	</Box>,
);
