import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

/**
 * The fonts of every PDF the server renders (decision 0048): Noto Sans families, embedded as subsets. A document's
 * font stack is a list of families; react-pdf takes, character by character, the first family that has the glyph,
 * shapes each run with fontkit (Arabic joining, Indic reordering) and orders right-to-left runs (bidi-js).
 */
export const BASE_FAMILY = 'Noto Sans';

const FAMILY_FILES: Record<string, string> = {
  // Latin with Latin Extended and Vietnamese, Greek, Cyrillic and Devanagari.
  [BASE_FAMILY]: 'noto-sans/{w}/NotoSans_{w}.ttf',
  'Noto Sans SC': 'noto-sans-sc/{w}/NotoSansSC_{w}.ttf',
  'Noto Sans TC': 'noto-sans-tc/{w}/NotoSansTC_{w}.ttf',
  'Noto Sans JP': 'noto-sans-jp/{w}/NotoSansJP_{w}.ttf',
  'Noto Sans KR': 'noto-sans-kr/{w}/NotoSansKR_{w}.ttf',
  'Noto Sans Arabic': 'noto-sans-arabic/{w}/NotoSansArabic_{w}.ttf',
  'Noto Sans Gurmukhi': 'noto-sans-gurmukhi/{w}/NotoSansGurmukhi_{w}.ttf',
};
const WEIGHTS = { 400: '400Regular', 700: '700Bold' } as const;

const require = createRequire(import.meta.url);
let registered = false;

/** Registers the families with react-pdf (once per thread: each render thread has its own font store). */
export function registerPdfFonts(): void {
  if (registered) return;
  registered = true;
  for (const [family, file] of Object.entries(FAMILY_FILES)) {
    Font.register({
      family,
      fonts: Object.entries(WEIGHTS).map(([weight, dir]) => ({
        src: require.resolve(`@expo-google-fonts/${file.replaceAll('{w}', dir)}`),
        fontWeight: Number(weight),
      })),
    });
  }
}

interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseGlyphIndex: number): void;
}
interface LoadedFont {
  _glyphs: Record<number, unknown>;
  ascent: number;
  descent: number;
  unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor | null } };
}
const guarded = new WeakSet<object>();

/**
 * fontkit 2.0.4 throws on a NULL anchor in GPOS mark positioning, which OpenType allows and Noto Sans Gurmukhi has
 * (ਪੰ fails: foliojs/fontkit#367, fix proposed in #374). Skip such an attachment as HarfBuzz does; drop this when a
 * fontkit release has the fix.
 */
function skipNullAnchors(font: LoadedFont): void {
  const gpos = font._layoutEngine?.engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as GposProcessor;
  if (guarded.has(proto)) return;
  guarded.add(proto);
  const apply = proto.applyAnchor;
  proto.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord.markAnchor) return;
    apply.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
}

async function loadedFont(family: string, fontWeight: 400 | 700): Promise<LoadedFont> {
  await Font.load({ fontFamily: family, fontWeight });
  const font = Font.getFont({ fontFamily: family, fontWeight }).data as unknown as LoadedFont;
  skipNullAnchors(font);
  // fontkit keeps each glyph object it made and react-pdf's text layout can change one in place: after some posters,
  // a later document's 'M' vanished and its 'E' lost its text. Each document starts from fresh glyph objects.
  font._glyphs = {};
  return font;
}

const has = (text: string, script: RegExp) => script.test(text);
const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;

/**
 * The font stack for a document whose variable text (names) is `texts`, its fonts loaded. Families a document does
 * not need are left out, so a Latin-only poster never reads the large CJK files. Han characters take the form of the
 * text's language: Japanese where there is kana, Korean where there is Hangul, Traditional Chinese unless a character
 * exists only in Simplified (Noto Sans TC lacks it); Noto Sans SC, which has them all, comes last.
 */
export async function pdfFontStack(texts: string[]): Promise<string[]> {
  registerPdfFonts();
  const text = texts.join(' ');
  const stack = [BASE_FAMILY];
  const kana = has(text, KANA);
  const hangul = has(text, HANGUL);
  const han = has(text, HAN);
  if (kana) stack.push('Noto Sans JP');
  if (hangul) stack.push('Noto Sans KR');
  if (han && !kana && !hangul) {
    const tc = await loadedFont('Noto Sans TC', 400);
    const simplified = [...text].some((c) => HAN.test(c) && !tc.hasGlyphForCodePoint(c.codePointAt(0)!));
    if (!simplified) stack.push('Noto Sans TC');
  }
  if (kana || hangul || han) stack.push('Noto Sans SC');
  if (has(text, /\p{Script=Arabic}/u)) stack.push('Noto Sans Arabic');
  if (has(text, /\p{Script=Gurmukhi}/u)) stack.push('Noto Sans Gurmukhi');
  await Promise.all(stack.flatMap((family) => [loadedFont(family, 400), loadedFont(family, 700)]));
  return stack;
}

/**
 * How much taller (in em) a line of `text` is than a Noto Sans line, above and below the baseline: react-pdf puts
 * the baseline at the tallest ascent among the line's fonts, whatever its line height (Noto Sans Arabic's is 1.374 em,
 * Noto Sans's 1.069 em), and text readers take each glyph's box from its font's ascent and descent. A headline moves
 * up by `above`, so that every script's name stands where a Latin one does, and keeps `below` free under it, so that
 * poppler does not read it as part of the next line. The stack's fonts must be loaded (pdfFontStack).
 */
export function extraLineSpace(text: string, stack: string[]): { above: number; below: number } {
  const font = (family: string) => Font.getFont({ fontFamily: family, fontWeight: 700 }).data as unknown as LoadedFont;
  const em = (f: LoadedFont) => ({ ascent: f.ascent / f.unitsPerEm, descent: -f.descent / f.unitsPerEm });
  const base = em(font(BASE_FAMILY));
  const extra = { above: 0, below: 0 };
  for (const c of text) {
    const family = stack.find((f) => font(f).hasGlyphForCodePoint(c.codePointAt(0)!));
    if (!family) continue;
    const m = em(font(family));
    extra.above = Math.max(extra.above, m.ascent - base.ascent);
    extra.below = Math.max(extra.below, m.descent - base.descent);
  }
  return extra;
}
