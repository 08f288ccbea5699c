import { Injectable } from '@nestjs/common';
import type { FrameworkCatalog } from '@impact-calls/domain';
import { sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../../common/ids.js';
import { Sql } from '../../database/sql.js';
import { db, statement, type Statement } from '../../database/typed-sql.js';

/** The ids a miniDyi state names, looked up in its framework. */
export type CatalogIds = Record<'outcomeIds' | 'proxyIds' | 'stakeholderIds', string[]>;

const uuids = (ids: string[]) => [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];

type Lookup = { frameworkId: string; ids: string[] };
const uuidArray = (ids: string[]) => sql<string[]>`${ids}::uuid[]`;

const frameworkExists = statement('minidyi-framework-exists', (p: { id: string }) =>
  db.selectFrom('impactFramework').select('id').where('id', '=', p.id),
);
const outcomes = statement('minidyi-outcomes', (p: Lookup) =>
  db
    .selectFrom('impactOutcome')
    .select(['id as outcomeId', 'name as outcomeName', 'sdg'])
    .where('frameworkId', '=', p.frameworkId)
    .where('id', '=', (eb) => eb.fn.any(uuidArray(p.ids))),
);
const chains = statement('minidyi-chains', (p: Lookup) =>
  db
    .selectFrom('impactProxy as p')
    .innerJoin('impactIndicator as i', 'i.id', 'p.indicatorId')
    .innerJoin('impactOutcome as o', 'o.id', 'i.outcomeId')
    .select(['i.id as indicatorId', 'i.name as indicatorName', 'p.id as proxyId', 'p.name as proxyName'])
    .select(['p.defaultValue as proxyValue', 'i.outcomeId'])
    .where('o.frameworkId', '=', p.frameworkId)
    .where('p.id', '=', (eb) => eb.fn.any(uuidArray(p.ids))),
);
const stakeholders = statement('minidyi-stakeholders', (p: Lookup) =>
  db
    .selectFrom('impactStakeholder')
    .select(['id as stakeholderId', 'name as stakeholderName'])
    .where('frameworkId', '=', p.frameworkId)
    .where('id', '=', (eb) => eb.fn.any(uuidArray(p.ids))),
);
/** Which submission and step a saved result belongs to. */
const result = statement('minidyi-result', (p: { id: string }) =>
  db.selectFrom('stepResult').select(['id', 'submissionId', 'stepId']).where('id', '=', p.id),
);

@Injectable()
export class MiniDyiRepository {
  constructor(private readonly sql: Sql) {}

  async frameworkExists(id: string, m: EntityManager): Promise<boolean> {
    return (await this.sql.run(frameworkExists, { id }, m)).length > 0;
  }

  /** The part of a framework a state names, for `reconcileWithFramework`: three queries by key, whatever the size (every autosave). */
  async catalogFor(frameworkId: string, ids: CatalogIds, m: EntityManager): Promise<FrameworkCatalog> {
    const find = async <R>(s: Statement<Lookup, R>, ids: string[]) => (ids.length ? this.sql.run(s, { frameworkId, ids }, m) : []);
    return {
      outcomes: new Map((await find(outcomes, uuids(ids.outcomeIds))).map((o) => [o.outcomeId, o])),
      chains: new Map((await find(chains, uuids(ids.proxyIds))).map((c) => [`${c.indicatorId}:${c.proxyId}`, c])),
      stakeholders: new Map((await find(stakeholders, uuids(ids.stakeholderIds))).map((s) => [s.stakeholderId, s])),
    };
  }

  async findResult(id: string): Promise<typeof result.row | undefined> {
    return (await this.sql.run(result, { id }))[0];
  }
}
