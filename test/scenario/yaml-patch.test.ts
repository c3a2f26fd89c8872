// yaml's lexer and parser as patches/yaml+2.9.1.patch leaves them, against yaml's own: the patch is
// taken back from a copy of the package, and both read the same texts (every built-in scenario, a
// generated one, random pieces of YAML), the lexer whole and in pieces, as a stream is read.

import {execFileSync} from 'node:child_process';
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {Lexer, Parser} from 'yaml';
import {generateScenario} from '../../bench/scenario.js';
import {builtinDirectory} from '../../source/scenario/files.js';
import {expectEqual} from '../expect-equal.js';

type LexerClass = typeof Lexer;
type ParserClass = typeof Parser;

const root = path.resolve(import.meta.dirname, '../..');
const patchFile = path.join(root, 'patches/yaml+2.9.1.patch');
let copy: string;
let OriginalLexer: LexerClass;
let OriginalParser: ParserClass;

beforeAll(async () => {
	copy = mkdtempSync(path.join(tmpdir(), 'dlock-yaml-'));
	cpSync(path.join(root, 'node_modules/yaml'), path.join(copy, 'node_modules/yaml'), {recursive: true});
	execFileSync('git', ['apply', '--reverse', patchFile], {cwd: copy});
	({Lexer: OriginalLexer, Parser: OriginalParser} = await import(pathToFileURL(path.join(copy, 'node_modules/yaml/dist/index.js')).href));
});

afterAll(() => rmSync(copy, {recursive: true, force: true}));

const lexemes = (LexerOf: LexerClass, text: string) => [...new LexerOf().lex(text)];

/** The parser's tokens, and where it called back for each line, as readYaml drives it: a lexeme at a time. */
function tokens(ParserOf: ParserClass, text: string): unknown[] {
	const lines: number[] = [];
	const parser = new ParserOf(offset => lines.push(offset));
	const found: unknown[] = [];
	for (const lexeme of new Lexer().lex(text)) found.push(...parser.next(lexeme));
	found.push(...parser.end());
	return [found, lines, [...new ParserOf().parse(text)]];
}

/** The text given `size` characters at a time, as `lex(text, true)` reads a stream, then its end. */
function lexemesInPieces(LexerOf: LexerClass, text: string, size: number): string[] {
	const lexer = new LexerOf();
	const found: string[] = [];
	for (let at = 0; at < text.length; at += size) found.push(...lexer.lex(text.slice(at, at + size), true));
	found.push(...lexer.lex('', false));
	return found;
}

/** Both lexers give the same lexemes, whole and `size` characters at a time, and both parsers the same tokens. */
function expectSameLexemesAndTokens(text: string, size: number): void {
	expectEqual(lexemes(Lexer, text), lexemes(OriginalLexer, text));
	expectEqual(lexemesInPieces(Lexer, text, size), lexemesInPieces(OriginalLexer, text, size));
	expectEqual(tokens(Parser, text), tokens(OriginalParser, text));
}

/**
 * Texts of random pieces that reach parts of the lexer and parser the random runs below reach only
 * now and then, each with how many characters the lexer is given at a time: with them the runs can
 * be fewer.
 */
const seldomReached: ReadonlyArray<readonly [string, number]> = [
	['? ?  # c\n- ...\n: ', 7],
	["#cx y\n- %YAML 1.2\n\n- '''s'#ca\"a\\\"b\"", 6],
	[': |2+\n&a \n? !<tag:x> "a\\"b"-|2+\n', 8],
	["!<tag:x> : 's'*a\n- ", 3],
	["|2+\n\n  \n  \t's'", 1],
	["? ---\n? }#c\r\n's'", 8],
	['|2+\n%YAML 1.2\n...\n? {: ', 8],
	['>-\n  \r\n-', 1],
	['%YAML 1.2\n{\'s\'|2+\n"a\\"b"{\u0085:', 9],
	["\n  }{,{!!str !!str ? ''}", 8],
];

const builtins = readdirSync(builtinDirectory())
	.filter(file => file.endsWith('.yaml'))
	.map(file => readFileSync(path.join(builtinDirectory(), file), 'utf8'));

describe("yaml's lexer and parser, patched", () => {
	test('the patch is applied here and taken back in the copy', () => {
		for (const [file, name, original] of [
			['lexer.js', 'lexer-helpers-without-generators', '*pushCount(n) {'],
			['parser.js', 'parser-steps-without-generators', '*step() {'],
		] as const) {
			const patchedText = readFileSync(path.join(root, 'node_modules/yaml/dist/parse', file), 'utf8');
			const originalText = readFileSync(path.join(copy, 'node_modules/yaml/dist/parse', file), 'utf8');
			expect(patchedText).toContain(`dlock-tui patch (${name})`);
			expect(originalText).not.toContain('dlock-tui patch');
			expect(originalText).toContain(original);
		}
	});

	test('every built-in scenario and a generated one give the same lexemes', () => {
		// 60 steps reach all of the patched lexer and parser that 300 did (v8 coverage).
		for (const text of [...builtins, generateScenario(60, true, 'redlock')]) {
			const expected = lexemes(OriginalLexer, text);
			expectEqual(lexemes(Lexer, text), expected);
			expectEqual(lexemesInPieces(Lexer, text, 7), lexemesInPieces(OriginalLexer, text, 7));
			expectEqual(tokens(Parser, text), tokens(OriginalParser, text));
		}
	});

	test('a stream of documents is parsed as it is read: the first comes out before the rest is lexed', () => {
		const text = 'a: 1\n---\nb: [2, 3]\n'.repeat(100);
		for (const ParserOf of [Parser, OriginalParser]) {
			const parser = new ParserOf();
			const first = parser.parse(text).next();
			expect(first.done).toBe(false);
			expect(parser.offset).toBeLessThan(100);
		}
	});

	test('texts that random pieces seldom reach give the same lexemes, whole and in pieces, and the same tokens', () => {
		for (const [text, size] of seldomReached) expectSameLexemesAndTokens(text, size);
	});

	test('random YAML gives the same lexemes, whole and in pieces, and the same tokens', () => {
		const piece = fc.constantFrom(
			...['a', 'x y', '1', ': ', ':', ', ', ',', '\n', '\r\n', '\n  ', '\n- ', '  - ', '-', '[', ']', '{', '}', ' # c', '#c', '\t'],
			...['|\n  ', '>-\n  ', '|2+\n', '&a ', '*a', '!!str ', '!<tag:x> ', '? ', '---\n', '...\n', '"q', '"a\\"b"', "'s'", "''"],
			...['%YAML 1.2\n', '\uFEFF', '\u0085', 'クラッシュ'],
		);
		fc.assert(
			fc.property(fc.array(piece, {maxLength: 40}), fc.integer({min: 1, max: 9}), (pieces, size) => {
				expectSameLexemesAndTokens(pieces.join(''), size);
			}),
			// 500 runs, with the texts above, cover all of the patched lexer and parser that 1,000 did (v8 coverage).
			{numRuns: 500, seed: 11},
		);
	});
});
