// The rules of docs/architecture.md that the source's text can show: no import circle between
// files or folders, a model without Ink, React or I/O, words on the model and the text helpers
// alone, and no module-level mutable state in the UI, the text helpers or the words. A regex over
// import lines is enough: the source imports only with `import … from '…'`, `export … from '…'`
// and `import('…')`.

import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, test} from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceFiles = readdirSync(path.join(root, 'source'), {recursive: true, encoding: 'utf8'})
	.filter(file => /\.tsx?$/.test(file) && !file.includes('.test.'))
	.map(file => `source/${file}`);
const textOf = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** What a file imports: source files by path (package.json, outside source/, left out), packages and Node's modules by name. */
function importsOf(file: string): {files: string[]; packages: string[]} {
	const specifiers = [...textOf(file).matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'([^']+)'/gm)].map(match => match[1]!);
	const files = specifiers
		.filter(specifier => specifier.startsWith('.'))
		.map(specifier => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, ''))
		.filter(stem => stem.startsWith('source/'))
		.map(stem => sourceFiles.find(candidate => candidate.replace(/\.tsx?$/, '') === stem) ?? `${stem} (missing)`);
	return {files, packages: specifiers.filter(specifier => !specifier.startsWith('.'))};
}

/** The first circle found in a graph, as the path around it, or null. */
function circleIn(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
	const done = new Set<string>();
	const visit = (node: string, trail: string[]): string[] | null => {
		const at = trail.indexOf(node);
		if (at >= 0) return [...trail.slice(at), node];
		if (done.has(node)) return null;
		for (const next of graph.get(node) ?? []) {
			const circle = visit(next, [...trail, node]);
			if (circle) return circle;
		}
		done.add(node);
		return null;
	};
	for (const node of graph.keys()) {
		const circle = visit(node, []);
		if (circle) return circle;
	}
	return null;
}

/** source/ui/panes/lock.ts is in ui, source/cli.tsx in the top folder. */
const folderOf = (file: string) => (file.split('/').length > 2 ? file.split('/')[1]! : '.');

describe('the source keeps its architecture', () => {
	test('every relative import names a file that exists', () => {
		const missing = sourceFiles.flatMap(file =>
			importsOf(file)
				.files.filter(target => target.endsWith('(missing)'))
				.map(target => `${file} → ${target}`),
		);
		expect(missing).toEqual([]);
	});

	test('no file imports itself back, through any chain of imports (types too)', () => {
		expect(circleIn(new Map(sourceFiles.map(file => [file, importsOf(file).files])))).toBeNull();
	});

	test('no folder imports itself back: the folders form layers', () => {
		const folders = new Map<string, Set<string>>();
		for (const file of sourceFiles)
			for (const target of importsOf(file).files)
				if (folderOf(target) !== folderOf(file)) folders.set(folderOf(file), (folders.get(folderOf(file)) ?? new Set()).add(folderOf(target)));
		expect(circleIn(new Map([...folders].map(([folder, targets]) => [folder, [...targets]])))).toBeNull();
	});

	test('the model is pure: no Ink, React, Node modules or packages', () => {
		const model = sourceFiles.filter(file => file.startsWith('source/model/'));
		expect(model.length).toBeGreaterThan(3);
		expect(model.flatMap(file => importsOf(file).packages.map(name => `${file}: ${name}`))).toEqual([]);
		expect(
			model.flatMap(file =>
				importsOf(file)
					.files.filter(target => !['model', 'text'].includes(folderOf(target)))
					.map(target => `${file} → ${target}`),
			),
		).toEqual([]);
	});

	test('the words stand on the model and the text helpers alone, with no package', () => {
		const words = sourceFiles.filter(file => file.startsWith('source/words/'));
		expect(words.length).toBeGreaterThan(3);
		expect(words.flatMap(file => importsOf(file).packages.map(name => `${file}: ${name}`))).toEqual([]);
		expect(
			words.flatMap(file =>
				importsOf(file)
					.files.filter(target => !['model', 'text', 'words'].includes(folderOf(target)))
					.map(target => `${file} → ${target}`),
			),
		).toEqual([]);
	});

	test('the UI, the text helpers and the words keep no state at module level', () => {
		const checked = sourceFiles.filter(file => /^source\/(ui|text|words)\//.test(file));
		const found = checked.flatMap(file => {
			const text = textOf(file);
			const lets = [...text.matchAll(/^(?:export\s+)?(?:let|var)\s+(\w+)/gm)].map(match => `${file}: let ${match[1]}`);
			// A table made once and only read is fine; one that is written to later is state.
			const collections = [...text.matchAll(/^(?:export\s+)?const\s+(\w+)\s*(?::[^=]+)?=\s*new\s+(?:Map|Set|WeakMap|WeakSet)\b/gm)].map(match => match[1]!);
			const written = collections
				.filter(name => new RegExp(`\\b${name}\\.(?:set|add|delete|clear)\\(`).test(text))
				.map(name => `${file}: ${name} is written to`);
			return [...lets, ...written];
		});
		expect(checked.length).toBeGreaterThan(10);
		expect(found).toEqual([]);
	});
});
