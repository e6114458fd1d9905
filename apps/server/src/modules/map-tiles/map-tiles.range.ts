/**
 * One byte range of a `Range` header (RFC 9110 section 14), what a PMTiles reader asks for: `bytes=first-last`,
 * `bytes=first-` or `bytes=-suffix`.
 * - `whole`: no Range header, or one in a unit other than bytes (which a server must ignore): the whole file, 200;
 * - `part`: the bytes first..last (inclusive, clipped to the file), 206 with Content-Range;
 * - `refused`: malformed, several ranges (no multipart answers), or not within the file: 416 with `bytes *\/size`.
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; first: number; last: number } | { kind: 'refused' };

const ONE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function byteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const value = header.trim();
  if (!/^bytes=/i.test(value)) return /^[a-z]+=/i.test(value) ? { kind: 'whole' } : { kind: 'refused' };
  const match = ONE_RANGE.exec(value.replace(/^bytes=/i, 'bytes=').replace(/\s+/g, ''));
  if (!match) return { kind: 'refused' };
  const [, from, to] = match;
  if (from === '' && to === '') return { kind: 'refused' };
  if (from === '') {
    const suffix = Number(to);
    if (!Number.isSafeInteger(suffix) || suffix === 0 || size === 0) return { kind: 'refused' };
    return { kind: 'part', first: Math.max(0, size - suffix), last: size - 1 };
  }
  const first = Number(from);
  const last = to === '' ? size - 1 : Number(to);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last < first || first >= size) {
    return { kind: 'refused' };
  }
  return { kind: 'part', first, last: Math.min(last, size - 1) };
}
