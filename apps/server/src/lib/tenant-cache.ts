/**
 * A per-organisation cache of computed answers (ADR 0005). Any committed change to an organisation's
 * cached tables arrives as `org:<id>` from the database's change feed and drops that organisation's
 * entries; `*` drops everything. A reader records the organisation's generation before it reads, and its
 * answer is stored only if no change arrived meanwhile, so a read racing a write never caches stale data.
 */
export class TenantCache<V> {
  private readonly orgs = new Map<string, { generation: number; entries: Map<string, V> }>();

  constructor(private readonly maxEntriesPerOrg = 200) {}

  private org(organizationId: string) {
    let org = this.orgs.get(organizationId);
    if (!org) {
      org = { generation: 0, entries: new Map() };
      this.orgs.set(organizationId, org);
    }
    return org;
  }

  /** The organisation's generation now: pass it to `set` after reading. */
  generation(organizationId: string): number {
    return this.org(organizationId).generation;
  }

  get(organizationId: string, key: string): V | undefined {
    return this.orgs.get(organizationId)?.entries.get(key);
  }

  set(organizationId: string, key: string, value: V, generation: number): void {
    const org = this.org(organizationId);
    if (org.generation !== generation) return;
    if (org.entries.size >= this.maxEntriesPerOrg) {
      const oldest = org.entries.keys().next().value;
      if (oldest !== undefined) org.entries.delete(oldest);
    }
    org.entries.set(key, value);
  }

  invalidate(organizationId: string): void {
    const org = this.org(organizationId);
    org.generation += 1;
    org.entries.clear();
  }

  clear(): void {
    for (const org of this.orgs.values()) {
      org.generation += 1;
      org.entries.clear();
    }
  }

  /** Apply one change-feed payload. */
  onChange(payload: string): void {
    if (payload === '*') this.clear();
    else if (payload.startsWith('org:')) this.invalidate(payload.slice(4));
  }
}
