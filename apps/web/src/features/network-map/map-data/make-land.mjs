// Makes land.json (see README.md). Run outside the project, with the three packages installed in a temporary folder:
//   mkdir /tmp/geo && cd /tmp/geo && npm init -y && npm i world-atlas@2.0.2 topojson-client@3.1.0 polygon-clipping@0.15.7
//   cp <this file> . && node make-land.mjs && cp land.json <this folder>
import { readFileSync, writeFileSync } from 'node:fs';
import { feature } from 'topojson-client';
import pc from 'polygon-clipping';
const load = (f) => {
  const t = JSON.parse(readFileSync(`node_modules/world-atlas/${f}`, 'utf8'));
  return feature(t, t.objects.land);
};
const box = ([w, s, e, n]) => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];
const multi = (fc) =>
  fc.features.flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates));
const R = [-124.8, 48.3, -117.0, 51.3];
const C = [-145, 12, -50, 63];
const round = (mp, d) =>
  mp.map((poly) =>
    poly
      .map((ring) => {
        const out = [];
        for (const [x, y] of ring) {
          const p = [+x.toFixed(d), +y.toFixed(d)];
          const l = out.at(-1);
          if (!l || l[0] !== p[0] || l[1] !== p[1]) out.push(p);
        }
        return out;
      })
      .filter((r) => r.length >= 4),
  );
const fine = round(pc.intersection(multi(load('land-10m.json')), box(R)), 4);
const coarse = round(pc.difference(pc.intersection(multi(load('land-50m.json')), box(C)), box(R)), 2);
const land = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { detail: '10m' }, geometry: { type: 'MultiPolygon', coordinates: fine } },
    { type: 'Feature', properties: { detail: '50m' }, geometry: { type: 'MultiPolygon', coordinates: coarse } },
  ],
};
const text = JSON.stringify(land);
writeFileSync('land.json', text);
const count = (mp) => mp.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);
console.log(
  'fine polys',
  fine.length,
  'pts',
  count(fine),
  'coarse polys',
  coarse.length,
  'pts',
  count(coarse),
  'bytes',
  text.length,
);
