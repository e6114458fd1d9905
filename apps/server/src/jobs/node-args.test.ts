import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../scripts/node-args.mjs';

describe('how the built server is run', () => {
  it('npm start passes the same node flags and environment as the harnesses and the browser tests', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: { start: string };
    };
    const env = Object.entries(SERVER_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    expect(pkg.scripts.start).toContain(`${env} node ${SERVER_NODE_ARGS.join(' ')} dist/main.js`);
  });
});
