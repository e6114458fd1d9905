// Characters set a full em wide: Han, kana, Hangul, CJK punctuation and fullwidth forms.
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60]/u;

/**
 * The poster's store name size in pt (the PDF's; the screen shows it at 1.1x), so that the name stays on one line of
 * 712 pt: Noto Sans Bold averages about 0.6 em per character, a Chinese, Japanese or Korean character 1 em.
 */
export function posterStoreNameSize(name: string): number {
  const ems = [...name].reduce((sum, c) => sum + (WIDE.test(c) ? 1 : 0.6), 0);
  return Math.max(16, Math.min(34, Math.floor(712 / Math.max(ems, 0.6))));
}
