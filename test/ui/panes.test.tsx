import {render} from 'ink-testing-library';
import type {ReactNode} from 'react';
import {describe, expect, test} from 'vitest';
import {storyboard} from '../../source/export/storyboard.js';
import {builtinNames, loadScenario} from '../../source/scenario/files.js';
import type {Lang} from '../../source/text/narration.js';
import {currentNarration, reduceSession, type Session, startSession} from '../../source/session/session.js';
import {widthOf} from '../../source/text/width.js';
import {Dashboard, dashboardRows, minimumSize} from '../../source/ui/Dashboard.js';
import {keyHelp} from '../../source/ui/keys.js';
import {type Look, makeLook} from '../../source/ui/look.js';
import {clientsRows} from '../../source/ui/panes/clients.js';
import {helpRows} from '../../source/ui/panes/help.js';
import {keyBarRow} from '../../source/ui/panes/keyBar.js';
import {lockRows, nodeRowsWanted} from '../../source/ui/panes/lock.js';
import {resourceRows} from '../../source/ui/panes/resource.js';
import {type Row, shownRow} from '../../source/ui/panes/rows.js';
import {storyRows} from '../../source/ui/panes/story.js';
import {timelineRows} from '../../source/ui/panes/timeline.js';
import {LookContext} from '../../source/ui/useLook.js';
import {expectEqual} from '../expect-equal.js';
import {command} from '../model/helpers.js';
import {builtinScenario, scenarioOf} from '../scenario/helpers.js';

const scenario = loadScenario('gc-pause');
/** One look per language and glyph set, as the app keeps one: what is built for a look is kept with it. */
const looks = new Map<string, Look>();
const lookIn = (lang: Lang, ascii = false) =>
	looks.get(`${lang} ${ascii}`) ?? looks.set(`${lang} ${ascii}`, makeLook({lang, theme: 'dark', ascii, color: false})).get(`${lang} ${ascii}`)!;
const look = lookIn('en');
const at = (steps: number, ...commands: string[]): Session => {
	let session = startSession(scenario);
	for (let step = 0; step < steps; step += 1) session = reduceSession(session, {type: 'next'});
	for (const text of commands) session = reduceSession(session, {type: 'do', command: command(text)});
	return session;
};
const width = 80;
const pane = (session: Session, paneLook: Look = look) => ({session, width, look: paneLook});
/** What the screen shows of a pane's rows: spelled for the look, fitted to the width, blank ends left out. */
const shown = (rows: readonly Row[], paneLook: Look = look) =>
	rows
		.map(row =>
			shownRow(row, width, paneLook)
				.map(part => part.text)
				.join('')
				.trimEnd(),
		)
		.join('\n');
const textOf = (rows: readonly Row[]) => rows.map(row => row.map(part => part.text).join('')).join('\n');
const frame = (element: ReactNode) => render(<LookContext value={look}>{element}</LookContext>).lastFrame() ?? '';

describe('lock service pane', () => {
	test('with rows to spare, the grants newest first, each whole or not at all', () => {
		const rowsAt = (paneWidth: number) => lockRows({session: at(7), width: paneWidth, look, more: 2}).map(row => row.map(part => part.text).join(''));
		const grants = rowsAt(width).filter(row => / to [AB] at t=/.test(row));
		expect(grants).toEqual([expect.stringMatching(/^ grants +token 2 to B at t=\d+$/), expect.stringMatching(/^ +token 1 to A at t=0, expired at t=5$/)]);
		// As wide as the newest grant's row: the older, longer one is left out, not cut short.
		expect(rowsAt(widthOf(grants[0]!)).filter(row => / to [AB] at t=/.test(row))).toEqual([grants[0]]);
	});

	test('free at the start, nobody has held it', () => {
		const text = shown(lockRows(pane(at(0))));
		expect(text).toMatch(/holder\s+free/);
		expect(text).toMatch(/next token\s+1/);
		expect(text).toContain('nobody has held it yet');
	});

	test('held: holder, token and a lease ruler from now to the expiry', () => {
		const text = shown(lockRows(pane(at(2))));
		expect(text).toMatch(/holder\s+A\s+token 1/);
		expect(text).toMatch(/next token\s+2/);
		expect(text).toMatch(/t=2 ├·+━+┤ t=5/);
		expect(text).toContain('3 of 5 ticks left');
	});

	test('the ruler shrinks as time passes', () => {
		const count = (text: string) => [...text].filter(char => char === '━').length;
		expect(count(shown(lockRows(pane(at(1)))))).toBeGreaterThan(count(shown(lockRows(pane(at(1, 'tick 3'))))));
	});

	test('expired: a clear mark naming when and whose', () => {
		const text = shown(lockRows(pane(at(3))));
		expect(text).toContain('✂ EXPIRED at t=5');
		expect(text).toContain("A's lease (token 1) ran out");
	});

	test('in Japanese', () => {
		expect(shown(lockRows(pane(at(3), lookIn('ja'))))).toContain('t=5 で失効');
	});
});

describe('lock service pane with several nodes and backends', () => {
	const stepOf = (name: string, steps: number, ...commands: string[]) => {
		let session = startSession(loadScenario(name));
		for (let step = 0; step < steps; step += 1) session = reduceSession(session, {type: 'next'});
		for (const text of commands) session = reduceSession(session, {type: 'do', command: command(text)});
		return session;
	};
	const jumped = stepOf('redlock-clock-jump', 4);

	test('in one line: the nodes, the clock off true time, and how many nodes each client has', () => {
		const text = shown(lockRows({session: jumped, width: 39, look}), look);
		expect(text).toMatch(/nodes +▸L1 A L2 A L3 B L4 B L5 B/);
		expect(text).toMatch(/clocks +L3 \+10/);
		expect(text).toMatch(/majority +A 2 of 5 {2}B 3 of 5 ✓/);
		expect(text.split('\n')).toHaveLength(5);
	});

	test('in one line, the selected node is marked by a sign, not only by its colour', () => {
		const third = reduceSession(reduceSession(jumped, {type: 'select-next-node'}), {type: 'select-next-node'});
		const plain = makeLook({lang: 'en', theme: 'dark', ascii: true, color: false});
		expect(shown(lockRows({session: third, width: 39, look: plain}), plain)).toMatch(/nodes +L1 A L2 A >L3 B L4 B L5 B/);
	});

	test('with rows to spare, a row per node: its clock, holder and key by its own clock', () => {
		const rows = lockRows({session: jumped, width: 59, look, more: nodeRowsWanted({session: jumped, width: 59, look})});
		const text = shown(rows, look);
		expect(text).toMatch(/L3 +up +clock \+10 +B +until 22 \(10 left\)/);
		expect(text).toMatch(/L1 +up +A +until 10 \(8 left\)/);
		expect(text).toContain('none: Redlock gives no token');
		expect(text).not.toMatch(/^ nodes/m);
	});

	test('a crashed node says so, and a node row too wide for the pane gives way to the one line', () => {
		const crashed = stepOf('redlock-clock-jump', 2, 'crash L2');
		expect(shown(lockRows({session: crashed, width: 59, look, more: 4}), look)).toMatch(/L2 +crashed/);
		expect(shown(lockRows({session: crashed, width: 39, look}), look)).toMatch(/L2 ✗/);
		expect(nodeRowsWanted({session: crashed, width: 20, look})).toBe(0);
	});

	test("one node speaks its backend's words", () => {
		const etcd = shown(lockRows({session: stepOf('etcd-revision', 1), width: 39, look}), look);
		expect(etcd).toMatch(/holder +A +revision 2/);
		expect(etcd).toMatch(/^ lease +t=0/m);
		const consul = shown(lockRows({session: stepOf('consul-lock-delay', 1), width: 39, look}), look);
		expect(consul).toMatch(/holder +A +LockIndex 1/);
		expect(consul).toMatch(/next LockIndex 2 +lock-delay 5/);
		expect(consul).toMatch(/^ session +t=0/m);
		const zookeeper = startSession(scenarioOf('title: z\nbackend: zookeeper\nclients: [A]\nsteps:\n  - do: acquire A\n', 'z.yaml'));
		const zk = shown(lockRows({session: reduceSession(zookeeper, {type: 'next'}), width: 39, look}), look);
		// The holder's token is the zxid that created its node; the row under it, the store's zxid now.
		expect(zk).toMatch(/holder +A +czxid 2/);
		expect(zk).toMatch(/^ zxid +2$/m);
		expect(zk).toMatch(/^ session/m);
		const redis = startSession(scenarioOf('title: r\nbackend: redis\nclients: [A]\nsteps:\n  - do: acquire A\n', 'r.yaml'));
		expect(shown(lockRows({session: redis, width: 39, look}), look)).toContain('none: Redis gives no token');
	});

	test('a session ends in ZooKeeper and Consul; a lease runs out, with its revision, in etcd', () => {
		const ended = (name: string, steps: number, ...commands: string[]) => shown(lockRows({session: stepOf(name, steps, ...commands), width: 39, look}), look);
		expect(ended('zookeeper-session', 4)).toContain("A's session ended");
		expect(ended('zookeeper-session', 4)).not.toMatch(/lease|token/);
		// After its lock-delay, which the pane shows while it lasts.
		expect(ended('consul-lock-delay', 2, 'tick 6')).toContain("A's session ended");
		expect(ended('etcd-revision', 2)).toContain("A's lease (revision 2) ran out");
		expect(ended('gc-pause', 3)).toContain("A's lease (token 1) ran out");
		const ja = lookIn('ja');
		expect(shown(lockRows({session: stepOf('zookeeper-session', 4), width: 39, look: ja}), ja)).toContain('A のセッションが終了');
	});

	test("a holder's token and its grants in the backend's word", () => {
		const zookeeper = stepOf('zookeeper-session', 5);
		expect(shown(lockRows({session: zookeeper, width: 59, look, more: 2}), look)).toMatch(/grants +czxid 4 to B at t=7\n +czxid 2 to A at t=0, expired at t=7/);
		expect(textOf(clientsRows({session: zookeeper, width: 120, look}))).toMatch(/czxid 2 stale/);
		expect(textOf(clientsRows({session: zookeeper, width: 120, look}))).toContain('checks session');
		expect(textOf(clientsRows({session: stepOf('check-then-pause', 2), width: 120, look}))).toContain('checks lease');
		expect(textOf(clientsRows({session: stepOf('etcd-revision', 1), width: 120, look}))).toContain('A holds revision 2 and the lock service agrees');
		expect(textOf(clientsRows({session: stepOf('consul-lock-delay', 6), width: 120, look}))).toContain('the lock service says B (LockIndex 2)');
	});

	test('a key granted and deleted within one tick keeps its token on its grant row', () => {
		// B's key is made at t=2 (czxid 2); its reply, on a link now of no latency, comes back at once, and B,
		// finding no validity left (5 − 2 − 3), deletes the key in the same tick.
		const yaml = 'title: gone\nbackend: zookeeper\nlease: 5\nlatency: 2\ndrift: 3\nclients: [A, {name: B, checksValidity: true}]\nsteps:\n  - say: start\n';
		let session = startSession(scenarioOf(yaml));
		for (const text of ['acquire B', 'latency B lock 0', 'tick 2']) session = reduceSession(session, {type: 'do', command: command(text)});
		expect(shown(lockRows({session, width, look, more: 1}), look)).toMatch(/grants +czxid 2 to B at t=2, released at t=2/);
	});

	test('in Japanese, at 39 columns, whole', () => {
		const ja = lookIn('ja');
		for (const more of [0, 4]) {
			const rows = lockRows({session: jumped, width: 39, look: ja, more});
			for (const row of rows) expect(widthOf(row.map(part => part.text).join('')), textOf([row])).toBeLessThanOrEqual(39);
		}
		expect(shown(lockRows({session: jumped, width: 39, look: ja}), ja)).toMatch(/過半数 +A 2\/5 {2}B 3\/5 ✓/);
	});
});

describe('resource pane', () => {
	test('value, max token, counts and the last write with why', () => {
		const text = shown(resourceRows(pane(at(6))));
		expect(text).toContain('Resource row-42');
		expect(text).toMatch(/value\s+"B"\s+max token 2/);
		expect(text).toContain('✓ 2 accepted');
		expect(text).toContain('✗ 1 rejected');
		expect(text).toContain('fencing ON');
		expect(text).toContain('✗ A "A" token 1 < max 2');
	});

	test('fencing off is unmissable, and a corrupting write says so', () => {
		const text = shown(resourceRows(pane(at(0, 'fencing resource off', 'acquire B', 'write B', 'tick 6', 'acquire A', 'write A', 'write B'))));
		expect(text).toContain('FENCING OFF');
		expect(text).toContain('B "B" CORRUPTED');
	});

	test('where the lock service gives no token, the resource checks tokens and gets none, not in green', () => {
		const redlock = (steps: number) => {
			let session = startSession(loadScenario('redlock-gc-pause'));
			for (let step = 0; step < steps; step += 1) session = reduceSession(session, {type: 'next'});
			return session;
		};
		const wide = resourceRows({session: redlock(7), width: 60, look});
		expect(shown(wide)).toContain('checks tokens · Redlock sends none');
		expect(shown(wide)).not.toContain('fencing ON');
		const fencing = wide.flat().find(part => part.text.includes('checks tokens'))!;
		expect(fencing.role).toBe('warn');
		// Where the long words do not fit, the short ones.
		expect(shown(resourceRows({session: redlock(7), width: 39, look}))).toMatch(/checks tokens · none sent$/m);
		const ja = lookIn('ja');
		expect(shown(resourceRows({session: redlock(7), width: 60, look: ja}), ja)).toContain('トークンを検査 · Redlock は送らない');
		expect(shown(resourceRows({session: redlock(7), width: 39, look: ja}), ja)).toContain('検査する · トークンは来ない');
		// A lock service that issues tokens: fencing ON, in green.
		const fenced = resourceRows(pane(at(6)));
		expect(fenced.flat().find(part => part.text.includes('fencing ON'))?.role).toBe('ok');
	});
});

describe('clients pane', () => {
	test('one row each: status, belief, whether it sends its token, heartbeat, in flight', () => {
		const text = textOf(clientsRows({...pane(at(2, 'write B')), width: 120}));
		expect(text).toMatch(/client +status +believes +sends token +heartbeat +in flight/);
		expect(text).toMatch(/▸ 1 A\s+paused by GC until t=7\s+token 1 ✓\s+yes\s+manual/);
		expect(text).toMatch(/2 B\s+running\s+—\s+yes/);
	});

	test('at 80 columns a column that says the same all story long goes first: every client sends its token, none has a heartbeat', () => {
		const text = shown(clientsRows(pane(at(2, 'write B'))));
		expect(text).toMatch(/client +status +believes +in flight\n/);
		expect(text).toMatch(/▸ 1 A\s+paused by GC until t=7\s+token 1 ✓\s+—/);
	});

	test('every built-in keeps its columns, at the same places, from step to step, in either language and at either size', () => {
		for (const name of builtinNames())
			for (const lang of ['en', 'ja'] as const)
				for (const columns of [80, 120]) {
					const headings = storyboard(builtinScenario(name)).map(
						session => shown(clientsRows({session, width: columns, look: lookIn(lang)}), lookIn(lang)).split('\n')[1],
					);
					expect(new Set(headings), `${name} ${lang} ${columns}`).toHaveLength(1);
				}
	});

	test('two believers: says so, and whom the lock service agrees with', () => {
		const text = shown(clientsRows(pane(at(5))));
		expect(text).toMatch(/1 A\s+running\s+token 1 stale/);
		expect(text).toMatch(/2 B\s+running\s+token 2 ✓/);
		expect(text).toContain('A and B both believe they hold the lock; the lock service says B (token 2)');
	});

	test('crashed, fencing off and a write in flight', () => {
		const text = textOf(clientsRows({...pane(at(1, 'fencing A off', 'write A delay=3', 'crash B')), width: 120}));
		expect(text).toMatch(/1 A\s+running\s+token 1 ✓\s+no\s+manual\s+›t=3/);
		expect(text).toMatch(/2 B\s+crashed/);
	});
});

describe('clients pane in the second model', () => {
	const twoNodes = (lines: string) => startSession(scenarioOf(`title: c\n${lines}clients: [A, B]\nsteps:\n  - do: tick\n`, 'c.yaml'));
	const doing = (session: Session, ...commands: string[]) =>
		commands.reduce((current, text) => reduceSession(current, {type: 'do', command: command(text)}), session);

	test("a client's own clock, until when it believes it holds by it, and its cut links", () => {
		const session = doing(twoNodes('nodes: 3\ntokens: none\n'), 'partition A L3', 'acquire A', 'jump A +3');
		const text = shown(clientsRows(pane(session)));
		expect(text).toMatch(/1 A .*lock ✓ until 5 .*clock \+3 {2}cut from L3/);
		expect(text).toMatch(/clock, links/);
		expect(shown(clientsRows(pane(doing(session, 'partition B'))))).toMatch(/2 B .*cut from lock/);
	});

	test('a careful client, a write held back by a pause, and a write waiting in a partition', () => {
		const careful = startSession(scenarioOf('title: c\nclients: [{name: A, checksLease: true}, B]\nsteps:\n  - do: tick\n', 'c.yaml'));
		const held = doing(careful, 'acquire A', 'write A late pause=3');
		const text = shown(clientsRows(pane(held)));
		expect(text).toMatch(/1 A .*token 1 ✓ until 5 .*held→t=3 +checks lease/);
		const waiting = doing(careful, 'acquire B', 'partition B resource', 'write B x delay=1', 'write B y delay=3', 'tick');
		expect(textOf(clientsRows({...pane(waiting), width: 120}))).toMatch(/2 B .*›waits \(cut\) ›t=3 +cut from row-42/);
	});

	test('two believers in a world of nodes: how many nodes each has, and who has a majority, in one line at 80 columns', () => {
		let session = startSession(loadScenario('redlock-clock-jump'));
		for (let step = 0; step < 3; step += 1) session = reduceSession(session, {type: 'next'});
		const lesson = (paneLook: Look) =>
			shown(clientsRows({session, width, look: paneLook}), paneLook)
				.split('\n')
				.at(-1)!;
		expect(lesson(look)).toBe(' ! A (2 of 5 nodes) and B (3 of 5: a majority) both believe they hold the lock');
		expect(lesson(lookIn('ja'))).toMatch(/A \(2\/5 ノード\) と B \(3\/5、過半数\) が持っているつもり/);
	});

	test('a world with none of these keeps the first columns only', () => {
		expect(shown(clientsRows(pane(at(2))))).not.toMatch(/clock, links|✓ until/);
	});
});

describe('timeline lanes per node', () => {
	let jumped = startSession(loadScenario('redlock-clock-jump'));
	for (let step = 0; step < 4; step += 1) jumped = reduceSession(jumped, {type: 'next'});
	const lines = (nodeLanes: boolean) => shown(timelineRows({...pane(jumped), lockLanes: nodeLanes ? 'nodes' : 'none'})).split('\n');

	test("each node's keys from grant to end, its clock's jump, and B's keys after", () => {
		const lane = (name: string) => lines(true).find(line => line.startsWith(` ${name} `)) ?? '';
		expect(lane('L1')).toMatch(/^ L1 +\[A─+$/);
		expect(lane('L3')).toMatch(/^ L3 +\[A─+≈\+10 ✂ \[B/);
		expect(lane('L4')).toMatch(/^ L4 +\[B/);
		expect(lines(true).findIndex(line => line.startsWith(' L5 '))).toBeLessThan(lines(true).findIndex(line => line.startsWith(' row-42 ')));
	});

	test('only where the screen has the rows: the dashboard at 80x24 has none, at 120x40 all five', () => {
		expect(lines(false).some(line => line.startsWith(' L1 '))).toBe(false);
		const screen = (width: number, height: number) => textOf(dashboardRows({session: jumped, width, height}, look));
		expect(screen(80, 23)).not.toMatch(/^ L1 +\[A/m);
		expect(screen(120, 39)).toMatch(/^ L5 +\[B/m);
	});
});

test('a write held in a partition is drawn from its send to its arrival when the link is back', () => {
	const cut = startSession(scenarioOf('title: w\nclients: [A]\nsteps:\n  - do: [acquire A, partition A resource, write A, tick 3, heal A]\n', 'w.yaml'));
	const lane = shown(timelineRows(pane(reduceSession(cut, {type: 'next'}))))
		.split('\n')
		.find(line => line.startsWith(' A '));
	expect(lane).toMatch(/^ A +\[1 ‖ ›+⇌ ✓/);
	expect(lane!.split('›').length - 1).toBeGreaterThan(6);
});

describe('timeline pane', () => {
	test('lanes for each client and the resource, drawn from the events', () => {
		const lines = shown(timelineRows(pane(at(6)))).split('\n');
		const lane = (name: string) => lines.find(line => line.startsWith(` ${name} `)) ?? '';
		expect(lane('A')).toMatch(/^ A\s+\[1 ✓─+GC▒+✂▒+✗/);
		expect(lane('B')).toMatch(/\[2 ✓─+\s+✂/);
		expect(lane('row-42')).toMatch(/max1\s+max2\s+✗/);
		expect(lines.at(-1)).toMatch(/t\s+0\s+1\s+2/);
		// Time is laid out evenly: B's acquire (t=5) sits where the axis says 5.
		expect(lane('B').indexOf('[2')).toBe(lines.at(-1)!.indexOf(' 5 ') + 1);
	});

	test('scrolls with time: a long story keeps now in view', () => {
		const lines = shown(timelineRows(pane(at(6, 'tick 40', 'acquire A')))).split('\n');
		expect(lines.find(line => line.startsWith(' A '))).toContain('[3');
		expect(lines.at(-1)).toMatch(/47/);
		expect(lines.at(-1)).not.toMatch(/ 0 /);
	});

	test('a pause far into the future does not push now off the screen', () => {
		const lines = shown(timelineRows(pane(at(6, 'pause B 500')))).split('\n');
		expect(lines.at(-1)).toMatch(/ 7 /);
		expect(lines.find(line => line.startsWith(' B '))).toMatch(/GC[▒✂]+$/);
	});

	test('ASCII glyphs only with --ascii', () => {
		const ascii = lookIn('en', true);
		const text = shown(timelineRows(pane(at(6), ascii)), ascii);
		expect(text).toMatch(/^[\x20-\x7e\n]*$/);
		expect(text).toContain('[1 v');
	});
});

describe('story pane', () => {
	test('step k of n, the narration and the last events in words', () => {
		const text = shown(storyRows({...pane(at(6)), height: 8}));
		expect(text).toContain('Story · step 7 of 7');
		expect(text).toContain('A writes with its old token 1.');
		expect(text).toContain("t=7  the resource rejected A's write: token 1 < max 2");
	});

	test('a red banner naming the step and the writer on a violation', () => {
		const unfenced = loadScenario('gc-pause');
		let session = startSession({...unfenced, setup: {...unfenced.setup, fencing: false}});
		session = reduceSession(session, {type: 'end'});
		expect(shown(storyRows({...pane(session), height: 8}))).toContain("CORRUPTED at step 7: A's write with stale token 1 accepted");
		// A corrupting write done by hand says so: the script's step did not do it.
		const byHand = at(6, 'fencing resource off', 'write A');
		expect(shown(storyRows({...pane(byHand), height: 8}))).toContain("CORRUPTED by hand at step 7: A's write with stale token 1 accepted");
		expect(shown(storyRows({...pane(byHand, lookIn('ja')), height: 8}))).toContain('ステップ 7 に手動で破壊: A の古いトークン 1 の書き込みを受理');
	});

	test('off script and refusals are said; a refused command is no change', () => {
		const refused = shown(storyRows({...pane(at(2, 'write A')), height: 8}));
		expect(refused).not.toContain('OFF SCRIPT');
		expect(refused).toContain('▸ write A');
		expect(refused).toContain('refused: A is paused by GC until t=7');
		expect(shown(storyRows({...pane(at(2, 'write A', 'tick')), height: 8}))).toContain('OFF SCRIPT: 1 change by hand');
	});

	test('after a change by hand, a later step is told from what happened; the script only with i, faint', () => {
		let session = reduceSession(at(6), {type: 'back'});
		session = reduceSession(session, {type: 'do', command: command('fencing resource off')});
		session = reduceSession(session, {type: 'next'});
		const rows = storyRows({...pane(session), height: 10});
		const text = shown(rows);
		expect(text).toContain("CORRUPTED at step 7: A's write with stale token 1 accepted");
		expect(text).toContain('CORRUPTED: A\'s stale write "A" accepted (token 1).');
		expect(text).not.toContain('script:');
		expect(text).not.toContain('rejected');
		const asked = storyRows({...pane(reduceSession(session, {type: 'toggle-script'})), height: 10});
		expect(shown(asked)).toContain('script: A writes with its old token 1.');
		const narration = asked.find(row => row.some(part => part.text.includes('script: A writes')))!;
		expect(narration.every(part => part.role === 'dim')).toBe(true);
		// The step the change was made on still tells what that step did.
		const six = at(5, 'fencing resource off');
		expect(shown(storyRows({...pane(six), height: 10}))).toContain(currentNarration(six)!.en!.split('.')[0]);
		expect(shown(storyRows({...pane(at(2, 'pause A 3'), lookIn('ja')), height: 10}))).not.toContain('筋書きでは');
		const paused = reduceSession(at(1, 'pause A 3'), {type: 'next'});
		const ja = shown(storyRows({...pane(paused, lookIn('ja')), height: 10}));
		expect(ja).toContain('pause A 5 は拒否された (A は GC で停止中 (t=3 まで))');
		expect(ja).not.toContain('t=2 で A が');
		expect(shown(storyRows({...pane(reduceSession(paused, {type: 'toggle-script'}), lookIn('ja')), height: 10}))).toContain('筋書きでは: t=2 で A が');
	});

	test('the story so far tells a step played off script from its events, once; the steps to come only when asked', () => {
		const improvised = reduceSession(reduceSession(at(3, 'fencing resource off'), {type: 'next'}), {type: 'next'});
		const text = shown(storyRows({...pane(improvised), height: 40})).replace(/\s+/g, ' ');
		expect(text).toContain('5/7 B acquired the lock with token 2 (lease until t=10); B\'s write "B" accepted (token 2).');
		expect(text).not.toContain('t=5  B acquired the lock');
		expect(text).toContain("4/7 At t=5 A's lease expires.");
		expect(text).not.toContain('7/7');
		const asked = shown(storyRows({...pane(reduceSession(improvised, {type: 'toggle-script'})), height: 40})).replace(/\s+/g, ' ');
		expect(asked).toContain('7/7 script: A writes with its old token 1.');
		const onScript = shown(storyRows({...pane(reduceSession(at(3), {type: 'toggle-script'})), height: 40})).replace(/\s+/g, ' ');
		expect(onScript).toContain('7/7 A writes with its old token 1.');
	});

	test('the story so far does not tell again the step on screen when changes by hand follow it', () => {
		const text = shown(storyRows({...pane(at(1, 'tick', 'tick')), height: 40}));
		expect(text.match(/A acquires the lock with token 1/g)).toHaveLength(1);
		expect(text).not.toContain('2/7');
		expect(text).toContain('1/7 Nobody holds the lock yet');
	});

	test('the last step says the story has ended', () => {
		expect(shown(storyRows({...pane(at(6)), height: 8}))).toContain('step 7 of 7 · the end · Home to restart');
		expect(shown(storyRows({...pane(at(5)), height: 8}))).not.toContain('the end');
		expect(shown(storyRows({...pane(at(6), lookIn('ja')), height: 8}))).toContain('おわり · Home で最初から');
	});

	test("flipped: the variant is named and told in the twin's words", () => {
		const flipped = reduceSession(at(6), {type: 'flip'});
		const text = shown(storyRows({...pane(flipped), height: 10}));
		expect(text).toContain('fencing OFF (variant)');
		expect(text).toContain('Nothing checks it, so it is accepted');
		expect(text).not.toContain('script:');
		// A scenario without a twin has no words for the variant: its own are only what its script expected.
		const alone = reduceSession(reduceSession(startSession({...scenario, twin: null}), {type: 'end'}), {type: 'flip'});
		expect(shown(storyRows({...pane(alone), height: 10}))).not.toContain('A writes with its old token 1.');
		expect(shown(storyRows({...pane(reduceSession(alone, {type: 'toggle-script'})), height: 10}))).toContain('script: A writes with its old token 1.');
		// Its title too speaks of the other fencing: the header says which is played.
		const header = (session: Session) => shown([dashboardRows({session, width, height: 23}, look)[0]!]);
		expect(header(alone)).toContain('fencing OFF (variant) · GC pause: the fencing token saves');
		expect(header(flipped)).toContain(' GC pause without fencing: row-42 is corrupted');
		// Before anything happens, the description below the first step is the twin's.
		const opening = shown(storyRows({...pane(reduceSession(at(0), {type: 'flip'})), height: 10}));
		expect(opening).toContain('The same story as gc-pause, but the resource does not check tokens.');
		expect(opening).not.toContain('The resource checks tokens and rejects it.');
	});

	test('a write without a token says so, and what its writer believed', () => {
		let session = startSession(loadScenario('weakest-writer'));
		for (let step = 1; step < 5; step += 1) session = reduceSession(session, {type: 'next'});
		const story = shown(storyRows({...pane(session), height: 10}));
		expect(story).toContain("CORRUPTED at step 5: A's write (no token; believes 1) accepted");
		const resource = shown(resourceRows({...pane(session), width: 60}));
		expect(resource).toContain('A "A" CORRUPTED no token (believes 1)');
		expect(shown(resourceRows({...pane(session, lookIn('ja')), width: 60}))).toContain('トークンなし (トークン 1 のつもり)');
		// Half of 80 columns: no room for the belief, still no token.
		expect(shown(resourceRows({...pane(session), width: 39}))).toMatch(/A "A" CORRUPTED no token sent$/m);
	});

	test('before anything has happened it says what the scenario is about', () => {
		const text = shown(storyRows({...pane(at(0)), height: 8}));
		expect(text).toContain('Nobody holds the lock yet.');
		expect(text).toContain('A holds the lock, freezes in a GC pause');
		expect(shown(storyRows({...pane(at(1)), height: 8}))).not.toContain('freezes in a GC pause');
	});

	test('in Japanese', () => {
		expect(shown(storyRows({...pane(at(6), lookIn('ja')), height: 8}))).toContain('ステップ 7/7');
	});
});

test('the key bar names v, the variant, when there is room', () => {
	const bar = (barWidth: number) =>
		keyBarRow({session: at(0), width: barWidth, look, prompt: null, autoplay: null})
			.map(part => part.text)
			.join('');
	expect(bar(160)).toContain('v other fencing');
	expect(bar(80)).not.toContain('v other fencing');
});

test('help lists every key', () => {
	const text = shown(helpRows({width, height: 40, atEnd: false, look}));
	for (const help of keyHelp) {
		expect(text).toContain(help.keys);
		expect(text).toContain(help.en);
	}
});

describe('the whole screen', () => {
	const sizes = [
		[80, 24],
		[120, 40],
		[68, 23],
		[80, 22],
		[200, 60],
	] as const;
	for (const lang of ['en', 'ja'] as const) {
		for (const [width, rows] of sizes) {
			test(`fits ${width}x${rows} in ${lang} at every step, one row kept free, the key bar on its last row`, () => {
				const keyBarText = (session: Session) =>
					keyBarRow({session, width, look: lookIn(lang), prompt: null, autoplay: null})
						.map(part => part.text)
						.join('')
						.trimEnd();
				let session = startSession(scenario);
				for (;;) {
					for (const overlay of [null, 'help'] as const) {
						const lines = dashboardRows({session, width, height: rows - 1, overlay}, lookIn(lang));
						expect(lines).toHaveLength(rows - 1);
						// Every line measured, the lines too wide listed: none.
						expectEqual(
							lines.map(line => line.map(part => part.text).join('')).filter(text => widthOf(text) > width),
							[],
							`step ${session.history.entry.step} ${overlay ?? ''}`,
						);
						expect(
							lines
								.at(-1)!
								.map(part => part.text)
								.join('')
								.trimEnd(),
						).toBe(keyBarText(session));
					}
					const next = reduceSession(session, {type: 'next'});
					if (next === session) break;
					session = next;
				}
			});
		}
	}

	test('--ascii: no symbol a plain font lacks, on any screen', () => {
		let session = at(3, 'tick', 'pause B 3');
		session = reduceSession(session, {type: 'end'});
		for (const overlay of [null, 'help'] as const) {
			const text = textOf(dashboardRows({session, width: 80, height: 23, overlay}, lookIn('en', true)));
			expect(text).toMatch(/^[\x20-\x7e\n]*$/);
		}
	});

	test('the help fits 80x24 with every key, in both languages', () => {
		for (const lang of ['en', 'ja'] as const) {
			const text = textOf(dashboardRows({session: at(0), width: 80, height: 23, overlay: 'help'}, lookIn(lang)));
			for (const help of keyHelp) expect(text).toContain(`${help.keys} `);
			for (const help of keyHelp) expect(text).toContain(lang === 'ja' ? help.ja : help.en);
		}
	});

	test('below the minimum size it says how much it needs', () => {
		const session = startSession(scenario);
		expect(minimumSize(session)).toEqual({width: 68, height: 23});
		// At 80 columns or more it names a size there that fits: 68x22 would not.
		expect(minimumSize(session, 80)).toEqual({width: 80, height: 22});
		const text = frame(<Dashboard session={session} width={60} height={30} />);
		expect(text).toBe('terminal too small (need 68x23)');
		expect(frame(<Dashboard session={session} width={80} height={20} />)).toContain('need 80x22');
	});

	test('four clients fit 80x26', () => {
		const four = startSession({...scenario, setup: {...scenario.setup, clients: ['A', 'B', 'C', 'D'].map(name => ({name}))}});
		expect(minimumSize(four, 80).height).toBe(26);
		const text = frame(<Dashboard session={four} width={80} height={25} />);
		expect(text.split('\n')).toHaveLength(25);
		expect(text).toMatch(/4 D\s+running/);
		expect(text).toContain('Story · step 1 of 7');
	});

	test('no word is cut at 80 columns: long sentences end at a word with an ellipsis', () => {
		const session = at(5);
		const text = textOf(dashboardRows({session, width: 80, height: 23}, look));
		expect(text).toContain('A and B both believe they hold the lock; the lock service says B (token 2)');
	});
});

test('with several nodes the key bar names the node keys at 80 columns, in either language, and what k and N would do now', () => {
	const redlock = startSession(builtinScenario('redlock-restart'));
	const bar = (session: Session, lang: Lang) =>
		keyBarRow({session, width, look: lookIn(lang), prompt: null, autoplay: null})
			.map(part => part.text)
			.join('');
	// After the selected client and the pause's length, which every story's bar shows.
	expect(bar(redlock, 'en')).toMatch(/Tab A {2}p GC \d+ {2}n L1 {2}k crash {2}N cut {2}J jump/);
	expect(bar(redlock, 'ja')).toMatch(/Tab A {2}p GC \d+ {2}n L1 {2}k クラッシュ {2}N 切断/);
	for (const lang of ['en', 'ja'] as const) expect(widthOf(bar(redlock, lang))).toBeLessThanOrEqual(width);
	const changed = reduceSession(reduceSession(redlock, {type: 'do', command: command('crash L1')}), {type: 'do', command: command('partition A L1')});
	expect(bar(changed, 'en')).toMatch(/k restart {2}N heal/);
	// One node: no node keys.
	expect(bar(at(0), 'en')).not.toMatch(/node|k crash/);
});
