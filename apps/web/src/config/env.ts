/** API bases come from configuration so the two services can be deployed apart later. */
const trimSlash = (url: string) => url.replace(/\/+$/, '');

export const CORE_API = trimSlash(import.meta.env.VITE_CORE_API ?? '/core-api');
export const OPS_API = trimSlash(import.meta.env.VITE_OPS_API ?? '/ops-api');
/** Base of the shared helper of spec section 7: `{core-api}/api/`. */
export const SHARED_API = `${CORE_API}/api/`;

export const coreUrl = (path: string) => `${CORE_API}/api/${path.replace(/^\/+/, '')}`;
export const opsUrl = (path: string) => `${OPS_API}/${path.replace(/^\/+/, '')}`;
