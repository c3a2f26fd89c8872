// Before any test file runs, dist/ is built from the source as it is now, so a test that starts
// the binary never runs one older than the code beside it. A build takes seconds before the first
// test can start: when nothing it reads has changed since dist/ was written, it is not done again.

import {buildCliIfChanged} from '../scripts/build.mjs';

export async function setup() {
	await buildCliIfChanged();
}
