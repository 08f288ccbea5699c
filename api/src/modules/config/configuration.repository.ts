import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { DB } from '../../database/schema.js';
import { CacheInvalidation, committedAndSettled } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { changes, countInt, db, statement } from '../../database/typed-sql.js';
import type { ConfigurationEntity, ConfigTexts } from './configuration.entity.js';

/**
 * How long a replica may serve the active configuration it read: changes clear it on every replica
 * at once (CacheInvalidation), so this bounds only a replica that does not hear the notifications.
 */
const ACTIVE_CONFIG_TTL_MS = 5_000;

/** Every column of a configuration, its texts typed. */
// prettier-ignore
const COLUMNS = (eb: ExpressionBuilder<DB, 'configuration'>) => [
  'id', 'createdAt', 'updatedAt', 'version', 'name', 'description', 'domain', 'defaultLanguage', 'languageSelection', 'organizationSelection',
  'logoBase64', 'logoWidth', 'logoHeight', eb.ref('texts').$castTo<ConfigTexts>().as('texts'), 'reportPowerBiId', 'workspacePowerBiId', 'isActive',
] as const;

const configurations = db.selectFrom('configuration').select(COLUMNS);
const active = statement('configuration-active', () => configurations.where('isActive', '=', true).limit(1));
const byId = statement('configuration-by-id', (p: { id: string }) => configurations.where('id', '=', p.id));
const all = statement('configurations-all', () => configurations.orderBy('name'));
const count = statement('configurations-count', () => db.selectFrom('configuration').select(countInt().as('total')));

/** What saving a configuration writes; its texts as JSON text. */
type ConfigArgs = Omit<ConfigurationEntity, 'texts'> & { texts: string };
// prettier-ignore
const written = (p: ConfigArgs) => ({
  name: p.name, description: p.description, domain: p.domain, defaultLanguage: p.defaultLanguage, languageSelection: p.languageSelection,
  organizationSelection: p.organizationSelection, logoBase64: p.logoBase64, logoWidth: p.logoWidth, logoHeight: p.logoHeight,
  texts: p.texts, reportPowerBiId: p.reportPowerBiId, workspacePowerBiId: p.workspacePowerBiId, isActive: p.isActive,
});
const insert = statement('configuration-insert', (p: ConfigArgs) => db.insertInto('configuration').values(written(p)).returning(COLUMNS));
const update = statement('configuration-update', (p: ConfigArgs) =>
  db
    .updateTable('configuration')
    .set((eb) => ({ ...written(p), updatedAt: sql<Date>`now()`, version: eb('version', '+', 1) }))
    .where('id', '=', p.id)
    .where(changes(written(p)))
    .returning(COLUMNS),
);
/** The columns' defaults, for what a new configuration leaves unset. */
// prettier-ignore
export const CONFIG_DEFAULTS = { description: '', domain: '', defaultLanguage: 'it', languageSelection: false, organizationSelection: true, logoWidth: 50, logoHeight: 50 };

/** Makes one configuration the only active one: the others off first, then it on. */
const turn = (isActive: boolean) =>
  db
    .updateTable('configuration')
    .set((eb) => ({ isActive, updatedAt: sql<Date>`now()`, version: eb('version', '+', 1) }))
    .where('isActive', '=', !isActive);
const deactivateOthers = statement('configuration-deactivate-others', (p: { id: string }) => turn(false).where('id', '<>', p.id));
const activate = statement('configuration-activate', (p: { id: string }) => turn(true).where('id', '=', p.id));
const remove = statement('configuration-delete', (p: { id: string }) => db.deleteFrom('configuration').where('id', '=', p.id));

const SORTS = ['name', 'domain', 'isActive', 'updatedAt'] as const;

@Injectable()
export class ConfigurationRepository {
  /** What `active` made of the active configuration, per key (the language asked for). */
  private readonly cached = new Map<string, { value: Promise<unknown>; until: number }>();

  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly sql: Sql,
    private readonly invalidation: CacheInvalidation,
  ) {
    invalidation.follow('config', { evict: () => this.forgetActive(), clear: () => this.forgetActive() });
  }

  /** What `make` answers for the active configuration (null: none), made once per key and ACTIVE_CONFIG_TTL_MS. */
  active<T>(key: string, make: (active: ConfigurationEntity | null) => T): Promise<T> {
    if (!this.invalidation.serves('config')) return this.findActive().then(make);
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

  private forgetActive(): void {
    this.cached.clear();
  }

  private async findActive(): Promise<ConfigurationEntity | null> {
    return (await this.sql.run(active, {}))[0] ?? null;
  }

  async findById(id: string, manager?: EntityManager): Promise<ConfigurationEntity | null> {
    return (await this.sql.run(byId, { id }, manager))[0] ?? null;
  }

  findAll(): Promise<ConfigurationEntity[]> {
    return this.sql.run(all, {});
  }

  async findPage(query: ListQuery): Promise<Page<ConfigurationEntity>> {
    const q = typeof query.filter.q === 'string' ? query.filter.q : undefined;
    const filtered = db
      .selectFrom('configuration')
      .$if(!!q, (b) => b.where((eb) => eb.or([eb('name', 'ilike', `%${q}%`), eb('domain', 'ilike', `%${q}%`)])));
    const sort = SORTS.find((s) => s === query.sortField) ?? 'name';
    const page = filtered.select(COLUMNS).orderBy(sort, query.sortOrder === 'DESC' ? 'desc' : 'asc');
    const [items, [{ total }]] = await Promise.all([
      this.sql.list(page.offset(query.skip).limit(query.take)),
      this.sql.list(filtered.select(countInt().as('total'))),
    ]);
    return { items, total };
  }

  async count(manager: EntityManager): Promise<number> {
    return (await this.sql.run(count, {}, manager))[0].total;
  }

  /** Inserts a new configuration (what it leaves unset is the columns' default), or writes a loaded one if it changed. */
  async save(manager: EntityManager, config: ConfigurationEntity): Promise<ConfigurationEntity> {
    const args = { ...CONFIG_DEFAULTS, ...config, texts: JSON.stringify(config.texts ?? {}) };
    return (await this.sql.run(config.id ? update : insert, args, manager))[0] ?? config;
  }

  async activate(manager: EntityManager, id: string): Promise<void> {
    await this.sql.run(deactivateOthers, { id }, manager);
    await this.sql.run(activate, { id }, manager);
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await this.sql.run(remove, { id }, manager);
  }

  /** Once it resolves, this replica's caches have taken the change (the others take it too). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return committedAndSettled(this.data.manager, this.invalidation, work);
  }
}
