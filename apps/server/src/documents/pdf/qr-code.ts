import QRCode from 'qrcode';

export interface QrPath {
  /** One SVG path of unit squares, in a size x size box (quiet zone not included). */
  d: string;
  size: number;
}

const cache = new Map<string, QrPath>();

/** A QR code as vector path data (drawn by react-pdf on the poster and by SVG on screen). Cached per text. */
export function qrPath(text: string): QrPath {
  const hit = cache.get(text);
  if (hit) return hit;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size } = qr.modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!qr.modules.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && qr.modules.get(x, y)) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  const result = { d: parts.join(''), size };
  if (cache.size > 500) cache.clear();
  cache.set(text, result);
  return result;
}
