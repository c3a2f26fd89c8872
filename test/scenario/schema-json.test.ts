import {readFileSync} from 'node:fs';
import {Ajv} from 'ajv';
import {describe, expect, test} from 'vitest';
import {parse} from 'yaml';
import {builtinDirectory, builtinNames} from '../../source/scenario/files.js';
import {scenarioJsonSchemaText} from '../../source/scenario/json-schema.js';

describe('scenarios/schema.json', () => {
	test('is what npm run schema writes from the zod schema', () => {
		const committed = readFileSync(new URL('../../scenarios/schema.json', import.meta.url), 'utf8');
		expect(committed, 'scenarios/schema.json is stale: run npm run schema').toBe(scenarioJsonSchemaText());
	});

	test('knows every key of the format', () => {
		const schema = JSON.parse(scenarioJsonSchemaText());
		expect(Object.keys(schema.properties)).toEqual([
			'title',
			'short',
			'description',
			'resource',
			'lease',
			'fencing',
			'backend',
			'nodes',
			'tokens',
			'lockDelay',
			'persistent',
			'latency',
			'drift',
			'timeout',
			'twin',
			'clients',
			'steps',
			'explore',
		]);
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

	test('an editor using it accepts every built-in scenario and flags the mistakes the loader flags', () => {
		const validate = new Ajv({allErrors: true, strict: false}).compile(JSON.parse(scenarioJsonSchemaText()));
		for (const name of builtinNames()) {
			const valid = validate(parse(readFileSync(`${builtinDirectory()}/${name}.yaml`, 'utf8')));
			expect(validate.errors ?? [], name).toEqual([]);
			expect(valid).toBe(true);
		}
		const broken = {
			titel: 't',
			lease: 0,
			latency: -1,
			nodes: [{name: 'L1', restartDelay: 1.5}],
			clients: [{name: 'A', renewEvery: 1.5, monotonic: 'yes'}],
			steps: [{do: [], sya: 'x', expect: {holder: 7, clients: {A: {status: 'frozen'}}}}],
		};
		expect(validate(broken)).toBe(false);
		const where = (validate.errors ?? []).map(error => `${error.instancePath} ${error.keyword}`);
		for (const expected of [
			' required',
			' additionalProperties',
			'/lease minimum',
			'/latency minimum',
			'/nodes/0/restartDelay type',
			'/clients/0/monotonic type',
			'/steps/0 additionalProperties',
			'/steps/0/expect/clients/A/status enum',
		]) {
			expect(where).toContain(expected);
		}
	});
});
