/**
 * The authorization matrix (issue 9, decision 0021): for every registered route, what each principal gets for each
 * kind of target object. authorization-matrix.test.ts sends every cell and fails on any difference, on a route
 * missing from this table and on a row naming no route.
 *
 * Cells are status classes: '2xx', '3xx', a status code, or 'empty' (2xx with no rows: a list asked for an object
 * the caller may not see filters it out, exactly as it does a missing one). A cell is one outcome for every target,
 * or one outcome per target.
 *
 * Targets are relative to the principal: 'own' is its store (store S1 for the store user and the store link, S1's
 * receiver R1 for the charity link, company B's first store for company B's user; company A's view for principals
 * without a company), 'same-company' another store of its company (or a receiver served only by other stores of
 * it), 'other-company' another company's, 'missing' an id nobody has. Objects without a tenant (transcripts, keys,
 * files, flows) are 'existing' or 'missing'. A filtered list is also asked without the filter ('none').
 *
 * HEAD routes answer as their GET row (unless they have a row of their own), except that read-only links open GET
 * only (public-links.policy.ts): a HEAD from a valid link answers 403 on client routes.
 */
import {
  ALL,
  client,
  COMPANY,
  COMPANY_REPORT,
  COMPANY_REPORT_JOB,
  COMPANY_USERS,
  COOKIE_WITHOUT_ORIGIN,
  DOCS_IN_PRODUCTION,
  donationReads,
  everyone,
  FIND_BODY,
  LINK_OWNERS,
  LINKS_REFUSED,
  listRoute,
  NO_CREDENTIAL,
  NOTHING,
  objectRoute,
  ok,
  OWN,
  type Probe,
  PUBLIC,
  RECEIVER_LINK_OWNERS,
  SIGN_IN_BODY,
  SIGNED_IN,
  staffOnly,
  unfiltered,
  UNFILTERED_ONLY,
} from './authorization-cells.js';
import { WRITE_PROBES } from './authorization-writes.js';
export { KNOWN_GAPS, PRINCIPALS } from './authorization-cells.js';

const NETWORK_IMPORT_BODY = {
  file_name: 'accounts.csv',
  content_base64: Buffer.from('name,type\nA,Charity').toString('base64'),
};
export type { Cell, ObjectKind, Outcome, PrincipalName, Probe, TargetKind } from './authorization-cells.js';

export const AUTHORIZATION_MATRIX: Record<string, Probe | Probe[]> = {
  // OpenAPI pages: open outside production (the suite's app runs as NODE_ENV=test), staff only in production.
  'GET /docs': { expect: PUBLIC, production: DOCS_IN_PRODUCTION },
  'GET /docs/static/index.html': { expect: everyone('3xx'), production: { ...DOCS_IN_PRODUCTION, staff: '3xx' } },
  'GET /docs/static/swagger-initializer.js': { expect: PUBLIC, production: DOCS_IN_PRODUCTION },
  'GET /docs/static/*': { url: '/docs/static/swagger-ui.css', expect: PUBLIC, production: DOCS_IN_PRODUCTION },
  'GET /docs/json': { expect: PUBLIC, production: DOCS_IN_PRODUCTION },
  'GET /docs/yaml': { expect: PUBLIC, production: DOCS_IN_PRODUCTION },

  // Sign-in and the auth library: public; open sign-up is off for everyone, staff included.
  'POST /core-api/api/auth/sign-in/email': { body: SIGN_IN_BODY, expect: { ...PUBLIC, ...COOKIE_WITHOUT_ORIGIN } },
  'GET /core-api/api/auth/*': { url: '/core-api/api/auth/get-session', expect: PUBLIC },
  // Fastify adds HEAD to the auth library's GET routes; the library itself knows no HEAD.
  'HEAD /core-api/api/auth/*': { url: '/core-api/api/auth/get-session', expect: everyone('404') },
  // A cookie sent without the page's Origin is refused by the library's origin check (issue 32: it runs in tests too).
  'POST /core-api/api/auth/*': {
    url: '/core-api/api/auth/sign-up/email',
    body: { email: 'new@openrescue.test', password: 'long-enough-1', name: 'New' },
    expect: { ...everyone('400'), ...COOKIE_WITHOUT_ORIGIN },
  },
  // The password routes, limited like sign-in (issue 32): a session is needed, and the cookie's page Origin.
  ...Object.fromEntries(
    ['change-password', 'verify-password', 'delete-user', 'change-email'].map((path) => [
      `POST /core-api/api/auth/${path}`,
      {
        body: {
          currentPassword: 'not-the-password',
          newPassword: 'another-password-1',
          password: 'not-the-password',
          newEmail: 'x@openrescue.test',
        },
        expect: { ...everyone('401'), ...COOKIE_WITHOUT_ORIGIN },
      },
    ]),
  ),
  // The session cookie is the refresh credential: links and bearer-only callers have none.
  'POST /core-api/api/session/token': {
    expect: { ...NO_CREDENTIAL, 'link-r1': '401', 'link-s1': '401', ...COMPANY_USERS(ok), staff: ok },
  },

  'GET /health': { expect: PUBLIC },
  'GET /health/ready': { expect: PUBLIC },
  'GET /core-api/api/config': { expect: PUBLIC },
  'GET /core-api/api/impact-factors': { expect: PUBLIC },
  'GET /core-api/api/clients/company_user': { expect: SIGNED_IN },

  // Reports (section 6). Links read totals and rows of their own store or receiver only.
  'GET /core-api/api/retail/reports/donation_totals': [
    {
      url: '/core-api/api/retail/reports/donation_totals?from_store_id={id}',
      object: 'store',
      filter: true,
      expect: donationReads('store'),
    },
    {
      url: '/core-api/api/retail/reports/donation_totals?receiver_id={id}',
      object: 'receiver',
      filter: true,
      expect: donationReads('receiver'),
    },
    {
      url: '/core-api/api/retail/reports/donation_totals?from_company_id={id}',
      object: 'company',
      filter: true,
      expect: client({
        staff: unfiltered(ALL),
        company: unfiltered(COMPANY),
        store: unfiltered(COMPANY),
        'link-s1': UNFILTERED_ONLY,
        'link-r1': UNFILTERED_ONLY,
        charity: unfiltered(COMPANY),
      }),
    },
  ],
  // Issue 38 section 2: the dashboard's figures (JSON, CSV, xlsx) answer users as donation_totals does.
  ...Object.fromEntries(
    ['', '.csv', '.xlsx'].map((ext) => [
      `GET /core-api/api/retail/reports/dashboard_figures${ext}`,
      {
        url: `/core-api/api/retail/reports/dashboard_figures${ext}?entry_time__gte=2026-01-01&entry_time__lte=2026-03-31&from_store_id={id}`,
        object: 'store',
        filter: true,
        // Read-only links open their own report only (public-links.policy.ts), not the dashboard's export.
        expect: { ...donationReads('store'), ...LINKS_REFUSED },
      } satisfies Probe,
    ]),
  ),
  // The integration API takes a company API key only (none of these principals holds one: its cells with keys of
  // two companies are in dashboard-export.test.ts); writes are refused whoever asks.
  'GET /core-api/api/integrations/figures': {
    url: '/core-api/api/integrations/figures?entry_time__gte=2026-01-01&entry_time__lte=2026-01-31',
    expect: everyone('401'),
  },
  // Company API keys: company admins (company users of every store) only.
  'GET /core-api/api/company/api-keys': {
    expect: { ...everyone('403'), ...NO_CREDENTIAL, 'company-a': ok, 'company-b': ok },
  },
  'GET /core-api/api/retail/reports/donations': [
    {
      url: '/core-api/api/retail/reports/donations?limit=5&from_store_id={id}',
      object: 'store',
      filter: true,
      expect: donationReads('store'),
    },
    {
      url: '/core-api/api/retail/reports/donations?limit=5&receiver_id={id}',
      object: 'receiver',
      filter: true,
      expect: donationReads('receiver'),
    },
  ],
  'GET /core-api/api/reports/stores': {
    url: '/core-api/api/reports/stores?company_id={id}',
    object: 'company',
    filter: true,
    expect: client({
      staff: unfiltered(ALL),
      company: unfiltered(COMPANY),
      store: unfiltered(COMPANY),
      ...LINKS_REFUSED,
      charity: unfiltered(COMPANY),
    }),
  },
  // A charity user (decision 0066) sees the headers of its receivers and of the stores that give to them; store
  // reports and posters are store pages, closed to it.
  'GET /core-api/api/reports/stores/:id': {
    object: 'store',
    expect: objectRoute({ ...LINKS_REFUSED, charity: COMPANY }),
  },
  'GET /core-api/api/reports/receivers/:id': {
    object: 'receiver',
    expect: objectRoute({ ...LINKS_REFUSED, charity: COMPANY }),
  },
  'GET /core-api/api/reports/monthly/store/:id': {
    object: 'store',
    expect: objectRoute({ 'link-s1': OWN, 'link-r1': NOTHING }),
  },
  'GET /core-api/api/reports/monthly/store/:id.xlsx': {
    object: 'store',
    expect: objectRoute({ 'link-s1': OWN, 'link-r1': NOTHING }),
  },
  'GET /core-api/api/reports/monthly/receiver/:id': {
    object: 'receiver',
    expect: objectRoute({ 'link-s1': NOTHING, 'link-r1': OWN, charity: COMPANY }),
  },
  'GET /core-api/api/reports/monthly/receiver/:id.xlsx': {
    object: 'receiver',
    expect: objectRoute({ 'link-s1': NOTHING, 'link-r1': OWN, charity: COMPANY }),
  },
  'GET /core-api/api/reports/poster/:id': {
    object: 'store',
    expect: objectRoute({ 'link-s1': OWN, 'link-r1': NOTHING }),
  },
  'GET /core-api/api/reports/poster/:id.pdf': {
    object: 'store',
    expect: objectRoute({ 'link-s1': OWN, 'link-r1': NOTHING }),
  },
  // The company report (decision 0068): company users who see all stores, for their own company, and staff; a
  // store-only user of the company answers as for a missing one. Job ids name their company: a missing job is a 404.
  ...Object.fromEntries(
    ['xlsx', 'pdf'].map((ext) => [
      `GET /core-api/api/reports/company/:id/report.${ext}`,
      { object: 'company', expect: COMPANY_REPORT } satisfies Probe,
    ]),
  ),
  ...Object.fromEntries(
    ['', '/report.xlsx', '/report.pdf'].map((tail) => [
      `GET /core-api/api/reports/company-report-jobs/:jobId${tail}`,
      {
        url: `/core-api/api/reports/company-report-jobs/company_report_1_2026-01_999${tail}`,
        expect: COMPANY_REPORT_JOB,
      },
    ]),
  ),

  // Lookups: lists of what the caller may see; an id filter never reveals another tenant's object.
  'GET /core-api/api/companies': {
    url: '/core-api/api/companies?id={id}',
    object: 'company',
    filter: true,
    expect: listRoute,
  },
  'GET /core-api/api/stores': { url: '/core-api/api/stores?id={id}', object: 'store', filter: true, expect: listRoute },
  'GET /core-api/api/receivers': {
    url: '/core-api/api/receivers?id={id}',
    object: 'receiver',
    filter: true,
    expect: listRoute,
  },
  'GET /core-api/api/retail/stores': {
    url: '/core-api/api/retail/stores?id={id}',
    object: 'store',
    filter: true,
    expect: listRoute,
  },
  'GET /core-api/api/retail/receivers': {
    url: '/core-api/api/retail/receivers?id={id}',
    object: 'receiver',
    filter: true,
    expect: listRoute,
  },
  'GET /core-api/api/reasons': { expect: client({ staff: ok, company: ok, store: ok, ...LINKS_REFUSED, charity: ok }) },

  // Charity (receiver) users (issue 37, decision 0066): staff manage them; the person reads its own record; an
  // invitation token nobody was given opens nothing, whoever sends it.
  'GET /core-api/api/clients/receiver_user': { expect: SIGNED_IN },
  'GET /ops-api/receiver-users': {
    url: '/ops-api/receiver-users?receiver_id={id}',
    object: 'receiver',
    expect: staffOnly(ALL),
  },
  'POST /core-api/api/invitations/check': {
    body: { token: 'a'.repeat(43) },
    expect: everyone('404'),
  },

  // Operations: staff only.
  'GET /ops-api/table/Jobs': { expect: staffOnly() },
  'GET /ops-api/table_metrics': { expect: staffOnly() },
  'GET /ops-api/table/CustomDebugLog': { expect: staffOnly() },
  'GET /ops-api/live/:collection': { url: '/ops-api/live/tasks', expect: staffOnly() },
  'GET /core-api/api/retail/bulkscan': { expect: staffOnly() },
  // The audit trail (issue 36, decision 0061): staff only, reads only.
  'GET /ops-api/audit-events': { expect: staffOnly() },
  'GET /ops-api/audit-events.csv': { expect: staffOnly() },
  'GET /core-api/api/retail/donations/getAvgWtPerStore': {
    url: '/core-api/api/retail/donations/getAvgWtPerStore?from_store={own-store}',
    expect: staffOnly(),
  },
  'GET /core-api/api/retail/stipend-report': { expect: staffOnly() },
  'GET /core-api/api/retail/stipend-report.xlsx': { expect: staffOnly() },
  'GET /core-api/api/retail/reports/charity_poster_contacts/': { expect: staffOnly() },
  // The report mail's one-click unsubscribe: the signed token is the credential (a made-up one opens nothing).
  'GET /core-api/api/mail/unsubscribe': {
    url: '/core-api/api/mail/unsubscribe?t=1.aaaaaaaaaaaaaaaaaaaaaa',
    expect: everyone('3xx'),
  },
  'GET /ops-api/public-links/:kind/:id': {
    url: '/ops-api/public-links/store/{id}',
    object: 'store',
    expect: staffOnly(ALL),
  },
  'GET /ops-api/public-links/store/:id/poster': {
    url: '/ops-api/public-links/store/{id}/poster',
    object: 'store',
    expect: staffOnly(ALL),
  },
  // The same links in the client app, for their owners (issue 37, decision 0069): company users who reach every
  // store of the store's company (and staff); a store user's or a receiver's answers like a missing one.
  'GET /core-api/api/public-links/:kind/:id': [
    { url: '/core-api/api/public-links/store/{id}', object: 'store', expect: LINK_OWNERS },
    { url: '/core-api/api/public-links/receiver/{id}', object: 'receiver', expect: RECEIVER_LINK_OWNERS },
  ],
  'GET /core-api/api/public-links/store/:id/poster': { object: 'store', expect: LINK_OWNERS },
  // A printed poster's short link: a redirect for whoever scans it (an unknown code leads to the wrong-address page).
  'GET /p/:code': { url: '/p/zzzzzzzzzzzz', expect: everyone('3xx') },
  'POST /ops-api/appsheet/table/:table/action': {
    url: '/ops-api/appsheet/table/Company/action',
    body: FIND_BODY,
    expect: staffOnly(),
  },
  'GET /ops-api/files/generated/:id': { object: 'generated-file', expect: staffOnly(ALL) },
  'GET /ops-api/files/generated.zip': { expect: staffOnly() },
  'GET /core-api/api/retail/network/': { expect: staffOnly() },
  'GET /core-api/api/network/impact': { expect: staffOnly() },
  'GET /core-api/api/network/donation_totals': { expect: staffOnly() },
  'GET /core-api/api/network/regions': { expect: staffOnly() },
  // The console's CSV import (decision 0054): the preview writes nothing; a start with a file that cannot be
  // imported is refused before any job (so the suite starts none); a job nobody has.
  'POST /core-api/api/network/import/preview': { body: NETWORK_IMPORT_BODY, write: true, expect: staffOnly() },
  'POST /core-api/api/network/import': {
    body: { ...NETWORK_IMPORT_BODY, content_base64: Buffer.from('name\nx').toString('base64') },
    write: true,
    expect: staffOnly('400'),
  },
  'GET /core-api/api/network/import/:id': {
    url: '/core-api/api/network/import/network_import_999',
    expect: staffOnly('404'),
  },
  'GET /core-api/api/product/calls/transcripts': { expect: staffOnly() },
  'GET /core-api/api/product/calls/transcripts/:id': { object: 'transcript', expect: staffOnly(ALL) },
  'GET /core-api/api/product/calls/transcripts/:id/audio': { object: 'transcript', expect: staffOnly(ALL) },
  'GET /core-api/api/product/calls/integration-keys': { expect: staffOnly() },

  // The public network map: a region secret, whoever asks.
  'GET /core-api/api/public/network/region': {
    url: '/core-api/api/public/network/region?in_area=mv&secret=demo',
    expect: PUBLIC,
  },
  'GET /core-api/api/public/retail/network/': {
    url: '/core-api/api/public/retail/network/?in_area=mv&secret=demo',
    expect: PUBLIC,
  },
  'GET /core-api/api/public/network/impact': {
    url: '/core-api/api/public/network/impact?in_area=mv&secret=demo',
    expect: PUBLIC,
  },
  'GET /core-api/api/public/network/donation_totals': {
    url: '/core-api/api/public/network/donation_totals?in_area=mv&secret=demo',
    expect: PUBLIC,
  },

  // Writes, after every read and the totals checks (authorization-writes.ts).
  ...WRITE_PROBES,
};
