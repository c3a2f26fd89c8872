// The scenario picker: the built-in scenarios under a heading per backend (and the file opened
// from the command line first, if it is not one of them), by name and title, and the highlighted
// one's description where the rows allow. Enter opens one; the app closes the picker on Esc.

import {Box} from 'ink';
import SelectInput from 'ink-select-input';
import {useMemo, useState} from 'react';
import {builtinGroups, loadScenario, ScenarioLoadError} from '../scenario/files.js';
import {type Lang, narrationIn} from '../scenario/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {fit, wrap} from '../text/fit.js';
import {piece, type Row} from './panes/rows.js';
import {Rows} from './Rows.js';
import {useLook} from './useLook.js';

export interface ScenarioPickerProps {
	/** The scenario on screen: it is highlighted, and listed first when it is not a built-in one. */
	readonly current: Scenario;
	readonly width: number;
	readonly height: number;
	readonly onOpen: (scenario: Scenario) => void;
}

interface Choice {
	readonly file: string;
	readonly name: string;
	readonly title: string;
	/** Shown where the title does not fit. */
	readonly short: string | null;
	readonly description: string | null;
	/** The backend's heading, on the first scenario of its group. */
	readonly heading: string | null;
}

function choices(current: Scenario, lang: Lang): Choice[] {
	const groups = builtinGroups(lang);
	const builtins = groups.flatMap(group => group.scenarios.map((scenario, index) => ({...scenario, heading: index === 0 ? group.heading : null})));
	const own = current.path !== undefined && !builtins.some(choice => choice.file === current.path);
	const short = current.short === null ? null : narrationIn(current.short, lang);
	const description = current.description === null ? null : narrationIn(current.description, lang);
	return [...(own ? [{file: current.path!, name: current.file, title: narrationIn(current.title, lang), short, description, heading: null}] : []), ...builtins];
}

export function ScenarioPicker({current, width, height, onOpen}: ScenarioPickerProps) {
	const look = useLook();
	const {lang} = look;
	const list = useMemo(() => choices(current, lang), [current, lang]);
	const [problems, setProblems] = useState<readonly string[]>([]);
	const initialIndex = Math.max(
		0,
		list.findIndex(choice => choice.file === current.path),
	);
	const [highlighted, setHighlighted] = useState(list[initialIndex]!.file);
	const nameWidth = Math.max(...list.map(choice => choice.name.length));
	// The title where it fits, else the short title (a row is the width less the pointer, the name and a gap).
	const room = width - 2 - nameWidth - 2;
	const titleOf = (choice: Choice) => (choice.short !== null && fit(choice.title, room) !== choice.title ? choice.short : choice.title);
	const items = list.map(choice => ({key: choice.file, value: choice.file, label: `${choice.name.padEnd(nameWidth)}  ${titleOf(choice)}`}));
	// ink-select-input draws one row an item: a heading is drawn above its group's first item, by the item.
	const headings = new Map(list.map((choice, index) => [items[index]!.label, choice.heading]));
	const ja = lang === 'ja';
	const arrows = look.ascii ? 'Up/Down' : '↑↓';
	const heading: Row[] = [
		[piece(ja ? ' シナリオを開く ' : ' Open a scenario ', 'title')],
		[piece(ja ? `${arrows} で選び Enter で開く。Esc で戻る。` : `${arrows} to choose, Enter to open, Esc to go back.`, 'dim')],
		[],
	];
	// A broken file says why it did not open; a few lines are enough to find the first mistake.
	const problemRows: Row[] = problems.slice(0, 3).map(problem => [piece(fit(problem, width, look.glyphs.ellipsis), 'warn')]);
	const open = (file: string) => {
		try {
			onOpen(loadScenario(file));
		} catch (error) {
			if (!(error instanceof ScenarioLoadError)) throw error;
			setProblems(error.problems);
		}
	};
	// A heading takes a row of its own: the list scrolls when the items and every heading do not fit.
	const rowsLeft = height - heading.length - problemRows.length;
	const headingCount = list.filter(choice => choice.heading !== null).length;
	const limit = list.length + headingCount <= rowsLeft ? list.length : Math.max(1, rowsLeft - headingCount);
	// The highlighted scenario's description (and its sources) under the whole list, where it fits whole.
	const spare = rowsLeft - list.length - headingCount - 1;
	const description = limit === list.length ? wrap(list.find(choice => choice.file === highlighted)?.description ?? '', width - 2, spare + 1) : [];
	const descriptionRows: Row[] = description.length > 0 && description.length <= spare ? [[], ...description.map(line => [piece(` ${line}`, 'dim')])] : [];
	return (
		<Box flexDirection="column" width={width}>
			<Rows rows={heading} width={width} />
			<SelectInput
				items={items}
				limit={limit}
				initialIndex={initialIndex}
				indicatorComponent={() => null}
				itemComponent={({isSelected, label}) => {
					const groupHeading = headings.get(label);
					const row: Row = [
						piece(isSelected ? `${look.glyphs.pointer} ` : '  ', 'accent'),
						piece(fit(label, width - 2, look.glyphs.ellipsis), isSelected ? 'selected' : 'plain'),
					];
					return <Rows rows={groupHeading ? [[piece(groupHeading, 'label')], row] : [row]} width={width} />;
				}}
				onSelect={item => open(item.value)}
				onHighlight={item => setHighlighted(item.value)}
			/>
			<Rows rows={[...descriptionRows, ...problemRows]} width={width} />
		</Box>
	);
}
