import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  computeSroi,
  emptyMiniDyiState,
  formatSroi,
  isCustomOutcome,
  miniDyiIssues,
  miniDyiLimitIssues,
  type MiniDyiIssue,
  type MiniDyiState,
  type MiniDyiStepContent,
  readMiniDyiState,
  readMiniDyiStepContent,
  reconcileWithFramework,
  type SelectedOutcome,
  type SroiResult,
  translate,
} from '@impact-calls/domain';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { type AppError, badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { createValidationPipe } from '../../common/validation/validation.pipe.js';
import type { CallSubmissionEntity } from '../submissions/call-submission.entity.js';
import type { CallEntity } from '../calls/call.entity.js';
import type { StepEntity } from '../steps/step.entity.js';
import type { StepResultEntity } from '../submissions/step-result.entity.js';
import type { StepResultContext, StepResultHook, SubmissionScoreUpdate } from '../submissions/step-result-hooks.js';
import { StepResultHooks } from '../submissions/step-result-hooks.js';
import { SubmissionsService } from '../submissions/submissions.service.js';
import { MiniDyiStateDto, type MiniDyiResultDto, type PutMiniDyiDto, type SroiEstimateDto } from './dto/minidyi.dto.js';
import { MiniDyiRepository } from './minidyi.repository.js';

export const MINIDYI_KIND = 'miniDyi';

const finite = (n: number | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) ? n : null);
const lower = (id: string | null): string | null => (id === null ? null : id.toLowerCase());

/** The 400 answer for a state that breaks miniDyi rules: the first rule's key, every issue listed. */
function rejected(issues: MiniDyiIssue[], details: Record<string, unknown> = {}): AppError {
  const message = issues
    .slice(0, 5)
    .map((i) => translate('en', i.key, i.params ?? {}))
    .join('; ');
  return badRequest(issues[0].key, message, { ...details, issues });
}

/** A JSON object as it is stored (no undefined, no class instances). */
const plain = (value: object) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

const noFramework = () =>
  conflict('components.mini-dyi.error-no-framework', 'This impact design step has no impact framework: ask the call’s administrators');

function normalizeIds(state: MiniDyiState): MiniDyiState {
  return {
    ...state,
    selectedOutcomes: state.selectedOutcomes.map((o): SelectedOutcome => ({
      ...o,
      outcomeId: lower(o.outcomeId),
      stakeholderId: lower(o.stakeholderId),
      indicators: o.indicators.map((i) => ({ ...i, indicatorId: lower(i.indicatorId), proxyId: lower(i.proxyId) })),
    })),
  };
}

export function sroiEstimate(r: SroiResult): SroiEstimateDto {
  return {
    sroi: finite(r.sroi),
    netSroi: finite(r.netSroi),
    ratio: formatSroi(r.sroi),
    overThreshold: r.overThreshold,
    annualValue: r.annualValue,
    presentValue: r.presentValue,
    budget: r.budget ?? null,
    yearValues: r.yearValues,
    ignoredIndicators: r.ignoredIndicators,
    options: { ...r.options },
    contributions: r.contributions.map((c) => ({ ...c, sroi: finite(c.sroi) })),
  };
}

/** A miniDyi step's settings: its content (either format) and its framework (the call's when the step names none). */
function stepSettings(step: StepEntity, call: CallEntity): { content: MiniDyiStepContent; frameworkId: string | null } {
  const { content } = readMiniDyiStepContent(step.content);
  return { content, frameworkId: content.frameworkId ?? (call.impactFrameworkId ? call.impactFrameworkId.toLowerCase() : null) };
}

/**
 * miniDyi answers: the domain's rules on every save (UpsertCallStepResult and PutMiniDYI alike, through
 * the step-result hook), the SROI kept on the step result and the submission, and the closing checks.
 */
@Injectable()
export class MiniDyiService implements OnModuleInit, StepResultHook {
  private readonly shape = createValidationPipe();

  constructor(
    private readonly hooks: StepResultHooks,
    private readonly submissions: SubmissionsService,
    private readonly repo: MiniDyiRepository,
  ) {}

  onModuleInit(): void {
    this.hooks.register(MINIDYI_KIND, this);
  }

  /** Checks a state sent for a miniDyi step and answers what is stored: refused with the rule's key, nothing saved. */
  async normalize(
    ctx: StepResultContext,
    content: Record<string, unknown>,
  ): Promise<{ content: Record<string, unknown>; score: number | null }> {
    await this.shape.transform(content, { type: 'body', metatype: MiniDyiStateDto });
    const { content: settings, frameworkId } = stepSettings(ctx.step, ctx.call);
    if (!frameworkId || !(await this.repo.frameworkExists(frameworkId, ctx.m))) throw noFramework();
    const state = normalizeIds(readMiniDyiState(content, ctx.step.id, settings));
    const limits = miniDyiLimitIssues(state);
    if (limits.length) throw rejected(limits);
    const reconciled = await this.reconcile(ctx.m, frameworkId, state);
    if (reconciled.issues.length) throw rejected(reconciled.issues);
    return { content: plain(reconciled.state), score: finite(computeSroi(reconciled.state, settings.sroi).sroi) };
  }

  async afterSave(ctx: StepResultContext): Promise<SubmissionScoreUpdate> {
    return { sroiScore: await this.submissionSroi(ctx.m, ctx.submission, ctx.call) };
  }

  /** Closing needs a complete miniDyi (every rule of `miniDyiIssues`) whose ids are still the framework's. */
  async checkClose(ctx: StepResultContext, result: StepResultEntity | undefined): Promise<void> {
    if (!result) return; // the submissions module answers fill.incomplete.minidyi-missing
    const { content: settings, frameworkId } = stepSettings(ctx.step, ctx.call);
    const state = normalizeIds(readMiniDyiState(result.content, ctx.step.id, settings));
    const issues = miniDyiIssues(state);
    if (!issues.length && frameworkId) issues.push(...(await this.reconcile(ctx.m, frameworkId, state)).issues);
    if (!frameworkId) throw noFramework();
    if (issues.length)
      throw rejected(issues, { stepId: ctx.step.id, stepName: ctx.step.name, reason: 'minidyi-invalid', subStep: issues[0].subStep });
  }

  /** At closing the SROI is computed again from what is stored, with the step's current options. */
  async onClose(ctx: StepResultContext, result: StepResultEntity | undefined): Promise<SubmissionScoreUpdate> {
    if (result) {
      const { content: settings } = stepSettings(ctx.step, ctx.call);
      const score = finite(computeSroi(readMiniDyiState(result.content, ctx.step.id, settings), settings.sroi).sroi);
      if (score !== result.score) await this.submissions.setResultScore(ctx.m, result.id, score);
    }
    return { sroiScore: await this.submissionSroi(ctx.m, ctx.submission, ctx.call) };
  }

  /** GET MiniDYI: the saved state of one miniDyi step of the acting organization's submission (an empty one before the first save). */
  async get(user: AuthUser, organizationId: string, submissionId: string, stepId: string): Promise<MiniDyiResultDto> {
    const auth = { user, organizationId };
    const { submission } = await this.submissions.readable(auth, submissionId);
    const { call, step } = await this.miniDyiStep(submission, stepId);
    const result = await this.submissions.result(submission.id, step.id);
    const { content: settings, frameworkId } = stepSettings(step, call);
    const state = result ? readMiniDyiState(result.content, step.id, settings) : emptyMiniDyiState(step.id, settings);
    const sroi = computeSroi(state, settings.sroi);
    const issues = miniDyiIssues(state);
    const { stepId: stateStepId, ...fields } = state;
    return {
      stepResultId: result?.id ?? null,
      callSubmissionId: submission.id,
      stepId: stateStepId,
      version: result?.version ?? 0,
      frameworkId,
      ...fields,
      sroiScore: finite(sroi.sroi),
      sroi: sroiEstimate(sroi),
      complete: issues.length === 0,
      issues,
      readOnly: this.submissions.readOnly(auth, submission, call),
    };
  }

  /** PUT PutMiniDYI: saved as UpsertCallStepResult saves (same rules and checks); fields left out keep their value. */
  async put(user: AuthUser, organizationId: string, dto: PutMiniDyiDto): Promise<MiniDyiResultDto> {
    if (dto.outcomes !== undefined && dto.selectedOutcomes !== undefined)
      throw badRequest('errors.validation', 'Give selectedOutcomes or outcomes, not both', {
        errors: { outcomes: 'give selectedOutcomes or outcomes' },
      });
    let submissionId = dto.callSubmissionId;
    let stepId = dto.stepId;
    if (dto.stepResultID) {
      const r = await this.repo.findResult(dto.stepResultID);
      // Another organization's result is as unknown as a missing one.
      if (!r) throw notFound('errors.step-result-not-found', 'No answer saved for this step');
      await this.submissions.readable({ user, organizationId }, r.submissionId);
      if ((submissionId && submissionId !== r.submissionId) || (stepId && stepId !== r.stepId))
        throw badRequest('errors.validation', 'stepResultID belongs to another submission or step', {
          errors: { stepResultID: 'belongs to another submission or step' },
        });
      submissionId = r.submissionId;
      stepId = r.stepId;
    }
    if (!submissionId || !stepId)
      throw badRequest('errors.validation', 'Give callSubmissionId and stepId, or stepResultID', {
        errors: { callSubmissionId: 'required without stepResultID', stepId: 'required without stepResultID' },
      });
    const { submission } = await this.submissions.readable({ user, organizationId }, submissionId);
    const { step } = await this.miniDyiStep(submission, stepId);
    const existing = await this.submissions.result(submission.id, step.id);
    const saved = (existing?.content && typeof existing.content === 'object' ? existing.content : {}) as Record<string, unknown>;
    const content: Record<string, unknown> = {
      stepId: step.id,
      selectedOutcomes: dto.selectedOutcomes ?? dto.outcomes ?? saved.selectedOutcomes ?? [],
      budget: dto.budget === undefined ? (saved.budget ?? null) : dto.budget,
      budgetSpent: dto.budgetSpent === undefined ? (saved.budgetSpent ?? null) : dto.budgetSpent,
      sdg: dto.sdg ?? saved.sdg ?? [],
    };
    await this.submissions.upsertStepResult(user, organizationId, {
      callSubmissionId: submission.id,
      stepId: step.id,
      content: plain(content),
      version: dto.version ?? existing?.version ?? 0,
    });
    return this.get(user, organizationId, submission.id, step.id);
  }

  private async miniDyiStep(submission: CallSubmissionEntity, stepId: string): Promise<{ call: CallEntity; step: StepEntity }> {
    const { call, found } = await this.submissions.callStep(submission.callId, stepId);
    if (!call || !found) throw notFound('errors.step-not-found', 'This step is not part of the call');
    if (found.kind !== MINIDYI_KIND)
      throw badRequest('components.mini-dyi.error-not-minidyi', 'This step is not an impact design (miniDyi) step');
    return { call, step: found.step };
  }

  private async reconcile(m: EntityManager, frameworkId: string, state: MiniDyiState) {
    const ids = {
      outcomeIds: state.selectedOutcomes.filter((o) => !isCustomOutcome(o) && o.outcomeId).map((o) => o.outcomeId!),
      proxyIds: state.selectedOutcomes.flatMap((o) => o.indicators.filter((i) => i.proxyId).map((i) => i.proxyId!)),
      stakeholderIds: state.selectedOutcomes.filter((o) => o.stakeholderId).map((o) => o.stakeholderId!),
    };
    return reconcileWithFramework(state, await this.repo.catalogFor(frameworkId, ids, m));
  }

  /** The submission's SROI: the present value of its miniDyi steps with a budget over those budgets; null without one. */
  private async submissionSroi(m: EntityManager, submission: CallSubmissionEntity, call: CallEntity): Promise<number | null> {
    const steps = (await this.submissions.steps(call.callTypeId, m)).filter((x) => x.kind === MINIDYI_KIND);
    const results = new Map((await this.submissions.results(submission.id, m)).map((r) => [r.stepId, r]));
    let presentValue = 0;
    let budget = 0;
    for (const { step } of steps) {
      const result = results.get(step.id);
      if (!result) continue;
      const { content: settings } = stepSettings(step, call);
      const sroi = computeSroi(readMiniDyiState(result.content, step.id, settings), settings.sroi);
      if (sroi.budget === undefined) continue;
      presentValue += sroi.presentValue;
      budget += sroi.budget;
    }
    return budget > 0 ? finite(presentValue / budget) : null;
  }
}
