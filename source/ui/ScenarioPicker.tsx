// The scenario picker: the built-in scenarios under a heading per backend (and the file opened
// from the command line first, if it is not one of them), by name and title, and the highlighted
// one's description where the rows allow. Its keys are the app's (appState.ts): this draws the
// picker the state holds.

import {Box} from 'ink';
import SelectInput from 'ink-select-input';
import {builtinGroups, loadScenario, ScenarioLoadError} from '../scenario/files.js';
import {type Lang, narrationIn} from '../text/narration.js';
import type {Scenario} from '../scenario/parse.js';
import {fit, wrap} from '../text/fit.js';
import type {Picker, PickerChoice, ScenarioShelf} from './appState.js';
import {labelsFor} from './labels.js';
import {piece, type Row} from './panes/rows.js';
import {Rows} from './Rows.js';
import {useLook} from './useLook.js';

export interface ScenarioPickerProps {
	readonly picker: Picker;
	readonly width: number;
	readonly height: number;
}

function pickerChoices(current: Scenario, lang: Lang): PickerChoice[] {
	const groups = builtinGroups(lang);
	const builtins = groups.flatMap(group => group.scenarios.map((scenario, index) => ({...scenario, heading: index === 0 ? group.heading : null})));
	const own = current.path !== undefined && !builtins.some(choice => choice.file === current.path);
	const short = current.short === null ? null : narrationIn(current.short, lang);
	const description = current.description === null ? null : narrationIn(current.description, lang);
	return [...(own ? [{file: current.path!, name: current.file, title: narrationIn(current.title, lang), short, description, heading: null}] : []), ...builtins];
}

/** The scenario files as the picker lists and opens them, read again each time it opens. */
export function scenarioShelf(lang: Lang): ScenarioShelf {
	return {
		list: current => pickerChoices(current, lang),
		open: file => {
			try {
				return {ok: true, scenario: loadScenario(file)};
			} catch (error) {
				if (!(error instanceof ScenarioLoadError)) throw error;
				return {ok: false, problems: error.problems};
			}
		},
	};
}

export function ScenarioPicker({picker: {choices, index, problems}, width, height}: ScenarioPickerProps) {
	const look = useLook();
	const nameWidth = Math.max(...choices.map(choice => choice.name.length));
	// The title where it fits, else the short title (a row is the width less the pointer, the name and a gap).
	const room = width - 2 - nameWidth - 2;
	const titleOf = (choice: PickerChoice) => (choice.short !== null && fit(choice.title, room) !== choice.title ? choice.short : choice.title);
	const items = choices.map(choice => ({key: choice.file, value: choice.file, label: `${choice.name.padEnd(nameWidth)}  ${titleOf(choice)}`}));
	// ink-select-input draws one row an item: a heading is drawn above its group's first item, by the item.
	const headings = new Map(choices.map((choice, at) => [items[at]!.label, choice.heading]));
	const words = labelsFor(look.lang).picker;
	const heading: Row[] = [[piece(` ${words.title} `, 'title')], [piece(words.keys(look.ascii), 'dim')], []];
	// A broken file says why it did not open; a few lines are enough to find the first mistake.
	const problemRows: Row[] = problems.slice(0, 3).map(problem => [piece(fit(problem, width, look.glyphs.ellipsis), 'warn')]);
	// A heading takes a row of its own: the list scrolls when the items and every heading do not fit.
	const rowsLeft = height - heading.length - problemRows.length;
	const headingCount = choices.filter(choice => choice.heading !== null).length;
	const scrolls = choices.length + headingCount > rowsLeft;
	// A list that scrolls keeps a row under it to name the groups out of view, so that every group can be found.
	const limit = scrolls ? Math.max(1, rowsLeft - headingCount - 1) : choices.length;
	// ink-select-input, drawn anew for each line, shows the first `limit` lines, or those that end at the highlighted one.
	const first = Math.max(0, index - (limit - 1));
	const groupsOf = (lines: readonly PickerChoice[]) => lines.flatMap(choice => (choice.heading === null ? [] : [choice.heading]));
	const outOfView = scrolls ? labelsFor(look.lang).picker.outOfView(groupsOf(choices.slice(0, first)), groupsOf(choices.slice(first + limit))) : null;
	const outOfViewRows: Row[] = outOfView ? [[piece(fit(outOfView, width, look.glyphs.ellipsis), 'dim')]] : [];
	// The highlighted scenario's description (and its sources) under the whole list, where it fits whole.
	const spare = rowsLeft - choices.length - headingCount - 1;
	const description = limit === choices.length ? wrap(choices[index]!.description ?? '', width - 2, spare + 1) : [];
	const descriptionRows: Row[] = description.length > 0 && description.length <= spare ? [[], ...description.map(line => [piece(` ${line}`, 'dim')])] : [];
	return (
		<Box flexDirection="column" width={width}>
			<Rows rows={heading} width={width} />
			{/* ink-select-input reads the highlighted line only as it mounts; listening itself, it would
			    move from the line of the frame before, and hear nothing until a moment after it is
			    drawn. So it does not listen, and a new one draws each line and size the app gives it. */}
			<SelectInput
				key={`${index} ${limit}`}
				items={items}
				limit={limit}
				initialIndex={index}
				isFocused={false}
				indicatorComponent={() => null}
				itemComponent={({isSelected, label}) => {
					const groupHeading = headings.get(label);
					const row: Row = [
						piece(isSelected ? `${look.glyphs.pointer} ` : '  ', 'accent'),
						piece(fit(label, width - 2, look.glyphs.ellipsis), isSelected ? 'selected' : 'plain'),
					];
					return <Rows rows={groupHeading ? [[piece(groupHeading, 'label')], row] : [row]} width={width} />;
				}}
			/>
			<Rows rows={[...outOfViewRows, ...descriptionRows, ...problemRows]} width={width} />
		</Box>
	);
}
