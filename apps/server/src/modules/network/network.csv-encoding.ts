import { CsvFileError } from './network.csv-headers.js';

/**
 * The text of an uploaded or read CSV file (decision 0054). A byte order mark decides (UTF-8, UTF-16 LE/BE); else
 * UTF-16 without one shows as a NUL in every other byte; else valid UTF-8 is UTF-8; else Windows-1252 (which covers
 * Latin-1's printable characters), unless the bytes hold what no text in it holds (NULs, the five bytes 1252 leaves
 * undefined, control characters): then the file is refused with what to do, never read into U+FFFD. Decoding is the
 * platform's WHATWG TextDecoder (full ICU in Node), which also reads any encoding named with `encoding`.
 */

export interface DecodedCsv {
  text: string;
  /** The encoding read, as people say it (e.g. "UTF-8 with BOM", "Windows-1252"). */
  encoding: string;
}

const SAVE_AS = 'Save it as "CSV UTF-8" (Excel: File > Save As) or name its encoding';

const decode = (bytes: Uint8Array, label: string) => new TextDecoder(label, { fatal: true }).decode(bytes);

function startsWith(bytes: Uint8Array, prefix: number[]) {
  return prefix.every((b, i) => bytes[i] === b);
}

/** UTF-16 without a BOM: most even (BE) or odd (LE) bytes are NUL, as in text of Latin letters. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul += 1;
    if (bytes[i + 1] === 0) oddNul += 1;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.6 && evenNul < pairs * 0.1) return 'utf-16le';
  if (evenNul > pairs * 0.6 && oddNul < pairs * 0.1) return 'utf-16be';
  return null;
}

/** A byte no Windows-1252 text file holds: C0 controls but tab/LF/CR, DEL, and 0x81 0x8D 0x8F 0x90 0x9D. */
const notText = (b: number) =>
  (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f || [0x81, 0x8d, 0x8f, 0x90, 0x9d].includes(b);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

export function decodeCsv(bytes: Uint8Array, encoding?: string): DecodedCsv {
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE))
    throw new CsvFileError('The file is a spreadsheet (xlsx or xls), not CSV. Save it as "CSV UTF-8" and try again.');
  if (encoding) {
    const label = encoding.toLowerCase();
    try {
      return { text: stripBom(decode(bytes, label)), encoding: new TextDecoder(label).encoding.toUpperCase() };
    } catch (error) {
      throw new CsvFileError(
        error instanceof RangeError && /encoding|label/i.test(error.message)
          ? `Unknown encoding '${encoding}'.`
          : `The file is not ${encoding}: it holds bytes that encoding does not use.`,
      );
    }
  }
  try {
    if (startsWith(bytes, [0xef, 0xbb, 0xbf]))
      return { text: decode(bytes.subarray(3), 'utf-8'), encoding: 'UTF-8 with BOM' };
    if (startsWith(bytes, [0xff, 0xfe])) return { text: decode(bytes.subarray(2), 'utf-16le'), encoding: 'UTF-16LE' };
    if (startsWith(bytes, [0xfe, 0xff])) return { text: decode(bytes.subarray(2), 'utf-16be'), encoding: 'UTF-16BE' };
  } catch {
    throw new CsvFileError(`The file starts with a byte order mark but its text is not in that encoding. ${SAVE_AS}.`);
  }
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) {
    try {
      return { text: decode(bytes, utf16), encoding: utf16.toUpperCase() };
    } catch {
      // not UTF-16 after all: the checks below say what it is
    }
  }
  try {
    return { text: decode(bytes, 'utf-8'), encoding: 'UTF-8' };
  } catch {
    // not UTF-8: a single-byte encoding, or not text
  }
  const bad = bytes.findIndex(notText);
  if (bad >= 0) {
    const hex = bytes[bad].toString(16).toUpperCase().padStart(2, '0');
    throw new CsvFileError(
      `Cannot tell the file's encoding: it is not UTF-8 or UTF-16, and byte 0x${hex} at position ${bad + 1} ` +
        `is not text in Windows-1252 (Latin-1) either. ${SAVE_AS}.`,
    );
  }
  return { text: decode(bytes, 'windows-1252'), encoding: 'Windows-1252' };
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
