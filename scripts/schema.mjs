// Writes scenarios/schema.json from the zod schema (source/scenario/schema.ts).
// The source is TypeScript, so it is bundled first and imported from memory.

import {build} from 'esbuild';
import {writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = await build({
	absWorkingDir: root,
	entryPoints: ['source/scenario/json-schema.ts'],
	bundle: true,
	platform: 'node',
	format: 'esm',
	write: false,
	logLevel: 'warning',
});
const {scenarioJsonSchemaText} = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].contents).toString('base64')}`);
writeFileSync(new URL('../scenarios/schema.json', import.meta.url), scenarioJsonSchemaText());
console.log('wrote scenarios/schema.json');
