/**
 * Lighthouse (mobile, as in browser-bench.ts) on pages of a server that is already running, 3 runs each: for trying a
 * change to a public page without the whole browser benchmark's data set up. Reports go to .test-tmp/lighthouse-quick/.
 * Usage: npx tsx bench/lighthouse-quick.ts http://localhost:8123 /login /public/salescalculator
 */
import { launchDebuggableChromium, runLighthouse } from './lib/lighthouse.js';
const base = process.argv[2];
const paths = process.argv.slice(3);
const chrome = await launchDebuggableChromium('/usr/bin/chromium');
for (const path of paths)
  for (let run = 1; run <= 3; run++) {
    const r = await runLighthouse(
      `${base}${path}`,
      chrome.port,
      '.test-tmp/lighthouse-quick',
      `${path.replace(/\W/g, '_')}-${run}`,
    );
    console.log(
      `${path} run ${run}: score ${r.score}, LCP ${r.lcp.toFixed(0)}, TBT ${r.tbt.toFixed(0)}, CLS ${r.cls.toFixed(3)}\n   ${r.summary}`,
    );
  }
await chrome.close();
