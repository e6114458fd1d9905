import { DEPARTMENTS, DESTINATIONS, kgToLb } from '@openrescue/shared';
import type { MetricTotals, MonthlyReport, Poster, RawRow } from '@openrescue/shared';
import { monthlyReportFileName, posterFileName } from '../../documents/file-names.js';
import { brandLogoFor } from '../../documents/pdf/brand-logos.js';
import { qrPath } from '../../documents/pdf/qr-code.js';

/** Synthetic documents for the builders' tests and bench/documents-bench.ts (no database involved). */
function metrics(kg: number, n: number, money: boolean): MetricTotals {
  return {
    weight_kg: kg,
    weight_lb: kgToLb(kg),
    meals_provided: Math.round((kg / 0.544) * 100) / 100,
    co2_emissions_kg: Math.round(kg * 3.36 * 1000) / 1000,
    ...(money ? { money_saved: Math.round(kg * 17.5) / 100 } : {}),
    donation_count: n,
  };
}

export function sampleRawRows(count: number): RawRow[] {
  return Array.from({ length: count }, (_, i) => ({
    entry_time: `2026-10-${String(1 + (i % 31)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:07`,
    from_company: 'Harvest Valley Foods',
    from_store: `Harvest Valley ${['Kitsilano', 'Burnaby', 'Abbotsford'][i % 3]}`,
    department: DEPARTMENTS[i % 7].name,
    destination: DESTINATIONS[i % 3].name,
    weight_kg: 5 + (i % 97) / 10,
  }));
}

export function sampleMonthlyReport(rawCount: number, money = true): MonthlyReport {
  const rows = DEPARTMENTS.flatMap((d) =>
    DESTINATIONS.map((x) => ({
      department_id: d.id,
      department: d.name,
      destination_id: x.id,
      destination: x.name,
      ...metrics(100 * d.id + x.id, d.id + x.id, money),
    })),
  );
  const sum = (list: MetricTotals[]) =>
    metrics(
      list.reduce((a, r) => a + r.weight_kg, 0),
      list.reduce((a, r) => a + r.donation_count, 0),
      money,
    );
  const ytdRows = Array.from({ length: 10 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}-01`,
    ...metrics(1000 + i * 100, 50 + i, money),
  }));
  return {
    heading: {
      kind: 'receiver',
      id: 1,
      name: 'Fraser Valley Food Bank',
      company: null,
      month: '2026-10-01',
      month_label: 'Oct 2026',
      month_end: '2026-10-31',
    },
    money_saved_visible: money,
    month: { rows, totals: sum(rows) },
    ytd: { from: '2026-01-01', to: '2026-10-31', rows: ytdRows, totals: sum(ytdRows) },
    raw_data: { count: rawCount, limit: 40000, truncated: false, rows: sampleRawRows(rawCount) },
    impact_factor_version: 1,
    xlsx_filename: monthlyReportFileName('Fraser Valley Food Bank', '2026-10-31'),
  };
}

export function samplePoster(storeName = 'Harvest Valley Kitsilano', company = 'Harvest Valley Foods'): Poster {
  const url = 'http://localhost:8080/p/pending00001';
  const figures = (kg: number) => ({
    meals_provided: Math.round(kg / 0.544),
    weight_kg: kg,
    weight_lb: kgToLb(kg),
    co2_emissions_kg: kg * 3.36,
  });
  return {
    store: { id: 1, name: storeName, company, start_date: '2021-03-04' },
    month: '2026-10-01',
    month_label: 'Oct 2026',
    month_end: '2026-10-31',
    logo: brandLogoFor(storeName, company),
    supported_count: 12,
    supported_count_source: 'nr_supported_charities',
    last_month: figures(1234.5),
    since_start: { ...figures(1_234_567.8), from: '2021-03-04', from_label: 'Mar 4, 2021' },
    impact_factor_version: 1,
    public_report_url: url,
    qr: qrPath(url),
    pdf_filename: posterFileName('2026-10-31'),
  };
}
