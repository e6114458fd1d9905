import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/http-error.js';
import type { FileStore } from '../../storage/file-store.js';

/** Recording formats we accept, recognised by their first bytes (never by the declared content type). */
export interface AudioKind {
  contentType: string;
  ext: string;
}

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

/** The recording's format from its magic bytes, or null when it is not audio we can play back. */
export function sniffAudio(b: Uint8Array): AudioKind | null {
  if (b.length < 16) return null;
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE') && ascii(b, 12, 'fmt '))
    return { contentType: 'audio/wav', ext: 'wav' };
  if (ascii(b, 0, 'OggS')) return { contentType: 'audio/ogg', ext: 'ogg' };
  if (ascii(b, 0, 'fLaC')) return { contentType: 'audio/flac', ext: 'flac' };
  if (
    ascii(b, 4, 'ftyp') &&
    ['M4A ', 'M4B ', 'mp42', 'isom', 'mp41', 'dash', 'iso2'].some((brand) => ascii(b, 8, brand))
  ) {
    return { contentType: 'audio/mp4', ext: 'm4a' };
  }
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)
    return { contentType: 'audio/webm', ext: 'webm' };
  if (ascii(b, 0, 'ID3')) return { contentType: 'audio/mpeg', ext: 'mp3' };
  // An MPEG audio frame header: 11 sync bits, a valid version, layer, bit rate and sample rate.
  const version = (b[1] >> 3) & 3,
    layer = (b[1] >> 1) & 3,
    rate = b[2] >> 4,
    sample = (b[2] >> 2) & 3;
  if (
    b[0] === 0xff &&
    (b[1] & 0xe0) === 0xe0 &&
    version !== 1 &&
    layer !== 0 &&
    rate !== 0 &&
    rate !== 15 &&
    sample !== 3
  ) {
    return { contentType: 'audio/mpeg', ext: 'mp3' };
  }
  return null;
}

export function requireAudio(body: unknown): { data: Uint8Array; kind: AudioKind } {
  if (!(body instanceof Uint8Array) || body.byteLength === 0) {
    throw badRequest('No recording was sent.', 'send the audio file as the request body');
  }
  const kind = sniffAudio(body);
  if (!kind)
    throw badRequest(
      'The file is not a recording we can play.',
      'accepted: WAV, MP3, OGG, FLAC, M4A, WebM (recognised by their first bytes)',
    );
  return { data: body, kind };
}

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 14.1.2): a range, 'none' when the header is absent or names
 * another unit (serve the whole file), or 'unsatisfiable' (416) for ranges outside the file, several ranges or bad syntax.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const value = header.trim();
  if (!/^bytes=/i.test(value)) return 'none';
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(value);
  if (!m || (m[1] === '' && m[2] === '')) return 'unsatisfiable';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || Number(m[2] === '' ? start : m[2]) < start) return 'unsatisfiable';
  return { start, end };
}

/** Streams a stored recording with range support (206 + Content-Range, 416 outside the file). */
export async function sendAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  key: string,
  contentType: string,
) {
  const file = await files.read(key);
  if (!file) throw new HttpError(404, 'not_found', 'The recording is not stored.');
  const range = parseRange(request.headers.range, file.size);
  reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600');
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${file.size}`)
      .send({
        type: 'validation_error',
        message: 'The requested range is outside the recording.',
        detail: `the recording has ${file.size} bytes`,
      });
  }
  reply.header('content-type', contentType);
  if (range === 'none') return reply.header('content-length', file.size).send(file.stream());
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(file.stream(range));
}
