import type { NetworkArea } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { organizationFragments } from './network.repository.js';

interface Organization {
  areas: string[];
  verified: number;
  json: string;
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

  constructor(private readonly db: Kysely<DB>, private readonly privateTypes: readonly string[]) {}

  /** Brings the index up to `version` (or later): one refresh at a time. */
  update(version: string): Promise<void> {
    this.refreshing = this.refreshing.catch(() => {}).then(() => (this.version === version ? undefined : this.refresh()));
    return this.refreshing;
  }

  private async refresh(): Promise<void> {
    const whole = this.version === null;
    const found = await organizationFragments(this.db, this.privateTypes, whole ? null : this.latest);
    if (whole) this.byId.clear();
    let added = false;
    for (const line of found.lines ? found.lines.split('\n') : []) {
      const [id, areas, verified, json] = line.split('\t', 4);
      const key = Number(id);
      if (!this.byId.has(key)) added = true;
      this.byId.set(key, { areas: areas ? areas.split(',') : [], verified: Number(verified), json });
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

  /** Participants (verified 1 or 2) in the area by id, up to `limit`, as JSON text, and the count of all of them. */
  list(area: NetworkArea, limit: number): { count: number; json: string } {
    const shown: string[] = [];
    let count = 0;
    for (const id of this.ids) {
      const organization = this.byId.get(id)!;
      if (organization.verified === 0 || (area !== 'all' && !organization.areas.includes(area))) continue;
      count += 1;
      if (shown.length < limit) shown.push(organization.json);
    }
    return { count, json: `[${shown.join(',')}]` };
  }
}
