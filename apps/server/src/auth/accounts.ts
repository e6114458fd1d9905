import type { Auth } from './auth.js';

export interface NewAccount {
  email: string;
  password: string;
  name: string;
  staff?: boolean;
}

/** Creates an email + password account through the auth library (its own hashing), or returns the existing id. */
export async function ensureAccount(auth: Auth, account: NewAccount): Promise<string> {
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(account.email);
  if (existing) return existing.user.id;
  const user = await ctx.internalAdapter.createUser(
    {
      email: account.email.toLowerCase(),
      name: account.name,
      emailVerified: true,
      staff: account.staff ?? false,
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(account.password),
  });
  return user.id;
}
