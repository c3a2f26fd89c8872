// The interactive shell: one useInput hands every key to the app's reducer (appState.ts), the
// terminal's size is followed live, and autoplay steps on a timer until a key takes over.

import path from 'node:path';
import {Box, useApp, useInput, useStdin, useStdout} from 'ink';
import {useEffect, useReducer, useState} from 'react';
import {type SaveResult, saveSession} from '../export/save.js';
import type {Lang} from '../scenario/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {startSession} from '../session/session.js';
import {fit} from '../text/fit.js';
import {initialAppState, isAutoplaying, type Notice, reduceApp} from './appState.js';
import {Dashboard} from './Dashboard.js';
import {makeLook, type ThemeName} from './look.js';
import {piece, Rows} from './Rows.js';
import {ScenarioPicker} from './ScenarioPicker.js';
import {useScenarioFile} from './useScenarioFile.js';

export interface AppProps {
	readonly scenario: Scenario;
	readonly lang: Lang;
	readonly theme: ThemeName;
	readonly ascii: boolean;
	readonly color: boolean;
	/** Seconds between automatic steps, or null. */
	readonly autoplay: number | null;
	/** Where the save key writes (default: the current directory). */
	readonly saveDirectory?: string;
}

const reloadHeading = (count: number, lang: Lang) =>
	lang === 'ja' ? `再読込できず (${count} 件)` : `not reloaded (${count} problem${count === 1 ? '' : 's'})`;

/** The file's name first, so that a narrow terminal cuts the directory rather than the name. */
function savedNotice(result: SaveResult, lang: Lang): Notice {
	if (!result.ok) return {text: lang === 'ja' ? `保存できず: ${result.reason}` : `not saved: ${result.reason}`, ok: false};
	const [name, directory] = [path.basename(result.file), path.dirname(result.file)];
	return {text: lang === 'ja' ? `保存しました: ${name} (${directory})` : `saved as ${name} in ${directory}`, ok: true};
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

export function App({scenario, lang, theme, ascii, color, autoplay, saveDirectory}: AppProps) {
	const {exit} = useApp();
	const {isRawModeSupported} = useStdin();
	const {columns, rows} = useTerminalSize();
	const [state, dispatch] = useReducer(reduceApp, null, () => initialAppState(startSession(scenario), autoplay !== null));
	const {session, overlay, prompt, picking} = state;
	const playing = isAutoplaying(state);
	// Speakers edit the file while rehearsing: it reloads on the step being shown.
	const reloadProblems = useScenarioFile(session.scenario.path, next => dispatch({type: 'session', action: {type: 'load', scenario: next, keepStep: true}}));

	useEffect(() => {
		if (state.quitting) exit();
	}, [state.quitting]);

	// Nothing lost: the save key writes the whole history as a scenario file in the current directory.
	useEffect(() => {
		if (state.saveRequests > 0) dispatch({type: 'saved', notice: savedNotice(saveSession(session, saveDirectory ?? process.cwd()), lang)});
	}, [state.saveRequests]);

	useEffect(() => {
		if (!playing || autoplay === null) return;
		const timer = setTimeout(() => dispatch({type: 'autoplay-step'}), autoplay * 1000);
		return () => clearTimeout(timer);
	}, [playing, autoplay, session]);

	useInput((input, key) => dispatch({type: 'key', input, key}), {isActive: isRawModeSupported});

	const look = makeLook(theme, {color, ascii});
	if (picking) {
		const open = (next: Scenario) => dispatch({type: 'picked', action: {type: 'load', scenario: next, keepStep: false}});
		return <ScenarioPicker current={session.scenario} lang={lang} look={look} width={columns - 1} height={rows - 1} onOpen={open} />;
	}
	// A broken edit leaves the last good version on screen, under one line that says why; a save says where it went.
	const line = state.notice ?? (reloadProblems && {text: `${reloadHeading(reloadProblems.length, lang)}: ${reloadProblems[0]}`, ok: false});
	const notice = line && <Rows rows={[[piece(fit(line.text, columns - 1, look.glyphs.ellipsis), line.ok ? 'ok' : 'warn')]]} width={columns - 1} look={look} />;
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
