// The floor of a worker round trip: a worker that answers each message with itself. The bench times a message to it
// and back beside QueryLab's own round trips (bench/query-latency.ts), so the figure says how much of the worker's
// fixed cost per query is the machine's (threads waking, messaging) and how much is QueryLab's.
onmessage = (event) => postMessage(event.data);
