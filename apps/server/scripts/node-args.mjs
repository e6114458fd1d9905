// How the built server is run: `npm start` (apps/server/package.json spells the same flags and environment; a unit
// test keeps them equal), `npm run start:cluster`'s workers, the browser tests and the crash and load harnesses.
// V8's young generation is held to 2 x 8 MB (default 2 x 16) and its old generation grows by 40% before the next full
// collection (default: up to twice its size). Under load the server kept 60-90 MB of garbage it had not yet collected;
// with these its memory stays lower. 10% (the earlier setting) kept it lowest but ran a full collection every few
// seconds under load, each a 10-60 ms pause for every request in flight: the dashboard's p99 at 50 connections
// 99-100 ms against 63-80 with 40%, for ~25 MB more RSS (bench/api-load-bench.ts; decision 0019).
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=40'];

// glibc's malloc serves a block over its mmap threshold with a mapping of its own, returned to the system when freed;
// the threshold starts at 128 kB but rises to each such block freed, up to 32 MB. A password hash (scrypt, 32 MB, on
// one of libuv's four threads) raised it at once, and from then on each thread kept its last hash's 32 MB in its own
// arena: ~75 MB more resident under sign-ins. A fixed threshold keeps large blocks mapped and returned (RSS max under
// the load test 408-421 -> 337-345 MB, idle 303 -> 267 MB, the dashboard's throughput the same: bench/api-load-bench.ts).
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '4194304' };
