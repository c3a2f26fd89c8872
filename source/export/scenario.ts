// A session's history as a scenario file, so that a speaker who improvised can keep it: scripted
// steps with their narration, each change by hand as a step of its own that says it was
// improvised, and `expect` of the final state on the last step. Replayed (`check`, the dashboard)
// it reaches the same world. Pure: writing the file is save.ts's job.

import path from 'node:path';
import {Document, isMap, isSeq, type YAMLMap, type YAMLSeq} from 'yaml';
import {printCommand} from '../model/command.js';
import {describeRefused} from '../words/describe.js';
import {type Client, defaultLease, defaultResourceName, type World} from '../model/world.js';
import {type Lang, type Narration, narrationIn} from '../text/narration.js';
import type {PlayedCommand} from '../scenario/run.js';
import {currentWorld, type Entry, historyEntries, playedScenario, type Session} from '../session/session.js';
import {quote} from '../text/quote.js';

interface StepFile {
	do?: string | string[];
	say?: Narration | string;
	expect?: Record<string, unknown>;
}

/** Refused commands change nothing, and `check` fails a step that has one: they are left out, noted in a comment. */
interface SavedStep {
	readonly step: StepFile;
	readonly refused: readonly string[];
}

/** One language's text for both, as scenario files write it. */
const sayFile = (say: Narration): Narration | string => (say.en !== undefined && say.en === say.ja ? say.en : say);

const refusal = (played: PlayedCommand, lang: Lang = 'en') => describeRefused(played.command, played.refused!, played.world, lang);

/** A change by hand says so when replayed, and says too when it was refused (it then does nothing). */
function improvised(played: readonly PlayedCommand[]): Narration {
	const what = (lang: Lang) => played.map(each => (each.refused ? refusal(each, lang) : printCommand(each.command))).join(', ');
	return {en: `Improvised by hand: ${what('en')}`, ja: `アドリブ (手動): ${what('ja')}`};
}

function savedStep(entry: Entry, say: Narration | null): SavedStep | null {
	const done = entry.commands.filter(played => played.refused === null).map(played => printCommand(played.command));
	const step: StepFile = {};
	if (done.length > 0) step.do = done.length === 1 ? done[0]! : done;
	if (say) step.say = sayFile(say);
	// A step of refused commands and no narration would be empty: it changed nothing, so it is dropped.
	if (Object.keys(step).length === 0) return null;
	return {step, refused: entry.by === 'hand' ? [] : entry.commands.filter(played => played.refused !== null).map(played => refusal(played))};
}

/** Everything `expect:` can say about a world. */
function expectationOf(world: World): Record<string, unknown> {
	// A first-model world is said in the first model's words; one with nodes or other tokens says what they hold too.
	const secondModel = world.nodes.length > 1 || world.tokens !== 'counter';
	const client = (each: Client) =>
		[
			each.name,
			secondModel
				? {status: each.status, token: each.token, fencing: each.fencing, holds: each.holds, until: each.until}
				: {status: each.status, token: each.token, fencing: each.fencing},
		] as const;
	const more = secondModel
		? {revision: world.lock.revision ?? null, nodes: Object.fromEntries(world.nodes.map(node => [node.name, {holder: node.holder, up: node.up}]))}
		: {};
	return {
		clock: world.clock,
		holder: world.lock.holder,
		token: world.lock.token,
		expiry: world.lock.expiry,
		value: world.resource.value,
		maxToken: world.resource.maxToken,
		writes: world.resource.writes,
		rejected: world.resource.rejected,
		inflight: world.inflight.length,
		violations: world.violations,
		...more,
		clients: Object.fromEntries(world.clients.map(client)),
	};
}

function steps(session: Session): SavedStep[] {
	const scenario = playedScenario(session);
	const saved: SavedStep[] = [];
	for (const entry of historyEntries(session)) {
		if (entry.by === 'start') {
			// A session opens on the first step when that step has no commands: keep its narration.
			for (let step = 1; step <= entry.step; step += 1) {
				const say = scenario.steps[step - 1]?.say ?? null;
				if (say) saved.push({step: {say: sayFile(say)}, refused: []});
			}
			continue;
		}
		const say = entry.by === 'script' ? (scenario.steps[entry.step - 1]?.say ?? null) : improvised(entry.commands);
		const step = savedStep(entry, say);
		if (step) saved.push(step);
	}
	return saved;
}

/** The scenario file text for everything done in the session, oldest first. */
export function sessionScenario(session: Session): string {
	const scenario = playedScenario(session);
	const saved = steps(session);
	const finalState = expectationOf(currentWorld(session));
	const last = saved.at(-1);
	if (last) last.step.expect = finalState;
	else saved.push({step: {expect: finalState}, refused: []});

	const hand = session.history.changes;
	// Its base name, shortened: a description has to pass check whatever the file was called.
	const played = quote(path.basename(scenario.file));
	const setup = scenario.setup;
	const doc = new Document({
		title: {en: `${narrationIn(scenario.title, 'en')} (as played)`, ja: `${narrationIn(scenario.title, 'ja')} (実演の記録)`},
		description: {
			en: `Saved from the dashboard: what was played of ${played}, with ${hand} change${hand === 1 ? '' : 's'} by hand.`,
			ja: `ダッシュボードから保存: ${played} の実演 (手動の変更 ${hand} 件)。`,
		},
		resource: setup.resource ?? defaultResourceName,
		lease: setup.lease ?? defaultLease,
		fencing: setup.fencing ?? true,
		// The later models' keys only when the scenario gave them, so a first-model file is saved as before.
		...Object.fromEntries(
			(['backend', 'nodes', 'tokens', 'lockDelay', 'persistent', 'latency', 'drift', 'timeout'] as const)
				.filter(key => setup[key] !== undefined)
				.map(key => [key, setup[key]]),
		),
		clients: setup.clients.map(client => ({
			name: client.name,
			fencing: client.fencing ?? true,
			renewEvery: client.renewEvery ?? null,
			...(client.checksLease ? {checksLease: true} : {}),
			...Object.fromEntries((['checksValidity', 'monotonic', 'latency'] as const).filter(key => client[key] !== undefined).map(key => [key, client[key]])),
		})),
		steps: saved.map(({step}) => step),
	});
	doc.commentBefore = ' Saved by dlock-tui from the dashboard. `dlock-tui check` replays it; `dlock-tui` plays it.';
	// Short lists and maps on one line, as the built-in scenarios write them.
	for (const client of (doc.get('clients') as YAMLSeq<YAMLMap>).items) client.flow = true;
	const stepNodes = (doc.get('steps') as YAMLSeq<YAMLMap>).items;
	saved.forEach(({refused}, index) => {
		const node = stepNodes[index]!;
		if (refused.length > 0) node.commentBefore = refused.map(line => ` not saved: ${line}`).join('\n');
		const commands = node.get('do', true);
		if (isSeq(commands)) commands.flow = true;
		for (const key of ['clients', 'nodes']) {
			const map = node.getIn(['expect', key]);
			if (isMap(map)) for (const pair of map.items) if (isMap(pair.value)) pair.value.flow = true;
		}
	});
	return doc.toString({lineWidth: 0, flowCollectionPadding: false});
}
