import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Auth } from './auth.js';

export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  staff: boolean;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

// A signed-in screen sends the same token with every request; checking its EdDSA signature each time was a tenth of
// the server's CPU under load. A token already verified is remembered until it expires (its claims cannot change).
const VERIFIED_CACHE_SIZE = 10_000;

/** Verifies access tokens against the auth library's key set; refetches once when a key id is unknown. */
export function createTokenVerifier(auth: Auth, baseURL: string) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  async function loadKeys() {
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    verified.clear(); // a changed key set: every token is checked against it again
    return keySet;
  }

  function remembered(token: string): VerifyResult | undefined {
    const hit = verified.get(token);
    if (!hit) return undefined;
    if (Date.now() < hit.expiresAtMs) return { ok: true, claims: hit.claims };
    verified.delete(token);
    return { ok: false, reason: 'expired' };
  }

  function remember(token: string, claims: AccessClaims, exp: number | undefined) {
    if (exp === undefined) return;
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs: exp * 1000 });
  }

  async function verifyWith(token: string, keys: ReturnType<typeof createLocalJWKSet>) {
    const { payload } = await jwtVerify(token, keys, { issuer: baseURL, audience: baseURL });
    return payload;
  }

  return async function verify(token: string): Promise<VerifyResult> {
    const known = remembered(token);
    if (known) return known;
    try {
      let payload;
      try {
        payload = await verifyWith(token, keySet ?? (await loadKeys()));
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
        payload = await verifyWith(token, await loadKeys());
      }
      if (typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
      const claims: AccessClaims = {
        sub: payload.sub,
        email: String(payload.email ?? ''),
        name: String(payload.name ?? ''),
        staff: payload.staff === true,
      };
      remember(token, claims, payload.exp);
      return { ok: true, claims };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
