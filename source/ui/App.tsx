// The interactive shell around the session: one useInput maps keys to actions, the terminal's
// size is followed live, and autoplay steps on a timer until a key takes over.

import {Box, useApp, useInput, useStdin, useStdout} from 'ink';
import {useEffect, useReducer, useState} from 'react';
import {parseCommand} from '../model/command.js';
import type {Lang} from '../model/describe.js';
import type {Scenario} from '../scenario/parse.js';
import {currentWorld, isAtEnd, reduceSession, startSession} from '../session/session.js';
import {Dashboard, type Overlay} from './Dashboard.js';
import type {Prompt} from './KeyBar.js';
import {actionForKey} from './keys.js';
import type {ThemeName} from './look.js';

export interface AppProps {
	readonly scenario: Scenario;
	readonly lang: Lang;
	readonly theme: ThemeName;
	readonly ascii: boolean;
	readonly color: boolean;
	/** Seconds between automatic steps, or null. */
	readonly autoplay: number | null;
}

function useTerminalSize(): {columns: number; rows: number} {
	const {stdout} = useStdout();
	const read = () => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
	const [size, setSize] = useState(read);
	useEffect(() => {
		const onResize = () => setSize(read());
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}

export function App({scenario, lang, theme, ascii, color, autoplay}: AppProps) {
	const {exit} = useApp();
	const {isRawModeSupported} = useStdin();
	const {columns, rows} = useTerminalSize();
	const [session, dispatch] = useReducer(reduceSession, scenario, startSession);
	const [overlay, setOverlay] = useState<Overlay>(null);
	const [prompt, setPrompt] = useState<Prompt | null>(null);
	const [autoplaying, setAutoplaying] = useState(autoplay !== null);
	const playing = autoplaying && !isAtEnd(session);

	useEffect(() => {
		if (!playing || autoplay === null) return;
		const timer = setTimeout(() => dispatch({type: 'next'}), autoplay * 1000);
		return () => clearTimeout(timer);
	}, [playing, autoplay, session]);

	useInput(
		(input, key) => {
			setAutoplaying(false);
			if (prompt) {
				typeInPrompt(input, key);
				return;
			}
			const action = actionForKey(input, key, session);
			if (action === null) return;
			switch (action.type) {
				case 'quit':
					exit();
					return;
				case 'help':
					setOverlay(overlay === 'help' ? null : 'help');
					return;
				case 'close':
					setOverlay(null);
					return;
				case 'prompt':
					setOverlay(null);
					setPrompt({text: '', error: null});
					return;
				case 'session':
					dispatch(action.action);
			}
		},
		{isActive: isRawModeSupported},
	);

	function typeInPrompt(input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) {
		if (key.ctrl && input === 'c') exit();
		else if (key.escape) setPrompt(null);
		else if (key.return) {
			const parsed = parseCommand(prompt!.text, {clients: currentWorld(session).clients.map(client => client.name)});
			if (parsed.ok) {
				dispatch({type: 'do', command: parsed.command});
				setPrompt(null);
			} else setPrompt({text: prompt!.text, error: parsed.error.message});
		} else if (key.backspace || key.delete) setPrompt({text: prompt!.text.slice(0, -1), error: null});
		else if (!key.ctrl && !key.meta && input && !/\p{C}/u.test(input)) setPrompt({text: (prompt!.text + input).slice(0, 80), error: null});
	}

	return (
		<Box>
			<Dashboard
				session={session}
				width={columns}
				height={rows - 1}
				lang={lang}
				theme={theme}
				ascii={ascii}
				color={color}
				overlay={overlay}
				prompt={prompt}
				autoplay={playing ? autoplay : null}
			/>
		</Box>
	);
}
