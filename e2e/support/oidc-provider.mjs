// A real OpenID Connect provider (the oidc-provider package) for the social sign-in test: discovery, PKCE,
// its own login and consent pages. Any login name signs in; the account's e-mail is `${login}@oidc.example.org`.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 8091);
const issuer = `http://localhost:${port}`;
// The product's origins (the browser tests run two servers): comma-separated.
const appOrigins = (process.env.APP_ORIGIN ?? 'http://localhost:8090').split(',');

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'openrescue-e2e',
      client_secret: 'openrescue-e2e-secret',
      redirect_uris: appOrigins.map((origin) => `${origin}/core-api/api/auth/callback/oidc`),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  scopes: ['openid', 'email', 'profile'],
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['e2e-only-cookie-key'] },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: id, email: `${id}@oidc.example.org`, email_verified: true, name: `OIDC ${id}` };
      },
    };
  },
});
provider.proxy = false;
provider.listen(port, '127.0.0.1', () => console.log(`OIDC provider listening at ${issuer}`));
