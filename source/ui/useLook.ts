// The look (theme, language, glyphs, colour or none) is made once, by whoever renders the app or a
// frame, and reaches every component through this context.

import {createContext, useContext} from 'react';
import type {Look} from './look.js';

export const LookContext = createContext<Look | null>(null);

export function useLook(): Look {
	const look = useContext(LookContext);
	if (look === null) throw new Error('the dashboard was rendered without a LookContext around it');
	return look;
}
