// The interactive shell: one useInput hands every key to the app's state (appState.ts) and does
// what the keys ask for (quit, save), the terminal's size is followed live, and autoplay steps on a
// timer until a key takes over. The picker's keys go the same way.

import path from 'node:path';
import {Box, type Key, useApp, useInput, useStdin, useStdout} from 'ink';
import {type ReactNode, useCallback, useEffect, useMemo, useRef, useState} from 'react';
import type {Lang} from '../text/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {stepHoldMs} from '../session/pace.js';
import {jobStep, type Session, startSession} from '../session/session.js';
import {fit, wrap} from '../text/fit.js';
import {printable} from '../text/quote.js';
import {BlankScreen} from './BlankScreen.js';
import {type AppEvent, initialAppState, isAutoplaying, type Notice, pressKeys, reduceApp} from './appState.js';
import {Dashboard, minimumSize} from './Dashboard.js';
import {labelsFor} from './labels.js';
import type {Look} from './look.js';
import {piece} from './panes/rows.js';
import {Rows} from './Rows.js';
import {ScenarioPicker, scenarioShelf} from './ScenarioPicker.js';
import {useInkSequence} from './useInkSequence.js';
import {LookContext} from './useLook.js';
import {useScenarioFile} from './useScenarioFile.js';

/** What saving did: the file written, or why nothing was. */
export type SaveResult = {readonly ok: true; readonly file: string} | {readonly ok: false; readonly reason: string};

export interface AppProps {
	readonly scenario: Scenario;
	readonly look: Look;
	/** Seconds a short step stays before the next plays by itself (longer narration stays longer), or null. */
	readonly autoplay: number | null;
	/** The save key keeps the whole history as a scenario file; the command says where. */
	readonly save: (session: Session) => SaveResult;
	/** The key bar on the bottom row; --no-keys gives its row to the story. */
	readonly keyBar?: boolean;
}

/** The file's name first, so that a narrow terminal cuts the directory rather than the name. */
function savedNotice(result: SaveResult, lang: Lang): Notice {
	const labels = labelsFor(lang);
	if (!result.ok) return {text: printable(labels.notSaved(result.reason)), ok: false};
	const [name, directory] = [path.basename(result.file), path.dirname(result.file)].map(printable);
	return {text: labels.savedAs(name!, directory!), ok: true};
}

/** A notice as a line of text in the dashboard's language. */
const noticeLine = (notice: Notice, lang: Lang): {readonly text: string; readonly ok: boolean} =>
	'latency' in notice ? {text: labelsFor(lang).latencySet(notice.latency.client, notice.latency.peers, notice.latency.n), ok: true} : notice;

/** A problem's "(did you mean 'x'?)" put first: where the line has to be cut, the fix is what stays. */
function fixFirst(problem: string): string {
	const hint = / \((did you mean '[^']*'\?)\)$/.exec(problem);
	return hint ? `${hint[1]} ${problem.slice(0, hint.index)}` : problem;
}

/** How long one turn of the event loop plays an action that takes long, at most (give or take a slice). */
const workTurnMs = 50;

const sizeOf = (stdout: NodeJS.WriteStream) => ({columns: stdout.columns || 80, rows: stdout.rows || 24});

/** The terminal's size, followed as it changes. */
export function useTerminalSize(): {columns: number; rows: number} {
	const {stdout} = useStdout();
	const [size, setSize] = useState(() => sizeOf(stdout));
	useEffect(() => {
		const onResize = () => setSize(sizeOf(stdout));
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}

export function App({scenario, look, autoplay, save, keyBar = true}: AppProps) {
	const {exit} = useApp();
	const {isRawModeSupported} = useStdin();
	const sequence = useInkSequence();
	const {columns, rows} = useTerminalSize();
	const [state, setState] = useState(() => initialAppState(startSession(scenario), autoplay !== null));
	// Handlers read the state left by the last one, not by the last render: keys that arrive
	// together (a fast typist, a paste, a clicker) never act on a stale screen.
	const latest = useRef(state);
	const dispatch = useCallback((event: AppEvent) => {
		latest.current = reduceApp(latest.current, event);
		setState(latest.current);
	}, []);
	const {session, overlay, prompt, picker} = state;
	const playing = isAutoplaying(state);
	// Speakers edit the file while rehearsing: it reloads on the step being shown.
	const reload = useCallback((next: Scenario) => dispatch({type: 'session', action: {type: 'load', scenario: next, keepStep: true}}), [dispatch]);
	const reloadProblems = useScenarioFile(session.scenario.path, reload);

	// A new timer after every step, until the script ends or a key takes over: a step stays as long
	// as a recording holds it, longer for longer narration.
	useEffect(() => {
		if (!playing || autoplay === null) return;
		const timer = setTimeout(() => dispatch({type: 'autoplay-step'}), stepHoldMs(session, look.lang, autoplay));
		return () => clearTimeout(timer);
	}, [playing, autoplay, session, look.lang, dispatch]);

	// An action that takes long (End on a long scenario, a reload of one) is played a slice at a
	// time, as many as fit in a moment, between two turns of the event loop: a key (q quits at
	// once) or a signal is heard between them.
	useEffect(() => {
		if (!session.working) return;
		const turn = setImmediate(() => {
			const until = performance.now() + workTurnMs;
			do dispatch({type: 'session', action: {type: 'work'}});
			while (latest.current.session.working && performance.now() < until);
		});
		return () => clearImmediate(turn);
	}, [session, dispatch]);

	const shelf = useMemo(() => scenarioShelf(look.lang), [look.lang]);
	// Ink hears a useInput only from a moment after the frame that mounts it is drawn: this one is
	// mounted with the first frame and kept for every screen, so a key pressed as the picker is
	// drawn is heard.
	const onKeys = useCallback(
		(input: string, key: Key) => {
			const pressed = pressKeys(latest.current, input, key, shelf, sequence.current);
			latest.current = pressed.state;
			setState(pressed.state);
			for (const request of pressed.requests) {
				if (request.type === 'quit') exit();
				else dispatch({type: 'saved', notice: savedNotice(save(request.session), look.lang)});
			}
		},
		[shelf, exit, save, look.lang, dispatch, sequence],
	);
	useInput(onKeys, {isActive: isRawModeSupported});

	let screen: ReactNode;
	if (state.blank) {
		screen = <BlankScreen columns={columns} rows={rows} />;
	} else if (picker) {
		screen = <ScenarioPicker picker={picker} width={columns - 1} height={rows - 1} />;
	} else {
		// A broken edit leaves the last good version on screen, under one line that says why; a save says where it went.
		const labels = labelsFor(look.lang);
		const line =
			(state.confirmOpen && {text: labels.confirmOpen, ok: false}) ||
			(session.working && {text: labels.working(jobStep(session.working.job), session.scenario.steps.length), ok: true}) ||
			(state.notice && noticeLine(state.notice, look.lang)) ||
			(reloadProblems && {text: `${labels.notReloaded(reloadProblems.length)}: ${fixFirst(reloadProblems[0]!)}`, ok: false});
		// Wrapped over the rows the dashboard can spare at its smallest, so that it is read whole.
		const noticeRoom = Math.max(1, rows - minimumSize(session, columns).height);
		const noticeLines = line ? wrap(line.text, columns - 1, noticeRoom + 1) : [];
		const notice =
			noticeLines.length > noticeRoom
				? [...noticeLines.slice(0, noticeRoom - 1), fit(`${noticeLines[noticeRoom - 1]} ${noticeLines[noticeRoom]}`, columns - 1, look.glyphs.ellipsis)]
				: noticeLines;
		screen = (
			<Box flexDirection="column">
				{line && <Rows rows={notice.map(text => [piece(text, line.ok ? 'ok' : 'warn')])} width={columns - 1} />}
				<Dashboard
					session={session}
					width={columns}
					height={rows - 1 - notice.length}
					overlay={overlay}
					prompt={prompt}
					autoplay={playing ? autoplay : null}
					keyBar={keyBar}
				/>
			</Box>
		);
	}
	return <LookContext value={look}>{screen}</LookContext>;
}
