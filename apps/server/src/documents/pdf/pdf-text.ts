import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, line by line, read from its (Flate-compressed) content streams: enough for tests to check
 * that words are real text, not pictures. Handles the hex and literal strings of Tj / TJ that pdfkit writes for
 * the built-in fonts (WinAnsi, one byte per character).
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  const streamRe = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamRe.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const op of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g)) {
      const body = op[1] ?? op[2];
      let text = '';
      for (const piece of body.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^)\\]|\\.)*)\)/g)) {
        if (piece[1] !== undefined) text += Buffer.from(piece[1].replace(/\s/g, ''), 'hex').toString('latin1');
        else text += piece[2].replace(/\\(.)/g, '$1');
      }
      if (text) lines.push(text);
    }
    streamRe.lastIndex = end;
  }
  return lines;
}
