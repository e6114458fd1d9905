// Makes the map's label glyphs (see README.md): MapLibre glyph PBFs (signed distance fields, 24 px, 3 px border,
// radius 8, cutoff 0.25, as MapLibre's own local glyphs) from the Noto Sans fonts the PDFs already use
// (@expo-google-fonts/noto-sans), written to apps/web/public/map/fonts/<font>/<range>.pbf and served with the app.
// Run from the repository root: node apps/web/src/features/network-map/map-data/make-glyphs.mjs
// Uses fontkit and pbf (5, PbfWriter) from the project's node_modules; the distance field is computed exactly from the outlines.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import { PbfWriter } from 'pbf';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, '../../../../public/map/fonts');
const FONTS = {
  'Noto Sans Regular': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'Noto Sans Medium': '@expo-google-fonts/noto-sans/500Medium/NotoSans_500Medium.ttf',
  'Noto Sans Italic': '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
};
// Basic Latin and Latin-1, Latin Extended-A, general punctuation (dashes, quotes): every place name in map-data.
const RANGES = [0, 256, 8192];
const SIZE = 24;
const BORDER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;
// Server glyphs put "top" above the em box; MapLibre lines local glyphs up with them by the same offset.
const TOP_ADJUSTMENT = 26;

/** The glyph's outline as line segments in pixels (y up), curves flattened. */
function segments(path, scale) {
  const out = [];
  let start = null;
  let at = null;
  const line = (p) => {
    out.push([at[0], at[1], p[0], p[1]]);
    at = p;
  };
  const P = (x, y) => [x * scale, y * scale];
  for (const { command, args } of path.commands) {
    if (command === 'moveTo') {
      if (at && start && (at[0] !== start[0] || at[1] !== start[1])) line(start);
      start = at = P(args[0], args[1]);
    } else if (command === 'lineTo') line(P(args[0], args[1]));
    else if (command === 'quadraticCurveTo') {
      const [c, e] = [P(args[0], args[1]), P(args[2], args[3])];
      const s = at;
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        line([u * u * s[0] + 2 * u * t * c[0] + t * t * e[0], u * u * s[1] + 2 * u * t * c[1] + t * t * e[1]]);
      }
    } else if (command === 'bezierCurveTo') {
      const [c1, c2, e] = [P(args[0], args[1]), P(args[2], args[3]), P(args[4], args[5])];
      const s = at;
      for (let i = 1; i <= 10; i++) {
        const t = i / 10;
        const u = 1 - t;
        const f = (k) => u * u * u * s[k] + 3 * u * u * t * c1[k] + 3 * u * t * t * c2[k] + t * t * t * e[k];
        line([f(0), f(1)]);
      }
    } else if (command === 'closePath' && at && start) {
      if (at[0] !== start[0] || at[1] !== start[1]) line(start);
      at = start;
    }
  }
  if (at && start && (at[0] !== start[0] || at[1] !== start[1])) line(start);
  return out;
}

function distanceToSegment(px, py, [x1, y1, x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len));
  const ex = x1 + t * dx - px;
  const ey = y1 + t * dy - py;
  return Math.sqrt(ex * ex + ey * ey);
}

/** Non-zero winding: inside the outline. */
function inside(px, py, segs) {
  let winding = 0;
  for (const [x1, y1, x2, y2] of segs) {
    if (y1 <= py) {
      if (y2 > py && (x2 - x1) * (py - y1) - (px - x1) * (y2 - y1) > 0) winding++;
    } else if (y2 <= py && (x2 - x1) * (py - y1) - (px - x1) * (y2 - y1) < 0) winding--;
  }
  return winding !== 0;
}

function glyphOf(font, codePoint) {
  if (!font.hasGlyphForCodePoint(codePoint)) return null;
  const glyph = font.glyphForCodePoint(codePoint);
  const scale = SIZE / font.unitsPerEm;
  const advance = Math.round(glyph.advanceWidth * scale);
  const segs = segments(glyph.path, scale);
  const box = glyph.path.bbox;
  if (segs.length === 0 || !Number.isFinite(box.minX)) {
    return { id: codePoint, width: 0, height: 0, left: 0, top: -TOP_ADJUSTMENT, advance, bitmap: null };
  }
  const left = Math.floor(box.minX * scale);
  const bottom = Math.floor(box.minY * scale);
  const right = Math.ceil(box.maxX * scale);
  const top = Math.ceil(box.maxY * scale);
  const width = right - left;
  const height = top - bottom;
  const w = width + 2 * BORDER;
  const h = height + 2 * BORDER;
  const bitmap = new Uint8Array(w * h);
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      const px = left - BORDER + col + 0.5;
      const py = top + BORDER - row - 0.5;
      let d = Infinity;
      for (const s of segs) d = Math.min(d, distanceToSegment(px, py, s));
      const signed = inside(px, py, segs) ? -d : d;
      bitmap[row * w + col] = Math.max(0, Math.min(255, Math.round(255 - 255 * (signed / RADIUS + CUTOFF))));
    }
  }
  return { id: codePoint, width, height, left, top: top - TOP_ADJUSTMENT, advance, bitmap };
}

function writeRange(name, font, start) {
  const pbf = new PbfWriter();
  pbf.writeMessage(1, (_, p) => {
    p.writeStringField(1, name);
    p.writeStringField(2, `${start}-${start + 255}`);
    for (let cp = start; cp <= start + 255; cp++) {
      const g = glyphOf(font, cp);
      if (!g) continue;
      p.writeMessage(3, (__, q) => {
        q.writeVarintField(1, g.id);
        if (g.bitmap) q.writeBytesField(2, g.bitmap);
        q.writeVarintField(3, g.width);
        q.writeVarintField(4, g.height);
        q.writeSVarintField(5, g.left);
        q.writeSVarintField(6, g.top);
        q.writeVarintField(7, g.advance);
      });
    }
  });
  return pbf.finish();
}

for (const [name, file] of Object.entries(FONTS)) {
  const font = fontkit.create(readFileSync(require.resolve(file)));
  mkdirSync(join(OUT, name), { recursive: true });
  for (const start of RANGES) {
    const bytes = writeRange(name, font, start);
    writeFileSync(join(OUT, name, `${start}-${start + 255}.pbf`), bytes);
    console.log(`${name} ${start}-${start + 255}: ${bytes.length} bytes`);
  }
}
