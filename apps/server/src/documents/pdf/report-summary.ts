import { DEPARTMENTS, DESTINATIONS, formatMonth, formatNumber, kgToLb } from '@openrescue/shared';
import type { ReportDocument } from '../report-document.js';

/** The figures the PDF summary shows, worked out from a report (no layout here, so tests can read them). */
export interface ShareRow {
  id: number;
  name: string;
  color: string;
  weight_kg: number;
  weight_lb: number;
  meals_provided: number;
  /** Share of the month's weight, 0..1. */
  share: number;
}

export interface ReportSummary {
  title: string;
  subtitle: string;
  lead: string;
  tiles: { label: string; value: string; unit: string }[];
  departments: ShareRow[];
  destinations: ShareRow[];
  ytd: { label: string; weight_kg: number; meals_provided: number; co2_emissions_kg: number }[];
  ytdTotal: { weight_kg: number; meals_provided: number; co2_emissions_kg: number };
  ytdRange: string;
  note: string;
}

const kgText = (kg: number) => formatNumber(Math.round(kg));

function shares(
  report: ReportDocument,
  list: readonly { id: number; name: string; color: string }[],
  key: 'department_id' | 'destination_id',
): ShareRow[] {
  const total = report.month.totals.weight_kg;
  return list
    .map((item) => {
      const rows = report.month.rows.filter((r) => r[key] === item.id);
      const weight = rows.reduce((a, r) => a + r.weight_kg, 0);
      const meals = rows.reduce((a, r) => a + r.meals_provided, 0);
      return {
        id: item.id,
        name: item.name,
        color: item.color,
        weight_kg: weight,
        weight_lb: kgToLb(weight),
        meals_provided: meals,
        share: total > 0 ? weight / total : 0,
      };
    })
    .filter((r) => r.weight_kg > 0);
}

/**
 * `withRawData`: whether the spreadsheet that goes with this page lists every donation (a store's or charity's own
 * report); the company report's workbook has a Summary and a sheet per store instead (decision 0068).
 */
export function reportSummary(report: ReportDocument, productName: string, withRawData = true): ReportSummary {
  const h = report.heading;
  const t = report.month.totals;
  const receives = h.kind === 'receiver';
  const subtitle =
    h.kind === 'receiver'
      ? `Food received from ${h.company ?? 'every donor in the network'}`
      : h.kind === 'store'
        ? `A store of ${h.company ?? 'the network'}`
        : 'All stores of the company';
  const lead =
    t.donation_count === 0
      ? `No donations were recorded for ${h.name} in ${h.month_label}.`
      : `In ${h.month_label}, ${h.name} ${receives ? 'received' : 'donated'} ${kgText(t.weight_kg)} kg ` +
        `(${formatNumber(t.weight_lb)} lb) of ${receives ? 'rescued' : 'unsold'} food in ` +
        `${formatNumber(t.donation_count)} donation${t.donation_count === 1 ? '' : 's'}: about ` +
        `${formatNumber(Math.round(t.meals_provided))} meals, and ${kgText(t.co2_emissions_kg)} kg of CO2e ` +
        'emissions avoided.';
  return {
    title: h.name,
    subtitle,
    lead,
    tiles: [
      { label: 'Meals provided', value: formatNumber(Math.round(t.meals_provided)), unit: 'meals' },
      { label: 'Food rescued', value: kgText(t.weight_kg), unit: `kg (${formatNumber(t.weight_lb)} lb)` },
      { label: 'CO2e avoided', value: kgText(t.co2_emissions_kg), unit: 'kg' },
      { label: 'Donations', value: formatNumber(t.donation_count), unit: 'pickups weighed' },
    ],
    departments: shares(report, DEPARTMENTS, 'department_id'),
    destinations: shares(report, DESTINATIONS, 'destination_id'),
    ytd: report.ytd.rows.map((r) => ({
      label: formatMonth(r.month),
      weight_kg: r.weight_kg,
      meals_provided: r.meals_provided,
      co2_emissions_kg: r.co2_emissions_kg,
    })),
    ytdTotal: {
      weight_kg: report.ytd.totals.weight_kg,
      meals_provided: report.ytd.totals.meals_provided,
      co2_emissions_kg: report.ytd.totals.co2_emissions_kg,
    },
    ytdRange: `${formatMonth(report.ytd.from)} to ${h.month_label}`,
    note:
      `Figures from weighed donations recorded by ${productName} for ${h.month} to ${h.month_end} ` +
      '(America/Vancouver). 1 kg = 2.20462 lb, rounded up. Meals count charity donations only (1 meal = 0.544 kg). ' +
      `Impact factors version ${report.impact_factor_version}` +
      (withRawData ? '; the spreadsheet of this report lists every donation.' : '.'),
  };
}
