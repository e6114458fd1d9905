/**
 * How a list of keys stays current while it is open: a key's "Last used" changes when an integration uses it, which
 * nothing on the page announces. Asked again every 30 s, and at once when the person comes back to the tab (from
 * the terminal where they tried the key).
 */
export const KEY_LIST_FRESHNESS = { staleTime: 0, refetchInterval: 30_000, refetchOnWindowFocus: true } as const;
