/**
 * Requests at a steady rate whatever the answers (an open model: a slow or failing server does not slow the
 * senders), each outcome kept with its send time, for the resilience scenarios.
 */
export interface Outcome {
  name: string;
  sentAt: number;
  ms: number;
  /** HTTP status, or 0 when there was no answer (refused, reset, timed out). */
  status: number;
  retryAfter: string | null;
  /** What the scenario wants to remember about an acknowledged request (e.g. the key of a write). */
  note?: string;
  /** The start of the body of a 4xx or 5xx answer (to say what went wrong). */
  error?: string;
}

export interface LoadRequest {
  name: string;
  path: string;
  init?: RequestInit;
  note?: string;
}

export async function steadyLoad(
  base: string,
  rate: number,
  durationMs: number,
  next: (i: number) => LoadRequest,
  timeoutMs = 10_000,
) {
  const outcomes: Outcome[] = [];
  const inFlight: Promise<void>[] = [];
  const began = performance.now();
  for (let i = 0; performance.now() - began < durationMs; i += 1) {
    const due = began + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const request = next(i);
    const sentAt = performance.now() - began;
    inFlight.push(
      (async () => {
        const t0 = performance.now();
        try {
          const res = await fetch(base + request.path, { ...request.init, signal: AbortSignal.timeout(timeoutMs) });
          const body = await res.text();
          outcomes.push({
            name: request.name,
            sentAt,
            ms: performance.now() - t0,
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            note: request.note,
            ...(res.status >= 400 ? { error: body.slice(0, 200) } : {}),
          });
        } catch {
          outcomes.push({
            name: request.name,
            sentAt,
            ms: performance.now() - t0,
            status: 0,
            retryAfter: null,
            note: request.note,
          });
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  return outcomes.sort((a, b) => a.sentAt - b.sentAt);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
