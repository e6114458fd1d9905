import { formatDay, formatMonth, kgToLb, lastDayOfMonth } from '@openrescue/shared';
import type { AppContext } from '../../context.js';
import type { Poster, PosterFigures } from '@openrescue/shared';
import { posterFileName } from '../../documents/file-names.js';
import { brandLogoFor } from '../../documents/pdf/brand-logos.js';
import { qrPath } from '../../documents/pdf/qr-code.js';
import { posterLinkUrl } from '../../documents/poster-link-url.js';
import type { DocumentsRepository, SumRow } from './documents.repository.js';
import type { StoreSubject } from './documents.scope.js';

/** Before any donation can have been recorded. */
const EVER = '1900-01-01';

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

/** The store poster's figures (spec 2.10, DESIGN 6 "Poster"): the chosen month, and since its first donation. */
export async function loadPoster(
  ctx: Pick<AppContext, 'origin'>,
  repo: DocumentsRepository,
  store: StoreSubject,
  month: string,
): Promise<Poster> {
  const monthEnd = lastDayOfMonth(month);
  const { scope } = store;
  // "Since" is the store's first recorded donation, not its start_date: a store that joined before the data began
  // (the demo's stores start in 2017, their donations in 2023) must not claim years it has no figures for. A store
  // with no donations by the month's end counts from the month itself (decision 0058). The sums take every month up
  // to the chosen one (nothing is recorded before the first donation), so the day is looked up beside them.
  const [first, last, sinceSums, counts, version, url] = await Promise.all([
    repo.firstDonationDay(store.id, month),
    repo.total(scope, month, month),
    repo.total(scope, EVER, month),
    repo.supportedCounts(store.id),
    repo.factorVersion(monthEnd),
    posterLinkUrl(ctx, store.id),
  ]);
  const since = first ?? month;
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
    since_start: { ...figures(sinceSums), from: since, from_label: formatDay(since) },
    impact_factor_version: version,
    public_report_url: url,
    qr: qrPath(url),
    pdf_filename: posterFileName(monthEnd),
  };
}
