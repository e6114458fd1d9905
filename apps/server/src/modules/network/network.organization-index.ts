import { NETWORK_CATEGORIES, categoryOfType, type NetworkArea } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { organizationFragments, type FragmentRules } from './network.repository.js';

interface Organization {
  areas: string[];
  verified: number;
  /** Its section 9 category id, or null for a type outside section 9. */
  category: string | null;
  /** The public map can draw it: a category drawn on the map (never a Farmer) and a location. */
  drawable: boolean;
  // its JSON in parts (organizationFragments)
  head: string;
  staff: string;
  public: string;
  tail: string;
}

/** Who a list is for: staff (every participant, every field) or the public page (what it shows, issue 32 item 9). */
export type ListView = 'staff' | 'public';

export interface OrganizationList {
  /** Every participant in the area (verified 1 or 2). */
  count: number;
  /** The listed organizations as a JSON array. */
  json: string;
  /** Public lists: participants per section 9 category, Farmers included, as a JSON object. */
  categoryCounts?: string;
  /** Public lists: the same counts of verified 1 participants only (the map's verified toggle, decision 0060). */
  verifiedCategoryCounts?: string;
}

/**
 * Every network organization's JSON, kept in memory and brought up to date from the rows changed since (the lists'
 * cache key changes with each change: organizationsVersion). A change to one organization of 10,000 then costs the
 * database that one object instead of all of them (~90 ms on PGlite); a removal, which leaves no changed row to
 * find, reloads them all. The lists are cut from it (`list`).
 */
export class OrganizationIndex {
  private byId = new Map<number, Organization>();
  private ids: number[] = [];
  private latest: string | null = null;
  private version: string | null = null;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly rules: FragmentRules,
  ) {}

  /** Brings the index up to `version` (or later): one refresh at a time. */
  update(version: string): Promise<void> {
    this.refreshing = this.refreshing
      .catch(() => {})
      .then(() => (this.version === version ? undefined : this.refresh()));
    return this.refreshing;
  }

  private async refresh(): Promise<void> {
    const whole = this.version === null;
    const found = await organizationFragments(this.db, this.rules, whole ? null : this.latest);
    if (whole) this.byId.clear();
    let added = false;
    for (const line of found.lines ? found.lines.split('\n') : []) {
      const [id, areas, verified, sfType, located, head, staff, shown, tail] = line.split('\t', 9);
      const key = Number(id);
      if (!this.byId.has(key)) added = true;
      const category = categoryOfType(JSON.parse(sfType) as string);
      this.byId.set(key, {
        areas: areas ? areas.split(',') : [],
        verified: Number(verified),
        category: category?.id ?? null,
        drawable: located === '1' && category?.onMap === true,
        head,
        staff,
        public: shown,
        tail,
      });
    }
    if (!whole && this.byId.size !== found.count) {
      // an organization was removed
      this.version = null;
      return this.refresh();
    }
    if (added || whole) this.ids = [...this.byId.keys()].sort((a, b) => a - b);
    this.latest = found.latest;
    this.version = `${found.count}:${found.latest ?? ''}`;
  }

  /**
   * Participants (verified 1 or 2) in the area by id, up to `limit`, as JSON text, and the count of all of them.
   * The public view lists only those its map can draw, without the fields it does not show, and counts per category.
   */
  list(area: NetworkArea, limit: number, view: ListView): OrganizationList {
    const shown: string[] = [];
    const perCategory: Record<string, number> = Object.fromEntries(NETWORK_CATEGORIES.map((c) => [c.id, 0]));
    const verifiedPerCategory: Record<string, number> = { ...perCategory };
    let count = 0;
    for (const id of this.ids) {
      const o = this.byId.get(id)!;
      if (o.verified === 0 || (area !== 'all' && !o.areas.includes(area))) continue;
      count += 1;
      if (o.category) perCategory[o.category] += 1;
      if (o.category && o.verified === 1) verifiedPerCategory[o.category] += 1;
      if (shown.length >= limit) continue;
      if (view === 'staff') shown.push(o.head + o.staff + o.tail);
      else if (o.drawable) shown.push(o.head + o.public + o.tail);
    }
    const json = `[${shown.join(',')}]`;
    if (view === 'staff') return { count, json };
    const categoryCounts = JSON.stringify(perCategory);
    return { count, json, categoryCounts, verifiedCategoryCounts: JSON.stringify(verifiedPerCategory) };
  }
}
