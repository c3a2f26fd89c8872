// Ink hands useInput a sequence without its ESC, so that `ESC ]` (a terminal's report) and a typed
// `]` look alike: the sequence as Ink split it comes from the emitter useInput itself listens to,
// heard first, for terminalReports.ts to read.

import {useStdin} from 'ink';
import {type RefObject, useEffect, useRef} from 'react';

/** The last input event as the terminal sent it, set before any useInput handler runs. */
export function useInkSequence(): RefObject<string> {
	const {internal_eventEmitter: inkInput} = useStdin();
	const sequence = useRef('');
	useEffect(() => {
		const remember = (event: string) => {
			sequence.current = event;
		};
		inkInput.prependListener('input', remember);
		return () => {
			inkInput.off('input', remember);
		};
	}, [inkInput]);
	return sequence;
}
