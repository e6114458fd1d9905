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
export const PRINCIPALS = [
  'anonymous', // no credential
  'link-r1', // read-only charity link of receiver R1
  'link-s1', // read-only store link of store S1
  'pending', // signed in, no company user record
  'setup', // company user of company A without a reporting store
  'store', // company user of company A, one store (S1)
  'company-a', // company user of company A, all stores
  'company-b', // company user of company B, all stores
  'staff',
  'revoked-link', // the store link of S1 from before its rotation
  'signed-out', // the session cookie of a signed-out session
  'signed-out-token', // the access token that session had been given before it signed out
  'expired', // a staff access token past its exp, signed with the server's key
  'integration', // an integration key (transcripts ingest)
] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

/**
 * Findings the suite shows but the product does not fix yet: their differences are counted apart from the
 * mismatches, and the suite fails once a gap no longer shows (then its line goes).
 */
export const KNOWN_GAPS: { principal: PrincipalName; finding: string }[] = [];

export type Outcome = '2xx' | '3xx' | 'empty' | '400' | '401' | '403' | '404' | '409';
export type TargetKind = 'none' | 'own' | 'same-company' | 'other-company' | 'missing' | 'existing';
export type ObjectKind =
  | 'store' | 'receiver' | 'company' | 'transcript' | 'generated-file' | 'integration-key' | 'flow' | 'flow-step';
export type Cell = Outcome | Partial<Record<TargetKind, Outcome>>;

export interface Probe {
  /** The URL sent (path and query); `{id}` is the target object. Defaults to the route's URL with `:id` as `{id}`.
   * `{own-store}`, `{own-receiver}` and `{publish-file}` (also in bodies) are the principal's store and receiver, and
   * a publish file. */
  url?: string;
  /** What `{id}` names. Without it the route is asked once per principal (target 'none'). */
  object?: ObjectKind;
  /** `{id}` is an optional list filter: the list is also asked without it (target 'none'). */
  filter?: boolean;
  /** A body that passes validation, so that authorization alone decides ('wav': a short WAV recording). */
  body?: unknown;
  /** Changes data: sent after every read and after the totals checks, in table order. */
  write?: boolean;
  expect: Record<PrincipalName, Cell>;
  /** Where production differs (NODE_ENV=production, asked of a second app by anonymous, pending and staff). */
  production?: Partial<Record<PrincipalName, Cell>>;
}

type Row = Record<PrincipalName, Cell>;
type PerTarget = Partial<Record<TargetKind, Outcome>>;
const ok: Outcome = '2xx';
const everyone = (cell: Cell) => Object.fromEntries(PRINCIPALS.map((p) => [p, cell])) as Row;

/** Principals holding no valid credential for the guard: refused before anything else. */
const NO_CREDENTIAL = {
  anonymous: '401', 'revoked-link': '401', 'signed-out': '401', 'signed-out-token': '401', expired: '401', integration: '401',
} as const;
const LINKS_REFUSED = { 'link-r1': '403', 'link-s1': '403' } as const;
const COMPANY_USERS = (cell: Cell) => ({ pending: cell, setup: cell, store: cell, 'company-a': cell, 'company-b': cell });

const PUBLIC = everyone(ok);
/** Principals that send a session cookie: without an Origin header, the auth library's origin check refuses them. */
const COOKIE_WITHOUT_ORIGIN = { ...COMPANY_USERS('403'), staff: '403' } as const;
const SIGNED_IN: Row = { ...NO_CREDENTIAL, ...LINKS_REFUSED, ...COMPANY_USERS(ok), staff: ok };
const staffOnly = (staff: Cell = ok): Row => ({ ...NO_CREDENTIAL, ...LINKS_REFUSED, ...COMPANY_USERS('403'), staff });
/** Integration routes check their own key: every other credential is a 401. */
const integrationOnly = (integration: Cell): Row => ({ ...everyone('401'), integration });

/** Client routes (section 6): pending users 403 (not authorized), a user without a reporting store 403 (set-up). */
function client(cells: { staff: Cell; company: Cell; store: Cell; 'link-s1': Cell; 'link-r1': Cell }): Row {
  return {
    ...NO_CREDENTIAL, pending: '403', setup: '403', staff: cells.staff, 'company-a': cells.company,
    'company-b': cells.company, store: cells.store, 'link-s1': cells['link-s1'], 'link-r1': cells['link-r1'],
  };
}

/** Which objects a caller sees; an object it may not see answers 404, exactly like a missing one. */
const ALL: PerTarget = { own: ok, 'same-company': ok, 'other-company': ok, missing: '404', existing: ok };
const COMPANY: PerTarget = { own: ok, 'same-company': ok, 'other-company': '404', missing: '404' };
const OWN: PerTarget = { own: ok, 'same-company': '404', 'other-company': '404', missing: '404' };
const NOTHING: Outcome = '404';
/** The same as an optional filter of a list or total: without the filter, the caller's own slice. */
const unfiltered = (cell: PerTarget): PerTarget => ({ ...cell, none: ok });
/** A link filtering by an object that is not its own (a store link by a receiver or a company, and the like). */
const UNFILTERED_ONLY: PerTarget = { none: ok, own: '404', 'same-company': '404', 'other-company': '404', missing: '404' };
/** Donation totals and rows, filtered by a store or by a receiver. */
const donationReads = (by: 'store' | 'receiver'): Row => client({
  staff: unfiltered(ALL), company: unfiltered(COMPANY), store: unfiltered(OWN),
  'link-s1': by === 'store' ? unfiltered(OWN) : UNFILTERED_ONLY,
  'link-r1': by === 'receiver' ? unfiltered(OWN) : UNFILTERED_ONLY,
});
/** A list filtered by an object the caller may not see is empty, like one filtered by a missing id. */
const listed = (cell: PerTarget): PerTarget =>
  ({ ...Object.fromEntries(Object.entries(cell).map(([k, v]) => [k, v === '404' ? 'empty' : v])), none: ok });

/** Every client object route: staff see all, company users their company, the store user S1. */
const objectRoute = (links: { 'link-s1': Cell; 'link-r1': Cell }) => client({ staff: ALL, company: COMPANY, store: OWN, ...links });
const listRoute = client({ staff: listed(ALL), company: listed(COMPANY), store: listed(OWN), ...LINKS_REFUSED });

const DOCS_IN_PRODUCTION: Partial<Row> = { anonymous: '401', pending: '403', staff: ok };

const SIGN_IN_BODY = { email: 'pending@openrescue.test', password: 'demo-pending', rememberMe: false };
const BULK_SCAN = [{
  store_id: '{own-store}', receiver_id: '{own-receiver}', department: 1, destination: 1, weight_kg: 2,
  // Within the back-date window (decision 0038): yesterday, 7 hours back as the form sends it.
  email: 'staff@openrescue.test', entry_time: new Date(Date.now() - 31 * 3_600_000).toISOString(),
}];
const FIND_BODY = { Action: 'Find', Properties: { Locale: 'en-US', Timezone: 'Pacific Standard Time' }, Rows: [] };

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
    url: '/core-api/api/auth/sign-up/email', body: { email: 'new@openrescue.test', password: 'long-enough-1', name: 'New' },
    expect: { ...everyone('400'), ...COOKIE_WITHOUT_ORIGIN },
  },
  // The password routes, limited like sign-in (issue 32): a session is needed, and the cookie's page Origin.
  ...Object.fromEntries(['change-password', 'verify-password', 'delete-user', 'change-email'].map((path) => [
    `POST /core-api/api/auth/${path}`,
    { body: { currentPassword: 'not-the-password', newPassword: 'another-password-1', password: 'not-the-password', newEmail: 'x@openrescue.test' },
      expect: { ...everyone('401'), ...COOKIE_WITHOUT_ORIGIN } },
  ])),
  // The session cookie is the refresh credential: links and bearer-only callers have none.
  'POST /core-api/api/session/token': { expect: { ...NO_CREDENTIAL, 'link-r1': '401', 'link-s1': '401', ...COMPANY_USERS(ok), staff: ok } },

  'GET /health': { expect: PUBLIC },
  'GET /health/ready': { expect: PUBLIC },
  'GET /core-api/api/config': { expect: PUBLIC },
  'GET /core-api/api/impact-factors': { expect: PUBLIC },
  'GET /core-api/api/clients/company_user': { expect: SIGNED_IN },

  // Reports (section 6). Links read totals and rows of their own store or receiver only.
  'GET /core-api/api/retail/reports/donation_totals': [
    { url: '/core-api/api/retail/reports/donation_totals?from_store_id={id}', object: 'store', filter: true, expect: donationReads('store') },
    { url: '/core-api/api/retail/reports/donation_totals?receiver_id={id}', object: 'receiver', filter: true, expect: donationReads('receiver') },
    {
      url: '/core-api/api/retail/reports/donation_totals?from_company_id={id}', object: 'company', filter: true,
      expect: client({ staff: unfiltered(ALL), company: unfiltered(COMPANY), store: unfiltered(COMPANY), 'link-s1': UNFILTERED_ONLY, 'link-r1': UNFILTERED_ONLY }),
    },
  ],
  'GET /core-api/api/retail/reports/donations': [
    { url: '/core-api/api/retail/reports/donations?limit=5&from_store_id={id}', object: 'store', filter: true, expect: donationReads('store') },
    { url: '/core-api/api/retail/reports/donations?limit=5&receiver_id={id}', object: 'receiver', filter: true, expect: donationReads('receiver') },
  ],
  'GET /core-api/api/reports/stores': {
    url: '/core-api/api/reports/stores?company_id={id}', object: 'company', filter: true,
    expect: client({ staff: unfiltered(ALL), company: unfiltered(COMPANY), store: unfiltered(COMPANY), ...LINKS_REFUSED }),
  },
  'GET /core-api/api/reports/stores/:id': { object: 'store', expect: objectRoute(LINKS_REFUSED) },
  'GET /core-api/api/reports/receivers/:id': { object: 'receiver', expect: objectRoute(LINKS_REFUSED) },
  'GET /core-api/api/reports/monthly/store/:id': { object: 'store', expect: objectRoute({ 'link-s1': OWN, 'link-r1': NOTHING }) },
  'GET /core-api/api/reports/monthly/store/:id.xlsx': { object: 'store', expect: objectRoute({ 'link-s1': OWN, 'link-r1': NOTHING }) },
  'GET /core-api/api/reports/monthly/receiver/:id': { object: 'receiver', expect: objectRoute({ 'link-s1': NOTHING, 'link-r1': OWN }) },
  'GET /core-api/api/reports/monthly/receiver/:id.xlsx': { object: 'receiver', expect: objectRoute({ 'link-s1': NOTHING, 'link-r1': OWN }) },
  'GET /core-api/api/reports/poster/:id': { object: 'store', expect: objectRoute({ 'link-s1': OWN, 'link-r1': NOTHING }) },
  'GET /core-api/api/reports/poster/:id.pdf': { object: 'store', expect: objectRoute({ 'link-s1': OWN, 'link-r1': NOTHING }) },

  // Lookups: lists of what the caller may see; an id filter never reveals another tenant's object.
  'GET /core-api/api/companies': { url: '/core-api/api/companies?id={id}', object: 'company', filter: true, expect: listRoute },
  'GET /core-api/api/stores': { url: '/core-api/api/stores?id={id}', object: 'store', filter: true, expect: listRoute },
  'GET /core-api/api/receivers': { url: '/core-api/api/receivers?id={id}', object: 'receiver', filter: true, expect: listRoute },
  'GET /core-api/api/retail/stores': { url: '/core-api/api/retail/stores?id={id}', object: 'store', filter: true, expect: listRoute },
  'GET /core-api/api/retail/receivers': { url: '/core-api/api/retail/receivers?id={id}', object: 'receiver', filter: true, expect: listRoute },
  'GET /core-api/api/reasons': { expect: client({ staff: ok, company: ok, store: ok, ...LINKS_REFUSED }) },

  // Operations: staff only.
  'GET /ops-api/table/Jobs': { expect: staffOnly() },
  'GET /ops-api/table_metrics': { expect: staffOnly() },
  'GET /ops-api/table/CustomDebugLog': { expect: staffOnly() },
  'GET /ops-api/live/:collection': { url: '/ops-api/live/tasks', expect: staffOnly() },
  'GET /core-api/api/retail/bulkscan': { expect: staffOnly() },
  'GET /core-api/api/retail/donations/getAvgWtPerStore': { url: '/core-api/api/retail/donations/getAvgWtPerStore?from_store={own-store}', expect: staffOnly() },
  'GET /core-api/api/retail/stipend-report': { expect: staffOnly() },
  'GET /core-api/api/retail/stipend-report.xlsx': { expect: staffOnly() },
  'GET /core-api/api/retail/reports/charity_poster_contacts/': { expect: staffOnly() },
  'GET /ops-api/public-links/:kind/:id': { url: '/ops-api/public-links/store/{id}', object: 'store', expect: staffOnly(ALL) },
  'POST /ops-api/appsheet/table/:table/action': { url: '/ops-api/appsheet/table/Company/action', body: FIND_BODY, expect: staffOnly() },
  'GET /ops-api/files/generated/:id': { object: 'generated-file', expect: staffOnly(ALL) },
  'GET /ops-api/files/generated.zip': { expect: staffOnly() },
  'GET /core-api/api/retail/network/': { expect: staffOnly() },
  'GET /core-api/api/network/impact': { expect: staffOnly() },
  'GET /core-api/api/network/donation_totals': { expect: staffOnly() },
  'GET /core-api/api/network/regions': { expect: staffOnly() },
  'GET /core-api/api/product/calls/transcripts': { expect: staffOnly() },
  'GET /core-api/api/product/calls/transcripts/:id': { object: 'transcript', expect: staffOnly(ALL) },
  'GET /core-api/api/product/calls/transcripts/:id/audio': { object: 'transcript', expect: staffOnly(ALL) },
  'GET /core-api/api/product/calls/integration-keys': { expect: staffOnly() },

  // The public network map: a region secret, whoever asks.
  'GET /core-api/api/public/network/region': { url: '/core-api/api/public/network/region?in_area=mv&secret=demo', expect: PUBLIC },
  'GET /core-api/api/public/retail/network/': { url: '/core-api/api/public/retail/network/?in_area=mv&secret=demo', expect: PUBLIC },
  'GET /core-api/api/public/network/impact': { url: '/core-api/api/public/network/impact?in_area=mv&secret=demo', expect: PUBLIC },
  'GET /core-api/api/public/network/donation_totals': { url: '/core-api/api/public/network/donation_totals?in_area=mv&secret=demo', expect: PUBLIC },

  // Writes, after every read and the totals checks.
  'POST /core-api/api/bulkscan/': { body: BULK_SCAN, write: true, expect: staffOnly() },
  'POST /core-api/api/reports/charity_poster_contacts/': { body: { with_receiver_id: '{own-receiver}', month: '2025-06' }, write: true, expect: staffOnly() },
  'POST /ops-api/appsheet/table/PublishFile/batchAction': {
    body: { Action: 'AdvanceSingleFileChangeTime', Properties: { Locale: 'en-US', Timezone: 'Pacific Standard Time', TaskName: 'publish_id_{publish-file}' }, Rows: [{ id: '{publish-file}' }] },
    write: true, expect: staffOnly(),
  },
  'POST /core-api/api/product/calls/integration-keys': { body: { name: 'matrix-created' }, write: true, expect: staffOnly() },
  'DELETE /core-api/api/product/calls/integration-keys/:id': { object: 'integration-key', write: true, expect: staffOnly(ALL) },
  'POST /core-api/api/product/calls/transcripts': { body: { call: { tw_call_sid: 'CA0000000000000000000000000000a0a0' } }, write: true, expect: integrationOnly(ok) },
  // The target is a demo call: no key created it, so no key may replace its recording (decision 0039).
  'PUT /core-api/api/product/calls/transcripts/:id/audio': { object: 'transcript', body: 'wav', write: true, expect: integrationOnly({ existing: '409', missing: '404' }) },
  'POST /ops-api/flow/:id': { object: 'flow', write: true, expect: staffOnly(ALL) },
  'POST /ops-api/trigger/sproc/:id': { object: 'flow-step', write: true, expect: staffOnly(ALL) },
  // Last: rotating S1's link ends the store link principal.
  'POST /ops-api/public-links/:kind/:id/rotate': { url: '/ops-api/public-links/store/{id}/rotate', object: 'store', write: true, expect: staffOnly(ALL) },
};
