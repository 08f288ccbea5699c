import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { CacheInvalidation, deepFreeze, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { StepTypeEntity } from './step-type.entity.js';
import { StepEntity } from './step.entity.js';

export type StepWithKind = { step: StepEntity; kind: string };
type Row = StepEntity & { kind: string };

/** A step's columns aliased to the fields of StepEntity (alias `st`). */
const STEP_COLUMNS = `st.id, st.created_at AS "createdAt", st.updated_at AS "updatedAt", st.version, st.call_type_id AS "callTypeId",
  st.name, st.description, st.content, st.sort, st.step_type_id AS "stepTypeId", st.expected_answers AS "expectedAnswers"`;

@Injectable()
export class StepsRepository {
  /** What filling reads on every save, close and open: evicted by the `step` table's trigger (`steps-of:<call type id>`). */
  private readonly cached: SharedCache<readonly StepWithKind[]>;

  constructor(
    @InjectRepository(StepEntity) private readonly steps: Repository<StepEntity>,
    @InjectRepository(StepTypeEntity) private readonly types: Repository<StepTypeEntity>,
    private readonly sql: Sql,
    invalidation: CacheInvalidation,
  ) {
    this.cached = invalidation.cache('steps-of', { max: 5_000, ttlMs: 60_000 });
  }

  /** The steps of a call type with their kinds (step type names), in ascending sort order: from memory, frozen; inside `m`'s transaction, read there. */
  stepsOf(callTypeId: string, m?: EntityManager): Promise<readonly StepWithKind[]> {
    return m ? this.readStepsOf(callTypeId, m) : this.cached.get(callTypeId, async () => deepFreeze(await this.readStepsOf(callTypeId)));
  }

  private async readStepsOf(callTypeId: string, m?: EntityManager): Promise<StepWithKind[]> {
    const text = `SELECT ${STEP_COLUMNS}, coalesce(t.name, '') AS kind FROM step st LEFT JOIN step_type t ON t.id = st.step_type_id
      WHERE st.call_type_id = $1 ORDER BY st.sort ASC, st.name ASC, st.id ASC`;
    const rows = await this.sql.rowsIn<Row>(m, 'steps-of', text, [callTypeId]);
    return rows.map(({ kind, ...step }) => ({ step, kind }));
  }

  private stepRepo(m?: EntityManager) {
    return m?.getRepository(StepEntity) ?? this.steps;
  }

  findById(id: string): Promise<StepEntity | null> {
    return this.steps.findOne({ where: { id }, relations: { stepType: true } });
  }

  /** The steps of call types, in order (sort, then name, then id). */
  findByCallTypes(callTypeIds: string[], m?: EntityManager): Promise<StepEntity[]> {
    if (callTypeIds.length === 0) return Promise.resolve([]);
    return this.stepRepo(m).find({
      where: { callTypeId: In(callTypeIds) },
      relations: { stepType: true },
      order: { sort: 'ASC', name: 'ASC', id: 'ASC' },
    });
  }

  async saveAll(steps: Partial<StepEntity>[], m: EntityManager): Promise<StepEntity[]> {
    return m.getRepository(StepEntity).save(steps.map((s) => m.getRepository(StepEntity).create(s)));
  }

  async deleteOthers(callTypeId: string, keep: string[], m: EntityManager): Promise<void> {
    const qb = m.createQueryBuilder().delete().from(StepEntity).where('call_type_id = :callTypeId', { callTypeId });
    if (keep.length) qb.andWhere('id NOT IN (:...keep)', { keep });
    await qb.execute();
  }

  findTypes(includeHidden: boolean): Promise<StepTypeEntity[]> {
    return this.types.find({ where: includeHidden ? {} : { hiddenInPicker: false }, order: { name: 'ASC' } });
  }

  findTypesByIds(ids: string[], m?: EntityManager): Promise<StepTypeEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return (m?.getRepository(StepTypeEntity) ?? this.types).find({ where: { id: In(ids) } });
  }

  async findTypeByNameInsensitive(name: string): Promise<StepTypeEntity | null> {
    return this.types.createQueryBuilder('t').where('lower(t.name) = lower(:name)', { name }).getOne();
  }

  createType(name: string): Promise<StepTypeEntity> {
    return this.types.save(this.types.create({ name, hiddenInPicker: false }));
  }
}
