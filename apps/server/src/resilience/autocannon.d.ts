// autocannon 9 ships no types: the part of its API the load scenario and the benchmarks (bench/) use.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      path: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
    }
    interface Options {
      url?: string;
      path?: string;
      connections?: number;
      duration?: number;
      overallRate?: number;
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
      method?: string;
      body?: string;
      amount?: number;
    }
    interface Result {
      requests: { total: number; average: number };
      latency: { p50: number; p99: number };
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      statusCodeStats?: Record<string, { count: number }>;
    }
    /** A run: awaited for its result, or followed answer by answer. */
    interface Instance extends PromiseLike<Result> {
      on(event: 'response', listener: (client: unknown, statusCode: number) => void): this;
      stop(): void;
    }
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
