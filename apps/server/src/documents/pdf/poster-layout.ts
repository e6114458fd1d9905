import { Document, Page, Path, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { formatCompact, posterStoreNameSize } from '@openrescue/shared';
import { createElement as h, type ReactElement } from 'react';
import type { Poster, PosterFigures } from '@openrescue/shared';
import { extraLineSpace } from './pdf-fonts.js';

/**
 * The store poster (spec 2.10) on one A4 landscape page (841.89 x 595.28 pt), vector only, in embedded Noto Sans
 * (pdf-fonts.ts).
 * The on-screen poster (web features/poster) mirrors this layout at 926.85 x 655.35 px (1.1x).
 */
const INK = '#1D2B24';
const MUTED = '#4A5A52';
const PANEL = '#F1F6F3';

// Noto Sans's line box (ascender + descender) is 1.36 em, Helvetica's was 0.93 em: the text styles set their line
// height (react-pdf resolves it against the font size of the style that sets it), so the poster stays on one page.
const T = { lineHeight: 1.15 };
const DISPLAY = { lineHeight: 1 };
const s = StyleSheet.create({
  page: { padding: 36, color: INK, backgroundColor: '#FFFFFF' },
  frame: { flexGrow: 1, borderWidth: 3, borderRadius: 14, padding: 26, flexDirection: 'column' },
  top: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' },
  brand: { flexDirection: 'row', alignItems: 'center' },
  brandLabel: { ...T, fontWeight: 700, fontSize: 22, marginLeft: 10 },
  network: { ...T, fontSize: 11, color: MUTED, textAlign: 'right' },
  store: { ...T, fontWeight: 700 },
  hero: { ...DISPLAY, fontWeight: 700, fontSize: 50, marginTop: 2, letterSpacing: 0.5 },
  because: { fontSize: 19, marginTop: 10, color: INK, lineHeight: 1.3 },
  panels: { flexDirection: 'row', marginTop: 18 },
  panel: {
    flexGrow: 1,
    flexBasis: 0,
    backgroundColor: PANEL,
    borderRadius: 10,
    paddingVertical: 14,
    paddingHorizontal: 18,
  },
  panelTitle: {
    ...T,
    fontWeight: 700,
    fontSize: 13,
    color: MUTED,
    marginBottom: 10,
    textTransform: 'uppercase',
    letterSpacing: 1,
  },
  figureRow: { flexDirection: 'row', alignItems: 'flex-end', marginBottom: 5 },
  figure: { ...DISPLAY, fontWeight: 700, fontSize: 28 },
  // Baselines meet: the figure's (1.069 em down a 1 em line) and the unit's (1.069 em down a 1.15 em line).
  unit: { ...T, fontSize: 13, color: MUTED, marginLeft: 7, marginBottom: -3 },
  bottom: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end', marginTop: 'auto' },
  note: { fontSize: 9, color: MUTED, lineHeight: 1.4, maxWidth: 420 },
  qrBox: { flexDirection: 'row', alignItems: 'flex-end' },
  qrCaptions: { alignItems: 'flex-end', marginRight: 8, marginBottom: 4 },
  qrCaption: { ...T, fontSize: 9, color: MUTED, marginTop: 3 },
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

export interface PosterLayoutOptions {
  productName: string;
  aboutUrl: string;
}

/** `fonts`: pdfFontStack() of the poster's names. */
export function posterDocument(p: Poster, options: PosterLayoutOptions, fonts: string[]): ReactElement {
  const nameSize = posterStoreNameSize(p.store.name);
  // The poster has no room for extraLineSpace's `below`; poppler reads its names right without it.
  const nameRaise = extraLineSpace(p.store.name, fonts).above;
  const logo = h(
    View,
    { style: s.brand },
    h(
      Svg,
      { width: 40, height: 40, viewBox: '0 0 24 24' },
      ...p.logo.paths.map((x) => h(Path, { d: x.d, fill: x.fill })),
    ),
    h(Text, { style: [s.brandLabel, { color: p.logo.color }] }, p.logo.label),
  );
  // The short poster link (decision 0050) gives a version 3 code (29 modules): at 108 pt a module is 1.15 mm, which
  // phones and zbarimg read from a 100 dpi print. The page's white around it completes the 2-module quiet zone.
  const qrSize = 108;
  const qr = h(
    View,
    { style: s.qrBox },
    h(
      View,
      { style: s.qrCaptions },
      h(Text, { style: s.qrCaption }, 'Scan for our full report'),
      h(Text, { style: s.qrCaption }, p.public_report_url.replace(/^https?:\/\//, '')),
    ),
    h(
      Svg,
      { width: qrSize, height: qrSize, viewBox: `-2 -2 ${p.qr.size + 4} ${p.qr.size + 4}` },
      h(Path, { d: `M-2 -2h${p.qr.size + 4}v${p.qr.size + 4}h${-(p.qr.size + 4)}z`, fill: '#FFFFFF' }),
      h(Path, { d: p.qr.d, fill: '#000000' }),
    ),
  );
  const note =
    `Figures for ${p.store.name} to ${p.month_end}, from weighed donations recorded by ${options.productName}. ` +
    `1 kg = 2.20462 lb. Meals count charity donations only (1 meal = 0.544 kg). ` +
    `Impact factors version ${p.impact_factor_version}: ${options.aboutUrl}`;
  return h(
    Document,
    {
      title: `${p.store.name}: Food Rescue Hero poster, ${p.month_label}`,
      author: options.productName,
      creator: options.productName,
    },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: [s.page, { fontFamily: fonts }] },
      h(
        View,
        { style: [s.frame, { borderColor: p.logo.color }] },
        h(
          View,
          { style: s.top },
          logo,
          // Two texts, not one with a line break: react-pdf sets a break in Helvetica, which would then be listed.
          h(
            View,
            {},
            h(Text, { style: s.network }, options.productName),
            h(Text, { style: s.network }, 'Food Rescue Network'),
          ),
        ),
        h(Text, { style: [s.store, { fontSize: nameSize, marginTop: 16 - nameRaise * nameSize }] }, p.store.name),
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
