import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, ILike, type Repository } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { CacheInvalidation } from '../../database/shared-cache.js';
import { ConfigurationEntity } from './configuration.entity.js';

/**
 * How long a replica may serve the active configuration it read. The branding is read on
 * every page view and changes rarely; any change clears it on every replica at once (the
 * `configuration` table's trigger notifies `config:<id>`, CacheInvalidation). While this replica
 * does not hear the notifications, a change shows within this time.
 */
export const ACTIVE_CONFIG_TTL_MS = 5_000;

@Injectable()
export class ConfigurationRepository {
  /** What `active` made of the active configuration, per key (the language asked for). */
  private readonly cached = new Map<string, { value: Promise<unknown>; until: number }>();

  constructor(
    @InjectRepository(ConfigurationEntity) private readonly repo: Repository<ConfigurationEntity>,
    invalidation: CacheInvalidation,
  ) {
    invalidation.follow('config', { evict: () => this.forgetActive(), clear: () => this.forgetActive() });
  }

  /**
   * What `make` answers for the active configuration (null: none), made once per key and
   * ACTIVE_CONFIG_TTL_MS (every page view of both apps asks for it: serialized and hashed once).
   */
  active<T>(key: string, make: (active: ConfigurationEntity | null) => T): Promise<T> {
    const now = Date.now();
    let entry = this.cached.get(key);
    if (!entry || entry.until <= now) {
      const value = this.findActive().then(make);
      entry = { value, until: now + ACTIVE_CONFIG_TTL_MS };
      this.cached.set(key, entry);
      // A failed read is not kept.
      value.catch(() => this.cached.delete(key));
    }
    return entry.value as Promise<T>;
  }

  /** Forgets the cached active configuration, in every language (after any write). */
  forgetActive(): void {
    this.cached.clear();
  }

  /** The active configuration (read once per ACTIVE_CONFIG_TTL_MS by `active`, so not a hot path). */
  private findActive(): Promise<ConfigurationEntity | null> {
    return this.repo.findOne({ where: { isActive: true } });
  }

  findById(id: string, manager?: EntityManager): Promise<ConfigurationEntity | null> {
    return (manager?.getRepository(ConfigurationEntity) ?? this.repo).findOne({ where: { id } });
  }

  findAll(): Promise<ConfigurationEntity[]> {
    return this.repo.find({ order: { name: 'ASC' } });
  }

  async findPage(query: ListQuery): Promise<Page<ConfigurationEntity>> {
    const q = typeof query.filter.q === 'string' ? query.filter.q : undefined;
    const [items, total] = await this.repo.findAndCount({
      where: q ? [{ name: ILike(`%${q}%`) }, { domain: ILike(`%${q}%`) }] : {},
      order: { [query.sortField ?? 'name']: query.sortOrder },
      skip: query.skip,
      take: query.take,
    });
    return { items, total };
  }

  count(manager: EntityManager): Promise<number> {
    return manager.getRepository(ConfigurationEntity).count();
  }

  create(data: Partial<ConfigurationEntity>): ConfigurationEntity {
    return this.repo.create(data);
  }

  save(manager: EntityManager, config: ConfigurationEntity): Promise<ConfigurationEntity> {
    return manager.save(config);
  }

  /** Makes one configuration the only active one (inside the caller's transaction). */
  async activate(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      'UPDATE configuration SET is_active = false, updated_at = now(), version = version + 1 WHERE is_active AND id <> $1',
      [id],
    );
    await manager.query(
      'UPDATE configuration SET is_active = true, updated_at = now(), version = version + 1 WHERE id = $1 AND NOT is_active',
      [id],
    );
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(ConfigurationEntity, { id });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(work);
  }
}
