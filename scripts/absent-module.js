// Stands in for @redis/client's optional peers (@opentelemetry/api, @node-rs/xxhash) in the bundle:
// only features dlock-tui does not use load them, and @redis/client catches the failure to.
throw new Error('not in the dlock-tui bundle');
