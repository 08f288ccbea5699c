import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { StepTypeEntity } from './step-type.entity.js';
import { StepEntity } from './step.entity.js';

@Injectable()
export class StepsRepository {
  constructor(
    @InjectRepository(StepEntity) private readonly steps: Repository<StepEntity>,
    @InjectRepository(StepTypeEntity) private readonly types: Repository<StepTypeEntity>,
  ) {}

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
