import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Files the server keeps (published documents, recordings): under its data folder (this file), or in the database
 * when several server processes share one (database-file-store.ts). A file appears complete or not at all: it
 * is written to tmp/ and renamed into place, so a crash mid-write never leaves a half file under its real name.
 * Keys are relative paths of safe characters ('generated/2026-10-01/12-publish_all_3.pdf').
 */
export interface FileStore {
  /** Writes `data` under `key` (replacing an earlier file there) and returns its size. */
  write(key: string, data: Uint8Array): Promise<number>;
  /** The file's size and a read stream (of a byte range, ends inclusive), or null when it is not stored. */
  read(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes what crashed writes left in tmp/ (parts older than `olderThanMs`; another process may be writing). */
  clearTemporary(olderThanMs?: number): Promise<number>;
}

export interface StoredFile {
  size: number;
  stream(range?: { start: number; end: number }): Readable;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Relative paths of safe characters, never climbing out ('..'). */
export const isStoredFileKey = (key: string) => KEY.test(key) && !key.includes('..');

export function createFileStore(root: string, options: { sync?: boolean } = {}): FileStore {
  const base = resolve(root);
  const tmp = join(base, 'tmp');
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!isStoredFileKey(key) || relative(base, path).startsWith('..') || path.startsWith(tmp + sep)) {
      throw new Error(`not a stored file key: ${key}`);
    }
    return path;
  };
  return {
    async write(key, data) {
      const target = pathOf(key);
      await mkdir(tmp, { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      const scratch = join(tmp, `${process.pid}-${randomBytes(6).toString('hex')}.part`);
      const handle = await open(scratch, 'w');
      try {
        await handle.writeFile(data);
        // A process crash (even SIGKILL) keeps what was written; a power cut needs the data on disk first.
        if (options.sync) await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(scratch, target);
      return data.byteLength;
    },
    async read(key) {
      let path: string;
      try {
        path = pathOf(key);
      } catch {
        return null;
      }
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, stream: (range) => createReadStream(path, range) };
    },
    async exists(key) {
      return (await this.read(key)) !== null;
    },
    async clearTemporary(olderThanMs = 15 * 60_000) {
      const names = await readdir(tmp).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const info = await stat(join(tmp, name)).catch(() => null);
        if (info && Date.now() - info.mtimeMs >= olderThanMs) {
          await rm(join(tmp, name), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
