import { decodeJwt } from 'jose';
import { sessionTokenSchema } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../lib/http-error.js';


export async function sessionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The session cookie is the refresh credential: this mints a fresh short-lived access token from it.
  r.post('/core-api/api/session/token', {
    config: { access: 'public' },
    schema: {
      tags: ['session'],
      description: 'Issue an access token (JWT) for the signed-in browser session. Also the refresh call.',
      response: { 200: sessionTokenSchema },
    },
    handler: async (request) => {
      const cookie = request.headers.cookie;
      if (!cookie) throw unauthorized('Sign in to continue.', 'authorization required');
      const headers = new Headers({ cookie });
      const session = await ctx.auth.api.getSession({ headers });
      if (!session) throw unauthorized('Your session has ended. Sign in again.', 'authorization required');
      const { token } = await ctx.auth.api.getToken({ headers });
      const exp = decodeJwt(token).exp ?? 0;
      const user = session.user as typeof session.user & { staff?: boolean };
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
