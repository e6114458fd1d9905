// autocannon 9 ships no types; the benchmarks use its promise API: autocannon(options) -> result.
declare module 'autocannon';
