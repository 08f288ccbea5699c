import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { CacheInvalidation, deepFreeze, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { changes, db, statement } from '../../database/typed-sql.js';
import type { StepEntity } from './step.entity.js';

/** A step's columns (alias `st`) and its kind, the name of its step type. */
// prettier-ignore
const STEP = [
  'st.id', 'st.createdAt', 'st.updatedAt', 'st.version', 'st.callTypeId', 'st.name', 'st.description', 'st.content', 'st.sort',
  'st.stepTypeId', 'st.expectedAnswers',
] as const;
const withKind = db
  .selectFrom('step as st')
  .leftJoin('stepType as t', 't.id', 'st.stepTypeId')
  .select((eb) => [...STEP, eb.fn.coalesce('t.name', sql.lit('')).as('kind')]);
const byId = statement('step-by-id', (p: { id: string }) => withKind.where('st.id', '=', p.id));
const ofCallTypes = statement('steps-of-call-types', (p: { ids: string[] }) =>
  withKind
    .where((eb) => eb('st.callTypeId', '=', eb.fn.any(eb.val(p.ids))))
    .orderBy('st.sort')
    .orderBy('st.name')
    .orderBy('st.id'),
);

export type StepRow = typeof byId.row;
export type StepWithKind = { step: StepEntity; kind: string };
/** What saving a step writes: its id when it was loaded. */
export type StepInput = Pick<StepEntity, 'callTypeId' | 'name' | 'description' | 'content' | 'sort' | 'stepTypeId' | 'expectedAnswers'> & {
  id?: string;
};

/** Its JSON as text (`JSON.stringify`: the driver would send an array as a PostgreSQL array). */
type StepArgs = Omit<StepInput, 'content' | 'expectedAnswers'> & { content: string | null; expectedAnswers: string | null };
// prettier-ignore
const written = (p: StepArgs) => ({
  callTypeId: p.callTypeId, name: p.name, description: p.description, content: p.content, sort: p.sort, stepTypeId: p.stepTypeId,
  expectedAnswers: p.expectedAnswers,
});
const insert = statement('step-insert', (p: StepArgs) => db.insertInto('step').values(written(p)));
const update = statement('step-update', (p: StepArgs) =>
  db
    .updateTable('step')
    .set((eb) => ({ ...written(p), updatedAt: sql<Date>`now()`, version: eb('version', '+', 1) }))
    .where('id', '=', p.id!)
    .where(changes(written(p))),
);
const deleteOthers = statement('steps-delete-others', (p: { callTypeId: string; keep: string[] }) =>
  db
    .deleteFrom('step')
    .where('callTypeId', '=', p.callTypeId)
    .where((eb) => sql<boolean>`${eb.ref('id')} <> ALL(${p.keep}::uuid[])`),
);

const TYPE = ['id', 'createdAt', 'updatedAt', 'version', 'name', 'hiddenInPicker'] as const;
const stepTypes = db.selectFrom('stepType').select(TYPE);
const types = statement('step-types', () => stepTypes.orderBy('name'));
const typesByIds = statement('step-types-by-ids', (p: { ids: string[] }) =>
  stepTypes.where((eb) => eb('id', '=', eb.fn.any(eb.val(p.ids)))),
);
const typeByName = statement('step-type-by-name', (p: { name: string }) =>
  stepTypes.where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(p.name)]))),
);
const insertType = statement('step-type-insert', (p: { name: string }) =>
  db.insertInto('stepType').values({ name: p.name, hiddenInPicker: false }).returning(TYPE),
);

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

@Injectable()
export class StepsRepository {
  /** What filling reads on every save, close and open: evicted by the `step` table's trigger (`steps-of:<call type id>`). */
  private readonly cached: SharedCache<readonly StepWithKind[]>;

  constructor(
    private readonly sql: Sql,
    invalidation: CacheInvalidation,
    @InjectDataSource() private readonly data: DataSource,
  ) {
    this.cached = invalidation.cache('steps-of', { max: 5_000, ttlMs: 60_000 });
  }

  /** The steps of a call type with their kinds (step type names), in ascending sort order: from memory, frozen; inside `m`'s transaction, read there. */
  stepsOf(callTypeId: string, m?: EntityManager): Promise<readonly StepWithKind[]> {
    const read = async () => (await this.findByCallTypes([callTypeId], m)).map(({ kind, ...step }) => ({ step, kind }));
    return m ? read() : this.cached.get(callTypeId, async () => deepFreeze(await read()));
  }

  async findById(id: string): Promise<StepRow | null> {
    return (await this.sql.run(byId, { id }))[0] ?? null;
  }

  async findByCallTypes(callTypeIds: string[], m?: EntityManager): Promise<StepRow[]> {
    return callTypeIds.length === 0 ? [] : this.sql.run(ofCallTypes, { ids: callTypeIds }, m);
  }

  /** Inserts the new steps and writes the loaded ones that changed. */
  async saveAll(steps: StepInput[], m: EntityManager): Promise<void> {
    for (const s of steps) {
      const args = { ...s, content: json(s.content), expectedAnswers: json(s.expectedAnswers) };
      await (s.id ? this.sql.run(update, args, m) : this.sql.run(insert, args, m));
    }
  }

  async deleteOthers(callTypeId: string, keep: string[], m: EntityManager): Promise<void> {
    await this.sql.run(deleteOthers, { callTypeId, keep }, m);
  }

  findTypes() {
    return this.sql.run(types, {});
  }

  async findTypesByIds(ids: string[], m?: EntityManager) {
    return ids.length === 0 ? [] : this.sql.run(typesByIds, { ids }, m);
  }

  async findTypeByNameInsensitive(name: string) {
    return (await this.sql.run(typeByName, { name }))[0] ?? null;
  }

  async createType(name: string, m?: EntityManager) {
    return (await this.sql.run(insertType, { name }, m))[0];
  }

  /** A write of step types (their audit event with it). */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.data.transaction(work);
  }
}
