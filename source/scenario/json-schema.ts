// The scenario schema as JSON Schema, for editors (scenarios/schema.json, written by npm run schema).

import * as z from 'zod';
import {scenarioSchema} from './schema.js';

/** The text of scenarios/schema.json. Draft 7 is what YAML editors understand best. */
export function scenarioJsonSchemaText(): string {
	const schema = z.toJSONSchema(scenarioSchema, {target: 'draft-7'});
	return `${JSON.stringify(schema, null, '\t')}\n`;
}
