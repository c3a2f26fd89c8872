// What the search looks for, and what the scenario it writes expects at the end: a corrupting
// write (a violation), two clients that both believe they hold the lock, or a rejected write.

import type {Lang} from '../text/narration.js';
import {believers, type World} from '../model/world.js';

export const targetNames = ['violation', 'two-holders', 'rejected'] as const;
export type TargetName = (typeof targetNames)[number];

export interface Target {
	readonly name: TargetName;
	readonly reached: (world: World) => boolean;
	/** What the last step of the scenario expects: the facts that show the target was reached. */
	readonly expectation: (world: World) => Record<string, unknown>;
	/** `a violation`, in words. */
	readonly words: Record<Lang, string>;
	/** The same, short enough for a title. */
	readonly short: Record<Lang, string>;
	/** `no violation`: none was found. */
	readonly none: string;
}

export const targets: Record<TargetName, Target> = {
	violation: {
		name: 'violation',
		reached: world => world.violations > 0,
		expectation: world => ({violations: world.violations}),
		words: {en: 'a violation', ja: '違反 (資源の破壊)'},
		short: {en: 'a violation', ja: '違反'},
		none: 'no violation',
	},
	'two-holders': {
		name: 'two-holders',
		reached: world => believers(world).length > 1,
		expectation: world => ({clients: Object.fromEntries(believers(world).map(client => [client.name, {holds: true, token: client.token}]))}),
		words: {en: 'two clients that both believe they hold the lock', ja: '2 台が同時にロックを持っていると思う状態'},
		short: {en: 'two holders', ja: '持ち主 2 台'},
		none: 'no two holders',
	},
	rejected: {
		name: 'rejected',
		reached: world => world.resource.rejected > 0,
		expectation: world => ({rejected: world.resource.rejected}),
		words: {en: 'a rejected write', ja: '拒否される書き込み'},
		short: {en: 'a rejected write', ja: '書き込みの拒否'},
		none: 'no rejected write',
	},
};
