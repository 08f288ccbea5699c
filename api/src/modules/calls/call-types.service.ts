import { Injectable } from '@nestjs/common';
import { orderSteps, renumberSteps } from '@impact-calls/domain';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { isEmptyId } from '../../common/ids.js';
import type { StepInputDto } from '../steps/dto/step.dto.js';
import { normalizeStepContent } from '../steps/step-content.js';
import type { StepEntity } from '../steps/step.entity.js';
import { StepsRepository } from '../steps/steps.repository.js';
import { toStepAdminDto } from '../steps/steps.service.js';
import type { CallTypeEntity } from './call-type.entity.js';
import { CallTypesRepository } from './calls.repository.js';
import type { CallTypeDto, CallTypeInputDto, CallTypeSummaryDto } from './dto/call.dto.js';

export interface CallTypeInput {
  id?: string;
  version?: number;
  name: string;
  description: string;
  steps: StepInputDto[];
}

const isForeignKeyViolation = (e: unknown) =>
  e instanceof QueryFailedError && (e as QueryFailedError & { driverError?: { code?: string } }).driverError?.code === '23503';

/** Call types and their ordered steps. Every write is one transaction. */
@Injectable()
export class CallTypesService {
  constructor(
    private readonly types: CallTypesRepository,
    private readonly steps: StepsRepository,
  ) {}

  toDto(t: CallTypeEntity, steps: StepEntity[]): CallTypeDto {
    return { id: t.id, name: t.name, description: t.description, version: t.version, steps: orderSteps(steps).map(toStepAdminDto) };
  }

  async get(id: string, m?: EntityManager): Promise<CallTypeDto> {
    const t = await this.types.findById(id, m);
    if (!t) throw notFound('errors.call-type-not-found', 'Call type not found');
    return this.toDto(t, await this.steps.findByCallTypes([id], m));
  }

  async list(): Promise<CallTypeDto[]> {
    const all = await this.types.findAll();
    const steps = await this.steps.findByCallTypes(all.map((t) => t.id));
    return all.map((t) =>
      this.toDto(
        t,
        steps.filter((s) => s.callTypeId === t.id),
      ),
    );
  }

  async page(query: ListQuery): Promise<Page<CallTypeSummaryDto>> {
    const page = await this.types.findPage(query);
    return {
      total: page.total,
      items: page.items.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        version: t.version,
        stepCount: t.stepCount,
        callCount: t.callCount,
        updatedAt: t.updatedAt.toISOString(),
      })),
    };
  }

  /** CreateCallType / UpsertCallType: the call type and its steps in one transaction. */
  async upsert(dto: CallTypeInputDto): Promise<CallTypeDto> {
    const id = await this.types.transaction((m) => this.upsertIn(m, dto));
    return this.get(id);
  }

  /**
   * Creates or updates a call type and replaces its steps inside the caller's transaction:
   * steps keep their ids when sent back, are renumbered 1..n in list order, get their
   * content checked per kind, and steps left out are deleted. Answers the call type's id.
   */
  async upsertIn(m: EntityManager, input: CallTypeInput): Promise<string> {
    let type: CallTypeEntity;
    if (!isEmptyId(input.id)) {
      const found = await this.types.findByIdForUpdate(input.id!, m);
      if (!found) throw notFound('errors.call-type-not-found', 'Call type not found');
      if (input.version !== undefined && input.version !== found.version) {
        throw conflict('errors.stale-version', 'This call type was changed by someone else; reload it');
      }
      type = found;
      type.name = input.name;
      type.description = input.description;
    } else {
      type = this.types.create({ name: input.name, description: input.description });
    }
    type = await this.types.save(type, m);

    const stepTypes = new Map(
      (await this.steps.findTypesByIds([...new Set(input.steps.map((s) => s.stepTypeId))], m)).map((t) => [t.id, t]),
    );
    const existing = new Map((await this.steps.findByCallTypes([type.id], m)).map((s) => [s.id, s]));
    const seen = new Set<string>();
    const rows: Partial<StepEntity>[] = renumberSteps(input.steps).map((s, i) => {
      const at = `steps.${i}`;
      const stepType = stepTypes.get(s.stepTypeId);
      if (!stepType)
        throw badRequest('errors.step-type-not-found', `${at}.stepTypeId: no such step type`, {
          errors: { [`${at}.stepTypeId`]: 'no such step type' },
        });
      let row: Partial<StepEntity> = {};
      if (!isEmptyId(s.id)) {
        const id = s.id!.toLowerCase();
        const old = existing.get(id);
        if (!old || seen.has(id))
          throw badRequest('errors.step-not-in-call-type', `${at}.id: not a step of this call type`, {
            errors: { [`${at}.id`]: 'not a step of this call type' },
          });
        seen.add(id);
        row = old;
        delete row.stepType; // the loaded relation would override a changed stepTypeId
      }
      const { content, expectedAnswers } = normalizeStepContent(stepType.name, s.content, `${at}.content`);
      return Object.assign(row, {
        callTypeId: type.id,
        name: s.name,
        description: s.description ?? '',
        stepTypeId: stepType.id,
        content,
        expectedAnswers,
        sort: s.sort,
      });
    });
    try {
      await this.steps.deleteOthers(type.id, [...seen], m);
    } catch (e) {
      if (isForeignKeyViolation(e))
        throw conflict('pages.admin.error-step-has-answers', 'A removed step already has answers in submissions; it cannot be deleted');
      throw e;
    }
    await this.steps.saveAll(rows, m);
    return type.id;
  }

  /** Deletes a call type no call uses (its steps go with it). */
  async delete(id: string): Promise<CallTypeDto> {
    const before = await this.get(id);
    await this.types.transaction(async (m) => {
      const t = await this.types.findByIdForUpdate(id, m);
      if (!t) throw notFound('errors.call-type-not-found', 'Call type not found');
      if ((await this.types.countCalls(id, m)) > 0)
        throw conflict('pages.admin.error-call-type-in-use', 'Calls use this call type; it cannot be deleted');
      try {
        await this.types.delete(id, m);
      } catch (e) {
        if (isForeignKeyViolation(e))
          throw conflict('pages.admin.error-call-type-in-use', 'This call type is in use; it cannot be deleted');
        throw e;
      }
    });
    return before;
  }
}
