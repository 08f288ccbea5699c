import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FrameworkCatalog } from '@impact-calls/domain';
import { DataSource, type EntityManager } from 'typeorm';
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
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.db.manager;
  }

  async frameworkExists(id: string, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await this.m(manager).query('SELECT 1 FROM impact_framework WHERE id = $1', [id]);
    return rows.length > 0;
  }

  /**
   * The part of a framework a state names (its outcomes, indicator-proxy chains and
   * stakeholders), as the domain's `reconcileWithFramework` reads it. Three small
   * queries by primary key, whatever the framework's size: it runs on every autosave.
   */
  async catalogFor(frameworkId: string, ids: CatalogIds, manager?: EntityManager): Promise<FrameworkCatalog> {
    const m = this.m(manager);
    const outcomeIds = uuids(ids.outcomeIds);
    const proxyIds = uuids(ids.proxyIds);
    const stakeholderIds = uuids(ids.stakeholderIds);
    const [outcomes, chains, stakeholders] = await Promise.all([
      outcomeIds.length
        ? (m.query('SELECT id, name, sdg FROM impact_outcome WHERE framework_id = $1 AND id = ANY($2::uuid[])', [
            frameworkId,
            outcomeIds,
          ]) as Promise<{ id: string; name: string; sdg: number }[]>)
        : [],
      proxyIds.length
        ? (m.query(
            `SELECT i.id AS "indicatorId", i.outcome_id AS "outcomeId", i.name, p.id AS "proxyId", p.name AS "proxyName", p.default_value AS "proxyValue"
               FROM impact_proxy p JOIN impact_indicator i ON i.id = p.indicator_id JOIN impact_outcome o ON o.id = i.outcome_id
              WHERE o.framework_id = $1 AND p.id = ANY($2::uuid[])`,
            [frameworkId, proxyIds],
          ) as Promise<{ indicatorId: string; outcomeId: string; name: string; proxyId: string; proxyName: string; proxyValue: number }[]>)
        : [],
      stakeholderIds.length
        ? (m.query('SELECT id, name FROM impact_stakeholder WHERE framework_id = $1 AND id = ANY($2::uuid[])', [
            frameworkId,
            stakeholderIds,
          ]) as Promise<{ id: string; name: string }[]>)
        : [],
    ]);
    return {
      outcomes: new Map(outcomes.map((o) => [o.id, { outcomeId: o.id, outcomeName: o.name, sdg: Number(o.sdg) }])),
      chains: new Map(
        chains.map((c) => [
          `${c.indicatorId}:${c.proxyId}`,
          {
            indicatorId: c.indicatorId,
            indicatorName: c.name,
            proxyId: c.proxyId,
            proxyName: c.proxyName,
            proxyValue: Number(c.proxyValue),
            outcomeId: c.outcomeId,
          },
        ]),
      ),
      stakeholders: new Map(stakeholders.map((s) => [s.id, { stakeholderId: s.id, stakeholderName: s.name }])),
    };
  }

  findResult(id: string, manager?: EntityManager): Promise<StepResultEntity | null> {
    return this.m(manager).findOne(StepResultEntity, { where: { id } });
  }

  /** The SROI kept on the submission (derived from its miniDyi results: no version change). */
  async setSubmissionSroi(m: EntityManager, submissionId: string, sroi: number | null): Promise<void> {
    await m.query('UPDATE call_submission SET sroi_score = $2, updated_at = now() WHERE id = $1', [submissionId, sroi]);
  }
}
