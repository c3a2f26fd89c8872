// Before any test file runs, dist/ is built from the source as it is now, so a test that starts
// the binary never runs one older than the code beside it.

export {buildCli as setup} from '../scripts/build.mjs';
