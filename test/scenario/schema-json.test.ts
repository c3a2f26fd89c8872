import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {builtinDirectory, builtinNames} from '../../source/scenario/files.js';
import {scenarioJsonSchemaText} from '../../source/scenario/json-schema.js';

describe('scenarios/schema.json', () => {
	test('is what npm run schema writes from the zod schema', () => {
		const committed = readFileSync(new URL('../../scenarios/schema.json', import.meta.url), 'utf8');
		expect(committed, 'scenarios/schema.json is stale: run npm run schema').toBe(scenarioJsonSchemaText());
	});

	test('knows every key of the format', () => {
		const schema = JSON.parse(scenarioJsonSchemaText());
		expect(Object.keys(schema.properties)).toEqual(['title', 'description', 'resource', 'lease', 'fencing', 'clients', 'steps']);
		expect(schema.required).toEqual(['title', 'clients', 'steps']);
		expect(schema.additionalProperties).toBe(false);
		expect(Object.keys(schema.properties.steps.items.properties)).toEqual(['do', 'say', 'expect']);
	});

	test('every built-in scenario points editors at it', () => {
		for (const name of builtinNames()) {
			const text = readFileSync(`${builtinDirectory()}/${name}.yaml`, 'utf8');
			expect(text.split('\n')[0], name).toBe('# yaml-language-server: $schema=./schema.json');
		}
	});
});
