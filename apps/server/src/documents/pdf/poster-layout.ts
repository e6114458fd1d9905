import { Document, Page, Path, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { formatCompact } from '@openrescue/shared';
import { createElement as h, type ReactElement } from 'react';
import type { Poster, PosterFigures } from '@openrescue/shared';

/**
 * The store poster (spec 2.10) on one A4 landscape page (841.89 x 595.28 pt), vector only, built-in Helvetica.
 * The on-screen poster (web features/poster) mirrors this layout at 926.85 x 655.35 px (1.1x).
 */
const INK = '#1D2B24';
const MUTED = '#4A5A52';
const PANEL = '#F1F6F3';

const s = StyleSheet.create({
  page: { padding: 36, fontFamily: 'Helvetica', color: INK, backgroundColor: '#FFFFFF' },
  frame: { flexGrow: 1, borderWidth: 3, borderRadius: 14, padding: 26, flexDirection: 'column' },
  top: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' },
  brand: { flexDirection: 'row', alignItems: 'center' },
  brandLabel: { fontFamily: 'Helvetica-Bold', fontSize: 22, marginLeft: 10 },
  network: { fontSize: 11, color: MUTED, textAlign: 'right' },
  store: { fontFamily: 'Helvetica-Bold', marginTop: 16 },
  hero: { fontFamily: 'Helvetica-Bold', fontSize: 50, marginTop: 2, letterSpacing: 0.5 },
  because: { fontSize: 19, marginTop: 4, color: INK, lineHeight: 1.3 },
  panels: { flexDirection: 'row', marginTop: 18 },
  panel: { flexGrow: 1, flexBasis: 0, backgroundColor: PANEL, borderRadius: 10, paddingVertical: 14, paddingHorizontal: 18 },
  panelTitle: { fontFamily: 'Helvetica-Bold', fontSize: 13, color: MUTED, marginBottom: 10, textTransform: 'uppercase', letterSpacing: 1 },
  figureRow: { flexDirection: 'row', alignItems: 'flex-end', marginBottom: 5 },
  figure: { fontFamily: 'Helvetica-Bold', fontSize: 28 },
  unit: { fontSize: 13, color: MUTED, marginLeft: 7, marginBottom: 4 },
  bottom: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end', marginTop: 'auto' },
  note: { fontSize: 9, color: MUTED, lineHeight: 1.4, maxWidth: 540 },
  qrBox: { alignItems: 'center' },
  qrCaption: { fontSize: 9, color: MUTED, marginTop: 4 },
});

function Figures({ title, f }: { title: string; f: PosterFigures }): ReactElement {
  const line = (value: string, unit: string) =>
    h(View, { style: s.figureRow }, h(Text, { style: s.figure }, value), h(Text, { style: s.unit }, unit));
  return h(
    View,
    { style: s.panel },
    h(Text, { style: s.panelTitle }, title),
    line(formatCompact(f.meals_provided), 'meals provided'),
    line(`${formatCompact(f.weight_kg)} kg`, `(${formatCompact(f.weight_lb)} lb) of food rescued`),
    line(`${formatCompact(f.co2_emissions_kg)} kg`, 'CO2e emissions avoided'),
  );
}

/** The store name stays on one line: Helvetica-Bold averages about 0.6 em per character; 712 pt are free. */
export function storeNameSize(name: string): number {
  return Math.max(16, Math.min(34, Math.floor(712 / (0.6 * Math.max(name.length, 1)))));
}

export interface PosterLayoutOptions {
  productName: string;
  aboutUrl: string;
}

export function posterDocument(p: Poster, options: PosterLayoutOptions): ReactElement {
  const logo = h(
    View,
    { style: s.brand },
    h(Svg, { width: 40, height: 40, viewBox: '0 0 24 24' }, ...p.logo.paths.map((x) => h(Path, { d: x.d, fill: x.fill }))),
    h(Text, { style: [s.brandLabel, { color: p.logo.color }] }, p.logo.label),
  );
  const qrSize = 84;
  const qr = h(
    View,
    { style: s.qrBox },
    h(
      Svg,
      { width: qrSize, height: qrSize, viewBox: `-2 -2 ${p.qr.size + 4} ${p.qr.size + 4}` },
      h(Path, { d: `M-2 -2h${p.qr.size + 4}v${p.qr.size + 4}h${-(p.qr.size + 4)}z`, fill: '#FFFFFF' }),
      h(Path, { d: p.qr.d, fill: '#000000' }),
    ),
    h(Text, { style: s.qrCaption }, 'Scan for our full report'),
  );
  const note =
    `Figures for ${p.store.name} to ${p.month_end}, from weighed donations recorded by ${options.productName}. ` +
    `1 kg = 2.20462 lb. Meals count charity donations only (1 meal = 0.544 kg). ` +
    `Impact factors version ${p.impact_factor_version}: ${options.aboutUrl}`;
  return h(
    Document,
    { title: `${p.store.name}: Food Rescue Hero poster, ${p.month_label}`, author: options.productName, creator: options.productName },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: s.page },
      h(
        View,
        { style: [s.frame, { borderColor: p.logo.color }] },
        h(View, { style: s.top }, logo, h(Text, { style: s.network }, `${options.productName}\nFood Rescue Network`)),
        h(Text, { style: [s.store, { fontSize: storeNameSize(p.store.name) }] }, p.store.name),
        h(Text, { style: [s.hero, { color: p.logo.color }] }, 'is a FOOD RESCUE HERO'),
        h(
          Text,
          { style: s.because },
          `for donating its unsold food to ${p.supported_count} charity and/or farmers in our community`,
        ),
        h(
          View,
          { style: s.panels },
          h(Figures, { title: `In ${p.month_label}`, f: p.last_month }),
          h(View, { style: { width: 16 } }),
          h(Figures, { title: `Since ${p.since_start.from_label}`, f: p.since_start }),
        ),
        h(View, { style: s.bottom }, h(Text, { style: s.note }, note), qr),
      ),
    ),
  );
}
