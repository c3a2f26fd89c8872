// An unexpected error inside the dashboard must not leave a stack trace on the screen (Ink's own
// error view) nor a half-drawn frame: the boundary draws nothing and hands the error on, so the
// command line can give the terminal back and then say one line about it.

import {Component, type ReactNode} from 'react';

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
