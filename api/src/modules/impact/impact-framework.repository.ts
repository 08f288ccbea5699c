import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { FrameworkContent } from '@impact-calls/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import { ISO_UTC, Sql } from '../../database/sql.js';
import type { ImpactFrameworkSummaryDto } from './dto/impact-framework.dto.js';
import { chainsEntry, FrameworkReadCache, reorderedChains } from './read-cache.js';
import { ImpactFrameworkEntity, SdgEntity } from './impact-framework.entity.js';
import { likeContains } from '../../common/http/like.js';

export interface StakeholderRow {
  id: string;
  name: string;
  description: string;
}

export interface OutcomeRow {
  id: string;
  frameworkId: string;
  name: string;
  description: string;
  sdg: number;
}

/** An indicator-proxy chain (the console's detail and the catalog). */
export interface IndicatorChainRow {
  indicatorId: string;
  outcomeId: string;
  name: string;
  description: string;
  proxyId: string;
  proxyName: string;
  proxyValue: number;
  sourceName: string;
  sourceUrl: string;
}

export interface UsageRow {
  kind: 'call' | 'callType';
  id: string;
  name: string;
}

const SORTABLE: Record<string, string> = {
  name: 'f.name',
  createdAt: 'f.created_at',
  outcomeCount: 'f.outcome_count',
  indicatorCount: 'f.indicator_count',
  stakeholderCount: 'f.stakeholder_count',
};

/** ImpactFrameworkSummaryDto's columns (table alias `f`). */
const FRAMEWORK_COLUMNS = `f.id, f.name, f.description, ${ISO_UTC('f.created_at')} AS "createdAt", f.version,
  f.stakeholder_count AS "stakeholderCount", f.outcome_count AS "outcomeCount", f.indicator_count AS "indicatorCount",
  f.proxy_count AS "proxyCount", f.sdgs`;

/** Rows in one statement per table: arrays unnested by PostgreSQL, whatever their length. */
async function bulkInsert(m: EntityManager, table: string, columns: [string, string][], rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([n]) => `"${n}"`).join(', ');
  const params = columns.map((_, i) => rows.map((r) => r[i]));
  const unnest = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  await m.query(`INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${unnest})`, params);
}

/** Queries of the impact frameworks (no rules here: see ImpactFrameworkService). */
/** One row per outcome in the order given; json is null for an unknown outcome. */
const INDICATOR_CHAINS = `SELECT o.id AS "outcomeId",
       (SELECT string_agg(row_to_json(r)::text, ',' ORDER BY i.sort, p.sort)
          FROM impact_indicator i
          JOIN impact_proxy p ON p.indicator_id = i.id
         CROSS JOIN LATERAL (SELECT i.id, i.name, i.description, i.outcome_id AS "outcomeTypeId", p.id AS "proxyTypeID",
                                    p.name AS "proxyTypeName", p.default_value AS "proxyTypeDefaultValue",
                                    p.source_name AS "proxySourceName", p.source_url AS "proxySourceUrl") r
         WHERE i.outcome_id = o.id) AS json
  FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n)
 ORDER BY o.n`;

@Injectable()
export class ImpactFrameworkRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
    private readonly cache: FrameworkReadCache,
  ) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>, manager?: EntityManager): Promise<T> {
    return manager ? work(manager) : this.db.transaction(work);
  }

  /** Inserts a framework and its lists; ids are made here so children link without reading back. */
  async insert(
    m: EntityManager,
    framework: { id?: string; name: string; description: string },
    content: FrameworkContent,
    counts: Omit<ImpactFrameworkSummaryDto, 'id' | 'name' | 'description' | 'createdAt' | 'version'>,
  ): Promise<string> {
    const id = framework.id ?? randomUUID();
    await m.query(
      `INSERT INTO impact_framework (id, name, description, stakeholder_count, outcome_count, indicator_count, proxy_count, sdgs)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        framework.name,
        framework.description,
        counts.stakeholderCount,
        counts.outcomeCount,
        counts.indicatorCount,
        counts.proxyCount,
        counts.sdgs,
      ],
    );
    const stakeholders = content.stakeholders.map((s, i) => [randomUUID(), id, s.name, s.description, i]);
    const outcomes: unknown[][] = [];
    const indicators: unknown[][] = [];
    const proxies: unknown[][] = [];
    content.outcomes.forEach((o, oi) => {
      const outcomeId = randomUUID();
      outcomes.push([outcomeId, id, o.name, o.description, o.sdg, oi]);
      o.indicators.forEach((ind, ii) => {
        const indicatorId = randomUUID();
        indicators.push([indicatorId, outcomeId, ind.name, ind.description, ii]);
        ind.proxies.forEach((p, pi) => proxies.push([randomUUID(), indicatorId, p.name, p.defaultValue, p.sourceName, p.sourceUrl, pi]));
      });
    });
    const common: [string, string][] = [
      ['id', 'uuid'],
      ['framework_id', 'uuid'],
      ['name', 'varchar'],
      ['description', 'text'],
    ];
    await bulkInsert(m, 'impact_stakeholder', [...common, ['sort', 'int']], stakeholders);
    await bulkInsert(m, 'impact_outcome', [...common, ['sdg', 'smallint'], ['sort', 'int']], outcomes);
    await bulkInsert(
      m,
      'impact_indicator',
      [
        ['id', 'uuid'],
        ['outcome_id', 'uuid'],
        ['name', 'varchar'],
        ['description', 'text'],
        ['sort', 'int'],
      ],
      indicators,
    );
    await bulkInsert(
      m,
      'impact_proxy',
      [
        ['id', 'uuid'],
        ['indicator_id', 'uuid'],
        ['name', 'varchar'],
        ['default_value', 'float8'],
        ['source_name', 'varchar'],
        ['source_url', 'varchar'],
        ['sort', 'int'],
      ],
      proxies,
    );
    return id;
  }

  async findPage(query: ListQuery): Promise<Page<ImpactFrameworkSummaryDto>> {
    const q = typeof query.filter.q === 'string' && query.filter.q.trim() ? likeContains(query.filter.q.trim()) : null;
    const where = q ? 'WHERE f.name ILIKE $1 OR f.description ILIKE $1' : '';
    const order = `${SORTABLE[query.sortField ?? 'createdAt'] ?? 'f.created_at'} ${query.sortOrder === 'ASC' ? 'ASC' : 'DESC'}, f.id`;
    const params = q ? [q] : [];
    const [items, [{ total }]] = await Promise.all([
      this.sql.query<ImpactFrameworkSummaryDto>(
        `SELECT ${FRAMEWORK_COLUMNS} FROM impact_framework f ${where} ORDER BY ${order} LIMIT ${query.take} OFFSET ${query.skip}`,
        params,
      ),
      this.sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM impact_framework f ${where}`, params),
    ]);
    return { items, total };
  }

  findAll(): Promise<ImpactFrameworkSummaryDto[]> {
    return this.sql.rows('impact-frameworks', `SELECT ${FRAMEWORK_COLUMNS} FROM impact_framework f ORDER BY f.name, f.id`, []);
  }

  async findById(id: string, m?: EntityManager, lock = false): Promise<ImpactFrameworkSummaryDto | undefined> {
    const [row] = await this.sql.rowsIn<ImpactFrameworkSummaryDto>(
      m,
      `impact-framework${lock ? '-lock' : ''}`,
      `SELECT ${FRAMEWORK_COLUMNS} FROM impact_framework f WHERE f.id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return row;
  }

  findStakeholders(frameworkId: string): Promise<StakeholderRow[]> {
    return this.sql.rows(
      'impact-stakeholders',
      'SELECT id, name, description FROM impact_stakeholder WHERE framework_id = $1 ORDER BY sort',
      [frameworkId],
    );
  }

  /** The outcomes of a framework. */
  findOutcomes(frameworkId: string): Promise<OutcomeRow[]> {
    return this.sql.rows(
      'impact-outcomes',
      'SELECT id, framework_id AS "frameworkId", name, description, sdg FROM impact_outcome WHERE framework_id = $1 ORDER BY sdg, sort',
      [frameworkId],
    );
  }

  /**
   * GetIndicatorType: the indicator-proxy chains of the outcomes given, in their order, serialized
   * by PostgreSQL in the answer's shape (keys of IndicatorTypeDto). Each outcome is looked up by
   * index (a nested loop whatever the size of the tables), and no row reaches Node as objects.
   * From memory by the ascending ids (the order the applicant app asks in); another order is cut
   * from that answer once, then kept. Answers naming an unknown outcome are not kept.
   */
  async indicatorChainsJson(outcomeIds: string[]): Promise<JsonDocument> {
    const ids = [...outcomeIds].sort();
    const load = async () => chainsEntry(await this.sql.rows('impact-indicator-chains-json', INDICATOR_CHAINS, [ids]));
    const entry = (await this.cache.chains.get(ids.join(','), load, (e) => e.complete))!;
    if (outcomeIds.every((id, i) => id === ids[i])) return entry.answer;
    const reorder = () => Promise.resolve(reorderedChains(entry, ids, outcomeIds));
    return (await this.cache.orderedChains.get(outcomeIds.join(','), reorder, () => entry.complete))!;
  }

  /**
   * GetOutcomeType's answer serialized by PostgreSQL (keys of OutcomeTypeDto): the outcomes
   * of the SDG codes given (all for none), by SDG then file order; undefined for an unknown framework.
   */
  outcomesJson(frameworkId: string, sdgs: number[]): Promise<JsonDocument | undefined> {
    const codes = [...sdgs].sort((a, b) => a - b);
    return this.cache.outcomes.get(`${frameworkId.toLowerCase()}:${codes.join(',')}`, async () => {
      const rows = await this.sql.rows<{ json: string }>(
        'impact-outcomes-json',
        `SELECT '[' || coalesce((
                  SELECT string_agg(row_to_json(r)::text, ',' ORDER BY o.sdg, o.sort)
                    FROM impact_outcome o
                   CROSS JOIN LATERAL (SELECT o.id, o.framework_id AS "frameworkId", o.name, o.description, o.sdg, o.id AS "outcomeTypeId") r
                   WHERE o.framework_id = f.id AND (cardinality($2::smallint[]) = 0 OR o.sdg = ANY($2::smallint[]))
                ), '') || ']' AS json
           FROM impact_framework f WHERE f.id = $1`,
        [frameworkId, codes],
      );
      return rows.length ? jsonDocument(rows[0].json) : undefined;
    });
  }

  /** GetStakeholderType's answer serialized by PostgreSQL (keys of StakeholderDto), in file order; undefined for an unknown framework. */
  stakeholdersJson(frameworkId: string): Promise<JsonDocument | undefined> {
    return this.cache.stakeholders.get(frameworkId.toLowerCase(), async () => {
      const rows = await this.sql.rows<{ json: string }>(
        'impact-stakeholders-json',
        `SELECT '[' || coalesce((
                  SELECT string_agg(row_to_json(r)::text, ',' ORDER BY s.sort)
                    FROM impact_stakeholder s CROSS JOIN LATERAL (SELECT s.id, s.name, s.description) r
                   WHERE s.framework_id = f.id
                ), '') || ']' AS json
           FROM impact_framework f WHERE f.id = $1`,
        [frameworkId],
      );
      return rows.length ? jsonDocument(rows[0].json) : undefined;
    });
  }

  /** A framework was deleted (after the commit): its serialized lookups go (see FrameworkReadCache). */
  forgetLookups(): void {
    this.cache.clear();
  }

  /** Every indicator-proxy chain of a framework (the console's detail). */
  findFrameworkChains(frameworkId: string): Promise<IndicatorChainRow[]> {
    return this.sql.rows(
      'impact-framework-chains',
      `SELECT i.id AS "indicatorId", i.outcome_id AS "outcomeId", i.name, i.description,
              p.id AS "proxyId", p.name AS "proxyName", p.default_value AS "proxyValue", p.source_name AS "sourceName", p.source_url AS "sourceUrl"
         FROM impact_outcome o JOIN impact_indicator i ON i.outcome_id = o.id JOIN impact_proxy p ON p.indicator_id = i.id
        WHERE o.framework_id = $1
        ORDER BY o.sdg, o.sort, i.sort, p.sort`,
      [frameworkId],
    );
  }

  /**
   * Calls and call types whose miniDyi step names the framework (step content holding
   * `{frameworkId}` or, older format, the plain id), and calls that name it directly.
   */
  findUsage(frameworkId: string, m?: EntityManager): Promise<UsageRow[]> {
    return this.sql.rowsIn(
      m,
      'impact-framework-usage',
      `WITH steps AS (
         SELECT s.call_type_id FROM step s JOIN step_type t ON t.id = s.step_type_id
          WHERE lower(t.name) = 'minidyi' AND s.content IS NOT NULL AND position($1 in lower(s.content::text)) > 0
       )
       SELECT 'call' AS kind, c.id, c.name FROM call c
        WHERE c.impact_framework_id = $1::uuid OR c.call_type_id IN (SELECT call_type_id FROM steps)
       UNION
       SELECT 'callType' AS kind, ct.id, ct.name FROM call_type ct
        WHERE ct.id IN (SELECT call_type_id FROM steps) AND NOT EXISTS (SELECT 1 FROM call c WHERE c.call_type_id = ct.id)
       ORDER BY kind, name`,
      [frameworkId.toLowerCase()],
    );
  }

  /** Fresh planner statistics after a big import, so the lookups use their indexes at once. */
  async analyze(): Promise<void> {
    await this.db.query('ANALYZE impact_outcome, impact_indicator, impact_proxy, impact_stakeholder');
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(ImpactFrameworkEntity, { id });
  }

  findSdgs(): Promise<SdgEntity[]> {
    return this.db.getRepository(SdgEntity).find({ order: { code: 'ASC' } });
  }
}
