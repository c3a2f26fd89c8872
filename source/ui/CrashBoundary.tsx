// An unexpected error inside the dashboard must not leave a stack trace on the screen (Ink's own
// error view) nor a half-drawn frame: the boundary draws nothing and hands the error on, so the
// command line can give the terminal back and then say one line about it.

import {useInput, useStdin} from 'ink';
import {Component, type ReactNode, useState} from 'react';

interface CrashBoundaryProps {
	readonly onCrash: (error: unknown) => void;
	readonly children: ReactNode;
}

export class CrashBoundary extends Component<CrashBoundaryProps, {crashed: boolean}> {
	override state = {crashed: false};

	static getDerivedStateFromError(): {crashed: boolean} {
		return {crashed: true};
	}

	override componentDidCatch(error: unknown): void {
		this.props.onCrash(error);
	}

	override render(): ReactNode {
		return this.state.crashed ? null : this.props.children;
	}
}

/**
 * Test hook, documented in the README: with DLOCK_TUI_CRASH_AFTER_KEYS=n set, the n-th key press
 * (or the first render, for 0) throws inside a render, as a bug in a pane would.
 */
const crashAfterKeysVariable = 'DLOCK_TUI_CRASH_AFTER_KEYS';

export function crashAfterKeys(env: NodeJS.ProcessEnv): number | null {
	const value = env[crashAfterKeysVariable];
	return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

export function CrashAfterKeys({keys}: {readonly keys: number}) {
	const {isRawModeSupported} = useStdin();
	const [pressed, setPressed] = useState(0);
	useInput(() => setPressed(count => count + 1), {isActive: isRawModeSupported});
	if (pressed >= keys) throw new Error(`${crashAfterKeysVariable}=${keys}: a crash on purpose, for testing`);
	return null;
}
