import type { Poster } from '@openrescue/shared';
import type { PosterLayoutOptions } from '../../documents/pdf/poster-layout.js';
import type { RenderPool } from '../../jobs/render-pool.js';

const MAX_CACHED = 64;

/**
 * Poster PDFs, rendered on the downloads' render thread (issue 32: 0.1-0.5 s of CPU each on the HTTP thread before).
 * The same figures always give the same document, so finished PDFs are kept in a small LRU keyed by their content:
 * a repeated download is instant. The months that can be asked are bounded (report-month.ts), so the keys are too.
 */
export function createPosterDownloads(pool: Pick<RenderPool, 'renderPoster'>) {
  const cache = new Map<string, Promise<Uint8Array>>();
  return function posterPdf(poster: Poster, layout: PosterLayoutOptions): Promise<Uint8Array> {
    const key = JSON.stringify([poster, layout]);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const rendered = pool.renderPoster(poster, layout);
    cache.set(key, rendered);
    rendered.catch(() => cache.delete(key));
    while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
    return rendered;
  };
}

export type PosterDownloads = ReturnType<typeof createPosterDownloads>;
