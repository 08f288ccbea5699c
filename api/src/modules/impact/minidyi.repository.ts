import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FrameworkCatalog, IndicatorChoice, OutcomeChoice, StakeholderChoice } from '@impact-calls/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { Sql } from '../../database/sql.js';
import { StepResultEntity } from '../submissions/step-result.entity.js';

/** The ids a miniDyi state names, looked up in its framework. */
export interface CatalogIds {
  outcomeIds: string[];
  proxyIds: string[];
  stakeholderIds: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: string[]) => [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];

/** Queries of miniDyi (no rules here: see MiniDyiService). */
@Injectable()
export class MiniDyiRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
  ) {}

  async frameworkExists(id: string, m: EntityManager): Promise<boolean> {
    return (await this.sql.rowsIn(m, 'minidyi-framework-exists', 'SELECT 1 FROM impact_framework WHERE id = $1', [id])).length > 0;
  }

  /**
   * The part of a framework a state names (its outcomes, indicator-proxy chains and
   * stakeholders), as the domain's `reconcileWithFramework` reads it. Three small
   * queries by primary key, whatever the framework's size: it runs on every autosave.
   */
  async catalogFor(frameworkId: string, ids: CatalogIds, m: EntityManager): Promise<FrameworkCatalog> {
    const outcomeIds = uuids(ids.outcomeIds);
    const proxyIds = uuids(ids.proxyIds);
    const stakeholderIds = uuids(ids.stakeholderIds);
    const outcomes = outcomeIds.length
      ? await this.sql.rowsIn<OutcomeChoice>(
          m,
          'minidyi-outcomes',
          'SELECT id AS "outcomeId", name AS "outcomeName", sdg FROM impact_outcome WHERE framework_id = $1 AND id = ANY($2::uuid[])',
          [frameworkId, outcomeIds],
        )
      : [];
    const chains = proxyIds.length
      ? await this.sql.rowsIn<IndicatorChoice & { outcomeId: string }>(
          m,
          'minidyi-chains',
          `SELECT i.id AS "indicatorId", i.name AS "indicatorName", p.id AS "proxyId", p.name AS "proxyName",
                  p.default_value AS "proxyValue", i.outcome_id AS "outcomeId"
             FROM impact_proxy p JOIN impact_indicator i ON i.id = p.indicator_id JOIN impact_outcome o ON o.id = i.outcome_id
            WHERE o.framework_id = $1 AND p.id = ANY($2::uuid[])`,
          [frameworkId, proxyIds],
        )
      : [];
    const stakeholders = stakeholderIds.length
      ? await this.sql.rowsIn<StakeholderChoice>(
          m,
          'minidyi-stakeholders',
          'SELECT id AS "stakeholderId", name AS "stakeholderName" FROM impact_stakeholder WHERE framework_id = $1 AND id = ANY($2::uuid[])',
          [frameworkId, stakeholderIds],
        )
      : [];
    return {
      outcomes: new Map(outcomes.map((o) => [o.outcomeId, o])),
      chains: new Map(chains.map((c) => [`${c.indicatorId}:${c.proxyId}`, c])),
      stakeholders: new Map(stakeholders.map((s) => [s.stakeholderId, s])),
    };
  }

  findResult(id: string, manager?: EntityManager): Promise<StepResultEntity | null> {
    return (manager ?? this.db.manager).findOne(StepResultEntity, { where: { id } });
  }
}
