import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { CACHES_OFF, type CacheName, type VERSIONED_CACHES } from './invalidation.js';
import { Sql } from './sql.js';
import { db, statement } from './typed-sql.js';

/** The scope of the changes that concern every call (organizations, steps, calls, the impact catalogue): migration DataVersions. */
export const EVERY_CALL = '00000000-0000-0000-0000-000000000000';

const total = sql<string>`COALESCE(sum(n), 0)::text`.as('v');
const ofCall = statement('data-version-call', (p: { callId: string; every: string }) =>
  db.selectFrom('dataVersion').select(total).where('scope', 'in', [p.callId, p.every]),
);
const ofAll = statement('data-version-all', () => db.selectFrom('dataVersion').select(total));

/** The data version of one call or of every call: a number that changes exactly when a write that can change its reports has committed. */
@Injectable()
export class DataVersions {
  constructor(
    private readonly sql: Sql,
    @Inject(CACHES_OFF) private readonly cachesOff: readonly CacheName[],
  ) {}

  /** A cache of values computed at a data version, holding at most `max` keys (none when CACHES_OFF names it). */
  cache<V>(name: (typeof VERSIONED_CACHES)[number], max: number): VersionedCache<V> {
    return new VersionedCache<V>(this.cachesOff.includes(name) ? 0 : max);
  }

  /** The version of a call (its changes and those that concern every call), or of every call with no id. */
  async of(callId: string | undefined): Promise<string> {
    const rows = callId ? await this.sql.run(ofCall, { callId, every: EVERY_CALL }) : await this.sql.run(ofAll, {});
    return rows[0].v;
  }
}

/**
 * Values computed from the database, kept while the data version they were computed at is current:
 * one entry per key, at most `max` keys, the least recently used going first. Requests for a value
 * being computed share that computation; a failed one is not kept.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: string; value: Promise<V> }>();

  constructor(private readonly max: number) {}

  get(key: string, version: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    this.entries.delete(key);
    // Versions only grow: an entry computed at a later version than the one read is fresher still.
    if (hit && BigInt(hit.version) >= BigInt(version)) {
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry = { version, value: compute() };
    this.entries.set(key, entry);
    entry.value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(k);
    }
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
