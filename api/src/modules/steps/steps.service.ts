import { Injectable } from '@nestjs/common';
import { orderSteps } from '@impact-calls/domain';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import type { EntityManager } from 'typeorm';
import type { StepTypeEntity } from './step-type.entity.js';
import { StepsRepository, type StepInput, type StepRow, type StepWithKind } from './steps.repository.js';
import type { StepAdminDto, StepDto, StepTypeDto } from './dto/step.dto.js';
import { AuditService } from '../audit/audit.service.js';

export function toStepDto(s: StepRow): StepDto {
  return {
    id: s.id,
    callTypeId: s.callTypeId,
    name: s.name,
    title: s.name,
    description: s.description,
    content: s.content ?? null,
    sort: s.sort,
    stepTypeId: s.stepTypeId,
    stepType: { id: s.stepTypeId, name: s.kind },
    stepTypeName: s.kind,
  };
}

export function toStepAdminDto(s: StepRow): StepAdminDto {
  return { ...toStepDto(s), expectedAnswers: s.expectedAnswers ?? null, version: s.version };
}

const toStepTypeDto = ({ id, name, hiddenInPicker }: StepTypeEntity): StepTypeDto => ({ id, name, hiddenInPicker });

const STEP_TYPE_NAME = /^[\p{L}\p{N} _-]+$/u;

/** The Step group: applicants read the steps of calls they may see; administrators add step types. */
@Injectable()
export class StepsService {
  constructor(
    private readonly steps: StepsRepository,
    private readonly access: AccessPolicy,
    private readonly audit: AuditService,
  ) {}

  stepsOf(callTypeId: string, m?: EntityManager): Promise<readonly StepWithKind[]> {
    return this.steps.stepsOf(callTypeId, m);
  }

  /** One step of the call type with its kind (from memory), or undefined when the call type has no such step. */
  async step(callTypeId: string, stepId: string): Promise<StepWithKind | undefined> {
    return (await this.steps.stepsOf(callTypeId)).find((x) => x.step.id === stepId);
  }

  /** One step, for a user who may see a call using its call type (else 404, e-mail filter included). */
  async getStepById(id: string, user: AuthUser): Promise<StepDto> {
    const stepNotFound = () => notFound('errors.step-not-found', 'Step not found');
    const step = await this.steps.findById(id);
    if (!step) throw stepNotFound();
    await this.access.requireAccess({ auth: { user }, permission: Permission.CallTypeRead, ids: [step.callTypeId], refusal: stepNotFound });
    return toStepDto(step);
  }

  /** The ordered steps of a call type, for a user who may see a call using it. */
  async getSteps(callTypeId: string, user: AuthUser): Promise<StepDto[]> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.CallTypeRead, ids: [callTypeId] });
    return orderSteps(await this.steps.findByCallTypes([callTypeId])).map(toStepDto);
  }

  /** For the call types (calls module): the steps of call types, in order (inside `m`'s transaction when given). */
  findByCallTypes(callTypeIds: string[], m?: EntityManager): Promise<StepRow[]> {
    return this.steps.findByCallTypes(callTypeIds, m);
  }

  findTypesByIds(ids: string[], m?: EntityManager): Promise<StepTypeEntity[]> {
    return this.steps.findTypesByIds(ids, m);
  }

  deleteOthers(callTypeId: string, keep: string[], m: EntityManager): Promise<void> {
    return this.steps.deleteOthers(callTypeId, keep, m);
  }

  saveAll(rows: StepInput[], m: EntityManager): Promise<void> {
    return this.steps.saveAll(rows, m);
  }

  async getStepTypes(): Promise<StepTypeDto[]> {
    return (await this.steps.findTypes()).map(toStepTypeDto);
  }

  async createStepType(name: string): Promise<StepTypeDto> {
    const clean = name.trim();
    if (!STEP_TYPE_NAME.test(clean))
      throw badRequest('errors.validation', 'name may hold letters, digits, spaces, - and _ only', {
        errors: { name: 'letters, digits, spaces, - and _ only' },
      });
    if (await this.steps.findTypeByNameInsensitive(clean))
      throw conflict('pages.admin.error-step-type-exists', `A step type named ${clean} already exists`);
    const created = await this.steps.transaction(async (m) => {
      const type = await this.steps.createType(clean, m);
      await this.audit.record(m, {
        action: 'step-type.create',
        entity: 'step-type',
        entityId: type.id,
        summary: clean,
        after: { name: clean },
      });
      return type;
    });
    return toStepTypeDto(created);
  }
}
