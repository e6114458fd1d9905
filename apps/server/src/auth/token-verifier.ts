import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Auth } from './auth.js';

export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  staff: boolean;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Verifies access tokens against the auth library's key set; refetches once when a key id is unknown. */
export function createTokenVerifier(auth: Auth, baseURL: string) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;

  async function loadKeys() {
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    return keySet;
  }

  async function verifyWith(token: string, keys: ReturnType<typeof createLocalJWKSet>) {
    const { payload } = await jwtVerify(token, keys, { issuer: baseURL, audience: baseURL });
    return payload;
  }

  return async function verify(token: string): Promise<VerifyResult> {
    try {
      let payload;
      try {
        payload = await verifyWith(token, keySet ?? (await loadKeys()));
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
        payload = await verifyWith(token, await loadKeys());
      }
      if (typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        claims: {
          sub: payload.sub,
          email: String(payload.email ?? ''),
          name: String(payload.name ?? ''),
          staff: payload.staff === true,
        },
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
