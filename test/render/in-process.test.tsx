// vitest and ink-testing-library render with the Ink in node_modules, which `npm ci` patches
// (patches/): the Ink the bin bundles. A row of styled text shows it: the patched Output writes it
// as it is, where Ink's own cell-by-cell drawing writes the same cells in other bytes.

import {Chalk} from 'chalk';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {expect, test} from 'vitest';
import {inkModule} from './ink-module.js';

interface InkOutput {
	write(x: number, y: number, text: string, options: {transformers: []}): void;
	getByCharacter(): {output: string};
}

const {default: Output} = await inkModule<{default: new (options: {width: number; height: number}) => InkOutput}>('output');
const chalk = new Chalk({level: 3});

test('a row of styled text comes out of an in-process render as it was written', () => {
	// Two red runs side by side: drawn cell by cell, they become one.
	const row = chalk.red('lock') + chalk.red(' A');
	const byCharacter = new Output({width: 20, height: 1});
	byCharacter.write(0, 0, row, {transformers: []});
	expect(byCharacter.getByCharacter().output).toBe(chalk.red('lock A'));

	const {lastFrame, unmount} = render(<Text>{row}</Text>);
	expect(lastFrame()).toBe(row);
	unmount();
});
