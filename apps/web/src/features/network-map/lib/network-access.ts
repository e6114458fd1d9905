import { publicNetworkPath, type NetworkArea, type NetworkDataPath } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';

/** Who asks: staff (signed in, limit 999) or the public page of one region with its secret (limit 10000). */
export type NetworkAccess = { kind: 'staff' } | { kind: 'public'; secret: string };

/** The staff path, or its public twin under /public/ (decision 0011). */
export function networkUrl(access: NetworkAccess, path: NetworkDataPath): string {
  return apiUrl(access.kind === 'public' ? publicNetworkPath(path) : path);
}

/** The secret travels as a query parameter (redacted from the server logs). */
export function accessQuery(access: NetworkAccess, area: NetworkArea) {
  return access.kind === 'public' ? { in_area: area, secret: access.secret } : { in_area: area };
}

export const accessKey = (access: NetworkAccess) => (access.kind === 'public' ? ['public', access.secret] : ['staff']);
