// Preloaded (node --require) into the built bin by a test that signals it: writes on fd 3 the name
// of each signal the program starts to listen for. The test sends the signal once the program
// listens, rather than after a wait that a busy machine may make too short.
const {writeSync} = require('node:fs');

process.on('newListener', event => {
	// Node starts catching a signal in a listener of its own, added before this one: it is caught
	// by the time the name is read.
	if (typeof event === 'string' && event.startsWith('SIG')) writeSync(3, `${event}\n`);
});
