// Everything the save key writes loads again and passes check: random sessions (scripted steps,
// changes by hand, commands typed) of scenarios whose file and folder names hold anything a file
// system allows (escape sequences, newlines, bidi overrides), saved to disk and checked as a user would.

import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {type Command, parseCommand, printCommand} from '../../source/model/command.js';
import {saveSession} from '../../source/export/save.js';
import {loadScenario} from '../../source/scenario/files.js';
import {handVerbs, reduceSession, type SessionAction, startSession} from '../../source/session/session.js';
import {callCli, temporaryDirectory} from '../run-cli.js';

const root = temporaryDirectory('dlock-saved-');

/** A name for a file or a folder: anything but `/` and NUL, within what a file system takes. */
const name = fc
	.oneof(
		fc.string({unit: 'binary', minLength: 1, maxLength: 40}),
		fc.string({
			unit: fc.constantFrom('\u001B', '\n', '\r', '\t', '\u0007', '\u009B', '\u202E', '\u2028', '\u200B', ' ', '.', '-', 'a', '日'),
			minLength: 1,
			maxLength: 30,
		}),
		fc.constantFrom('fail\u001B]0;pwned\u0007', 'fail\n✓ all scenarios passed\n', 'evil\u202Elmay.', '-o', '--help', '*', '~'),
	)
	.filter(each => !each.includes('/') && !each.includes('\u0000') && Buffer.byteLength(each) <= 200);

const clientNames = fc
	.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,11}$/), {minLength: 1, maxLength: 4, selector: each => each.toLowerCase()})
	.filter(names => !names.some(each => each === 'resource'));

/** Values a typed `write` may carry, YAML's special words among them. */
const value = fc.oneof(
	fc.stringMatching(/^[A-Za-z0-9_.:-]{1,8}$/),
	fc.constantFrom('null', 'true', '123', '0x1F', '~', 'yes', '#x', 'a:b', '[x]', '{y}', '*a', '&b', '!t', '%p', '"s', "'t", 'é', '日本'),
);

function actionFor(clients: readonly string[]): fc.Arbitrary<SessionAction> {
	const client = fc.constantFrom(...clients);
	const typed: fc.Arbitrary<Command> = fc.oneof(
		fc.record({kind: fc.constantFrom('acquire', 'renew', 'release', 'resume', 'crash', 'restart'), client}),
		fc.record({kind: fc.constant('write'), client, value, delay: fc.integer({min: 1, max: 4})}),
		fc.record({kind: fc.constant('pause'), client, n: fc.integer({min: 1, max: 9})}),
		fc.record({kind: fc.constant('tick'), n: fc.integer({min: 1, max: 9})}),
		fc.record({kind: fc.constant('fencing'), target: fc.constantFrom(...clients, 'resource'), on: fc.boolean()}),
	) as fc.Arbitrary<Command>;
	return fc.oneof(
		{arbitrary: fc.constant({type: 'next'} as const), weight: 3},
		fc.constantFrom<SessionAction>({type: 'back'}, {type: 'home'}, {type: 'end'}, {type: 'rejoin'}, {type: 'select-next'}),
		{arbitrary: fc.constantFrom(...handVerbs).map((verb): SessionAction => ({type: 'hand', verb})), weight: 3},
		fc.integer({min: -3, max: 3}).map((delta): SessionAction => ({type: 'pause-length', delta})),
		// A command typed at the `:` prompt is parsed from its text, as this one is.
		{arbitrary: typed.filter(command => parseCommand(printCommand(command), {clients}).ok).map((command): SessionAction => ({type: 'do', command})), weight: 3},
	);
}

const sessionCase = clientNames.chain(clients =>
	fc.record({
		folder: name,
		file: name,
		clients: fc.constant(clients),
		actions: fc.array(actionFor(clients), {maxLength: 30}),
	}),
);

let runs = 0;

test('every session saved with s loads again and passes check, whatever its file and folder are called', async () => {
	await fc.assert(
		fc.asyncProperty(sessionCase, async ({folder, file, clients, actions}) => {
			runs += 1;
			const directory = path.join(root, `${runs}-${folder}`);
			mkdirSync(directory);
			const scenarioFile = path.join(directory, `${file}.yaml`);
			const first = clients[0]!;
			writeFileSync(
				scenarioFile,
				`title: Talk\nclients: [${clients.join(', ')}]\nsteps:\n  - do: acquire ${first}\n    say: ${first} takes the lock\n  - do: [tick 2, write ${first}]\n  - do: tick 9\n`,
			);
			const session = actions.reduce(reduceSession, startSession(loadScenario(scenarioFile)));
			const saved = saveSession(session, directory);
			if (!saved.ok) throw new Error(saved.reason);
			const check = await callCli(['check', saved.file]);
			expect(check.stdout, check.stdout).toMatch(/^✓ Talk \(as played\)\n$/);
			expect(check.status).toBe(0);
		}),
		{numRuns: 60, seed: 11},
	);
});
