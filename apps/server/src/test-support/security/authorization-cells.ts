/**
 * The building blocks of the authorization matrix (authorization-matrix.ts): the principals, the outcome of a cell,
 * what a probe of a route holds, and the rows every route family shares (who is refused before anything else,
 * which targets a caller sees).
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
  // A charity (receiver) user of R1 and a sibling receiver R1b (decision 0066): its targets are R1 (own), R1b
  // ('same-company': a sibling of the same charity), another charity's receiver, and the stores giving to each.
  'charity',
] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

/**
 * Findings the suite shows but the product does not fix yet: their differences are counted apart from the
 * mismatches, and the suite fails once a gap no longer shows (then its line goes).
 */
export const KNOWN_GAPS: { principal: PrincipalName; finding: string }[] = [];

export type Outcome = '2xx' | '3xx' | 'empty' | '400' | '401' | '403' | '404' | '405' | '409';
export type TargetKind = 'none' | 'own' | 'same-company' | 'other-company' | 'missing' | 'existing';
export type ObjectKind =
  'store' | 'receiver' | 'company' | 'transcript' | 'generated-file' | 'integration-key' | 'flow' | 'flow-step';
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

export type Row = Record<PrincipalName, Cell>;
export type PerTarget = Partial<Record<TargetKind, Outcome>>;
export const ok: Outcome = '2xx';
export const everyone = (cell: Cell) => Object.fromEntries(PRINCIPALS.map((p) => [p, cell])) as Row;

/** Principals holding no valid credential for the guard: refused before anything else. */
export const NO_CREDENTIAL = {
  anonymous: '401',
  'revoked-link': '401',
  'signed-out': '401',
  'signed-out-token': '401',
  expired: '401',
  integration: '401',
} as const;
export const LINKS_REFUSED = { 'link-r1': '403', 'link-s1': '403' } as const;
/** Signed-in users who are not staff: the company users, and the charity user. */
export const COMPANY_USERS = (cell: Cell) => ({
  pending: cell,
  setup: cell,
  store: cell,
  'company-a': cell,
  'company-b': cell,
  charity: cell,
});

export const PUBLIC = everyone(ok);
/** Principals that send a session cookie: without an Origin header, the auth library's origin check refuses them. */
export const COOKIE_WITHOUT_ORIGIN = { ...COMPANY_USERS('403'), staff: '403' } as const;
export const SIGNED_IN: Row = { ...NO_CREDENTIAL, ...LINKS_REFUSED, ...COMPANY_USERS(ok), staff: ok };
export const staffOnly = (staff: Cell = ok): Row => ({
  ...NO_CREDENTIAL,
  ...LINKS_REFUSED,
  ...COMPANY_USERS('403'),
  staff,
});
/** Integration routes check their own key: every other credential is a 401. */
export const integrationOnly = (integration: Cell): Row => ({ ...everyone('401'), integration });

/**
 * Client routes (section 6): pending users 403 (not authorized), a user without a reporting store 403 (set-up). The
 * charity user reads what its receivers' link reads unless a row says more (decision 0066).
 */
export function client(cells: {
  staff: Cell;
  company: Cell;
  store: Cell;
  'link-s1': Cell;
  'link-r1': Cell;
  charity?: Cell;
}): Row {
  return {
    charity: cells.charity ?? cells['link-r1'],
    ...NO_CREDENTIAL,
    pending: '403',
    setup: '403',
    staff: cells.staff,
    'company-a': cells.company,
    'company-b': cells.company,
    store: cells.store,
    'link-s1': cells['link-s1'],
    'link-r1': cells['link-r1'],
  };
}

/** Which objects a caller sees; an object it may not see answers 404, exactly like a missing one. */
export const ALL: PerTarget = { own: ok, 'same-company': ok, 'other-company': ok, missing: '404', existing: ok };
export const COMPANY: PerTarget = { own: ok, 'same-company': ok, 'other-company': '404', missing: '404' };
export const OWN: PerTarget = { own: ok, 'same-company': '404', 'other-company': '404', missing: '404' };
export const NOTHING: Outcome = '404';
/** The same as an optional filter of a list or total: without the filter, the caller's own slice. */
export const unfiltered = (cell: PerTarget): PerTarget => ({ ...cell, none: ok });
/** A link filtering by an object that is not its own (a store link by a receiver or a company, and the like). */
export const UNFILTERED_ONLY: PerTarget = {
  none: ok,
  own: '404',
  'same-company': '404',
  'other-company': '404',
  missing: '404',
};
/** Donation totals and rows, filtered by a store or by a receiver (a charity user: of its receivers, or stores giving to them). */
export const donationReads = (by: 'store' | 'receiver'): Row =>
  client({
    staff: unfiltered(ALL),
    company: unfiltered(COMPANY),
    store: unfiltered(OWN),
    'link-s1': by === 'store' ? unfiltered(OWN) : UNFILTERED_ONLY,
    'link-r1': by === 'receiver' ? unfiltered(OWN) : UNFILTERED_ONLY,
    charity: unfiltered(COMPANY),
  });
/** A list filtered by an object the caller may not see is empty, like one filtered by a missing id. */
export const listed = (cell: PerTarget): PerTarget => ({
  ...Object.fromEntries(Object.entries(cell).map(([k, v]) => [k, v === '404' ? 'empty' : v])),
  none: ok,
});

/** Every client object route: staff see all, company users their company, the store user S1. */
export const objectRoute = (links: { 'link-s1': Cell; 'link-r1': Cell; charity?: Cell }) =>
  client({ staff: ALL, company: COMPANY, store: OWN, ...links });
export const listRoute = client({
  staff: listed(ALL),
  company: listed(COMPANY),
  store: listed(OWN),
  ...LINKS_REFUSED,
  charity: listed(COMPANY),
});

export const DOCS_IN_PRODUCTION: Partial<Row> = { anonymous: '401', pending: '403', staff: ok };

export const SIGN_IN_BODY = { email: 'pending@openrescue.test', password: 'demo-pending', rememberMe: false };
export const BULK_SCAN = [
  {
    store_id: '{own-store}',
    receiver_id: '{own-receiver}',
    department: 1,
    destination: 1,
    weight_kg: 2,
    // Within the back-date window (decision 0038): yesterday, 7 hours back as the form sends it.
    email: 'staff@openrescue.test',
    entry_time: new Date(Date.now() - 31 * 3_600_000).toISOString(),
  },
];
export const FIND_BODY = {
  Action: 'Find',
  Properties: { Locale: 'en-US', Timezone: 'Pacific Standard Time' },
  Rows: [],
};

/**
 * The share links in the client app (decision 0069): a store's for staff and the company users who reach all of its
 * company; a receiver's for staff and its charity users (R1 and its sibling R1b).
 */
export const LINK_OWNERS = client({ staff: ALL, company: COMPANY, store: NOTHING, ...LINKS_REFUSED, charity: NOTHING });
export const RECEIVER_LINK_OWNERS = client({
  staff: ALL,
  company: NOTHING,
  store: NOTHING,
  ...LINKS_REFUSED,
  charity: COMPANY,
});

/**
 * The company report's routes (decision 0068): staff any company, a company user of all stores its own; everyone
 * else signed in (a store-only user, a charity user) as for a missing company.
 */
const NOT_A_COMPANY_ADMIN = Object.fromEntries([['charity', NOTHING]]);
export const COMPANY_REPORT = {
  ...client({
    staff: { own: ok, 'other-company': ok, missing: '404' },
    company: { own: ok, 'other-company': '404', missing: '404' },
    store: NOTHING,
    ...LINKS_REFUSED,
  }),
  ...NOT_A_COMPANY_ADMIN,
};
export const COMPANY_REPORT_JOB = {
  ...client({ staff: '404', company: '404', store: '404', ...LINKS_REFUSED }),
  ...NOT_A_COMPANY_ADMIN,
};
