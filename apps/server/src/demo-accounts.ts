import type { Auth } from './auth/auth.js';
import { ensureAccount } from './auth/accounts.js';

/** DESIGN.md section 4: the demo accounts and their passwords. */
export const DEMO_ACCOUNTS = [
  {
    key: 'staff',
    email: 'staff@openrescue.test',
    password: 'demo-staff',
    name: 'Sam Staff',
    staff: true,
    who: 'staff (ops console + client app)',
  },
  {
    key: 'company',
    email: 'company@openrescue.test',
    password: 'demo-company',
    name: 'Casey Company',
    staff: false,
    who: 'company user, role 1 (all stores of company 1)',
  },
  {
    key: 'store',
    email: 'store@openrescue.test',
    password: 'demo-store',
    name: 'Sasha Store',
    staff: false,
    who: 'company user, one reporting store',
  },
  {
    key: 'setup',
    email: 'setup@openrescue.test',
    password: 'demo-setup',
    name: 'Sid Setup',
    staff: false,
    who: 'company user with no reporting store (account setup not completed)',
  },
  {
    key: 'pending',
    email: 'pending@openrescue.test',
    password: 'demo-pending',
    name: 'Pat Pending',
    staff: false,
    who: 'signed-in user with no company user record',
  },
  {
    key: 'charity',
    email: 'charity@openrescue.test',
    password: 'demo-charity',
    name: 'Chris Charity',
    staff: false,
    who: 'charity (receiver) user of one demo receiver',
  },
] as const;

export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

export async function ensureDemoAccounts(auth: Auth): Promise<Record<DemoAccountKey, string>> {
  const ids = {} as Record<DemoAccountKey, string>;
  for (const account of DEMO_ACCOUNTS) ids[account.key] = await ensureAccount(auth, account);
  return ids;
}
