// The entry of a live Redlock run's client process (dist/redlock-client.js, beside the bin):
// `dlock-tui live` starts one per client. It loads the client and the Redis client and nothing else.

import packageJson from '../package.json' with {type: 'json'};
import {runClientEntry} from './client-entry.js';
import {runRedlockClient} from './live/redlock-client.js';

await runClientEntry('redlock-client.js', packageJson.version, runRedlockClient);
