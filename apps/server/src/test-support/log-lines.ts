import { PassThrough } from 'node:stream';

/** Collects the server's log lines (buildTestApp's logStream) and finds secrets in them. */
export function logLines() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
  return {
    stream,
    lines,
    /** The secrets (and their URL-encoded forms) that some line contains, each with the first such line. */
    leaks(secrets: Iterable<string>): string[] {
      const found: string[] = [];
      for (const secret of new Set(secrets)) {
        if (secret.length < 8) throw new Error(`too short to look for: ${secret}`);
        const forms = new Set([secret, encodeURIComponent(secret)]);
        const line = lines.find((l) => [...forms].some((form) => l.includes(form)));
        if (line) found.push(`${secret.slice(0, 12)}… in ${line.slice(0, 160)}`);
      }
      return found;
    },
  };
}
