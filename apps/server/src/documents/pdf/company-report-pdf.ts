import { Document, Page, renderToBuffer, Text, View } from '@react-pdf/renderer';
import { formatNumber } from '@openrescue/shared';
import { createElement as h, type ReactElement } from 'react';
import type { CompanyReportDocument } from '../company-report-document.js';
import { pdfFontStack } from './pdf-fonts.js';
import { cell, type ReportLayoutOptions, reportPage, reportStyles as s, shareTable } from './report-layout.js';
import { reportSummary } from './report-summary.js';

/** The store table of the summary: a row per store (repeated header on every page it runs over), then the total. */
function storeTable(doc: CompanyReportDocument): ReactElement {
  const columns = (
    name: string,
    m: { donation_count: number; weight_kg: number; weight_lb: number },
    more: number[],
  ) => [
    cell(name, '40%'),
    cell(formatNumber(m.donation_count), 60),
    cell(formatNumber(Math.round(m.weight_kg)), 70),
    cell(formatNumber(m.weight_lb), 70),
    ...more.map((v) => cell(formatNumber(Math.round(v)), 70)),
  ];
  const header = h(
    View,
    { style: [s.row, s.head], fixed: true },
    cell('Store', '40%'),
    cell('Donations', 60),
    cell('kg', 70),
    cell('lb', 70),
    cell('Meals', 70),
    cell('CO2e kg', 70),
  );
  const rows = doc.stores.map((store) => {
    const t = store.month.totals;
    return h(
      View,
      { key: String(store.heading.id), style: s.row, wrap: false },
      ...columns(store.heading.name, t, [t.meals_provided, t.co2_emissions_kg]),
    );
  });
  const t = doc.company.month.totals;
  const total = h(
    View,
    { style: [s.row, s.total], wrap: false },
    ...columns('Total', t, [t.meals_provided, t.co2_emissions_kg]),
  );
  return h(View, {}, header, ...rows, total);
}

/** The summary: the company's month in figures, its stores, then by department and by destination. */
function summaryPages(doc: CompanyReportDocument, options: ReportLayoutOptions): ReactElement {
  const summary = reportSummary(doc.company, options.productName, false);
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
    { key: 'summary', size: 'A4', style: [s.page, { fontFamily: options.fonts }] },
    h(
      View,
      { style: s.top },
      h(View, {}, h(Text, { style: s.brand }, options.productName), h(Text, { style: s.muted }, 'Food Rescue Network')),
      h(
        View,
        {},
        h(Text, { style: [s.right, { fontWeight: 700 }] }, 'Company report'),
        h(Text, { style: [s.right, s.muted] }, options.monthLabel),
      ),
    ),
    h(Text, { style: [s.title, { marginTop: 18 }] }, summary.title),
    h(Text, { style: s.subtitle }, `Summary of ${formatNumber(doc.stores.length)} stores`),
    h(Text, { style: s.lead }, summary.lead),
    h(View, { style: s.tiles }, ...tiles),
    h(Text, { style: s.section }, 'By department'),
    shareTable(summary.departments, 'Department'),
    h(Text, { style: s.section }, 'By destination'),
    shareTable(summary.destinations, 'Destination'),
    h(Text, { style: s.section, break: doc.stores.length > 12 }, 'Stores'),
    storeTable(doc),
    h(Text, { style: s.note }, summary.note),
  );
}

/**
 * The company report's PDF: the summary (as many pages as its store table needs), then each store's one-page
 * monthly report exactly as a store's published PDF shows it. Fonts for every script among the names are embedded.
 * `part`: only the summary, or only the stores' pages (a large report is rendered in parts, then merged).
 */
export async function renderCompanyReportPdf(
  doc: CompanyReportDocument,
  options: { productName: string; date: Date; part?: 'summary' | 'stores' | 'all' },
): Promise<Buffer> {
  const part = options.part ?? 'all';
  const names = [doc.company.heading.name, ...doc.stores.map((r) => r.heading.name), options.productName];
  const layout: ReportLayoutOptions = {
    productName: options.productName,
    monthLabel: doc.company.heading.month_label,
    date: options.date,
    fonts: await pdfFontStack(names),
  };
  const element = h(
    Document,
    {
      title: `${doc.company.heading.name}: company report, ${layout.monthLabel}`,
      author: options.productName,
      creator: options.productName,
      producer: options.productName,
      creationDate: options.date,
      modificationDate: options.date,
    },
    part !== 'stores' ? summaryPages(doc, layout) : null,
    ...(part === 'summary' ? [] : doc.stores).map((store) =>
      reportPage(reportSummary(store, options.productName, false), layout, String(store.heading.id)),
    ),
  );
  return renderToBuffer(element as Parameters<typeof renderToBuffer>[0]);
}
