/**
 * What drawing a MapLibre map costs the main thread in Debian's headless Chromium, which has no GPU and draws WebGL in
 * software (SwiftShader): the profile behind the public map's Total Blocking Time (bench/browser-bench.ts). No app, no
 * server data: a page with MapLibre (the version the app ships) and, per variant, less and less to draw, down to a
 * map of one background colour, and a page that only loads MapLibre's script. Each variant on a fresh browser, in
 * turn, with Lighthouse's mobile screen (412 x 823, device pixel ratio 2.625), until the map is idle and 1 s after.
 *
 * Prints per variant the median of: long tasks (count, sum), the Total Blocking Time they would make on Lighthouse's
 * mobile CPU (each task x4, the part over 50 ms), and the time to the map's first `idle`.
 *
 * Usage: npx tsx bench/map-webgl-cost.ts [--runs 3]
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { stats } from './lib/figures.js';
import { launchBenchChromium } from './lib/lighthouse.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const runs = Number(values.runs);
const require = createRequire(import.meta.url);
const maplibreJs = readFileSync(require.resolve('maplibre-gl/dist/maplibre-gl.js'));
const land = readFileSync(new URL('../apps/web/src/features/network-map/map-data/land.json', import.meta.url));

/** 9,412 points in the BC regions' box, as many as the 10,000-organization map draws (Farmers have no location). */
function markers() {
  let seed = 1;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const kinds = ['charity', 'retailer', 'business'];
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: 9412 }, (_, i) => ({
      type: 'Feature',
      id: i + 1,
      properties: { kind: kinds[i % 3] },
      geometry: { type: 'Point', coordinates: [-124.5 + random() * 7, 48.5 + random() * 2.7] },
    })),
  };
}

const background = { id: 'water', type: 'background', paint: { 'background-color': '#a5cfe3' } };
const landLayer = {
  id: 'land',
  type: 'fill',
  source: 'land',
  paint: { 'fill-color': '#f4f1ea', 'fill-antialias': false },
};
const markerLayer = {
  id: 'markers',
  type: 'circle',
  source: 'markers',
  paint: {
    'circle-color': ['match', ['get', 'kind'], 'charity', '#e8590c', 'retailer', '#1971c2', '#2f9e44'],
    'circle-radius': 3,
    'circle-stroke-color': '#ffffff',
    'circle-stroke-width': 1,
  },
};
const sources = {
  land: { type: 'geojson', data: '/land.json', tolerance: 0.6 },
  markers: { type: 'geojson', data: '/markers.json' },
};

/** Each variant: the style drawn (null = MapLibre's script only, no map) and the map's pixel ratio (null = the device's). */
const VARIANTS: Array<{ name: string; layers: object[] | null; pixelRatio: number | null }> = [
  {
    name: "the app's offline map: water, land, 9,412 markers",
    layers: [background, landLayer, markerLayer],
    pixelRatio: null,
  },
  { name: 'water and land, no markers', layers: [background, landLayer], pixelRatio: null },
  { name: 'one background colour', layers: [background], pixelRatio: null },
  { name: 'one background colour, pixel ratio 1', layers: [background], pixelRatio: 1 },
  { name: "MapLibre's script only, no map", layers: null, pixelRatio: null },
];

function page(variant: (typeof VARIANTS)[number]): string {
  const map =
    variant.layers === null
      ? 'window.idleAt = performance.now();'
      : `const map = new maplibregl.Map(${JSON.stringify({
          container: 'map',
          center: [-100, 45],
          zoom: 3,
          fadeDuration: 0,
          attributionControl: false,
          ...(variant.pixelRatio === null ? {} : { pixelRatio: variant.pixelRatio }),
          style: { version: 8, sources, layers: variant.layers },
        })});
    map.once('idle', () => { window.idleAt = performance.now(); });`;
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1">
<style>html,body,#map{margin:0;height:100%}</style>
<script>window.longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); })
  .observe({ type: 'longtask', buffered: true });</script></head>
<body><div id="map"></div><script src="/maplibre-gl.js"></script><script>${map}</script></body></html>`;
}

const markerJson = JSON.stringify(markers());
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const index = Number(/^\/variant-(\d+)$/.exec(path)?.[1] ?? -1);
  const [type, body] =
    path === '/maplibre-gl.js'
      ? ['text/javascript', maplibreJs]
      : path === '/land.json'
        ? ['application/json', land]
        : path === '/markers.json'
          ? ['application/json', markerJson]
          : VARIANTS[index]
            ? ['text/html', page(VARIANTS[index])]
            : [null, ''];
  response.writeHead(type ? 200 : 404, type ? { 'content-type': type } : {}).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const results = VARIANTS.map(() => ({
  tbt: [] as number[],
  sum: [] as number[],
  count: [] as number[],
  idle: [] as number[],
}));
for (let run = 0; run < runs; run += 1) {
  for (const [index] of VARIANTS.entries()) {
    const browser = await launchBenchChromium(values.chromium);
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
    });
    const tab = await context.newPage();
    await tab.goto(`${base}/variant-${index}`);
    await tab.waitForFunction(() => 'idleAt' in window, null, { timeout: 60_000 });
    await tab.waitForTimeout(1000);
    const { tasks, idleAt } = await tab.evaluate(() => {
      const w = window as unknown as { longTasks: number[]; idleAt: number };
      return { tasks: w.longTasks, idleAt: w.idleAt };
    });
    const r = results[index];
    r.tbt.push(tasks.reduce((sum, d) => sum + Math.max(0, 4 * d - 50), 0));
    r.sum.push(tasks.reduce((sum, d) => sum + d, 0));
    r.count.push(tasks.length);
    r.idle.push(idleAt);
    await browser.close();
  }
}
server.close();

const median = (xs: number[]) => Math.round(stats(xs).median);
console.log(
  `MapLibre in headless Chromium, software WebGL, 412 x 823 at 2.625 device pixels, ${runs} runs each (medians):`,
);
console.log('| variant | long tasks | their sum | as TBT on the mobile CPU (x4) | map idle after |');
console.log('|---|---|---|---|---|');
VARIANTS.forEach((variant, i) => {
  const r = results[i];
  console.log(
    `| ${variant.name} | ${median(r.count)} | ${median(r.sum)} ms | ${median(r.tbt)} ms | ${median(r.idle)} ms |`,
  );
});
