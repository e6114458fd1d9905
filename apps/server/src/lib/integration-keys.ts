import { createHash, randomBytes } from 'node:crypto';

/**
 * Keys that integrations present (decision 0013; the transcripts' integration keys and the company API keys of
 * decision 0074): 256 random bits, shown once; only their SHA-256 is stored, so a stolen table opens nothing.
 */
export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key: `ork_` and 43 base64url characters. */
export const newKey = () => `ork_${randomBytes(32).toString('base64url')}`;

/** `Authorization: Bearer <key>`, or Basic with the key as password (telephony callbacks carry user:password). */
export function presentedKey(authorization: string | undefined): string | null {
  const header = authorization ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1) || null;
  }
  return null;
}
