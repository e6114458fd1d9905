import { FLOW_CHAIN } from '@openrescue/shared';
import { sql } from 'kysely';
import { ensureAccount } from '../../auth/accounts.js';
import { DEMO_REPORT_STORE_ID } from '../../db/demo/index.js';
import { currentLink, rotateLink } from '../../modules/public-links/public-links.service.js';
import { createKey } from '../../modules/transcripts/transcripts.service.js';
import { daysAgo, item } from '../fixtures/retail.js';
import { buildTestApp, signIn, type TestApp } from '../test-app.js';
import type { ObjectKind, PrincipalName, TargetKind } from './authorization-matrix.js';

/** The principals and target objects of the authorization matrix (authorization-matrix.ts), on the demo network. */
export interface MatrixFixture {
  t: TestApp;
  headers: Record<PrincipalName, Record<string, string>>;
  /** Per principal: each object kind's id per target kind (relative to the principal's company and store). */
  targets: Record<PrincipalName, Record<ObjectKind, Partial<Record<TargetKind, number | string>>>>;
  /** What each principal may see, for the totals references. */
  views: Partial<Record<PrincipalName, View>>;
  publishFileId: number;
  /** A receiver that S1 and company B both serve (now), and a month with donations to it from both. */
  shared: { receiverId: number; month: string };
}

/** A principal's slice of the network: every row (all), a company, a store, or a receiver. */
export type View =
  { all: true } | { companyId: number } | { storeId: number } | { receiverId: number } | { receiverIds: number[] };

export const MISSING_ID = 999_999;
const COMPANY_A = 1;
const COMPANY_B = 2;

interface Home {
  company: number;
  otherCompany: number;
  store: number;
  sibling: number;
  foreignStore: number;
  receiver: number;
  siblingReceiver: number;
  foreignReceiver: number;
}

async function one<T = number>(t: TestApp, query: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await query.execute(t.database.db);
  const value = (rows[0] as { id?: T } | undefined)?.id;
  if (value === undefined || value === null)
    throw new Error(`matrix fixture: no row for ${query.compile(t.database.db).sql}`);
  return typeof value === 'string' && /^\d+$/.test(value) ? (Number(value) as T) : value;
}

/** A company's view: its store, another of its stores, another company's store, and receivers served likewise. */
async function homeOf(t: TestApp, company: number, otherCompany: number, store?: number): Promise<Home> {
  const own: number =
    store ?? (await one<number>(t, sql`select min(id) as id from store where company_id = ${company}`));
  // The busiest such receiver: an empty answer must come from the scope, not from a receiver without donations.
  const servedBy = (where: ReturnType<typeof sql>) => sql`select r.id from receiver r where ${where}
    order by (select count(*) from donation d where d.receiver_id = r.id) desc, r.id limit 1`;
  const linked = (cond: ReturnType<typeof sql>) =>
    sql`exists (select 1 from store_receiver sr join store s on s.id = sr.store_id where sr.receiver_id = r.id and ${cond})`;
  return {
    company,
    otherCompany,
    store: own,
    sibling: await one(t, sql`select min(id) as id from store where company_id = ${company} and id <> ${own}`),
    foreignStore: await one(t, sql`select min(id) as id from store where company_id = ${otherCompany}`),
    receiver: await one(
      t,
      sql`select receiver_id as id from donation where store_id = ${own} and receiver_id in
      (select receiver_id from store_receiver where store_id = ${own}) group by 1 order by count(*) desc limit 1`,
    ),
    siblingReceiver: await one(
      t,
      servedBy(sql`${linked(sql`s.company_id = ${company}`)} and not ${linked(sql`s.id = ${own}`)}`),
    ),
    foreignReceiver: await one(t, servedBy(sql`not ${linked(sql`s.company_id = ${company}`)}`)),
  };
}

function targetsOf(home: Home, shared: Record<'transcript' | 'generated-file' | 'integration-key', number>) {
  const existing = (id: number | string) => ({ existing: id, missing: MISSING_ID });
  return {
    store: { own: home.store, 'same-company': home.sibling, 'other-company': home.foreignStore, missing: MISSING_ID },
    receiver: {
      own: home.receiver,
      'same-company': home.siblingReceiver,
      'other-company': home.foreignReceiver,
      missing: MISSING_ID,
    },
    company: { own: home.company, 'other-company': home.otherCompany, missing: MISSING_ID },
    transcript: existing(shared.transcript),
    'generated-file': existing(shared['generated-file']),
    'integration-key': existing(shared['integration-key']),
    flow: { existing: FLOW_CHAIN, missing: 'noSuchFlow' },
    'flow-step': { existing: 'preloadDonation', missing: 'noSuchStep' },
  };
}

/** The busiest month of a receiver that the store and the other company both serve now, with donations from both. */
function busiestSharedMonth(store: number, otherCompany: number) {
  return sql`select json_build_object('receiver_id', receiver_id, 'month', month) as id
    from (select d.receiver_id, to_char(date_trunc('month', d.entry_time at time zone 'America/Vancouver'), 'YYYY-MM-DD') as month,
        count(*) filter (where d.store_id = ${store}) as own, count(*) filter (where s.company_id = ${otherCompany}) as theirs
      from donation d join store s on s.id = d.store_id
      where d.receiver_id in (select receiver_id from store_receiver where store_id = ${store} and ended_on is null)
        and d.receiver_id in (select sr.receiver_id from store_receiver sr join store x on x.id = sr.store_id
          where x.company_id = ${otherCompany} and sr.ended_on is null)
      group by 1, 2) m
    where own > 0 and theirs > 0 order by own + theirs desc limit 1`;
}

/**
 * That month, or when the demo has none (the demo's donations move with today's date: on 2026-11-29 the 1,000-donation
 * demo had none), a receiver both serve with a donation from each entered today through the staff bulk-scan route.
 */
async function sharedReceiver(t: TestApp, store: number, otherCompany: number, staffToken: string) {
  const { rows } = await busiestSharedMonth(store, otherCompany).execute(t.database.db);
  if (rows.length > 0) return one<{ receiver_id: number; month: string }>(t, busiestSharedMonth(store, otherCompany));
  const link = await one<{ receiver_id: number; store_id: number }>(
    t,
    sql`select json_build_object('receiver_id', mine.receiver_id, 'store_id', theirs.store_id) as id
      from store_receiver mine join store_receiver theirs on theirs.receiver_id = mine.receiver_id
      join store x on x.id = theirs.store_id
      where mine.store_id = ${store} and mine.ended_on is null and x.company_id = ${otherCompany} and theirs.ended_on is null
      order by mine.receiver_id, theirs.store_id limit 1`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/core-api/api/bulkscan/',
    headers: { authorization: `Bearer ${staffToken}` },
    payload: [store, link.store_id].map((storeId) => ({
      ...item({ storeId, receiverId: link.receiver_id }, { weight_kg: 7 }),
      entry_time: daysAgo(0, 0),
    })),
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`matrix fixture: bulk scan ${res.statusCode}: ${res.body}`);
  return one<{ receiver_id: number; month: string }>(t, busiestSharedMonth(store, otherCompany));
}

/**
 * The charity user's targets (decision 0066): its receivers R1 (own) and R1b ('same-company': a sibling of the same
 * charity), another charity's receiver, and for stores and companies those giving to R1, to R1b only, and to neither.
 */
async function charityTargets(t: TestApp, home: Home, base: ReturnType<typeof targetsOf>) {
  const mine = sql.join([home.receiver, home.siblingReceiver].map((id) => sql`${id}::int`));
  const givingTo = (receiver: number) =>
    sql`select min(store_id) as id from store_receiver where receiver_id = ${receiver}
      and store_id not in (select store_id from store_receiver where receiver_id = ${home.receiver})`;
  const notGiving = sql`select min(id) as id from store where id not in
    (select store_id from store_receiver where receiver_id in (${mine}))`;
  const companyNotGiving = sql`select min(id) as id from company where id not in (select s.company_id from store s
    join store_receiver sr on sr.store_id = s.id where sr.receiver_id in (${mine}))`;
  const { rows } = await companyNotGiving.execute(t.database.db);
  return {
    ...base,
    store: {
      own: home.store,
      'same-company': await one(t, givingTo(home.siblingReceiver)),
      'other-company': await one(t, notGiving),
      missing: MISSING_ID,
    },
    receiver: {
      own: home.receiver,
      'same-company': home.siblingReceiver,
      'other-company': home.foreignReceiver,
      missing: MISSING_ID,
    },
    // Every demo company may give to R1 or R1b: then a company made for the suite, with no store, is the other one.
    company: {
      own: home.company,
      'other-company': (rows[0] as { id: number | null }).id
        ? Number((rows[0] as { id: number }).id)
        : Number(
            (
              await t.database.db
                .insertInto('company')
                .values({ name: 'Matrix Other Charity Donor' })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
          ),
      missing: MISSING_ID,
    },
  };
}

/** A charity (receiver) user of two receivers, made as staff make one: its account, record and links. */
async function charityUser(t: TestApp, receiverIds: number[]) {
  const userId = await ensureAccount(t.ctx.auth, {
    email: 'matrix-charity@openrescue.test',
    password: 'demo-matrix-charity',
    name: 'Matrix Charity',
  });
  const db = t.database.db;
  const row = await db
    .insertInto('receiver_user')
    .values({ user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('receiver_user_receiver')
    .values(receiverIds.map((receiver_id) => ({ receiver_user_id: row.id, receiver_id })))
    .execute();
}

const tkOf = (url: string) => new URL(url).searchParams.get('tk')!;

export async function buildMatrixFixture(): Promise<MatrixFixture> {
  const t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { demo: 1000 });
  const db = t.database.db;

  // Company B's all-stores user, made as the demo makes its accounts.
  const companyB = await ensureAccount(t.ctx.auth, {
    email: 'company-b@openrescue.test',
    password: 'demo-company-b',
    name: 'Blair B',
  });
  await db
    .insertInto('company_user')
    .values({ user_id: companyB, company_id: COMPANY_B, store_id: null, report_store_id: -1, company_user_role: 1 })
    .execute();

  const user = async (email: string, password: string) => {
    const s = await signIn(t.app, email, password);
    return { authorization: `Bearer ${s.token}`, cookie: s.cookie };
  };
  const demo = (role: string) => user(`${role}@openrescue.test`, `demo-${role}`);
  const staffSession = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');

  const homeA = await homeOf(t, COMPANY_A, COMPANY_B, DEMO_REPORT_STORE_ID);
  const homeB = await homeOf(t, COMPANY_B, COMPANY_A);

  // The store link of S1 before and after a rotation: the old one is the revoked token.
  const revoked = tkOf((await currentLink(t.ctx, 'store', homeA.store)).url);
  const storeLink = tkOf((await rotateLink(t.ctx, 'store', homeA.store, async () => {})).url);
  const receiverLink = tkOf((await currentLink(t.ctx, 'receiver', homeA.receiver)).url);

  // A staff access token that expired a minute ago, signed with the server's own key.
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: staffSession.user.id, email: 'staff@openrescue.test', name: 'Sam Staff', staff: true };
  const { token: expired } = await t.ctx.auth.api.signJWT({
    body: { payload: { ...claims, iat: now - 3600, exp: now - 60 } },
  });

  // A session that signed out: its cookie and the access token it had been given.
  const leaving = await signIn(t.app, 'company@openrescue.test', 'demo-company');
  const out = await t.app.inject({
    method: 'POST',
    url: '/core-api/api/auth/sign-out',
    headers: { cookie: leaving.cookie, origin: t.ctx.origin },
  });
  if (out.statusCode !== 200) throw new Error(`sign-out failed ${out.statusCode}: ${out.body}`);

  const integration = await createKey(db, 'matrix-integration');
  const revocable = await createKey(db, 'matrix-revocable');

  // A generated file with a stored document: the start-up job that stores the demo's ran before this demo existed.
  const file = await db
    .selectFrom('generated_file')
    .select(['id', 'file_uri'])
    .where('file_uri', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.ctx.files.write(file.file_uri!, new TextEncoder().encode('stored document'));
  const objects = {
    transcript: await one(t, sql`select min(id) as id from transcript where audio_uri is not null`),
    'generated-file': Number(file.id),
    'integration-key': revocable.id,
  };
  const publishFileId = await one(t, sql`select min(id) as id from publish_file where file_type = 'STORE_REPORT'`);
  const shared = await sharedReceiver(t, homeA.store, COMPANY_B, staffSession.token);

  await charityUser(t, [homeA.receiver, homeA.siblingReceiver]);

  const headers: MatrixFixture['headers'] = {
    anonymous: {},
    'link-r1': { authorization: `Bearer ro.r_${homeA.receiver}.${receiverLink}` },
    'link-s1': { authorization: `Bearer ro.s_${homeA.store}.${storeLink}` },
    pending: await demo('pending'),
    setup: await demo('setup'),
    store: await demo('store'),
    'company-a': await demo('company'),
    'company-b': await user('company-b@openrescue.test', 'demo-company-b'),
    staff: { authorization: `Bearer ${staffSession.token}`, cookie: staffSession.cookie },
    'revoked-link': { authorization: `Bearer ro.s_${homeA.store}.${revoked}` },
    // As the browser sends it: with its page's Origin (a cross-site request is refused before the session is read).
    'signed-out': { cookie: leaving.cookie, origin: t.ctx.origin },
    'signed-out-token': { authorization: `Bearer ${leaving.token}` },
    expired: { authorization: `Bearer ${expired}` },
    integration: { authorization: `Bearer ${integration.key}` },
    charity: await user('matrix-charity@openrescue.test', 'demo-matrix-charity'),
  };
  const a = targetsOf(homeA, objects);
  const charity = await charityTargets(t, homeA, a);
  const targets = Object.fromEntries(
    Object.keys(headers).map((p) => [p, p === 'company-b' ? targetsOf(homeB, objects) : p === 'charity' ? charity : a]),
  );
  return {
    t,
    headers,
    targets: targets as MatrixFixture['targets'],
    publishFileId,
    shared: { receiverId: Number(shared.receiver_id), month: shared.month },
    views: {
      staff: { all: true },
      'company-a': { companyId: COMPANY_A },
      'company-b': { companyId: COMPANY_B },
      store: { storeId: homeA.store },
      'link-s1': { storeId: homeA.store },
      'link-r1': { receiverId: homeA.receiver },
      charity: { receiverIds: [homeA.receiver, homeA.siblingReceiver] },
    },
  };
}
