import {render} from 'ink-testing-library';
import {describe, expect, test} from 'vitest';
import type {EtcdView} from '../../source/live/etcd-run.js';
import type {RedisView} from '../../source/live/redlock-run.js';
import {applyCommand} from '../../source/model/apply.js';
import {createWorld, type World} from '../../source/model/world.js';
import {loadScenario} from '../../source/scenario/files.js';
import type {Lang} from '../../source/text/narration.js';
import {widthOf} from '../../source/text/width.js';
import {startSession} from '../../source/session/session.js';
import {labelsFor} from '../../source/ui/labels.js';
import {LiveApp} from '../../source/ui/LiveApp.js';
import {makeLook} from '../../source/ui/look.js';
import {type LiveRowsProps, liveRows} from '../../source/ui/panes/live.js';

const start = createWorld(loadScenario('gc-pause').setup);
/** A holds the lock with the model's token 1 and has written "A". */
const aHolds = [{kind: 'acquire', client: 'A'} as const, {kind: 'write', client: 'A'} as const].reduce(
	(world: World, command) => applyCommand(world, command).world,
	start,
);

/** etcd with A's lock key created at revision 2 and its write stored, as on a fresh etcd. */
const etcdAHolds: EtcdView = {
	kind: 'etcd',
	holder: 'A',
	token: 2,
	revision: 2,
	leaseLeft: {seconds: 1, readAt: 10_000},
	value: 'A',
	maxToken: 2,
	beliefs: [
		{name: 'A', token: 2, status: 'paused'},
		{name: 'B', token: null, status: 'running'},
	],
};

const text = (props: Partial<LiveRowsProps>, lang: Lang = 'en') =>
	liveRows({
		view: etcdAHolds,
		live: aHolds,
		model: aHolds,
		exact: false,
		lags: [],
		now: 10_000,
		width: 79,
		look: makeLook({lang, theme: 'dark', ascii: false, color: false}),
		...props,
	}).map(row => row.map(part => part.text).join(''));

describe('the live rows: what etcd says beside the model', () => {
	test("etcd's own numbers, with the model's where they are other numbers for the same grant", () => {
		const [lock, resource] = text({});
		expect(lock).toMatch(/^etcd says holder A · token 2 \(model 1\) · lease <2 s · revision 2 +$/);
		expect(resource).toMatch(/^✓ t=0 +row-42 = "A" · max token 2 \(model 1\) · processes: A 2 \(frozen\), B — +$/);
	});

	test("etcd's lease time counts down from its last answer, in whole seconds it is under", () => {
		expect(text({now: 11_500})[0]).toContain('lease <1 s');
		expect(text({view: {...etcdAHolds, leaseLeft: {seconds: 4, readAt: 10_000}}, now: 11_200})[0]).toContain('lease <4 s');
	});

	test('where etcd differs from the model, the model value is marked, and the tick with a cross', () => {
		const free: EtcdView = {...etcdAHolds, holder: null, token: null, beliefs: etcdAHolds.beliefs.map(belief => ({...belief, token: null}))};
		const liveFree: World = {...aHolds, lock: {...aHolds.lock, holder: null, token: null}, clients: aHolds.clients.map(client => ({...client, token: null}))};
		const [lock, resource] = text({view: free, live: liveFree});
		expect(lock).toMatch(/^etcd says the lock is free ≠ model A · revision 2/);
		expect(resource).toMatch(/^✗ t=0 .*processes: A — \(frozen\) ≠ model 1, B —/);
	});

	test('a lag is said with its size', () => {
		expect(text({view: {...etcdAHolds, holder: null, token: null}, lags: [{client: 'A', t: 5, ms: 320}]})[0]).toContain("lag: A's expiry 320 ms late");
	});

	test.for(['en', 'ja'] as const)('%s: both rows fit 80 columns whole', lang => {
		const rows = text({}, lang);
		for (const row of rows) {
			expect(widthOf(row)).toBe(79);
			expect(row).not.toContain('…');
		}
	});
});

describe("the live rows on Redis: each node's key beside the model", () => {
	const redlockStart = createWorld(loadScenario('redlock-clock-jump').setup);
	const aHoldsThree = (['partition A L4 L5', 'acquire A'] as const).reduce((world: World, line) => {
		const [kind, client, ...peers] = line.split(' ');
		const command = kind === 'acquire' ? ({kind: 'acquire', client: client!} as const) : ({kind: 'partition', client: client!, peers} as const);
		return applyCommand(world, command).world;
	}, redlockStart);
	const redisAHolds: RedisView = {
		kind: 'redis',
		nodes: aHoldsThree.nodes.map(node => ({name: node.name, up: true, holder: node.holder, pttlMs: node.holder === null ? null : 9_500})),
		value: null,
		jump: null,
		readAt: 10_000,
		beliefs: [
			{name: 'A', holds: true, until: 10, status: 'running', waiting: false},
			{name: 'B', holds: false, until: null, status: 'running', waiting: false},
		],
	};
	const redisText = (props: Partial<LiveRowsProps>, lang: Lang = 'en') => text({view: redisAHolds, live: aHoldsThree, model: aHoldsThree, ...props}, lang);

	test("every node's holder with its key's time left, counted down from the read; each process's belief", () => {
		const [keys, beliefs] = redisText({now: 10_500});
		expect(keys).toMatch(/^Redis says L1 A 9\.0 s · L2 A 9\.0 s · L3 A 9\.0 s · L4 — · L5 — +$/);
		expect(beliefs).toMatch(/^✓ t=0 +row-42 = empty · processes: A holds to t=10, B — +$/);
	});

	test("a node's clock jump is said as what it is made of: its key's time left changed", () => {
		const [keys] = redisText({view: {...redisAHolds, jump: {node: 'L3', by: 10, ms: -10_000}}});
		expect(keys).toContain('L3 +10: PEXPIRE -10 s');
	});

	test('a node down, a key the model does not have, and a belief that differs are marked', () => {
		const view: RedisView = {
			...redisAHolds,
			nodes: redisAHolds.nodes.map(node => (node.name === 'L3' ? {...node, up: false, holder: null, pttlMs: null} : node)),
			beliefs: redisAHolds.beliefs.map(belief => (belief.name === 'B' ? {...belief, waiting: true} : belief)),
		};
		const waiting = {
			op: 'acquire',
			since: 0,
			replies: 0,
			unread: 0,
			grants: 0,
			sent: 5,
			attempt: 1,
			lease: 10,
			heartbeat: false,
			grant: null,
			token: null,
			refusal: null,
		} as const;
		const live: World = {...aHoldsThree, clients: aHoldsThree.clients.map(client => (client.name === 'B' ? {...client, waiting} : client))};
		const [keys, beliefs] = redisText({view, live});
		expect(keys).toContain('L3 down ≠ model A');
		expect(beliefs).toMatch(/^✗ t=0 .*B waiting ≠ model —/);
	});

	test.for(['en', 'ja'] as const)('%s: both rows fit 80 columns whole', lang => {
		for (const row of redisText({}, lang)) {
			expect(widthOf(row)).toBe(79);
			expect(row).not.toContain('…');
		}
	});
});

describe('the live dashboard at 80x24', () => {
	const scenario = loadScenario('gc-pause');
	const shownAt80x24 = (lang: Lang) => {
		const app = render(
			<LiveApp
				session={startSession(scenario)}
				look={makeLook({lang, theme: 'dark', ascii: false, color: false})}
				status="live on a fresh etcd"
				servers={{view: etcdAHolds, live: aHolds, model: aHolds, exact: false, lags: []}}
				onQuit={() => undefined}
			/>,
		);
		// The testing library's terminal is 100 columns wide: made 80, as a laptop's terminal is.
		Object.defineProperty(app.stdout, 'columns', {value: 80});
		app.stdout.emit('resize');
		return app;
	};

	test.for(['en', 'ja'] as const)(
		'%s: the panes whole, then etcd’s two rows; the status row gives way, and a key that does nothing live says so',
		async lang => {
			const app = shownAt80x24(lang);
			await new Promise(resolve => setTimeout(resolve, 50));
			const lines = app.lastFrame()!.split('\n');
			expect(lines.length).toBeLessThanOrEqual(23);
			expect(app.lastFrame()).not.toContain(labelsFor(lang).tooSmall(68, 23).slice(0, 8));
			expect(lines.at(-2)).toContain(labelsFor(lang).live.etcd);
			expect(lines.at(-1)).toMatch(/^✓ t=0 /);
			expect(app.lastFrame()).not.toContain('live on a fresh etcd');
			app.stdin.write('x');
			await new Promise(resolve => setTimeout(resolve, 50));
			const refused = app.lastFrame()!.split('\n');
			expect(refused.at(-2)).toContain(labelsFor(lang).live.etcd);
			expect(refused.at(-1)).toContain(labelsFor(lang).live.onlyQ);
			for (const line of [...lines.slice(-2), ...refused.slice(-1)]) expect(line).not.toContain('…');
			app.unmount();
		},
	);
});

/** The live dashboard before etcd answers, counting its quits. */
function liveBeforeEtcd() {
	const counted = {quits: 0};
	const app = render(
		<LiveApp
			session={startSession(loadScenario('gc-pause'))}
			look={makeLook({lang: 'en', theme: 'dark', ascii: false, color: false})}
			status="live on a fresh etcd"
			servers={null}
			onQuit={() => (counted.quits += 1)}
		/>,
	);
	return {app, counted};
}

const settle = () => new Promise(resolve => setTimeout(resolve, 50));

test('the live dashboard takes what the terminal sends of its own for no key: a DCS answer holding a q does not quit it', async () => {
	const {app, counted} = liveBeforeEtcd();
	await settle();
	for (const report of ['\u001BPq abc\u001B\\', '\u001B]11;rgb:0000/0000/0000\u0007', '\u001B[Mqqq']) {
		app.stdin.write(report);
		await settle();
	}
	expect(counted.quits).toBe(0);
	expect(app.lastFrame()).not.toContain(labelsFor('en').live.onlyQ);
	app.stdin.write('q');
	await settle();
	expect(counted.quits).toBe(1);
	app.unmount();
});

test("the live status row's words are the dashboard's language: in Japanese, no English but names and numbers", () => {
	const statusIn = (lang: Lang) => {
		const words = labelsFor(lang).live;
		const where = words.freshEtcd('http://127.0.0.1:2379', 'http://127.0.0.1:2380', 'row-42');
		return [
			words.playing(where, 400),
			words.playing(words.givenEtcd('http://127.0.0.1:2379', 'dlock-tui/run/'), 400),
			words.stepAgrees(3),
			words.stepDiffers(4, 'holder A ≠ model B'),
			words.verdict(0),
			words.verdict(2),
			words.over,
		];
	};
	// Left once the URLs, the prefix, the comparison's own words and the names (etcd, tick, q, row-42, A, B) are taken out.
	const english = (text: string) =>
		text.replace(/http:\/\/[\d.:]+|dlock-tui\/run\/|holder A ≠ model B|row-42|\betcd\b|\btick\b|\bms\b|\bq\b/g, '').match(/[A-Za-z]{2,}/g) ?? [];
	for (const text of statusIn('ja')) expect(english(text), text).toEqual([]);
	// The same test finds the English ones English, so it can fail.
	for (const text of statusIn('en')) expect(english(text).length, text).toBeGreaterThan(0);
});

test('the live dashboard blanks on a clicker’s b or .; the next key brings it back and does nothing else, Ctrl-C still quits', async () => {
	const {app, counted} = liveBeforeEtcd();
	await settle();
	const shown = app.lastFrame();
	for (const blank of ['b', '.']) {
		app.stdin.write(blank);
		await settle();
		expect(app.lastFrame()!.trim()).toBe('');
		app.stdin.write('q');
		await settle();
		expect(counted.quits).toBe(0);
		expect(app.lastFrame()).toBe(shown);
	}
	app.stdin.write('b');
	await settle();
	app.stdin.write('\u0003');
	await settle();
	expect(counted.quits).toBe(1);
	app.unmount();
});
