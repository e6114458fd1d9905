// How the built server is run: `npm start` (apps/server/package.json spells the same flags; a unit test keeps them
// equal), the browser tests and the crash and load harnesses.
// V8's young generation is held to 2 x 8 MB (default 2 x 16) and its old generation grows by 10% before the next full
// collection (default: up to twice its size). Under load the server kept 60-90 MB of garbage it had not yet collected;
// with these, its memory stays ~90 MB lower for ~5% of the dashboard's throughput (bench/README.md, fifth pass).
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=10'];
