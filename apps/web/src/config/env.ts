import { CORE_API_PREFIX, OPS_API_PREFIX } from '@openrescue/shared';

/** API bases come from configuration so the two services can be deployed apart later. */
const trimSlash = (url: string) => url.replace(/\/+$/, '');

export const CORE_API = trimSlash(import.meta.env.VITE_CORE_API ?? CORE_API_PREFIX);
export const OPS_API = trimSlash(import.meta.env.VITE_OPS_API ?? OPS_API_PREFIX);

/**
 * The URL of an API path from the shared contracts (`reportsPaths.donationTotals`, or a `pathTo(...)` of one): its
 * service prefix replaced by that service's configured base (decision 0045).
 */
export function apiUrl(path: string): string {
  if (path.startsWith(`${CORE_API_PREFIX}/`)) return CORE_API + path.slice(CORE_API_PREFIX.length);
  if (path.startsWith(`${OPS_API_PREFIX}/`)) return OPS_API + path.slice(OPS_API_PREFIX.length);
  throw new Error(`Not an API path: ${path}`);
}
