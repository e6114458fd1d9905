import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env.js';
import type { OwnOriginSettings } from '../lib/own-origin.js';
import type { Auth } from './auth.js';
import { AUTH_BASE_PATH } from './auth.js';
import { forward } from './auth-forward.js';
import { refuseUnboundedAuthBody } from './auth-input.js';
import { knownDevices } from './known-device.js';
import { addSessionHint } from './session-hint.js';
import { emailAccount, passwordRequestGuard, requestAccount, sessionAccount } from './sign-in-limits.js';

export interface AuthRoutesOptions {
  auth: Auth;
  origin: string;
  env: Env;
}

/** The auth library's routes that check (or set) a signed-in user's password: limited like sign-in. */
const PASSWORD_ROUTES = ['change-password', 'verify-password', 'delete-user', 'change-email'];

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const settings: OwnOriginSettings = {
    origin: opts.origin,
    fixed: Boolean(opts.env.PUBLIC_URL),
    production: opts.env.NODE_ENV === 'production',
  };
  const perMinute = opts.env.LOGIN_RATE_LIMIT_PER_MINUTE;
  const handler = (request: FastifyRequest, reply: FastifyReply) => forward(opts.auth, settings, request, reply);
  // Sign-in, the identity provider's callback and sign-out set or clear the session cookie: the hint follows it.
  addSessionHint(app, async () => (await opts.auth.$context).authCookies.sessionToken.name);

  const devices = knownDevices(opts.auth.options.secret ?? opts.origin, opts.origin.startsWith('https:'));
  app.post(`${AUTH_BASE_PATH}/sign-in/email`, {
    config: { access: 'public' },
    schema: { hide: true },
    preValidation: refuseUnboundedAuthBody,
    preHandler: passwordRequestGuard(app, 'signin', perMinute, emailAccount, devices),
    onSend: async (request, reply) => {
      const account = requestAccount(request);
      if (reply.statusCode === 200 && account) devices.remember(reply, account);
    },
    handler,
  });
  const passwordGuard = passwordRequestGuard(app, 'password', perMinute, sessionAccount(opts.auth));
  for (const path of PASSWORD_ROUTES) {
    app.post(`${AUTH_BASE_PATH}/${path}`, {
      config: { access: 'public' },
      schema: { hide: true },
      preValidation: refuseUnboundedAuthBody,
      preHandler: passwordGuard,
      handler,
    });
  }
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { access: 'public' },
    schema: { hide: true },
    preValidation: refuseUnboundedAuthBody,
    handler,
  });
}
