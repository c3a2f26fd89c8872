// The entry of a live etcd run's client process (dist/live-client.js, beside the bin): `dlock-tui
// live` starts one per client. It loads the client and the etcd client and nothing else: started
// through the bin, each client also loaded the command line and the model, ~45 ms more of every start.

import packageJson from '../package.json' with {type: 'json'};
import {runClientEntry} from './client-entry.js';
import {runLiveClient} from './live/client-process.js';

await runClientEntry('live-client.js', packageJson.version, runLiveClient);
