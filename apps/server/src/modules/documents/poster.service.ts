import { formatDay, formatMonth, kgToLb, lastDayOfMonth } from '@openrescue/shared';
import type { AppContext } from '../../context.js';
import type { Poster, PosterFigures } from '@openrescue/shared';
import { posterFileName } from '../../documents/file-names.js';
import { brandLogoFor } from '../../documents/pdf/brand-logos.js';
import { qrPath } from '../../documents/pdf/qr-code.js';
import { publicReportUrl } from '../../documents/public-report-url.js';
import type { DocumentsRepository, SumRow } from './documents.repository.js';
import type { StoreSubject } from './documents.scope.js';

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

function figures(sums: SumRow): PosterFigures {
  const kg = round(sums.weight_kg, 3);
  return {
    meals_provided: round(sums.meals_provided, 2),
    weight_kg: kg,
    weight_lb: kgToLb(kg),
    co2_emissions_kg: round(sums.co2_emissions_kg, 3),
  };
}

/** The store poster's figures (spec 2.10, DESIGN 6 "Poster"): the chosen month, and since the store's start. */
export async function loadPoster(
  ctx: Pick<AppContext, 'origin'>,
  repo: DocumentsRepository,
  store: StoreSubject,
  month: string,
): Promise<Poster> {
  const monthEnd = lastDayOfMonth(month);
  const startMonth = `${store.start_date.slice(0, 7)}-01`;
  const { scope } = store;
  const [last, since, counts, version, url] = await Promise.all([
    repo.total(scope, month, month),
    repo.total(scope, startMonth, month),
    repo.supportedCounts(store.id),
    repo.factorVersion(monthEnd),
    publicReportUrl(ctx, store.id),
  ]);
  const useSum = counts.supportedSum > 0;
  return {
    store: { id: store.id, name: store.name, company: store.company, start_date: store.start_date },
    month,
    month_label: formatMonth(month),
    month_end: monthEnd,
    logo: brandLogoFor(store.name, store.company),
    supported_count: useSum ? counts.supportedSum : counts.receiversCount,
    supported_count_source: useSum ? 'nr_supported_charities' : 'receivers_count',
    last_month: figures(last),
    since_start: { ...figures(since), from: store.start_date, from_label: formatDay(store.start_date) },
    impact_factor_version: version,
    public_report_url: url,
    qr: qrPath(url),
    pdf_filename: posterFileName(monthEnd),
  };
}
