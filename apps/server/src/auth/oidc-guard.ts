import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

const sameIssuer = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

type Provider = { id: string; issuer?: string };

/** The library's provider list holds providers or functions that give one. */
async function findProvider(list: unknown[], id: string): Promise<Provider | undefined> {
  for (const entry of list) {
    const provider = (typeof entry === 'function' ? await entry() : entry) as Provider;
    if (provider.id === id) return provider;
  }
  return undefined;
}

/**
 * What the generic OpenID Connect plugin leaves open (security suite, decision 0023):
 * - the provider's discovery document must name the issuer we were configured with (OpenID Connect Discovery 4.3):
 *   the plugin trusts whatever issuer the document names, and then checks ID tokens against that;
 * - no sign-in with an ID token posted by the client (`idToken` on /sign-in/social): its nonce comes from the same
 *   caller, so any ID token of our client that leaked (the account table keeps them) would sign its owner in.
 *   The web app only uses the redirect flow, whose nonce the server keeps in the sign-in state.
 * Listed after genericOAuth: plugin hooks run in order, so a provider discovered late is in place when this looks.
 */
export function oidcGuard({ providerId, issuer }: { providerId: string; issuer: string | undefined }) {
  return {
    id: 'oidc-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/social' || ctx.path?.startsWith('/callback/') === true,
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { idToken?: unknown } | undefined;
            if (ctx.path === '/sign-in/social' && body?.idToken !== undefined) {
              throw new APIError('BAD_REQUEST', {
                message: "Sign in through the provider's page.",
                code: 'ID_TOKEN_SIGN_IN_DISABLED',
              });
            }
            const provider = await findProvider(ctx.context.socialProviders as unknown[], providerId);
            if (provider && issuer && (!provider.issuer || !sameIssuer(provider.issuer, issuer))) {
              ctx.context.logger.error(
                `OpenID Connect discovery names issuer ${provider.issuer ?? '(none)'}, configured ${issuer}`,
              );
              throw new APIError('BAD_REQUEST', {
                message: 'Sign-in with this provider is misconfigured.',
                code: 'ISSUER_MISMATCH',
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
