import { Injectable } from '@nestjs/common';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import { CacheInvalidation, type Invalidated } from '../../database/shared-cache.js';

interface LruLimits<V> {
  maxEntries: number;
  /** Largest total weight (bytes of JSON); an entry heavier than this is not kept. */
  maxWeight: number;
  /** Entries older than this are read again (a bound on staleness across several API processes). */
  ttlMs: number;
  weigh: (value: V) => number;
}

/** A least-recently-used map bounded by entries and by total weight. */
export class BoundedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number; expires: number }>();
  private weight = 0;

  constructor(private readonly limits: LruLimits<V>) {}

  get size(): number {
    return this.entries.size;
  }

  get totalWeight(): number {
    return this.weight;
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.expires <= Date.now()) {
      this.weight -= e.weight;
      return undefined;
    }
    this.entries.set(key, e); // now the most recently used
    return e.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.limits.weigh(value);
    if (weight > this.limits.maxWeight) return;
    this.entries.set(key, { value, weight, expires: Date.now() + this.limits.ttlMs });
    this.weight += weight;
    for (const [oldest, e] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.weight <= this.limits.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= e.weight;
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.weight -= e.weight;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}

/** A read-through cache: concurrent misses share one load; a load started before `clear()` is not kept (it may have read what was deleted). */
export class ReadThroughCache<V> {
  private readonly lru: BoundedLru<V>;
  private readonly pending = new Map<string, Promise<V | undefined>>();
  private generation = 0;

  constructor(
    limits: LruLimits<V>,
    private readonly enabled: () => boolean = () => true,
  ) {
    this.lru = new BoundedLru(limits);
  }

  get size(): number {
    return this.lru.size;
  }

  /** The cached value, or `load()`'s; undefined answers, and values `keep` refuses, are not cached. */
  get(key: string, load: () => Promise<V | undefined>, keep: (value: V) => boolean = () => true): Promise<V | undefined> {
    if (!this.enabled()) return load();
    const hit = this.lru.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const generation = this.generation;
    const loading = load()
      .then((value) => {
        if (value !== undefined && generation === this.generation && keep(value)) this.lru.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === loading) this.pending.delete(key);
      });
    this.pending.set(key, loading);
    return loading;
  }

  clear(): void {
    this.generation++;
    this.pending.clear();
    this.lru.clear();
  }
}

/** Indicator-proxy chains of a set of outcomes (the key: their ids, ascending): the answer in that order, and where each outcome's part lies in it. */
export interface ChainsEntry {
  answer: JsonDocument;
  /** [start, end) of each outcome's rows inside answer.body, in bytes (start = end when it has none). */
  spans: Int32Array;
  /** Every outcome asked for was found (only then is the entry kept). */
  complete: boolean;
}

/** The chains of some outcomes (ascending ids, one row each) as one answer, remembering where each outcome's rows lie. */
export function chainsEntry(rows: { outcomeId: string; json: string | null }[]): ChainsEntry {
  const spans = new Int32Array(rows.length * 2);
  const parts: string[] = [];
  let bytes = 1; // '['
  rows.forEach((r, i) => {
    if (r.json && parts.length) bytes += 1; // ','
    spans[2 * i] = bytes;
    if (r.json) {
      parts.push(r.json);
      bytes += Buffer.byteLength(r.json);
    }
    spans[2 * i + 1] = bytes;
  });
  return { answer: jsonDocument(`[${parts.join(',')}]`), spans, complete: rows.every((r) => r.json !== null) };
}

const bytes = (d: JsonDocument) => d.body.length;

/** The answer of a set of outcomes (`sorted` ids) in the order asked for. */
export function reorderedChains(entry: ChainsEntry, sorted: string[], asked: string[]): JsonDocument {
  const position = new Map(sorted.map((id, i) => [id, i]));
  const { body } = entry.answer;
  const parts = asked
    .map((id) => position.get(id)!)
    .filter((i) => entry.spans[2 * i + 1] > entry.spans[2 * i])
    .map((i) => body.toString('utf8', entry.spans[2 * i], entry.spans[2 * i + 1]));
  return jsonDocument(`[${parts.join(',')}]`);
}

/**
 * The miniDyi lookups, serialized. Frameworks are never edited once imported, so an answer holds until a
 * framework is deleted; a deletion (rare) clears them all, in every process (the `impact-framework` topic).
 */
@Injectable()
export class FrameworkReadCache implements Invalidated {
  private readonly on: () => boolean;

  constructor(invalidation: CacheInvalidation) {
    invalidation.follow('impact-framework', this);
    this.on = () => invalidation.serves('impact-framework');
  }

  private lookups<V>(maxEntries: number, maxWeight: number, weigh: (value: V) => number): ReadThroughCache<V> {
    return new ReadThroughCache<V>({ maxEntries, maxWeight, ttlMs: 30 * 60_000, weigh }, () => this.on());
  }

  readonly chains = this.lookups<ChainsEntry>(500, 24_000_000, (e) => e.answer.body.length);
  /** GetIndicatorType in another order than ascending ids, by the ids in that order. */
  readonly orderedChains = this.lookups(2_000, 24_000_000, bytes);
  /** GetOutcomeType, by framework and SDG codes. */
  readonly outcomes = this.lookups(300, 16_000_000, bytes);
  /** GetStakeholderType, by framework. */
  readonly stakeholders = this.lookups(300, 4_000_000, bytes);

  evict(): void {
    this.clear();
  }

  clear(): void {
    for (const cache of [this.chains, this.orderedChains, this.outcomes, this.stakeholders]) cache.clear();
  }
}
