import type { Locator } from '@playwright/test';

/**
 * The characters of an element's text that no installed font draws: each is drawn on a canvas in the element's own
 * font (so with the browser's font fallback) and compared with a character no font has, which comes out as the
 * empty box a reader would see. Names in Chinese, Gurmukhi or Arabic need the Noto fonts scripts/ensure-chromium.mjs
 * installs.
 */
export function undrawnCharacters(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 64;
    const ctx = canvas.getContext('2d')!;
    ctx.font = `${style.fontWeight} 40px ${style.fontFamily}`;
    const image = (text: string) => {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.fillText(text, 24, 48);
      return canvas.toDataURL();
    };
    const box = image('\u{10fffd}');
    return [...new Set(el.textContent ?? '')].filter((c) => c.trim() !== '' && image(c) === box);
  });
}
