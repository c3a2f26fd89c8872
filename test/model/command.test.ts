import {describe, expect, test} from 'vitest';
import {parseCommand, printCommand, suggestedWord} from '../../source/model/command.js';
import {commandProblemText} from '../../source/words/describe.js';

const errorOf = (line: string, clients?: string[]) => {
	const parsed = parseCommand(line, clients ? {clients} : {});
	if (parsed.ok) throw new Error(`expected '${line}' to be rejected`);
	return {message: commandProblemText(parsed.error.problem), word: parsed.error.word};
};

/** The same problem in Japanese. */
const japaneseErrorOf = (line: string, clients?: string[]) => {
	const parsed = parseCommand(line, clients ? {clients} : {});
	if (parsed.ok) throw new Error(`expected '${line}' to be rejected`);
	return commandProblemText(parsed.error.problem, 'ja');
};

describe('command parsing', () => {
	test.each([
		['tick', {kind: 'tick', n: 1}],
		['tick 3', {kind: 'tick', n: 3}],
		['acquire A', {kind: 'acquire', client: 'A'}],
		['acquire A 7', {kind: 'acquire', client: 'A', lease: 7}],
		['renew worker-1 2', {kind: 'renew', client: 'worker-1', lease: 2}],
		['release B', {kind: 'release', client: 'B'}],
		['write A', {kind: 'write', client: 'A'}],
		['write A hello', {kind: 'write', client: 'A', value: 'hello'}],
		['write A delay=3', {kind: 'write', client: 'A', delay: 3}],
		['write A hello delay=3', {kind: 'write', client: 'A', value: 'hello', delay: 3}],
		['pause A 10', {kind: 'pause', client: 'A', n: 10}],
		['resume A', {kind: 'resume', client: 'A'}],
		['crash A', {kind: 'crash', client: 'A'}],
		['restart A', {kind: 'restart', client: 'A'}],
		['fencing A off', {kind: 'fencing', target: 'A', on: false}],
		['fencing resource on', {kind: 'fencing', target: 'resource', on: true}],
		['  tick   2  ', {kind: 'tick', n: 2}],
		['write A x delay=2 pause=3', {kind: 'write', client: 'A', value: 'x', delay: 2, pause: 3}],
		['write A pause=3', {kind: 'write', client: 'A', pause: 3}],
		['jump L3 +10', {kind: 'jump', target: 'L3', by: 10}],
		['jump A -2', {kind: 'jump', target: 'A', by: -2}],
		['jump A 4', {kind: 'jump', target: 'A', by: 4}],
		['crash L2', {kind: 'crash', client: 'L2'}],
		['partition A', {kind: 'partition', client: 'A', peers: []}],
		['partition A L1 resource', {kind: 'partition', client: 'A', peers: ['L1', 'resource']}],
		['heal A lock', {kind: 'heal', client: 'A', peers: ['lock']}],
		['latency A lock 3', {kind: 'latency', client: 'A', peer: 'lock', n: 3}],
		['latency A L2 0', {kind: 'latency', client: 'A', peer: 'L2', n: 0}],
		['latency A resource 4', {kind: 'latency', client: 'A', peer: 'resource', n: 4}],
	])('%s', (line, command) => {
		expect(parseCommand(line)).toEqual({ok: true, command});
	});

	test('printing gives back the canonical line', () => {
		for (const line of [
			'tick',
			'tick 3',
			'acquire A 7',
			'write A hello delay=3',
			'write A delay=2',
			'fencing resource off',
			'pause A 10',
			'write A x delay=2 pause=4',
			'jump L1 +3',
			'jump A -1',
			'partition A L1 L2',
			'heal A',
			'crash L4',
			'latency A lock 3',
			'latency B L2 0',
		]) {
			const parsed = parseCommand(line);
			expect(parsed.ok && printCommand(parsed.command)).toBe(line);
		}
	});

	test.each([
		['tick -3', "tick: expected a whole number from 1 to 1000000, got '-3'", '-3'],
		['tick 0', "tick: expected a whole number from 1 to 1000000, got '0'", '0'],
		['tick 1.5', "tick: expected a whole number from 1 to 1000000, got '1.5'", '1.5'],
		['tick 99999999999999999999', "tick: expected a whole number from 1 to 1000000, got '99999999999999999999'", '99999999999999999999'],
		[
			'leap A',
			"unknown command 'leap': expected one of tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal, latency",
			'leap',
		],
		['pause A', "pause: expected a length in ticks after 'A' (usage: pause C N)", null],
		['acquire', 'acquire: expected a client name (usage: acquire C [lease])', null],
		['release A B', "release: unexpected 'B' (usage: release C)", 'B'],
		['fencing A maybe', "fencing: expected 'on' or 'off', got 'maybe' (usage: fencing C|resource on|off)", 'maybe'],
		['write A x delay=0', "write delay: expected a whole number from 1 to 1000000, got '0'", '0'],
		['write A x y', "write: unexpected 'y' (usage: write C [value] [delay=N] [pause=M])", 'y'],
		['latency A lock -1', "latency: expected a whole number from 0 to 1000000, got '-1'", '-1'],
		['latency A lock 1.5', "latency: expected a whole number from 0 to 1000000, got '1.5'", '1.5'],
		['latency A', "latency: expected a peer after 'A' (a node, lock or resource) (usage: latency C node|lock|resource n)", null],
		['latency A lock', "latency: expected ticks each way (0 or more) after 'lock' (usage: latency C node|lock|resource n)", null],
		['latency A lock 2 3', "latency: unexpected '3' (usage: latency C node|lock|resource n)", '3'],
		['acquire 9lives', "acquire: expected a client name (a letter, then up to 11 letters, digits, - or _), got '9lives'", '9lives'],
		['', 'empty command: expected one of tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal, latency', null],
	])('%s is an error naming the word', (line, message, word) => {
		expect(errorOf(line)).toEqual({message, word});
	});

	test('an unknown client is an error when the clients are known', () => {
		expect(errorOf('acquire Z', ['A', 'B'])).toEqual({message: "acquire: no client named 'Z' (clients: A, B)", word: 'Z'});
	});

	test.each([
		['tick -3', "tick: 1 から 1000000 までの整数が必要 ('-3' は不可)"],
		[
			'leap A',
			"'leap' というコマンドはない: tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal, latency のどれか",
		],
		['pause A', "pause: 'A' の後に停止の長さ (tick 数) が必要 (使い方: pause C N)"],
		['acquire', 'acquire: クライアント名が必要 (使い方: acquire C [lease])'],
		['release A B', "release: 'B' は余分 (使い方: release C)"],
		['fencing A maybe', "fencing: 'on' か 'off' が必要 ('maybe' は不可) (使い方: fencing C|resource on|off)"],
		['write A x delay=1 delay=2', "write: delay が 2 回ある ('delay=2') (使い方: write C [value] [delay=N] [pause=M])"],
		['write A x y', "write: 'y' は余分 (使い方: write C [value] [delay=N] [pause=M])"],
		['latency A lock -1', "latency: 0 から 1000000 までの整数が必要 ('-1' は不可)"],
		['latency A', "latency: 'A' の後に相手 (ノード・lock・resource) が必要 (使い方: latency C node|lock|resource n)"],
		['acquire 9lives', "acquire: クライアント名は英字 1 文字の後に英数字・-・_ を 11 文字まで ('9lives' は不可)"],
		['', 'コマンドが空: tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal, latency のどれか'],
	])('%s in Japanese keeps the command words exact', (line, message) => {
		expect(japaneseErrorOf(line)).toBe(message);
	});

	test('an unknown client in Japanese', () => {
		expect(japaneseErrorOf('acquire Z', ['A', 'B'])).toBe("acquire: 'Z' というクライアントはいない (クライアント: A, B)");
	});

	test.each([
		['jump A 0', "jump: expected a whole number from -1000000 to +1000000 other than 0, got '0'", '0'],
		['jump A 1152921504606846976', "jump: expected a whole number from -1000000 to +1000000 other than 0, got '1152921504606846976'", '1152921504606846976'],
		['jump A +x', "jump: expected a whole number from -1000000 to +1000000 other than 0, got '+x'", '+x'],
		['jump A', "jump: expected how far to move the clock after 'A', e.g. +3 or -2 (usage: jump C|node ±n)", null],
		['write A pause=0', "write pause: expected a whole number from 1 to 1000000, got '0'", '0'],
		['write A pause=1 pause=2', "write: pause given twice, at 'pause=2' (usage: write C [value] [delay=N] [pause=M])", 'pause=2'],
	])('%s is an error naming the word', (line, message, word) => {
		expect(errorOf(line)).toEqual({message, word});
	});

	test('with known names, an unknown node or peer is an error that lists them, with a suggestion', () => {
		const options = {clients: ['A', 'B'], nodes: ['L1', 'L2', 'L3']};
		const crash = parseCommand('crash L4', options);
		expect(!crash.ok && commandProblemText(crash.error.problem)).toBe("crash: no client or node named 'L4' (clients: A, B; nodes: L1, L2, L3)");
		const partition = parseCommand('partition A resorce', options);
		expect(!partition.ok && commandProblemText(partition.error.problem)).toBe(
			"partition: no peer named 'resorce' (expected a node: L1, L2, L3; or lock, resource) (usage: partition C [node|lock|resource…])",
		);
		expect(!partition.ok && suggestedWord('partition A resorce', partition.error, options)).toBe('resource');
		expect(!partition.ok && commandProblemText(partition.error.problem, 'ja')).toBe(
			"partition: 'resorce' という相手はない (ノード: L1, L2, L3、または lock・resource) (使い方: partition C [node|lock|resource…])",
		);
		expect(parseCommand('jump L2 +1', options).ok).toBe(true);
	});

	test('a jump in Japanese', () => {
		expect(japaneseErrorOf('jump A 0')).toBe("jump: -1000000 から +1000000 までの 0 でない整数が必要 ('0' は不可)");
	});

	test('a client cannot be called resource', () => {
		expect(errorOf('acquire resource').word).toBe('resource');
	});
});
