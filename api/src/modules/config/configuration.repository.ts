import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, ILike, type Repository } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { ConfigurationEntity } from './configuration.entity.js';

@Injectable()
export class ConfigurationRepository {
  constructor(@InjectRepository(ConfigurationEntity) private readonly repo: Repository<ConfigurationEntity>) {}

  /**
   * The active configuration. Read on every page load, so it skips the query builder:
   * one prepared statement, rows mapped by TypeORM's own column metadata.
   */
  async findActive(): Promise<ConfigurationEntity | null> {
    const rows: Record<string, unknown>[] = await this.repo.query('SELECT * FROM configuration WHERE is_active LIMIT 1');
    if (rows.length === 0) return null;
    const entity = this.repo.create();
    for (const column of this.repo.metadata.columns) column.setEntityValue(entity, rows[0][column.databaseName]);
    return entity;
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
