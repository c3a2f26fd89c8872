// The signs the dashboard draws, with their meanings in the language shown; every word of the
// dashboard is in its language's catalog (source/words/en.ts, ja.ts), as `labels`.

import type {Lang} from '../text/narration.js';
import {wordsFor} from '../words/describe.js';
import type {Labels, SignName, TimelineSign} from '../words/labels.js';
import type {Glyphs} from './look.js';

export type {BackendWords, Corruption, Labels, LiveLabels, NodeEvent, PasteProblem, SignName, TimelineSign, WaitWords} from '../words/labels.js';
export {offsetText} from '../words/labels.js';

export const labelsFor = (lang: Lang): Labels => wordsFor(lang).labels;

/** How each sign looks: the glyphs the panes draw, and the timeline's few words (`n` for a number). */
const signShapes = (g: Glyphs): Record<SignName, string> => ({
	acquired: '[n',
	acquiredNoToken: '[',
	ok: g.ok,
	bad: g.bad,
	violation: g.violation,
	gc: `GC${g.gc}`,
	holds: g.holds,
	stale: g.stale,
	expired: g.expired,
	sent: g.sent,
	renewed: g.renewed,
	renewRefused: g.renewRefused,
	acquireRefused: g.acquireRefused,
	released: g.released,
	crashed: g.crashed,
	restarted: g.restarted,
	maxToken: 'maxn',
	unfenced: 'unfenced',
	fenced: 'fenced',
	lease: `${g.leaseStart}${g.leaseUsed}${g.leaseLeft}${g.leaseEnd}`,
	pointer: g.pointer,
	nodeKey: '[C',
	jumped: `${g.jumped}±n`,
	cut: g.cut,
	healed: g.healed,
	unanswered: g.unanswered,
	lockDelay: g.lockDelay,
	onNodes: `${g.times}n`,
	request: g.request,
	reply: g.reply,
	replyGranted: `${g.reply}${g.ok}`,
	replyRefused: `${g.reply}${g.bad}`,
	replyUnread: `${g.reply}${g.unread}`,
	lost: g.lost,
});

export interface Sign {
	readonly name: SignName;
	readonly sign: string;
	readonly meaning: string;
}

/** Every sign on the screen and what it means, the commonest first: the help's legend and the timeline's. */
export function legend(g: Glyphs, lang: Lang): Sign[] {
	const shapes = signShapes(g);
	const {signs} = labelsFor(lang);
	return (Object.keys(shapes) as SignName[]).map(name => ({name, sign: shapes[name], meaning: signs[name]}));
}

/** The timeline's signs in the legend's order, in the timeline's short words. */
export function timelineLegend(g: Glyphs, lang: Lang): (Sign & {readonly name: TimelineSign})[] {
	const short = labelsFor(lang).timelineSigns;
	return legend(g, lang).flatMap(({name, sign}) => (name in short ? [{name: name as TimelineSign, sign, meaning: short[name as TimelineSign]}] : []));
}
