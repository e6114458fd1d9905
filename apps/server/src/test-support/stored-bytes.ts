import type { FileStore } from '../storage/file-store.js';

/** A stored file's bytes, or null when it is not stored (tests, the server-process harness). */
export async function storedBytes(files: FileStore, key: string): Promise<Buffer | null> {
  const file = await files.read(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.stream()) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
