/**
 * Section 4 and 5 "Map search" and "Website links": the network map's search box and the info card's link.
 */

/** The map search needs 3 or more typed characters (spaces at either end do not count). */
export const MAP_SEARCH_MIN_CHARS = 3;
export const MAP_SEARCH_MAX_SUGGESTIONS = 8;

export function normalizeSearch(text: string): string {
  return text.trim().toLowerCase();
}

/** True when the text is long enough to filter the map. */
export function isSearchActive(text: string): boolean {
  return normalizeSearch(text).length >= MAP_SEARCH_MIN_CHARS;
}

/** Case-insensitive "name contains"; a text shorter than 3 characters matches every name. */
export function matchesSearch(name: string, text: string): boolean {
  const needle = normalizeSearch(text);
  if (needle.length < MAP_SEARCH_MIN_CHARS) return true;
  return name.toLowerCase().includes(needle);
}

/**
 * Suggestions for the search box: organizations whose name contains the text, names starting with it first, then
 * alphabetical; none below 3 characters (fewer clears the suggestions).
 */
export function searchSuggestions<T extends { id: number; name: string }>(
  orgs: readonly T[],
  text: string,
  max = MAP_SEARCH_MAX_SUGGESTIONS,
): T[] {
  const needle = normalizeSearch(text);
  if (needle.length < MAP_SEARCH_MIN_CHARS) return [];
  const scored: { org: T; starts: boolean; lower: string }[] = [];
  for (const org of orgs) {
    const lower = org.name.toLowerCase();
    const at = lower.indexOf(needle);
    if (at >= 0) scored.push({ org, starts: at === 0, lower });
  }
  scored.sort((a, b) => Number(b.starts) - Number(a.starts) || a.lower.localeCompare(b.lower) || a.org.id - b.org.id);
  return scored.slice(0, max).map((s) => s.org);
}

/** Section 5 "Website links": an https:// prefix when the link has no http(s) scheme; null when empty. */
export function websiteHref(website: string | null | undefined): string | null {
  const value = website?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `https://${value.replace(/^\/+/, '')}`;
}

/** The link as people read it: no scheme, no trailing slash. */
export function websiteLabel(website: string | null | undefined): string | null {
  const href = websiteHref(website);
  return href === null ? null : href.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}
