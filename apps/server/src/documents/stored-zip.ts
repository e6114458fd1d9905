import { PassThrough, type Readable, type Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { reportWallClock } from '@openrescue/shared';

/** One file to put in the zip: its stored size is known before its bytes are read. */
export interface ZipSource {
  name: string;
  size: number;
  modified: Date;
  open(): Readable;
}

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const UTF8_NAMES = 1 << 11;
const VERSION = 20;
const MADE_BY_UNIX = (3 << 8) | VERSION;
const FILE_MODE = (0o100644 << 16) >>> 0;
/** Past this the offsets need zip64, which this writer does not write. */
export const STORED_ZIP_MAX_BYTES = 0xffff_fffe;

/** The zip's exact length: a local header and a central record per file (no extra fields), then the end record. */
export function storedZipSize(sources: readonly ZipSource[]): number {
  return sources.reduce(
    (n, s) => n + LOCAL_HEADER + CENTRAL_HEADER + 2 * Buffer.byteLength(s.name) + s.size,
    END_RECORD,
  );
}

/**
 * An instant as MS-DOS date and time fields, the wall clock in the network's time zone (REPORT_TIME_ZONE): DOS
 * times carry no zone, and every zip reader shows them as they are.
 */
export function dosDateTime(at: Date): { date: number; time: number } {
  const wall = reportWallClock(at);
  const p = {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
  if (p.year < 1980) return { date: (1 << 5) | 1, time: 0 };
  return {
    date: ((p.year - 1980) << 9) | (p.month << 5) | p.day,
    time: (p.hour << 11) | (p.minute << 5) | (p.second >> 1),
  };
}

/** The fields a local header and a central record share, from 'version needed' to the extra field's length. */
function sharedFields(name: Buffer, size: number, crc: number, at: Date): Buffer {
  const { date, time } = dosDateTime(at);
  const b = Buffer.alloc(26);
  b.writeUInt16LE(VERSION, 0);
  b.writeUInt16LE(UTF8_NAMES, 2);
  b.writeUInt16LE(0, 4); // stored
  b.writeUInt16LE(time, 6);
  b.writeUInt16LE(date, 8);
  b.writeUInt32LE(crc, 10);
  b.writeUInt32LE(size, 14);
  b.writeUInt32LE(size, 18);
  b.writeUInt16LE(name.length, 22);
  b.writeUInt16LE(0, 24);
  return b;
}

function localHeader(fields: Buffer, name: Buffer): Buffer {
  const sig = Buffer.alloc(4);
  sig.writeUInt32LE(0x04034b50, 0);
  return Buffer.concat([sig, fields, name]);
}

function centralRecord(fields: Buffer, name: Buffer, offset: number): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(MADE_BY_UNIX, 4);
  const tail = Buffer.alloc(14); // comment length, disk, internal attributes: 0
  tail.writeUInt32LE(FILE_MODE, 6);
  tail.writeUInt32LE(offset, 10);
  return Buffer.concat([head, fields, tail, name]);
}

function endRecord(count: number, centralSize: number, centralOffset: number): Buffer {
  const b = Buffer.alloc(END_RECORD);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(centralSize, 12);
  b.writeUInt32LE(centralOffset, 16);
  return b;
}

/** Writes a chunk and waits while the reader is behind; false once the reader has gone. */
async function send(out: Writable, chunk: Buffer): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
  return !out.destroyed;
}

async function writeZip(sources: readonly ZipSource[], out: Writable) {
  const central: Buffer[] = [];
  let offset = 0;
  for (const s of sources) {
    const data = await buffer(s.open());
    if (data.length !== s.size) throw new Error(`${s.name} has ${data.length} bytes, ${s.size} were announced`);
    const name = Buffer.from(s.name, 'utf8');
    const fields = sharedFields(name, data.length, crc32(data), s.modified);
    const local = localHeader(fields, name);
    central.push(centralRecord(fields, name, offset));
    if (!(await send(out, Buffer.concat([local, data])))) return;
    offset += local.length + data.length;
  }
  const directory = Buffer.concat(central);
  out.end(Buffer.concat([directory, endRecord(sources.length, directory.length, offset)]));
}

/**
 * A zip of already-compressed documents, streamed one document at a time (only that one in memory). Entries are
 * stored with their CRC and sizes in the local header and no data descriptor, which every reader accepts, streaming
 * ones included (Java's ZipInputStream refuses stored entries with a data descriptor); the zip's length is known
 * before the first byte. yazl cannot write this from streams, and its addBuffer keeps every buffer to the end.
 * At most 65,535 files and STORED_ZIP_MAX_BYTES in all (no zip64): the caller checks.
 */
export function storedZip(sources: readonly ZipSource[]): { size: number; stream: Readable } {
  const size = storedZipSize(sources);
  if (sources.length > 0xffff || size > STORED_ZIP_MAX_BYTES) throw new Error('too large for a zip without zip64');
  const out = new PassThrough();
  writeZip(sources, out).catch((err: Error) => out.destroy(err));
  return { size, stream: out };
}
