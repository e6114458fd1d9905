/**
 * Section 4 and 5 "Map search" and "Website links": the network map's search box and the info card's link.
 */

/** The map search needs 3 or more typed characters (spaces at either end do not count). */
export const MAP_SEARCH_MIN_CHARS = 3;
export const MAP_SEARCH_MAX_SUGGESTIONS = 8;

export function normalizeSearch(text: string): string {
  return text.trim().toLowerCase();
}

/** Letters that carry their mark in themselves (no decomposition): what people type without it. */
const PLAIN_LETTERS: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

/**
 * The form both sides of a search are compared in (decision 0060): lower case, compatibility forms folded (full-width
 * letters), and the Latin accents dropped, so "lodz" finds "Łódź" and "Montreal" finds "Montréal". Only the combining
 * marks of U+0300-U+036F go: the vowel signs of Gurmukhi or Devanagari, which are marks too, stay.
 */
export function foldSearch(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łøđðħıßæœþ]/g, (c) => PLAIN_LETTERS[c] ?? c);
}

/** True when the text is long enough to filter the map. */
export function isSearchActive(text: string): boolean {
  return normalizeSearch(text).length >= MAP_SEARCH_MIN_CHARS;
}

/** Case- and accent-insensitive "name contains"; a text shorter than 3 characters matches every name. */
export function matchesSearch(name: string, text: string): boolean {
  if (!isSearchActive(text)) return true;
  return foldSearch(name).includes(foldSearch(text));
}

export interface SearchableOrganization {
  id: number;
  name: string;
  city?: string | null;
}

/** Where the text is found: 0 the name starts with it, 1 the name contains it, 2 only the city does; null nowhere. */
function matchRank(org: SearchableOrganization, needle: string): number | null {
  const at = foldSearch(org.name).indexOf(needle);
  if (at === 0) return 0;
  if (at > 0) return 1;
  return org.city && foldSearch(org.city).includes(needle) ? 2 : null;
}

/**
 * The map search (decision 0060): an organization whose name or city contains the text, so a place name finds the
 * places there; a text shorter than 3 characters matches every organization.
 */
export function organizationMatchesSearch(org: SearchableOrganization, text: string): boolean {
  if (!isSearchActive(text)) return true;
  return matchRank(org, foldSearch(text)) !== null;
}

/**
 * Suggestions for the search box: organizations whose name or city contains the text, names starting with it first,
 * then names containing it, then those found by their city, each alphabetical; none below 3 characters (fewer clears
 * the suggestions).
 */
export function searchSuggestions<T extends SearchableOrganization>(
  orgs: readonly T[],
  text: string,
  max = MAP_SEARCH_MAX_SUGGESTIONS,
): T[] {
  if (!isSearchActive(text)) return [];
  const needle = foldSearch(text);
  const scored: { org: T; rank: number; lower: string }[] = [];
  for (const org of orgs) {
    const rank = matchRank(org, needle);
    if (rank !== null) scored.push({ org, rank, lower: org.name.toLowerCase() });
  }
  scored.sort((a, b) => a.rank - b.rank || a.lower.localeCompare(b.lower) || a.org.id - b.org.id);
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
