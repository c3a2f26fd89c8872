// The interactive shell around the session: one useInput maps keys to actions, the terminal's
// size is followed live, and autoplay steps on a timer until a key takes over.

import {Box, useApp, useInput, useStdin, useStdout} from 'ink';
import {useEffect, useReducer, useState} from 'react';
import {parseCommand} from '../model/command.js';
import type {Lang} from '../model/describe.js';
import type {Scenario} from '../scenario/parse.js';
import {reduceShell} from '../session/reload.js';
import {currentWorld, isAtEnd, startSession} from '../session/session.js';
import {Dashboard, type Overlay} from './Dashboard.js';
import type {Prompt} from './KeyBar.js';
import {actionForKey} from './keys.js';
import {makeLook, type ThemeName} from './look.js';
import {piece, Rows} from './Rows.js';
import {ScenarioPicker} from './ScenarioPicker.js';
import {fit} from './text.js';
import {useScenarioFile} from './useScenarioFile.js';

export interface AppProps {
	readonly scenario: Scenario;
	readonly lang: Lang;
	readonly theme: ThemeName;
	readonly ascii: boolean;
	readonly color: boolean;
	/** Seconds between automatic steps, or null. */
	readonly autoplay: number | null;
}

const reloadHeading = (count: number, lang: Lang) =>
	lang === 'ja' ? `再読込できず (${count} 件)` : `not reloaded (${count} problem${count === 1 ? '' : 's'})`;

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
	const [session, dispatch] = useReducer(reduceShell, scenario, startSession);
	const [picking, setPicking] = useState(false);
	// Speakers edit the file while rehearsing: it reloads on the step being shown.
	const reloadProblems = useScenarioFile(session.scenario.path, next => dispatch({type: 'load', scenario: next, keepStep: true}));
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
			if (picking) {
				// The picker reads its own keys (arrows, Enter).
				if (key.escape) setPicking(false);
				else if (key.ctrl && input === 'c') exit();
				return;
			}
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
				case 'open':
					setOverlay(null);
					setPicking(true);
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

	const look = makeLook(theme, {color, ascii});
	if (picking) {
		const open = (next: Scenario) => {
			dispatch({type: 'load', scenario: next, keepStep: false});
			setPicking(false);
		};
		return <ScenarioPicker current={session.scenario} lang={lang} look={look} width={columns - 1} height={rows - 1} onOpen={open} />;
	}
	// A broken edit leaves the last good version on screen, under one line that says why.
	const notice = reloadProblems && (
		<Rows
			rows={[[piece(fit(`${reloadHeading(reloadProblems.length, lang)}: ${reloadProblems[0]}`, columns - 1, look.glyphs.ellipsis), 'warn')]]}
			width={columns - 1}
			look={look}
		/>
	);
	return (
		<Box flexDirection="column">
			{notice}
			<Dashboard
				session={session}
				width={columns}
				height={rows - 1 - (notice ? 1 : 0)}
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
