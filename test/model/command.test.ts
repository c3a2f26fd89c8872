import {describe, expect, test} from 'vitest';
import {commandProblemText, parseCommand, printCommand} from '../../source/model/command.js';

const errorOf = (line: string, clients?: string[]) => {
	const parsed = parseCommand(line, clients ? {clients} : {});
	if (parsed.ok) throw new Error(`expected '${line}' to be rejected`);
	return {message: parsed.error.message, word: parsed.error.word};
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
	])('%s', (line, command) => {
		expect(parseCommand(line)).toEqual({ok: true, command});
	});

	test('printing gives back the canonical line', () => {
		for (const line of ['tick', 'tick 3', 'acquire A 7', 'write A hello delay=3', 'write A delay=2', 'fencing resource off', 'pause A 10']) {
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
			"unknown command 'leap': expected one of tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal",
			'leap',
		],
		['pause A', "pause: expected a length in ticks after 'A' (usage: pause C N)", null],
		['acquire', 'acquire: expected a client name (usage: acquire C [lease])', null],
		['release A B', "release: unexpected 'B' (usage: release C)", 'B'],
		['fencing A maybe', "fencing: expected 'on' or 'off', got 'maybe' (usage: fencing C|resource on|off)", 'maybe'],
		['write A x delay=0', "write delay: expected a whole number from 1 to 1000000, got '0'", '0'],
		['write A x y', "write: unexpected 'y' (usage: write C [value] [delay=N] [pause=M])", 'y'],
		['acquire 9lives', "acquire: expected a client name (a letter, then up to 11 letters, digits, - or _), got '9lives'", '9lives'],
		['', 'empty command: expected one of tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal', null],
	])('%s is an error naming the word', (line, message, word) => {
		expect(errorOf(line)).toEqual({message, word});
	});

	test('an unknown client is an error when the clients are known', () => {
		expect(errorOf('acquire Z', ['A', 'B'])).toEqual({message: "acquire: no client named 'Z' (clients: A, B)", word: 'Z'});
	});

	test.each([
		['tick -3', "tick: 1 から 1000000 までの整数が必要 ('-3' は不可)"],
		['leap A', "'leap' というコマンドはない: tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal のどれか"],
		['pause A', "pause: 'A' の後に停止の長さ (tick 数) が必要 (使い方: pause C N)"],
		['acquire', 'acquire: クライアント名が必要 (使い方: acquire C [lease])'],
		['release A B', "release: 'B' は余分 (使い方: release C)"],
		['fencing A maybe', "fencing: 'on' か 'off' が必要 ('maybe' は不可) (使い方: fencing C|resource on|off)"],
		['write A x delay=1 delay=2', "write: delay が 2 回ある ('delay=2') (使い方: write C [value] [delay=N] [pause=M])"],
		['write A x y', "write: 'y' は余分 (使い方: write C [value] [delay=N] [pause=M])"],
		['acquire 9lives', "acquire: クライアント名は英字 1 文字の後に英数字・-・_ を 11 文字まで ('9lives' は不可)"],
		['', 'コマンドが空: tick, acquire, renew, release, write, pause, resume, crash, restart, fencing, jump, partition, heal のどれか'],
	])('%s in Japanese keeps the command words exact', (line, message) => {
		expect(japaneseErrorOf(line)).toBe(message);
	});

	test('an unknown client in Japanese', () => {
		expect(japaneseErrorOf('acquire Z', ['A', 'B'])).toBe("acquire: 'Z' というクライアントはいない (クライアント: A, B)");
	});

	test('a client cannot be called resource', () => {
		expect(errorOf('acquire resource').word).toBe('resource');
	});
});
