import { renderToBuffer } from '@react-pdf/renderer';
import type { Poster } from '@openrescue/shared';
import { pdfFontStack } from './pdf-fonts.js';
import { posterDocument, type PosterLayoutOptions } from './poster-layout.js';

export { PDF_CONTENT_TYPE } from '../content-types.js';

const MAX_CACHED = 64;
const cache = new Map<string, Promise<Buffer>>();

/**
 * The poster as a vector A4-landscape PDF (@react-pdf/renderer, embedded subsets of Noto Sans). The same figures always give the
 * same document, so finished PDFs are kept in a small LRU keyed by their content: a repeated download is instant.
 */
export function renderPosterPdf(poster: Poster, options: PosterLayoutOptions): Promise<Buffer> {
  const key = JSON.stringify([poster, options]);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const names = [poster.store.name, poster.store.company, poster.logo.label, options.productName];
  const rendered = pdfFontStack(names).then((fonts) =>
    renderToBuffer(posterDocument(poster, options, fonts) as Parameters<typeof renderToBuffer>[0]),
  );
  cache.set(key, rendered);
  rendered.catch(() => cache.delete(key));
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return rendered;
}

/** Benchmarks measure rendering, not the cache. */
export function clearPosterCache() {
  cache.clear();
}
