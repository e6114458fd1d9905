import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * Counts the gzip size of every script the page downloads from now on (the page JavaScript budgets of issues 6 and 8).
 * blob: scripts (MapLibre's worker) are made from a bundle already counted.
 */
export function trackScriptWeight(page: Page): { total: () => Promise<{ bytes: number; files: number }> } {
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith('blob:') || response.request().resourceType() !== 'script') return;
    sizes.push(
      response.body().then(
        (b) => gzipSync(b).length,
        () => 0,
      ),
    );
  });
  return {
    total: async () => {
      await page.waitForLoadState('networkidle');
      const all = await Promise.all(sizes);
      return { bytes: all.reduce((a, b) => a + b, 0), files: all.length };
    },
  };
}
