// autocannon 9 ships no types: the part of its promise API the load scenario uses.
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
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
