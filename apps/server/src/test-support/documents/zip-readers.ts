import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** An entry as a zip reader reports it: method 0 is stored, 8 deflated; time is the zip's local time. */
export interface ReadZipEntry {
  name: string;
  method: number;
  size: number;
  /** 'YYYY-MM-DD HH:mm:ss', as the zip states it (no zone). */
  time: string;
}

const JAVA_CHECK = fileURLToPath(new URL('./ZipStreamCheck.java', import.meta.url));

/**
 * The zip through Java's streaming reader (ZipInputStream: local headers only, each entry's CRC checked), which
 * refuses stored entries followed by a data descriptor. The JDK comes from Debian (scripts/ensure-debian.mjs).
 */
export function javaStreamEntries(zip: Buffer): (ReadZipEntry & { sha256: string })[] {
  const out = execFileSync('java', ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', JAVA_CHECK], {
    input: zip,
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, method, size, time, sha256] = line.split('\t');
      return { name, method: Number(method), size: Number(size), time, sha256 };
    });
}

/**
 * The zip's central directory through Info-ZIP's zipinfo: per entry the method and whether it has a data
 * descriptor ("extended local header") or extra fields (`-` when neither).
 */
export function infoZipEntries(zipPath: string): (ReadZipEntry & { extras: string })[] {
  const out = execFileSync('zipinfo', ['-s', '-T', zipPath], { encoding: 'utf8' });
  const entries = [];
  for (const m of out.matchAll(/^\S{10}\s+\S+\s+\S+\s+(\d+)\s+[tbTB](\S)\s+(\w+)\s+(\d{8})\.(\d{6})\s+(.+)$/gm)) {
    const [, size, extras, method, day, clock, name] = m;
    entries.push({
      name,
      size: Number(size),
      extras,
      method: method === 'stor' ? 0 : method.startsWith('def') ? 8 : -1,
      time: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)} ${clock.slice(0, 2)}:${clock.slice(2, 4)}:${clock.slice(4)}`,
    });
  }
  return entries;
}
