import { documentsPaths, reportsPaths, type ReportFilter } from '@openrescue/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/http-error.js';

/**
 * What a read-only public link may open (DESIGN.md "Public links": it "never unlocks anything outside its scope").
 * A link is not a user: it opens its own object and nothing else.
 * - `s_{id}`: that store's monthly report (JSON, .xlsx) and its poster (JSON, .pdf);
 * - `r_{id}`: that receiver's charity report (JSON, .xlsx);
 * - both: the raw donation reads (totals, rows) limited to the link's own store or receiver.
 * Any other client route (lookups, headers, the other kind's documents) is refused with 403; a route it may use,
 * asked about another id or filtered by another object (another store, a receiver, a company), answers 404 like a
 * missing object. Store-scoped links never see linked receivers, and receiver links never see the stores they are
 * served by: a receiver link opening a store's poster would even read the store's own signed link from its QR code.
 */
type LinkKind = 'store' | 'receiver';

interface LinkScope {
  kind: LinkKind;
  id: number;
}

const DOCUMENT_ROUTES: Record<string, LinkKind> = {
  [documentsPaths.monthlyReport('store')]: 'store',
  [documentsPaths.monthlyReportXlsx('store')]: 'store',
  [documentsPaths.poster]: 'store',
  [documentsPaths.posterPdf]: 'store',
  [documentsPaths.monthlyReport('receiver')]: 'receiver',
  [documentsPaths.monthlyReportXlsx('receiver')]: 'receiver',
};

const DONATION_READS = new Set<string>([reportsPaths.donationTotals, reportsPaths.donations]);

export function parseLinkScope(scope: string): LinkScope | null {
  const match = /^([rs])_(\d{1,9})$/.exec(scope);
  return match ? { kind: match[1] === 'r' ? 'receiver' : 'store', id: Number(match[2]) } : null;
}

/** Throws 403 / 404 unless a read-only link of this scope may make this request (see above). */
export function assertReadonlyRequest(
  scope: string,
  request: Pick<FastifyRequest, 'method' | 'routeOptions' | 'params' | 'query'>,
) {
  const link = parseLinkScope(scope);
  const route = request.routeOptions.url ?? '';
  if (!link || request.method !== 'GET') throw forbidden('This link only opens its own report.', 'read-only link');

  const documentKind = DOCUMENT_ROUTES[route];
  if (documentKind) {
    const id = Number((request.params as { id?: unknown }).id);
    if (documentKind !== link.kind || id !== link.id) throw notFound(`No ${documentKind} with id ${id}.`);
    return;
  }

  if (DONATION_READS.has(route)) {
    // The objects the request's filter names (from_company_id, from_store_id, receiver_id, read by the query schema):
    // a link may name only its own store or receiver.
    const filter: ReportFilter = (request.query as { filter?: ReportFilter } | undefined)?.filter ?? {};
    const named = [
      ['company', filter.companyIds],
      ['store', filter.storeIds],
      ['receiver', filter.receiverIds],
    ] as const;
    for (const [kind, ids] of named) {
      const other = ids?.find((id) => kind !== link.kind || id !== link.id);
      if (other !== undefined) throw notFound(`No ${kind} with id ${other}.`);
    }
    return;
  }

  throw forbidden('This link only opens its own report.', 'read-only link');
}
