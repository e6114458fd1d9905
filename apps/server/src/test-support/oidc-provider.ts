import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface RunningProvider {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the oidc-provider package, as e2e/support/oidc-provider.mjs runs it for the browser
 * tests), in this process on a free port: discovery, JWKS, PKCE, its own login and consent pages. Any login name
 * signs in; the account's e-mail is `${login}@oidc.example.org`, verified unless the login starts with 'unverified'.
 */
export async function startOidcProvider(clients: OidcClient[]): Promise<RunningProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: true } },
    // The e-mail and name in the ID token itself, as Google, Keycloak or Entra ID put them.
    conformIdTokenClaims: false,
    cookies: { keys: ['security-test-only-cookie-key'] },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          const verified = !id.startsWith('unverified');
          return { sub: id, email: `${id}@oidc.example.org`, email_verified: verified, name: `OIDC ${id}` };
        },
      };
    },
  });
  provider.proxy = false;
  server.on('request', provider.callback());
  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
