import type { Kysely } from 'kysely';
import type { DB, TranscriptMatch } from '../../db/schema.js';
import { linkedOrganizationPhones, namesToMatch } from './transcripts.repository.js';

/**
 * Which store and which receiver a call is about (decision 0013): the organization whose phone number is one of the
 * call's numbers or is said in the call (CRM phone numbers of the network map, in any format), else whose name the
 * caller name (CNAM, 15 characters) starts, else whose name the transcript mentions. Phone beats caller name beats
 * name; a call may link one store and one receiver.
 */

/** Digits of a phone number with the North American country code: '(555) 555-0123' and '+15555550123' agree. */
export function normalisePhone(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `1${digits}`;
  if (digits.length < 7 || digits.length > 15) return null;
  return digits;
}

/** Phone numbers said or written in a text, normalised. */
export function phonesIn(text: string): string[] {
  const found = text.match(/(?:\+?\d[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/g) ?? [];
  return found.map(normalisePhone).filter((p): p is string => p !== null);
}

/** Upper-case letters and digits, single spaces: how caller-name (CNAM) text is compared. */
export const cnamForm = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export interface Link {
  id: number;
  match: TranscriptMatch;
}
export interface Links {
  store: Link | null;
  receiver: Link | null;
}

const RANK: Record<TranscriptMatch, number> = { phone: 3, caller_name: 2, name: 1 };
const better = (a: Link | null, b: Link | null) => (!a ? b : !b ? a : RANK[b.match] > RANK[a.match] ? b : a);
/** Per kind, the better link of the two (the first when they rank alike). */
export const betterLinks = (a: Links, b: Links): Links => ({
  store: better(a.store, b.store),
  receiver: better(a.receiver, b.receiver),
});
/** A transcript row's links. */
export const linksOf = (r: {
  store_id: number | null;
  store_match: TranscriptMatch | null;
  receiver_id: number | null;
  receiver_match: TranscriptMatch | null;
}): Links => ({
  store: r.store_id && r.store_match ? { id: r.store_id, match: r.store_match } : null,
  receiver: r.receiver_id && r.receiver_match ? { id: r.receiver_id, match: r.receiver_match } : null,
});

/** A name counts as mentioned when it appears between word boundaries (case-insensitive) and has 4+ characters. */
function mentions(textLower: string, name: string): boolean {
  const needle = name.toLowerCase().trim();
  if (needle.length < 4) return false;
  let at = textLower.indexOf(needle);
  while (at >= 0) {
    const before = at === 0 ? ' ' : textLower[at - 1];
    const after = textLower[at + needle.length] ?? ' ';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
    at = textLower.indexOf(needle, at + 1);
  }
  return false;
}

export async function findLinks(
  db: Kysely<DB>,
  call: { numbers: (string | null)[]; callerName: string | null; text: string },
): Promise<Links> {
  const links: Links = { store: null, receiver: null };
  const phones = new Set(
    [...call.numbers.map(normalisePhone), ...phonesIn(call.text)].filter((p): p is string => p !== null),
  );
  if (phones.size) {
    const orgs = await linkedOrganizationPhones(db);
    for (const org of orgs) {
      if (!phones.has(normalisePhone(org.phone) ?? '')) continue;
      if (org.store_id && !links.store) links.store = { id: org.store_id, match: 'phone' };
      if (org.receiver_id && !links.receiver) links.receiver = { id: org.receiver_id, match: 'phone' };
    }
  }
  const cnam = call.callerName ? cnamForm(call.callerName) : '';
  const textLower = call.text.toLowerCase();
  if (cnam.length < 5 && !textLower.trim()) return links;
  // Only names that could match: the caller name's first word, or mentioned in the text (the database filters).
  const candidates = (table: 'store' | 'receiver') =>
    namesToMatch(db, table, cnam.length >= 5 ? cnam.split(' ')[0].replace(/[\\%_]/g, '') : null, textLower);
  for (const kind of ['store', 'receiver'] as const) {
    let found: Link | null = null;
    for (const row of await candidates(kind)) {
      if (cnam.length >= 5 && cnamForm(row.name).startsWith(cnam))
        found = better(found, { id: row.id, match: 'caller_name' });
      else if (mentions(textLower, row.name)) found = better(found, { id: row.id, match: 'name' });
    }
    links[kind] = better(links[kind], found);
  }
  return links;
}
