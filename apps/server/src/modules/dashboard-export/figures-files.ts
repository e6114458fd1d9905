import { LB_ROUNDING_RULE, type Figures, type FiguresPeriod, type FiguresSums } from '@openrescue/shared';
import type { Workbook } from 'exceljs';
import { NUMBER_FORMATS, styleHeaderRow, styleTotalRow } from '../../documents/xlsx/xlsx-styles.js';

/** The columns of every table of figures, in order; money only where the caller may see it. */
const SUM_COLUMNS = [
  ['weight_kg', 'Weight (kg)', NUMBER_FORMATS.rawKg],
  ['weight_lb', 'Weight (lb)', NUMBER_FORMATS.lb],
  ['food_rescued_kg', 'Food rescued (kg)', NUMBER_FORMATS.rawKg],
  ['food_rescued_lb', 'Food rescued (lb)', NUMBER_FORMATS.lb],
  ['meals_provided', 'Meals provided', '#,##0.00'],
  ['co2_emissions_kg', 'CO2e avoided (kg)', '#,##0.000'],
  ['money_saved', 'Money saved ($)', NUMBER_FORMATS.money],
] as const satisfies readonly (readonly [keyof FiguresSums, string, string])[];

const sumColumns = (figures: Figures) =>
  SUM_COLUMNS.filter(([key]) => key !== 'money_saved' || figures.money_saved_included);

const PERIOD_LABELS: Record<FiguresPeriod['period'], string> = {
  current: 'Selected range',
  previous: 'Previous period',
  year_ago: 'Same period a year earlier',
};

const GRANULARITY_LABELS: Record<Figures['granularity'], string> = {
  date: 'day',
  'date-week': 'week',
  'date-month': 'month',
};

type Section = 'totals' | 'department' | 'destination' | 'department_by_period' | 'destination_by_period';
interface FlatRow {
  section: Section;
  period: FiguresPeriod;
  date: string;
  id: number | null;
  name: string;
  sums: FiguresSums;
}

/** Every figure as one flat table: what the CSV holds, row for row. */
function flatRows(figures: Figures): FlatRow[] {
  const rows: FlatRow[] = [];
  for (const p of figures.periods) {
    const { totals, departments, destinations, departments_by_date, destinations_by_date } = p;
    rows.push({ section: 'totals', period: p, date: '', id: null, name: 'All', sums: totals });
    for (const { id, name, ...sums } of departments)
      rows.push({ section: 'department', period: p, date: '', id, name, sums });
    for (const { id, name, ...sums } of destinations)
      rows.push({ section: 'destination', period: p, date: '', id, name, sums });
    for (const { id, name, date, ...sums } of departments_by_date)
      rows.push({ section: 'department_by_period', period: p, date, id, name, sums });
    for (const { id, name, date, ...sums } of destinations_by_date)
      rows.push({ section: 'destination_by_period', period: p, date, id, name, sums });
  }
  return rows;
}

/** The CSV's header: machine-readable names (the JSON API's), one row per figure. */
export function figuresCsvHeader(figures: Figures): string[] {
  return [
    'period',
    'period_from',
    'period_to',
    'section',
    'granularity',
    'date',
    'category_id',
    'category',
    ...sumColumns(figures).map(([key]) => key),
  ];
}

async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'OpenRescue';
  return workbook;
}

/**
 * The figures as CSV (RFC 4180, UTF-8 with a byte order mark for spreadsheets), written by exceljs's CSV writer as
 * the audit trail's CSV is: one row per figure, numbers unformatted (kg to the gram as the totals service gives).
 */
export async function figuresCsv(figures: Figures): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('figures');
  const columns = sumColumns(figures);
  sheet.addRow(figuresCsvHeader(figures));
  for (const r of flatRows(figures)) {
    sheet.addRow([
      r.period.period,
      r.period.from,
      r.period.to,
      r.section,
      r.section.endsWith('_by_period') ? figures.granularity : '',
      r.date,
      r.id === null ? '' : r.id,
      r.name,
      ...columns.map(([key]) => r.sums[key] ?? ''),
    ]);
  }
  const body = Buffer.from(await workbook.csv.writeBuffer());
  return Buffer.concat([Buffer.from('\ufeff', 'utf8'), body]);
}

/** Sheet names of the xlsx, as the test and integrations read them. */
export const FIGURES_SHEETS = {
  about: 'About',
  totals: 'Totals',
  departments: 'Departments',
  destinations: 'Destinations',
  departmentsByPeriod: 'Departments by period',
  destinationsByPeriod: 'Destinations by period',
} as const;

/**
 * The figures as a workbook: an About sheet (scope, range, granularity, the pound rule), then one sheet per table
 * (the cards' totals, each graph's totals, each graph by day, week or month), a Period column naming the range or
 * comparison period of every row.
 */
export async function figuresXlsx(figures: Figures, scopeLabel: string): Promise<Buffer> {
  const workbook = await newWorkbook();
  const columns = sumColumns(figures);
  const about = workbook.addWorksheet(FIGURES_SHEETS.about);
  about.columns = [{ width: 26 }, { width: 70 }];
  about.addRow(['Figures of', scopeLabel]).font = { bold: true };
  about.addRow(['From', figures.from]);
  about.addRow(['To', figures.to]);
  about.addRow(['Graphs by', GRANULARITY_LABELS[figures.granularity]]);
  for (const p of figures.periods.slice(1)) about.addRow([PERIOD_LABELS[p.period], `${p.from} to ${p.to}`]);
  if (figures.impact_factor_version !== undefined)
    about.addRow(['Impact factor version', figures.impact_factor_version]);
  about.addRow(['Pounds', LB_ROUNDING_RULE]).getCell(2).alignment = { wrapText: true };
  about.addRow(['Days', 'Calendar days in the network time zone, both ends included.']);

  const table = (
    name: string,
    lead: { header: string; width: number }[],
    rows: { lead: (string | number)[]; sums: FiguresSums; total?: boolean }[],
  ) => {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      ...lead.map((l) => ({ header: l.header, width: l.width })),
      ...columns.map(([, header, numFmt]) => ({ header, width: 16, style: { numFmt } })),
    ];
    styleHeaderRow(sheet.getRow(1));
    for (const r of rows) {
      const row = sheet.addRow([...r.lead, ...columns.map(([key]) => r.sums[key] ?? null)]);
      if (r.total) styleTotalRow(row);
    }
  };
  const periodCell = { header: 'Period', width: 26 };
  const label = (p: FiguresPeriod) => PERIOD_LABELS[p.period];
  table(
    FIGURES_SHEETS.totals,
    [periodCell, { header: 'From', width: 12 }, { header: 'To', width: 12 }],
    figures.periods.map((p) => ({ lead: [label(p), p.from, p.to], sums: p.totals })),
  );
  const categories = (key: 'departments' | 'destinations') =>
    figures.periods.flatMap((p) => [
      ...p[key].map(({ id: _id, name, ...sums }) => ({ lead: [label(p), name], sums })),
      { lead: [label(p), 'Total'], sums: p.totals, total: true },
    ]);
  table(FIGURES_SHEETS.departments, [periodCell, { header: 'Department', width: 18 }], categories('departments'));
  table(FIGURES_SHEETS.destinations, [periodCell, { header: 'Destination', width: 18 }], categories('destinations'));
  const by = GRANULARITY_LABELS[figures.granularity];
  const byPeriod = (key: 'departments_by_date' | 'destinations_by_date') =>
    figures.periods.flatMap((p) =>
      p[key].map(({ id: _id, name, date, ...sums }) => ({ lead: [label(p), date, name], sums })),
    );
  table(
    FIGURES_SHEETS.departmentsByPeriod,
    [
      periodCell,
      { header: `${by[0].toUpperCase()}${by.slice(1)} starting`, width: 14 },
      { header: 'Department', width: 18 },
    ],
    byPeriod('departments_by_date'),
  );
  table(
    FIGURES_SHEETS.destinationsByPeriod,
    [
      periodCell,
      { header: `${by[0].toUpperCase()}${by.slice(1)} starting`, width: 14 },
      { header: 'Destination', width: 18 },
    ],
    byPeriod('destinations_by_date'),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** 'figures_2026-09-01_to_2026-10-31' and the extension. */
export const figuresFileName = (figures: Figures, extension: 'csv' | 'xlsx') =>
  `figures_${figures.from}_to_${figures.to}.${extension}`;
