import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Auth } from './auth.js';
import { createChainLiveness } from './chain-liveness.js';

export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  staff: boolean;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' | 'ended' };

// A signed-in screen sends the same token with every request; checking its EdDSA signature each time was a tenth of
// the server's CPU under load. A token already verified is remembered until it expires (its claims cannot change).
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Verifies access tokens against the auth library's key set (refetched once when a key id is unknown), then checks
 * that the session chain the token was issued to (its `sid` claim) has not signed out or been revoked.
 */
export function createTokenVerifier(auth: Auth, baseURL: string, db: Kysely<DB>) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  const verified = new Map<string, { claims: AccessClaims; chainId: string; expiresAtMs: number }>();
  const chains = createChainLiveness(db);

  async function loadKeys() {
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    verified.clear(); // a changed key set: every token is checked against it again
    return keySet;
  }

  function remembered(token: string) {
    const hit = verified.get(token);
    if (!hit) return undefined;
    if (Date.now() < hit.expiresAtMs) return hit;
    verified.delete(token);
    return 'expired' as const;
  }

  function remember(token: string, claims: AccessClaims, chainId: string, exp: number | undefined) {
    if (exp === undefined) return;
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, chainId, expiresAtMs: exp * 1000 });
  }

  async function checked(claims: AccessClaims, chainId: string): Promise<VerifyResult> {
    return (await chains.isLive(chainId)) ? { ok: true, claims } : { ok: false, reason: 'ended' };
  }

  async function verifyWith(token: string, keys: ReturnType<typeof createLocalJWKSet>) {
    const { payload } = await jwtVerify(token, keys, { issuer: baseURL, audience: baseURL });
    return payload;
  }

  async function verify(token: string): Promise<VerifyResult> {
    const known = remembered(token);
    if (known === 'expired') return { ok: false, reason: 'expired' };
    if (known) return checked(known.claims, known.chainId);
    try {
      let payload;
      try {
        payload = await verifyWith(token, keySet ?? (await loadKeys()));
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
        payload = await verifyWith(token, await loadKeys());
      }
      // Every token this server issues names its session chain; one without is not ours to honour.
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
      const claims: AccessClaims = {
        sub: payload.sub,
        email: String(payload.email ?? ''),
        name: String(payload.name ?? ''),
        staff: payload.staff === true,
      };
      remember(token, claims, payload.sid, payload.exp);
      return checked(claims, payload.sid);
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }

  /** A session of the chain ended here (sign-out, revocation): its tokens are checked again at once. */
  verify.sessionEnded = chains.forget;
  return verify;
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
