import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF, line by line, as poppler's pdftotext reads it (an independent reader: it decodes the embedded
 * fonts' ToUnicode maps and orders right-to-left text). The bidi marks poppler puts around right-to-left lines
 * (U+202A..U+202E) are dropped, as are empty lines. Needs poppler-utils (scripts/ensure-chromium.mjs installs it).
 */
export function pdfTextLines(pdf: Buffer | Uint8Array): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  return text
    .replace(/[\u202a-\u202e]/g, '')
    .split(/\r?\n|\f/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

/** The fonts of a PDF as poppler's pdffonts lists them. */
export function pdfFonts(pdf: Buffer | Uint8Array): PdfFont[] {
  const out = execFileSync('pdffonts', ['-'], { input: pdf, encoding: 'utf8' });
  // name, type (may hold spaces), encoding, emb, sub, uni, object id, generation: read from the right.
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      const [emb, sub, uni] = cols.slice(-5, -2);
      return {
        name: cols[0],
        type: cols.slice(1, -6).join(' '),
        embedded: emb === 'yes',
        subset: sub === 'yes',
        unicode: uni === 'yes',
      };
    });
}
