import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { FrameworkContent } from '@impact-calls/domain';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import type { DB } from '../../database/schema.js';
import { CacheInvalidation, committedAndSettled } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { countInt, db, isoUtc, statement } from '../../database/typed-sql.js';
import type { ImpactFrameworkSummaryDto } from './dto/impact-framework.dto.js';
import { chainsEntry, FrameworkReadCache, reorderedChains } from './read-cache.js';
import { likeContains } from '../../common/http/like.js';

const COUNTS = ['stakeholderCount', 'outcomeCount', 'indicatorCount', 'proxyCount', 'sdgs'] as const;
/** ImpactFrameworkSummaryDto's columns. */
const summary = (eb: ExpressionBuilder<DB, 'impactFramework'>) =>
  ['id', 'name', 'description', isoUtc(eb.ref('createdAt')).as('createdAt'), 'version', ...COUNTS] as const;
const SORTABLE = ['name', 'createdAt', 'outcomeCount', 'indicatorCount', 'stakeholderCount'] as const;
const frameworks = db.selectFrom('impactFramework').select(summary);

const all = statement('impact-frameworks', () => frameworks.orderBy('name').orderBy('id'));
const byId = statement('impact-framework', (p: { id: string }) => frameworks.where('id', '=', p.id));
const lockedById = statement('impact-framework-lock', (p: { id: string }) => frameworks.where('id', '=', p.id).forUpdate());
const remove = statement('impact-framework-delete', (p: { id: string }) => db.deleteFrom('impactFramework').where('id', '=', p.id));

type NewFramework = Omit<ImpactFrameworkSummaryDto, 'createdAt' | 'version'>;
const insertFramework = statement('impact-framework-insert', (f: NewFramework) => {
  const { id, name, description, stakeholderCount, outcomeCount, indicatorCount, proxyCount, sdgs } = f;
  return db
    .insertInto('impactFramework')
    .values({ id, name, description, stakeholderCount, outcomeCount, indicatorCount, proxyCount, sdgs });
});

/** Rows of a list in one statement: one array per column (of the SQL type given), unnested by PostgreSQL whatever their number. */
function bulkInsert<T extends keyof DB>(table: T, types: Partial<Record<keyof DB[T] & string, RawBuilder<unknown>>>) {
  const columns = Object.keys(types) as (keyof DB[T] & string)[];
  const arrays = (p: Record<string, unknown[]>) => sql.join(columns.map((c) => sql`${p[c]}::${types[c]}[]`));
  const into = db.insertInto(table).columns(columns);
  return statement(`${table}-insert`, (p: Record<string, unknown[]>) => into.expression(sql`SELECT * FROM unnest(${arrays(p)})`));
}
const [UUID, TEXT, VARCHAR, INT, SMALLINT, FLOAT8] = [sql`uuid`, sql`text`, sql`varchar`, sql`int`, sql`smallint`, sql`float8`];
const named = { id: UUID, name: VARCHAR, sort: INT };
const insertStakeholders = bulkInsert('impactStakeholder', { frameworkId: UUID, description: TEXT, ...named });
const insertOutcomes = bulkInsert('impactOutcome', { frameworkId: UUID, sdg: SMALLINT, description: TEXT, ...named });
const insertIndicators = bulkInsert('impactIndicator', { outcomeId: UUID, description: TEXT, ...named });
const proxy = { indicatorId: UUID, defaultValue: FLOAT8, sourceName: VARCHAR, sourceUrl: VARCHAR };
const insertProxies = bulkInsert('impactProxy', { ...proxy, ...named });
const INSERTS = [insertStakeholders, insertOutcomes, insertIndicators, insertProxies];

const stakeholders = statement('impact-stakeholders', (p: { frameworkId: string }) =>
  db.selectFrom('impactStakeholder').select(['id', 'name', 'description']).where('frameworkId', '=', p.frameworkId).orderBy('sort'),
);
const outcomes = statement('impact-outcomes', (p: { frameworkId: string }) =>
  db
    .selectFrom('impactOutcome')
    .select(['id', 'name', 'description', 'sdg'])
    .where('frameworkId', '=', p.frameworkId)
    .orderBy('sdg')
    .orderBy('sort'),
);

/** Objects serialized by PostgreSQL, joined by commas in the order given (null for none). */
const joined = (object: Record<string, Expression<unknown>>, order: Expression<unknown>[]) =>
  sql<string | null>`string_agg(${jsonBuildObject(object)}::text, ',' ORDER BY ${sql.join(order)})`;

/** A framework's list as one JSON array (`joined` objects), or no row for an unknown framework. */
const listOf = (frameworkId: string, list: (eb: ExpressionBuilder<DB & { f: DB['impactFramework'] }, 'f'>) => Expression<string | null>) =>
  db
    .selectFrom('impactFramework as f')
    .where('f.id', '=', frameworkId)
    .select((eb) => sql<string>`'[' || coalesce(${list(eb)}, '') || ']'`.as('json'));

/** One row per outcome in the order given; json is null for an unknown outcome. */
const chainsJson = statement('impact-indicator-chains-json', (p: { ids: string[] }) =>
  db
    .selectFrom(sql<{ id: string; n: number }>`unnest(${p.ids}::uuid[]) WITH ORDINALITY`.as<'o'>(sql`o(id, n)`))
    .select((eb) => [
      'o.id as outcomeId',
      eb
        .selectFrom('impactIndicator as i')
        .innerJoin('impactProxy as p', 'p.indicatorId', 'i.id')
        .whereRef('i.outcomeId', '=', 'o.id')
        .select(({ ref }) => {
          const indicator = { id: ref('i.id'), name: ref('i.name'), description: ref('i.description'), outcomeTypeId: ref('i.outcomeId') };
          const proxy = { proxyTypeID: ref('p.id'), proxyTypeName: ref('p.name'), proxyTypeDefaultValue: ref('p.defaultValue') };
          const source = { proxySourceName: ref('p.sourceName'), proxySourceUrl: ref('p.sourceUrl') };
          return joined({ ...indicator, ...proxy, ...source }, [ref('i.sort'), ref('p.sort')]).as('json');
        })
        .$asScalar()
        .as('json'),
    ])
    .orderBy('o.n'),
);

const outcomesJson = statement('impact-outcomes-json', (p: { frameworkId: string; sdgs: number[] }) =>
  listOf(p.frameworkId, (eb) =>
    eb
      .selectFrom('impactOutcome as o')
      .whereRef('o.frameworkId', '=', 'f.id')
      .where(({ ref }) => sql<boolean>`(cardinality(${p.sdgs}::smallint[]) = 0 OR ${ref('o.sdg')} = ANY(${p.sdgs}::smallint[]))`)
      .select(({ ref }) => {
        const outcome = { id: ref('o.id'), frameworkId: ref('o.frameworkId'), name: ref('o.name'), description: ref('o.description') };
        return joined({ ...outcome, sdg: ref('o.sdg'), outcomeTypeId: ref('o.id') }, [ref('o.sdg'), ref('o.sort')]).as('json');
      })
      .$asScalar(),
  ),
);

const stakeholdersJson = statement('impact-stakeholders-json', (p: { frameworkId: string }) =>
  listOf(p.frameworkId, (eb) =>
    eb
      .selectFrom('impactStakeholder as s')
      .whereRef('s.frameworkId', '=', 'f.id')
      .select(({ ref }) => joined({ id: ref('s.id'), name: ref('s.name'), description: ref('s.description') }, [ref('s.sort')]).as('json'))
      .$asScalar(),
  ),
);

const frameworkChains = statement('impact-framework-chains', (p: { frameworkId: string }) =>
  db
    .selectFrom('impactOutcome as o')
    .innerJoin('impactIndicator as i', 'i.outcomeId', 'o.id')
    .innerJoin('impactProxy as p', 'p.indicatorId', 'i.id')
    .where('o.frameworkId', '=', p.frameworkId)
    .select(['i.id as indicatorId', 'i.outcomeId', 'i.name', 'i.description', 'p.id as proxyId', 'p.name as proxyName'])
    .select(['p.defaultValue as proxyValue', 'p.sourceName', 'p.sourceUrl'])
    .orderBy('o.sdg')
    .orderBy('o.sort')
    .orderBy('i.sort')
    .orderBy('p.sort'),
);

/** `id` lower case: it is looked for in the steps' content as text. */
const usage = statement('impact-framework-usage', (p: { id: string }) =>
  db
    .with('steps', (qb) =>
      qb
        .selectFrom('step as s')
        .innerJoin('stepType as t', 't.id', 's.stepTypeId')
        .select('s.callTypeId')
        .where((eb) => eb(eb.fn('lower', ['t.name']), '=', sql.lit('minidyi')))
        .where('s.content', 'is not', null)
        .where(({ ref }) => sql<boolean>`position(${p.id} in lower(${ref('s.content')}::text)) > 0`),
    )
    .selectFrom('call as c')
    .select([sql.lit<'call' | 'callType'>('call').as('kind'), 'c.id', 'c.name'])
    .where((eb) =>
      eb('c.impactFrameworkId', '=', sql<string>`${p.id}::uuid`).or('c.callTypeId', 'in', eb.selectFrom('steps').select('callTypeId')),
    )
    .union((qb) =>
      qb
        .selectFrom('callType as ct')
        .select([sql.lit<'callType'>('callType').as('kind'), 'ct.id', 'ct.name'])
        .where((eb) => eb('ct.id', 'in', eb.selectFrom('steps').select('callTypeId')))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('call as c').select(sql.lit(1).as('one')).whereRef('c.callTypeId', '=', 'ct.id')))),
    )
    .orderBy('kind')
    .orderBy('name'),
);

const SDG = ['code', 'colour', 'url', 'keywords', 'nameIt', 'nameEn', 'nameFr', 'descriptionIt', 'descriptionEn', 'descriptionFr'] as const;
const sdgs = statement('impact-sdgs', () => db.selectFrom('sdg').select(SDG).orderBy('code'));

type Row = Record<string, unknown>;

@Injectable()
export class ImpactFrameworkRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    private readonly cache: FrameworkReadCache,
    private readonly invalidation: CacheInvalidation,
  ) {}

  /** In the caller's transaction, or in one that, once it resolves, this replica's caches have taken (the others take it too). */
  transaction<T>(work: (m: EntityManager) => Promise<T>, manager?: EntityManager): Promise<T> {
    return manager ? work(manager) : committedAndSettled(this.db.manager, this.invalidation, work);
  }

  /** Inserts a framework and its lists; ids are made here so children link without reading back. */
  async insert(
    m: EntityManager,
    framework: { id?: string; name: string; description: string },
    content: FrameworkContent,
    counts: Omit<ImpactFrameworkSummaryDto, 'id' | 'name' | 'description' | 'createdAt' | 'version'>,
  ): Promise<string> {
    const frameworkId = framework.id ?? randomUUID();
    await this.sql.run(insertFramework, { id: frameworkId, name: framework.name, description: framework.description, ...counts }, m);
    const lists: Row[][] = [[], [], [], []];
    const [stakeholders, outcomes, indicators, proxies] = lists;
    content.stakeholders.forEach((s, sort) =>
      stakeholders.push({ id: randomUUID(), frameworkId, name: s.name, description: s.description, sort }),
    );
    content.outcomes.forEach((o, oi) => {
      const outcomeId = randomUUID();
      outcomes.push({ id: outcomeId, frameworkId, name: o.name, description: o.description, sdg: o.sdg, sort: oi });
      o.indicators.forEach((ind, ii) => {
        const indicatorId = randomUUID();
        indicators.push({ id: indicatorId, outcomeId, name: ind.name, description: ind.description, sort: ii });
        for (const [sort, { name, defaultValue, sourceName, sourceUrl }] of ind.proxies.entries())
          proxies.push({ id: randomUUID(), indicatorId, name, defaultValue, sourceName, sourceUrl, sort });
      });
    });
    // Each list as one array per column, in INSERTS' order; an empty list needs no statement.
    for (const [i, rows] of lists.entries())
      if (rows.length) await this.sql.run(INSERTS[i], Object.fromEntries(Object.keys(rows[0]).map((k) => [k, rows.map((r) => r[k])])), m);
    return frameworkId;
  }

  async findPage(query: ListQuery): Promise<Page<ImpactFrameworkSummaryDto>> {
    const q = typeof query.filter.q === 'string' && query.filter.q.trim() ? likeContains(query.filter.q.trim()) : '';
    const filtered = db
      .selectFrom('impactFramework')
      .$if(q !== '', (b) => b.where((eb) => eb('name', 'ilike', q).or('description', 'ilike', q)));
    const sort = SORTABLE.find((f) => f === query.sortField) ?? 'createdAt';
    const page = filtered
      .select(summary)
      .orderBy(sort, query.sortOrder === 'ASC' ? 'asc' : 'desc')
      .orderBy('id');
    const [items, [{ total }]] = await Promise.all([
      this.sql.list(page.limit(query.take).offset(query.skip)),
      this.sql.list(filtered.select(countInt().as('total'))),
    ]);
    return { items, total };
  }

  findAll(): Promise<ImpactFrameworkSummaryDto[]> {
    return this.sql.run(all, {});
  }

  async findById(id: string, m?: EntityManager, lock = false): Promise<ImpactFrameworkSummaryDto | undefined> {
    return (await this.sql.run(lock ? lockedById : byId, { id }, m))[0];
  }

  findStakeholders(frameworkId: string) {
    return this.sql.run(stakeholders, { frameworkId });
  }

  findOutcomes(frameworkId: string) {
    return this.sql.run(outcomes, { frameworkId });
  }

  /**
   * GetIndicatorType, serialized by PostgreSQL (one index lookup per outcome; no row reaches Node as objects).
   * Kept by the ascending ids (the applicant app's order); another order is cut from that once, then kept.
   */
  async indicatorChainsJson(outcomeIds: string[]): Promise<JsonDocument> {
    const ids = [...outcomeIds].sort();
    const load = async () => chainsEntry(await this.sql.run(chainsJson, { ids }));
    const entry = (await this.cache.chains.get(ids.join(','), load, (e) => e.complete))!;
    if (outcomeIds.every((id, i) => id === ids[i])) return entry.answer;
    const reorder = () => Promise.resolve(reorderedChains(entry, ids, outcomeIds));
    return (await this.cache.orderedChains.get(outcomeIds.join(','), reorder, () => entry.complete))!;
  }

  /** GetOutcomeType's answer serialized by PostgreSQL, by SDG then file order; undefined for an unknown framework. */
  outcomesJson(frameworkId: string, sdgs: number[]): Promise<JsonDocument | undefined> {
    const codes = [...sdgs].sort((a, b) => a - b);
    return this.cache.outcomes.get(`${frameworkId.toLowerCase()}:${codes.join(',')}`, async () => {
      const [row] = await this.sql.run(outcomesJson, { frameworkId, sdgs: codes });
      return row && jsonDocument(row.json);
    });
  }

  /** GetStakeholderType's answer serialized by PostgreSQL, in file order; undefined for an unknown framework. */
  stakeholdersJson(frameworkId: string): Promise<JsonDocument | undefined> {
    return this.cache.stakeholders.get(frameworkId.toLowerCase(), async () => {
      const [row] = await this.sql.run(stakeholdersJson, { frameworkId });
      return row && jsonDocument(row.json);
    });
  }

  /** Every indicator-proxy chain of a framework (the console's detail). */
  findFrameworkChains(frameworkId: string) {
    return this.sql.run(frameworkChains, { frameworkId });
  }

  /** Calls and call types whose miniDyi step names the framework (its content holds the id), and calls naming it. */
  findUsage(frameworkId: string, m?: EntityManager) {
    return this.sql.run(usage, { id: frameworkId.toLowerCase() }, m);
  }

  /** Fresh planner statistics after a big import, so the lookups use their indexes at once. */
  async analyze(): Promise<void> {
    await this.db.query('ANALYZE impact_outcome, impact_indicator, impact_proxy, impact_stakeholder');
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await this.sql.run(remove, { id }, m);
  }

  findSdgs() {
    return this.sql.run(sdgs, {});
  }
}
