import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app.js';

describe('MAP_STYLE_URL (real tiles instead of the offline style)', () => {
  it('reaches the web with the region page and opens the style origin in the Content-Security-Policy', async () => {
    const saved = { style: process.env.MAP_STYLE_URL, origins: process.env.MAP_TILE_ORIGINS };
    process.env.MAP_STYLE_URL = 'https://tiles.example.org/styles/streets/style.json';
    process.env.MAP_TILE_ORIGINS = 'https://fonts.example.org';
    const other = await buildTestApp();
    try {
      const { rows } = await sql<{ secret: string }>`select secret from region where code = 'fvrd'`.execute(
        other.database.db,
      );
      const res = await other.app.inject({
        method: 'GET',
        url: `/core-api/api/public/network/region?in_area=fvrd&secret=${rows[0].secret}`,
      });
      expect(res.json().map_style_url).toBe('https://tiles.example.org/styles/streets/style.json');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/connect-src 'self' https:\/\/tiles\.example\.org https:\/\/fonts\.example\.org/);
      // a random secret of a fresh deployment, not the demo one
      expect(rows[0].secret.length).toBeGreaterThanOrEqual(16);
    } finally {
      for (const [key, value] of [
        ['MAP_STYLE_URL', saved.style],
        ['MAP_TILE_ORIGINS', saved.origins],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await other.close();
    }
  });
});
