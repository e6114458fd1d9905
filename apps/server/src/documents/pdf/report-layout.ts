import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatNumber } from '@openrescue/shared';
import { createElement as h, type ReactElement } from 'react';
import { extraLineSpace } from './pdf-fonts.js';

type Style = Record<string, string | number>;
import type { ReportSummary, ShareRow } from './report-summary.js';

/**
 * The published report's PDF summary: one A4 portrait page a charity or store reads at a glance, in the poster's
 * house style (embedded Noto Sans, pdf-fonts.ts; vector only, the shared department and destination colours).
 */
const INK = '#1D2B24';
const MUTED = '#4A5A52';
const PANEL = '#F1F6F3';
const ACCENT = '#1F4E3D';

export const reportStyles = StyleSheet.create({
  page: { padding: 40, fontSize: 10, color: INK, backgroundColor: '#FFFFFF' },
  top: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 2,
    borderColor: ACCENT,
    paddingBottom: 8,
  },
  brand: { fontWeight: 700, fontSize: 13, color: ACCENT },
  muted: { color: MUTED },
  right: { textAlign: 'right' },
  // A set line height: otherwise a name in a script with taller fonts (Arabic: 2.1 em) makes the line taller.
  title: { fontWeight: 700, fontSize: 24, lineHeight: 1.2 },
  subtitle: { fontSize: 12, color: MUTED, marginTop: 2 },
  lead: { fontSize: 12, lineHeight: 1.45, marginTop: 12 },
  tiles: { flexDirection: 'row', marginTop: 16 },
  tile: { flexGrow: 1, flexBasis: 0, backgroundColor: PANEL, borderRadius: 8, padding: 10 },
  tileLabel: { fontSize: 8, color: MUTED, textTransform: 'uppercase', letterSpacing: 0.8 },
  tileValue: { fontWeight: 700, fontSize: 18, marginTop: 4 },
  tileUnit: { fontSize: 8, color: MUTED, marginTop: 2 },
  section: { fontWeight: 700, fontSize: 12, marginTop: 20, marginBottom: 6, color: ACCENT },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    paddingVertical: 3,
    borderBottomWidth: 0.5,
    borderColor: '#D5DED9',
  },
  head: { fontWeight: 700, color: MUTED, fontSize: 8, textTransform: 'uppercase' },
  total: { fontWeight: 700 },
  swatch: { width: 9, height: 9, borderRadius: 2, marginRight: 6 },
  barTrack: { height: 7, backgroundColor: PANEL, borderRadius: 2, flexGrow: 1 },
  note: { fontSize: 8, color: MUTED, lineHeight: 1.4, marginTop: 'auto', paddingTop: 14 },
});

const s = reportStyles;

export const cell = (text: string, width: number | string, extra: Style = {}) =>
  h(Text, { style: [{ width, textAlign: typeof width === 'number' ? 'right' : 'left' }, extra] }, text);

export function shareTable(rows: ShareRow[], first: string): ReactElement {
  const header = h(
    View,
    { style: [s.row, s.head] },
    cell(first, '34%'),
    cell('kg', 60),
    cell('lb', 60),
    cell('Meals', 60),
    h(Text, { style: { width: 12 } }, ''),
    cell('Share', '22%'),
  );
  const lines = rows.map((r) =>
    h(
      View,
      { key: r.id, style: s.row, wrap: false },
      h(
        View,
        { style: { width: '34%', flexDirection: 'row', alignItems: 'center' } },
        h(View, { style: [s.swatch, { backgroundColor: r.color }] }),
        h(Text, {}, r.name),
      ),
      cell(formatNumber(Math.round(r.weight_kg)), 60),
      cell(formatNumber(r.weight_lb), 60),
      cell(formatNumber(Math.round(r.meals_provided)), 60),
      h(View, { style: { width: 12 } }),
      h(
        View,
        { style: { width: '22%', flexDirection: 'row', alignItems: 'center' } },
        h(
          View,
          { style: s.barTrack },
          h(View, {
            style: {
              width: `${Math.max(1, Math.round(r.share * 100))}%`,
              height: 7,
              backgroundColor: r.color,
              borderRadius: 2,
            },
          }),
        ),
        h(Text, { style: { width: 30, textAlign: 'right' } }, `${Math.round(r.share * 100)}%`),
      ),
    ),
  );
  return h(
    View,
    {},
    header,
    ...(lines.length ? lines : [h(Text, { style: [s.muted, { marginTop: 4 }] }, 'No donations this month.')]),
  );
}

/** Food rescued by month, January to the report's month: bars with the kg above and the month below. */
function ytdChart(summary: ReportSummary): ReactElement {
  const max = Math.max(1, ...summary.ytd.map((m) => m.weight_kg));
  const columns = summary.ytd.map((m) =>
    h(
      View,
      { key: m.label, style: { width: `${100 / 12}%`, alignItems: 'center' } },
      h(Text, { style: { fontSize: 7, color: MUTED } }, formatNumber(Math.round(m.weight_kg))),
      h(View, {
        style: {
          width: '70%',
          height: Math.max(1, Math.round((m.weight_kg / max) * 64)),
          backgroundColor: ACCENT,
          marginTop: 2,
        },
      }),
      h(Text, { style: { fontSize: 8, marginTop: 3 } }, m.label.slice(0, 3)),
    ),
  );
  const t = summary.ytdTotal;
  return h(
    View,
    {},
    h(View, { style: { flexDirection: 'row', alignItems: 'flex-end', height: 92 } }, ...columns),
    h(
      Text,
      { style: [s.total, { marginTop: 8 }] },
      `Year to date: ${formatNumber(Math.round(t.weight_kg))} kg of food rescued, ${formatNumber(Math.round(t.meals_provided))} meals, ` +
        `${formatNumber(Math.round(t.co2_emissions_kg))} kg of CO2e avoided.`,
    ),
  );
}

export interface ReportLayoutOptions {
  productName: string;
  monthLabel: string;
  date: Date;
  /** pdfFontStack() of the report's names. */
  fonts: string[];
}

export function reportDocument(summary: ReportSummary, options: ReportLayoutOptions): ReactElement {
  return h(
    Document,
    {
      title: `${summary.title}: monthly impact report, ${options.monthLabel}`,
      author: options.productName,
      creator: options.productName,
      producer: options.productName,
      creationDate: options.date,
      modificationDate: options.date,
    },
    reportPage(summary, options),
  );
}

/** One report's A4 page (a company report has one per store after its summary pages: company-report-pdf.ts). */
export function reportPage(summary: ReportSummary, options: ReportLayoutOptions, key?: string): ReactElement {
  const extra = extraLineSpace(summary.title, options.fonts);
  const tiles = summary.tiles.map((tile, i) =>
    h(
      View,
      { key: tile.label, style: [s.tile, i > 0 ? { marginLeft: 8 } : {}] },
      h(Text, { style: s.tileLabel }, tile.label),
      h(Text, { style: s.tileValue }, tile.value),
      h(Text, { style: s.tileUnit }, tile.unit),
    ),
  );
  return h(
    Page,
    { key, size: 'A4', style: [s.page, { fontFamily: options.fonts }] },
    h(
      View,
      { style: s.top },
      h(View, {}, h(Text, { style: s.brand }, options.productName), h(Text, { style: s.muted }, 'Food Rescue Network')),
      h(
        View,
        {},
        h(Text, { style: [s.right, { fontWeight: 700 }] }, 'Monthly impact report'),
        h(Text, { style: [s.right, s.muted] }, options.monthLabel),
      ),
    ),
    h(Text, { style: [s.title, { marginTop: 18 - extra.above * 24, marginBottom: extra.below * 24 }] }, summary.title),
    h(Text, { style: s.subtitle }, summary.subtitle),
    h(Text, { style: s.lead }, summary.lead),
    h(View, { style: s.tiles }, ...tiles),
    h(Text, { style: s.section }, 'By department'),
    shareTable(summary.departments, 'Department'),
    h(Text, { style: s.section }, 'By destination'),
    shareTable(summary.destinations, 'Destination'),
    h(Text, { style: s.section }, `Food rescued by month (${summary.ytdRange}, kg)`),
    ytdChart(summary),
    h(Text, { style: s.note }, summary.note),
  );
}
