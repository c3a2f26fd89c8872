import {Box, Text} from 'ink';
import {describe, expect, test} from 'vitest';
import {type Frame, renderFrame} from '../../source/export/frame.js';
import {Screen} from '../../source/export/screen.js';
import {playInto, screenCells, screenText} from './terminal.js';

const size = {cols: 40, rows: 6};

// Stand-ins with what makes diffing hard: colours, bold, inverse, wide characters, shrinking text.
const frames: Frame[] = [
	renderFrame(
		<Box borderStyle="round" flexDirection="column">
			<Text color="green">holder A token 1</Text>
			<Text bold>row-42 = "A" 日本語</Text>
		</Box>,
		size,
		true,
	),
	renderFrame(
		<Box borderStyle="round" flexDirection="column">
			<Text color="red">holder - token -</Text>
			<Text>row-42 = "B" にほんご and more</Text>
			<Text inverse>PAUSED</Text>
		</Box>,
		size,
		true,
	),
	renderFrame(<Text backgroundColor="blue">x</Text>, size, true),
	renderFrame(
		<Box flexDirection="column">
			<Text>日本語日本語</Text>
			<Text> 本語日本語</Text>
		</Box>,
		size,
		true,
	),
];

describe('frames', () => {
	test('are exactly `rows` lines, with escape codes only when styled', () => {
		const element = <Text color="green">ok</Text>;
		const colored = renderFrame(element, size, true);
		const plain = renderFrame(element, size, false);
		expect(colored).toHaveLength(size.rows);
		expect(colored[0]).toContain('\u001B[32m');
		expect(plain).toEqual(['ok', '', '', '', '', '']);
	});

	test('do not depend on CI or a terminal in the environment', () => {
		const before = process.env.CI;
		process.env.CI = 'true';
		try {
			expect(renderFrame(<Text color="green">ok</Text>, size, true)[0]).toBe('\u001B[32mok\u001B[39m');
		} finally {
			if (before === undefined) delete process.env.CI;
			else process.env.CI = before;
		}
	});

	test('a taller element is cut to the frame', () => {
		const tall = renderFrame(
			<Box flexDirection="column">
				{[...'abcdefgh'].map(letter => (
					<Text key={letter}>{letter}</Text>
				))}
			</Box>,
			size,
			false,
		);
		expect(tall).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
	});
});

describe('frame diffs', () => {
	test.each(frames.flatMap((from, i) => frames.map((to, j) => [i, j, from, to] as const)))(
		'frame %i then the changes to frame %i show that frame exactly',
		(_i, _j, from, to) => {
			const drawnDirectly = playInto([new Screen(size.cols).show(to)], size.cols, size.rows);
			const screen = new Screen(size.cols);
			const throughDiff = playInto([screen.show(from), screen.show(to)], size.cols, size.rows);
			expect(screenCells(throughDiff)).toEqual(screenCells(drawnDirectly));
		},
	);

	test('a drawn frame shows its text', () => {
		const terminal = playInto([new Screen(size.cols).show(frames[0]!)], size.cols, size.rows);
		expect(screenText(terminal).slice(0, 4)).toEqual([
			`╭${'─'.repeat(38)}╮`,
			`│holder A token 1${' '.repeat(22)}│`,
			// Wide characters take two cells each, the text one character each.
			`│row-42 = "A" 日本語${' '.repeat(19)}│`,
			`╰${'─'.repeat(38)}╯`,
		]);
	});

	test('only changed cells are written', () => {
		const before = renderFrame(<Text>holder A token 1 expires at t=5</Text>, size, false);
		const after = renderFrame(<Text>holder A token 1 expires at t=9</Text>, size, false);
		const screen = new Screen(size.cols);
		expect(screen.show(before)).toMatch(/^\u001B\[H\u001B\[2J/);
		expect(screen.show(after)).toBe('\u001B[1;31H9');
		expect(screen.show(after)).toBe('');
	});

	test('a row that gets shorter is erased to its end', () => {
		const before = renderFrame(<Text>holder A token 1</Text>, size, false);
		const after = renderFrame(<Text>holder A</Text>, size, false);
		const screen = new Screen(size.cols);
		screen.show(before);
		expect(screen.show(after)).toBe('\u001B[1;9H\u001B[K');
	});
});
