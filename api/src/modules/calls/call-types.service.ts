import { Injectable } from '@nestjs/common';
import { orderSteps, renumberSteps, stepPublishIssue } from '@impact-calls/domain';
import type { EntityManager } from 'typeorm';
import { badRequest, conflict, notFound, versionRequired } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { isEmptyId } from '../../common/ids.js';
import { normalizeStepContent } from '../steps/step-content.js';
import type { StepEntity } from '../steps/step.entity.js';
import type { StepInput, StepRow } from '../steps/steps.repository.js';
import { StepsService, toStepAdminDto } from '../steps/steps.service.js';
import { CallTypeEntity } from '../steps/call-type.entity.js';
import { CallTypesRepository } from './call-types.repository.js';
import type { CallTypeDto, CallTypeInputDto, CallTypeSummaryDto } from './dto/call.dto.js';
import { refusedFor } from '../../database/sql.js';
import { AuditService } from '../audit/audit.service.js';

const PUBLISH_MESSAGES: Record<string, string> = {
  'pages.admin.steps.error-minidyi-no-framework': "a miniDyi step needs an impact framework (its own, or the call's)",
  'pages.admin.steps.error-survey-no-questions': 'a survey or quiz step needs at least one question',
};

/** What the audit trail compares of a call type's steps, in their order (a reordering shows as changed places). */
function auditedSteps(
  steps: readonly { id?: string; name: string; description?: string | null; stepTypeId?: string; sort: number; content?: unknown }[],
) {
  return [...steps]
    .sort((a, b) => a.sort - b.sort)
    .map(({ id, name, description, stepTypeId, sort, content }) => ({ id: id ?? null, name, description, stepTypeId, sort, content }));
}

/** Call types and their ordered steps. Every write is one transaction. */
@Injectable()
export class CallTypesService {
  constructor(
    private readonly types: CallTypesRepository,
    private readonly steps: StepsService,
    private readonly audit: AuditService,
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
   * Saves a call type and replaces its steps in the caller's transaction (ids kept, renumbered 1..n, contents
   * checked, the others deleted). `callFrameworkId`: the call's, for miniDyi steps naming none; undefined: look it up.
   */
  async upsertIn(m: EntityManager, input: CallTypeInputDto, callFrameworkId?: string | null): Promise<string> {
    const existing = !isEmptyId(input.id);
    const type = existing ? await this.types.findById(input.id!, m, true) : new CallTypeEntity();
    if (!type) throw notFound('errors.call-type-not-found', 'Call type not found');
    if (existing && input.version === undefined) throw versionRequired('call type');
    if (existing && input.version !== type.version)
      throw conflict('errors.stale-version', 'This call type was changed by someone else; reload it');
    const before = existing ? { name: type.name, description: type.description } : null;
    await this.types.save(Object.assign(type, { name: input.name, description: input.description }), m);

    const stepTypes = new Map(
      (await this.steps.findTypesByIds([...new Set(input.steps.map((s) => s.stepTypeId))], m)).map((t) => [t.id, t]),
    );
    const savedRows = await this.steps.findByCallTypes([type.id], m);
    const saved = new Map(savedRows.map((s) => [s.id, s]));
    const framework = callFrameworkId !== undefined ? callFrameworkId : await this.types.frameworkOfEveryCall(type.id, m);
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
        const old = saved.get(id);
        if (!old || seen.has(id))
          throw badRequest('errors.step-not-in-call-type', `${at}.id: not a step of this call type`, {
            errors: { [`${at}.id`]: 'not a step of this call type' },
          });
        seen.add(id);
        row = old;
      }
      const { content, expectedAnswers } = normalizeStepContent(stepType.name, s.content, `${at}.content`);
      // A step nobody could fill: refused with its own key, naming the step.
      const issue = stepPublishIssue(stepType.name, stepType.name === 'quiz' ? s.content : content, framework);
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
    await this.steps.deleteOthers(type.id, [...seen], m).catch((e: unknown) => {
      if (!refusedFor(e, 'foreignKey')) throw e;
      throw conflict('pages.admin.error-step-has-answers', 'A removed step already has answers in submissions; it cannot be deleted');
    });
    await this.steps.saveAll(rows, m);
    await this.audit.record(m, {
      action: existing ? 'call-type.update' : 'call-type.create',
      entity: 'call-type',
      entityId: type.id,
      summary: type.name,
      before: before && { ...before, steps: auditedSteps(savedRows) },
      after: { name: type.name, description: type.description, steps: auditedSteps(rows) },
    });
    return type.id;
  }

  /** Refuses (400, the step's key) when a saved step of the call type could not be filled with this call framework. */
  async checkFillable(m: EntityManager, callTypeId: string, callFrameworkId: string | null): Promise<void> {
    orderSteps(await this.steps.findByCallTypes([callTypeId], m)).forEach((step, i) => {
      // Only the framework can be missing because of the call: the contents were checked when the steps were saved.
      const issue = step.kind === 'miniDyi' ? stepPublishIssue(step.kind, step.content, callFrameworkId) : undefined;
      if (issue)
        throw badRequest(issue, `impactFrameworkId: ${PUBLISH_MESSAGES[issue]} ("${step.name}")`, {
          errors: { impactFrameworkId: PUBLISH_MESSAGES[issue] },
          stepIndex: i,
          stepName: step.name,
        });
    });
  }

  /** Deletes a call type no call uses (its steps go with it). */
  async delete(id: string): Promise<CallTypeDto> {
    const before = await this.get(id);
    await this.types.transaction(async (m) => {
      if (!(await this.types.findById(id, m, true))) throw notFound('errors.call-type-not-found', 'Call type not found');
      if ((await this.types.countCalls(id, m)) > 0)
        throw conflict('pages.admin.error-call-type-in-use', 'Calls use this call type; it cannot be deleted');
      await this.types.delete(id, m).catch((e: unknown) => {
        throw refusedFor(e, 'foreignKey')
          ? conflict('pages.admin.error-call-type-in-use', 'This call type is in use; it cannot be deleted')
          : e;
      });
      const { name, description, steps } = before;
      await this.audit.record(m, {
        action: 'call-type.delete',
        entity: 'call-type',
        entityId: id,
        summary: name,
        before: { name, description, steps },
      });
    });
    return before;
  }
}
