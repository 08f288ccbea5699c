import { Injectable } from '@nestjs/common';
import { orderSteps, renumberSteps, stepPublishIssue } from '@impact-calls/domain';
import type { EntityManager } from 'typeorm';
import { badRequest, conflict, notFound, versionRequired } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { isEmptyId } from '../../common/ids.js';
import type { StepInputDto } from '../steps/dto/step.dto.js';
import { normalizeStepContent } from '../steps/step-content.js';
import type { StepEntity } from '../steps/step.entity.js';
import type { StepInput, StepRow } from '../steps/steps.repository.js';
import { StepsService, toStepAdminDto } from '../steps/steps.service.js';
import type { CallTypeEntity } from '../steps/call-type.entity.js';
import { CallTypesRepository } from './call-types.repository.js';
import type { CallTypeDto, CallTypeInputDto, CallTypeSummaryDto } from './dto/call.dto.js';
import { refusedFor } from '../../database/sql.js';

export interface CallTypeInput {
  id?: string;
  version?: number;
  name: string;
  description: string;
  steps: StepInputDto[];
}

/** What the steps of a call type may rely on: the impact framework of the call(s) using it (miniDyi steps naming none). */
export interface CallTypeContext {
  /** The call's framework (a call save), or the one every call of the type names; null: none; undefined: look it up (a call type save). */
  callFrameworkId?: string | null;
}

/** The English message of each key of stepPublishIssue. */
const PUBLISH_MESSAGES: Record<string, string> = {
  'pages.admin.steps.error-minidyi-no-framework': "a miniDyi step needs an impact framework (its own, or the call's)",
  'pages.admin.steps.error-survey-no-questions': 'a survey or quiz step needs at least one question',
};

/** Call types and their ordered steps. Every write is one transaction. */
@Injectable()
export class CallTypesService {
  constructor(
    private readonly types: CallTypesRepository,
    private readonly steps: StepsService,
  ) {}

  toDto(t: CallTypeEntity, steps: StepRow[]): CallTypeDto {
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

  page(query: ListQuery): Promise<Page<CallTypeSummaryDto>> {
    return this.types.findPage(query);
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
  async upsertIn(m: EntityManager, input: CallTypeInput, context: CallTypeContext = {}): Promise<string> {
    let type: CallTypeEntity;
    if (!isEmptyId(input.id)) {
      const found = await this.types.findByIdForUpdate(input.id!, m);
      if (!found) throw notFound('errors.call-type-not-found', 'Call type not found');
      if (input.version === undefined) throw versionRequired('call type');
      if (input.version !== found.version) throw conflict('errors.stale-version', 'This call type was changed by someone else; reload it');
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
    const callFrameworkId =
      context.callFrameworkId !== undefined ? context.callFrameworkId : await this.types.frameworkOfEveryCall(type.id, m);
    const seen = new Set<string>();
    const rows: StepInput[] = renumberSteps(input.steps).map((s, i) => {
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
      }
      const { content, expectedAnswers } = normalizeStepContent(stepType.name, s.content, `${at}.content`);
      // A step nobody could fill: refused with its own key, naming the step.
      const issue = stepPublishIssue(stepType.name, stepType.name === 'quiz' ? s.content : content, callFrameworkId);
      if (issue) {
        const field = issue === 'pages.admin.steps.error-minidyi-no-framework' ? `${at}.content.frameworkId` : `${at}.content`;
        throw badRequest(issue, `${field}: ${PUBLISH_MESSAGES[issue]}`, {
          errors: { [field]: PUBLISH_MESSAGES[issue] },
          stepIndex: i,
          stepName: s.name,
        });
      }
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
      if (refusedFor(e, 'foreignKey'))
        throw conflict('pages.admin.error-step-has-answers', 'A removed step already has answers in submissions; it cannot be deleted');
      throw e;
    }
    await this.steps.saveAll(rows, m);
    return type.id;
  }

  /** Refuses (400, the step's key) when a saved step of the call type could not be filled with this call framework. */
  async checkFillable(m: EntityManager, callTypeId: string, callFrameworkId: string | null): Promise<void> {
    const steps = orderSteps(await this.steps.findByCallTypes([callTypeId], m));
    steps.forEach((step, i) => {
      const kind = step.kind;
      // Only the framework can be missing because of the call: the contents were checked when the steps were saved.
      if (kind !== 'miniDyi') return;
      const issue = stepPublishIssue(kind, step.content, callFrameworkId);
      if (issue) {
        throw badRequest(issue, `impactFrameworkId: ${PUBLISH_MESSAGES[issue]} ("${step.name}")`, {
          errors: { impactFrameworkId: PUBLISH_MESSAGES[issue] },
          stepIndex: i,
          stepName: step.name,
        });
      }
    });
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
        if (refusedFor(e, 'foreignKey'))
          throw conflict('pages.admin.error-call-type-in-use', 'This call type is in use; it cannot be deleted');
        throw e;
      }
    });
    return before;
  }
}
