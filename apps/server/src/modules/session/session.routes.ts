import { decodeJwt } from 'jose';
import { sessionPaths, sessionTokenSchema } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { addSessionHint } from '../../auth/session-hint.js';
import { unauthorized } from '../../lib/http-error.js';

/** `name=value` pairs of Set-Cookie lines that set a value (not the ones that clear one). */
const cookiePairs = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

export async function sessionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Rotation replaces the session cookie, or clears it when the session has ended: the hint follows (decision 0057).
  addSessionHint(app, async () => (await ctx.auth.$context).authCookies.sessionToken.name);

  // The session cookie is the refresh credential: this mints a fresh short-lived access token from it and replaces
  // the cookie with a new session of the same chain; a replaced cookie used again ends the chain (decision 0023).
  r.post(sessionPaths.token, {
    config: { access: 'public' },
    schema: {
      tags: ['session'],
      description:
        'Issue an access token (JWT) for the signed-in browser session, and rotate the session cookie. Also the refresh call.',
      // The cookie is this route's one credential: an access token cannot mint another.
      security: [{ sessionCookie: [] }],
      response: { 200: sessionTokenSchema },
    },
    handler: async (request, reply) => {
      const cookie = request.headers.cookie;
      if (!cookie) throw unauthorized('Sign in to continue.', 'authorization required');
      const { headers, response } = await ctx.auth.api.rotateSession({
        headers: new Headers({ cookie }),
        returnHeaders: true,
      });
      const setCookies = headers.getSetCookie();
      if (setCookies.length) reply.header('set-cookie', setCookies);
      if (response.reuse) {
        ctx.verifyToken.sessionEnded(response.reuse.chainId);
        request.log.warn(
          { userId: response.reuse.userId, chainId: response.reuse.chainId, revoked: response.reuse.revoked },
          'a replaced session cookie was used again: every session of its chain is signed out',
        );
      }
      const user = response.user;
      if (!user) throw unauthorized('Your session has ended. Sign in again.', 'authorization required');
      const { token } = await ctx.auth.api.getToken({ headers: new Headers({ cookie: cookiePairs(setCookies) }) });
      const exp = decodeJwt(token).exp ?? 0;
      return {
        token,
        expires_at: new Date(exp * 1000).toISOString(),
        user: {
          id: user.id,
          email: user.email,
          displayName: user.name,
          emailVerified: user.emailVerified,
          photoURL: user.image ?? null,
          staff: Boolean(user.staff),
        },
      };
    },
  });
}
