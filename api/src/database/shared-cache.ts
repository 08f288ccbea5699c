import { Global, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { CACHES_OFF, type CacheName, type CacheTopic } from './invalidation.js';

/** The channel the database's triggers notify (migration CacheInvalidation), payload `<topic>:<key>`. */
export const CACHE_CHANNEL = 'ic_cache';
const RECONNECT_MS = 1_000;
const SETTLED_TOPIC = 'settled';
const SETTLED_TIMEOUT_MS = 2_000;

/**
 * In-process caches of reads every request makes, kept exact across replicas by PostgreSQL: triggers
 * `pg_notify` every committed change, whoever makes it, and each replica LISTENs and evicts. While
 * it is not listening, every read goes to the database and the caches are emptied.
 */
@Injectable()
export class CacheInvalidation implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Cache');
  private readonly caches = new Map<string, Invalidated[]>();
  private client: pg.Client | undefined;
  isListening = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly markers = new Map<string, () => void>();
  /** The caches made here, for their hit ratios. */
  private readonly shared: { topic: string; cache: SharedCache<unknown> }[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CACHES_OFF) private readonly cachesOff: readonly CacheName[],
  ) {}

  /** A cache of `topic`'s keys; `immutable` values never change (the owner evicts a deleted one), served even while not listening. */
  cache<V>(topic: CacheTopic, options: { max: number; ttlMs: number; immutable?: boolean }): SharedCache<V> {
    const cache = new SharedCache<V>(options, options.immutable ? () => !this.cachesOff.includes(topic) : () => this.serves(topic));
    if (!options.immutable) this.follow(topic, cache);
    this.shared.push({ topic, cache });
    return cache;
  }

  /** Another kind of cache told of `topic`'s changes (beside any other); it is emptied whenever notifications may have been missed. */
  follow(topic: CacheTopic, target: Invalidated): void {
    this.caches.set(topic, [...(this.caches.get(topic) ?? []), target]);
  }

  stats(): { topic: string; hits: number; misses: number }[] {
    return this.shared.map(({ topic, cache }) => ({ topic, hits: cache.hits, misses: cache.misses }));
  }

  /** Whether `topic`'s caches may answer now: notifications are arriving and the cache is not turned off (CACHES_OFF). */
  serves(topic: CacheTopic): boolean {
    return this.isListening && !this.cachesOff.includes(topic);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.stopped();
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const pool = (this.db.driver as PostgresDriver).master as pg.Pool & { options: pg.ClientConfig };
    const client = new pg.Client(pool.options);
    this.client = client;
    client.on('notification', (n) => this.evict(n.payload ?? ''));
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      // Anything read before this point may have missed a notification.
      this.clearAll();
      this.isListening = true;
    } catch (e) {
      this.lost(client, e);
    }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.stopped();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn(`Cache invalidation listener lost${error ? ` (${String(error)})` : ''}; reads go to the database until it is back`);
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
  }

  private stopped(): void {
    this.isListening = false;
    this.clearAll();
    for (const arrived of this.markers.values()) arrived();
    this.markers.clear();
  }

  /**
   * Resolves once every change committed before the call has reached this replica's caches (PostgreSQL
   * delivers notifications in commit order); a marker late past `timeoutMs` empties every cache instead.
   */
  async settled(timeoutMs = SETTLED_TIMEOUT_MS): Promise<void> {
    if (!this.isListening) return;
    const marker = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.markers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await this.db.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, `${SETTLED_TOPIC}:${marker}`]);
      if (!(await arrived)) {
        this.logger.warn(`Cache notifications took over ${timeoutMs} ms to arrive; caches emptied`);
        this.clearAll();
      }
    } finally {
      clearTimeout(timer);
      this.markers.delete(marker);
    }
  }

  private evict(payload: string): void {
    const i = payload.indexOf(':');
    const topic = payload.slice(0, i);
    const key = payload.slice(i + 1);
    if (topic === SETTLED_TOPIC) {
      this.markers.get(key)?.();
      this.markers.delete(key);
      return;
    }
    for (const cache of this.caches.get(topic) ?? []) cache.evict(key);
  }

  private clearAll(): void {
    for (const caches of this.caches.values()) for (const cache of caches) cache.clear();
  }
}

/** What a topic's notifications reach: one key changed, or anything may have. */
export interface Invalidated {
  evict(key: string): void;
  clear(): void;
}

/** Runs `work` in a transaction, then waits for this replica's caches to take its notifications: whoever made a change reads it back. */
export async function committedAndSettled<T>(
  manager: EntityManager,
  invalidation: CacheInvalidation,
  work: (m: EntityManager) => Promise<T>,
): Promise<T> {
  const result = await manager.transaction(work);
  await invalidation.settled();
  return result;
}

/** A bounded, least-recently-used cache of promises; see CacheInvalidation. */
export class SharedCache<V> implements Invalidated {
  private readonly entries = new Map<string, { value: Promise<V>; until: number }>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly options: { max: number; ttlMs: number },
    private readonly enabled: () => boolean,
  ) {}

  /** The cached value of `key`, or `load()`'s, kept from the start of the load so that an eviction during it drops it too. */
  get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    if (!this.enabled()) return load();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    this.misses++;
    const entry = { value: load(), until: now + this.options.ttlMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.max) this.entries.delete(this.entries.keys().next().value!);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  /** Drops `key` now (the replica that made a change does not wait for its notification). */
  evict(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Freezes a value read from the database and everything in it (a cached value is shared by every request). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

@Global()
@Module({ providers: [CacheInvalidation], exports: [CacheInvalidation] })
export class SharedCacheModule {}
