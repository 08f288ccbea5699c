import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  combineQuizScores,
  DECISIONS,
  EMPTY_ID,
  incompleteReason,
  INCOMPLETE_KEYS,
  isCallOpen,
  readSurveyJson,
  readSurveyResult,
  scoreQuiz,
  splitQuizAnswers,
  type QuizScore,
} from '@impact-calls/domain';
import { AccessPolicy, type Auth, callNotFound, submissionNotFound } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { AuditService } from '../audit/audit.service.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { listFilter } from '../../common/http/list-filter.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { CallSubmissionEntity } from './call-submission.entity.js';
import type { CallEntity } from '../calls/call.entity.js';
import type { AttachmentEntity } from '../files/attachment.entity.js';
import { AttachmentsService } from '../files/attachments.service.js';
import { toAttachmentDto } from '../files/attachment.mapper.js';
import type { SubmissionSlots } from '../files/submission-slots.js';
import { FILE_STORAGE, type FileStorage } from '../files/storage/file-storage.js';
import { MessagesService } from '../messages/messages.service.js';
import { StepsService } from '../steps/steps.service.js';
import type { StepWithKind } from '../steps/steps.repository.js';
import { CallsService } from '../calls/calls.service.js';
import type {
  AddCustomFileDto,
  CloseResultDto,
  FillStepDto,
  SubmissionMessageDto,
  StepResultDto,
  SubmissionDto,
  SubmissionRowDto,
  UpsertStepResultDto,
} from './dto/submission.dto.js';
import type { StepResultEntity } from './step-result.entity.js';
import { StepResultHooks, type SubmissionScoreUpdate } from './step-result-hooks.js';
import { SubmissionRepository, type ClosedBy, type ClosingStep } from './submission.repository.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Kinds whose answers are saved with UpsertCallStepResult (upload steps are filled by UploadFile). */
const SAVED_KINDS = new Set(['survey', 'quiz', 'miniDyi']);

/** A step as applicants and reviewers get it: never a quiz's correct answers. */
function toFillStep({ step, kind }: StepWithKind): FillStepDto {
  const { id, name, description, sort, stepTypeId } = step;
  const survey = kind === 'quiz' || kind === 'survey' ? readSurveyJson(step.content) : undefined;
  const content = survey ? splitQuizAnswers(survey).survey : step.content;
  return { id, name, description, content, sort, stepTypeId, stepTypeName: kind };
}

function toResultDto(r: StepResultEntity, kind: string): StepResultDto {
  return {
    id: r.id,
    stepId: r.stepId,
    content: r.content,
    score: r.score,
    stepStepTypeName: kind,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toSummary(s: CallSubmissionEntity) {
  return {
    id: s.id,
    closed: s.closed,
    code: s.code,
    quizScore: s.quizScore,
    sroiScore: s.sroiScore,
    submittedAt: iso(s.submittedAt),
    lastSubmittedAt: iso(s.lastSubmittedAt),
    closedAt: iso(s.closedAt),
    version: s.version,
  };
}

/** The stored form of a kind's answers when no hook normalizes them (survey and quiz: SurveyJS's result). */
const plainAnswer = (kind: string, content: Record<string, unknown>): object => (kind === 'miniDyi' ? content : readSurveyResult(content));

/** A close reads again this many times when a save moved the submission's version on meanwhile. */
const CLOSE_ATTEMPTS = 3;

export interface WritableSubmission {
  submission: CallSubmissionEntity;
  call: CallEntity;
  step?: StepWithKind;
}

/** The submission lifecycle; who may read or write is the access policy's (submission.read, submission.write). */
@Injectable()
export class SubmissionsService implements SubmissionSlots {
  private readonly logger = new Logger('Submissions');

  constructor(
    private readonly repo: SubmissionRepository,
    private readonly access: AccessPolicy,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly hooks: StepResultHooks,
    private readonly calls: CallsService,
    private readonly stepDefs: StepsService,
    private readonly messages: MessagesService,
    private readonly attachments: AttachmentsService,
    private readonly audit: AuditService,
  ) {}

  private async view(s: CallSubmissionEntity, call: CallEntity, readOnly: boolean, admin: boolean): Promise<SubmissionDto> {
    const [steps, results, attachments, people, history] = await Promise.all([
      this.stepDefs.stepsOf(call.callTypeId),
      this.repo.results(s.id),
      this.repo.attachments(s.id),
      this.repo.people(s.id),
      admin ? this.repo.history(s.id) : undefined,
    ]);
    const { name, regNumber, contactName, contactSurname, contactEmail } = people;
    const kinds = new Map(steps.map((x) => [x.step.id, x.kind]));
    return {
      ...toSummary(s),
      readOnly,
      callId: call.id,
      callName: call.name,
      callCallTypeId: call.callTypeId,
      callOpen: isCallOpen(call),
      enableUserDownloadPdf: call.enableUserDownloadPdf,
      organization: { id: s.organizationId, name, ...(admin ? { regNumber, contactName, contactSurname, contactEmail } : {}) },
      user: { id: s.userId, firstName: people.firstName ?? '', lastName: people.lastName ?? '', email: people.email ?? '' },
      openedAt: s.openedAt.toISOString(),
      decision: DECISIONS.find((d) => d === s.decision) ?? null,
      ...(history ? { history } : {}),
      steps: steps.map(toFillStep),
      stepResults: results.filter((r) => kinds.has(r.stepId)).map((r) => toResultDto(r, kinds.get(r.stepId)!)),
      attachments: attachments.map(toAttachmentDto),
    };
  }

  /** A submission read (or locked) with its call, from memory (404 when either is missing). */
  private async withCall(read: Promise<CallSubmissionEntity | null>): Promise<WritableSubmission> {
    const submission = await read;
    const call = submission && (await this.calls.findCached(submission.callId));
    if (!submission || !call) throw submissionNotFound();
    return { submission, call };
  }

  /** The acting organization's submission with its call, when the policy lets the user read it. */
  async readable(auth: Auth, submissionId: string): Promise<WritableSubmission> {
    const found = await this.withCall(this.repo.findSubmission(submissionId));
    this.access.require(auth, Permission.SubmissionRead, { ...found.submission, call: found.call });
    return found;
  }

  /** Whether the user may not change the submission now (closed, call not open, filtered out). */
  readOnly(auth: Auth, submission: CallSubmissionEntity, call: CallEntity): boolean {
    return !this.access.allows(auth, Permission.SubmissionWrite, { ...submission, call });
  }

  async get(user: AuthUser, organizationId: string, id: string): Promise<SubmissionDto> {
    const auth = { user, organizationId };
    const { submission, call } = await this.readable(auth, id);
    return this.view(submission, call, this.readOnly(auth, submission, call), false);
  }

  async getAdmin(id: string): Promise<SubmissionDto> {
    const { submission, call } = await this.withCall(this.repo.findSubmission(id));
    return this.view(submission, call, true, true);
  }

  async getStepResult(user: AuthUser, organizationId: string, submissionId: string, stepId: string): Promise<StepResultDto> {
    const { submission: s, call } = await this.readable({ user, organizationId }, submissionId);
    const kind = (await this.stepDefs.step(call.callTypeId, stepId))?.kind;
    const r = kind === undefined ? null : await this.repo.result(s.id, stepId);
    if (!r || kind === undefined) throw notFound('errors.step-result-not-found', 'No answer saved for this step');
    return toResultDto(r, kind);
  }

  /** The acting organization's answers to a call ([] when it has not started). */
  async getStepResultsByCall(user: AuthUser, organizationId: string, callId: string): Promise<StepResultDto[]> {
    const call = await this.calls.findCached(callId);
    if (!call) throw callNotFound();
    this.access.require({ user, organizationId }, Permission.CallRead, call);
    const s = await this.repo.findSubmissionForCall(callId, organizationId);
    if (!s) return [];
    const kinds = new Map((await this.stepDefs.stepsOf(call.callTypeId)).map((x) => [x.step.id, x.kind]));
    return (await this.repo.results(s.id)).filter((r) => kinds.has(r.stepId)).map((r) => toResultDto(r, kinds.get(r.stepId)!));
  }

  async list(callId: string | undefined): Promise<SubmissionRowDto[]> {
    return (await this.repo.page({ skip: 0, take: 10_000, sortField: 'openedAt', sortOrder: 'DESC', filter: {} }, { callId })).items;
  }

  page(query: ListQuery): Promise<Page<SubmissionRowDto>> {
    const filter = parseSubmissionFilter(query.filter);
    const sorted = query.sortField ? query : { ...query, sortField: 'openedAt', sortOrder: 'DESC' as const };
    return this.repo.page(sorted, filter);
  }

  // For other modules (impact, documents).
  steps(callTypeId: string, m?: EntityManager): Promise<readonly StepWithKind[]> {
    return this.stepDefs.stepsOf(callTypeId, m);
  }

  async callStep(callId: string, stepId: string): Promise<{ call: CallEntity | null; found?: StepWithKind }> {
    const call = await this.calls.findCached(callId);
    return { call, found: call ? await this.stepDefs.step(call.callTypeId, stepId) : undefined };
  }

  result(submissionId: string, stepId: string): Promise<StepResultEntity | null> {
    return this.repo.result(submissionId, stepId);
  }

  results(submissionId: string, m?: EntityManager): Promise<StepResultEntity[]> {
    return this.repo.results(submissionId, m);
  }

  /** A score a step-result hook handed back for the submission's row, written here (this module owns call_submission). */
  private async keepScores(m: EntityManager, submissionId: string, update: SubmissionScoreUpdate | void): Promise<void> {
    if (update) await this.repo.setSubmissionSroi(m, submissionId, update.sroiScore);
  }

  setResultScore(m: EntityManager, resultId: string, score: number | null): Promise<void> {
    return this.repo.setResultScore(m, resultId, score);
  }

  /** Saves a step's answers: the rules checked from memory, then one versioned statement (a hook's kind: in one transaction). */
  async upsertStepResult(user: AuthUser, organizationId: string, dto: UpsertStepResultDto): Promise<StepResultDto> {
    const auth = { user, organizationId };
    const submissionId = dto.callSubmissionId;
    // The submission's own state (closed) is the statement's to check: only the row knows it for sure.
    const call = await this.writableCall(auth, submissionId);
    const found = await this.stepDefs.step(call.callTypeId, dto.stepId);
    if (!found) throw notFound('errors.step-not-found', 'This step is not part of the call');
    if (!SAVED_KINDS.has(found.kind))
      throw badRequest(
        'errors.step-result-not-accepted',
        `A ${found.kind || 'custom'} step takes no answer${found.kind === 'upload' ? ': upload its files with UploadFile' : ''}`,
      );
    const target = { submissionId, stepId: found.step.id, version: dto.version ?? 0, organizationId, callId: call.id, userId: user.id };
    const write = (answer: { content: object; score: number | null }, m?: EntityManager) =>
      this.repo.writeResult({ ...target, ...answer }, m);
    const hook = this.hooks.get(found.kind);
    if (!hook) {
      // Scores are computed when the submission closes: a live quiz score would reveal the answer key.
      const saved = await write({ content: plainAnswer(found.kind, dto.content), score: null });
      return saved ? toResultDto(saved, found.kind) : this.refusedSave(auth, call, submissionId, found.step.id);
    }
    return this.repo.transaction(async (m) => {
      // The kind's rules (miniDyi: the impact module's limits, framework ids and SROI) see the submission's row, locked.
      const { submission } = await this.lockWritable(m, auth, submissionId);
      const ctx = { m, submission, call, step: found.step, kind: found.kind };
      const saved = await write(await hook.normalize(ctx, dto.content), m);
      if (!saved) return this.refusedSave(auth, call, submission.id, found.step.id, m);
      if (hook.afterSave) await this.keepScores(m, submission.id, await hook.afterSave(ctx, saved));
      if (found.kind === 'miniDyi') await this.repo.keepImpactFacts(m, submission.id);
      return toResultDto(saved, found.kind);
    });
  }

  /** From memory, the call of a submission this user may write to now (the policy's 404 or 409 otherwise); `closed` is the statements' to check. */
  private async writableCall(auth: Auth, submissionId: string): Promise<CallEntity> {
    const target = await this.repo.target(submissionId);
    const call = target && (await this.calls.findCached(target.callId));
    if (!target || !call) throw submissionNotFound();
    this.access.require(auth, Permission.SubmissionWrite, { ...target, closed: false, call });
    return call;
  }

  /**
   * Why a save's statement wrote nothing: the submission is gone, no longer the organization's or closed (the policy's answer),
   * or the version sent is stale: then who saved the current answers, and when, so the member can reload or keep theirs.
   */
  private async refusedSave(auth: Auth, call: CallEntity, submissionId: string, stepId: string, m?: EntityManager): Promise<never> {
    const submission = await this.repo.findSubmission(submissionId, m);
    if (!submission) throw submissionNotFound();
    this.access.require(auth, Permission.SubmissionWrite, { ...submission, call });
    const current = await this.repo.lastSave(submissionId, stepId, m);
    const name = current && [current.firstName, current.lastName].filter(Boolean).join(' ').trim();
    throw conflict('errors.stale-version', 'These answers were changed elsewhere: reload them and try again', {
      currentVersion: current?.version ?? 0,
      ...(current ? { changedAt: current.changedAt } : {}),
      ...(current?.email ? { changedBy: { name: name || current.email } } : {}),
    });
  }

  /**
   * Closes a submission (steps checked, quizzes scored) in one statement, only while its version is the one read
   * without a lock (else read again); a kind with closing rules of its own (a hook) closes with the row locked.
   */
  async close(user: AuthUser, organizationId: string, submissionId: string): Promise<CloseResultDto> {
    const auth = { user, organizationId };
    const call = await this.writableCall(auth, submissionId);
    const definitions = await this.stepDefs.stepsOf(call.callTypeId);
    const by = { userId: user.id, kind: 'submitted' as const };
    if (definitions.some((x) => this.hooks.get(x.kind))) {
      const summary = await this.repo.transaction(async (m) => {
        const { submission } = await this.lockWritable(m, auth, submissionId);
        return this.closeLocked(m, submission, call, by);
      });
      return this.submissionsChanged(summary);
    }
    for (let attempt = 1; ; attempt++) {
      const read = await this.repo.forClose(submissionId, definitions);
      if (!read) throw submissionNotFound();
      // 404 when no longer the organization's, 409 when closed (the policy's answers).
      this.access.require(auth, Permission.SubmissionWrite, { ...read.submission, call });
      for (const step of read.steps) throwIfIncomplete(step);
      const closed = await this.repo.transaction(async (m) => {
        const row = await this.repo.closeSubmission(m, submissionId, closingScores(read.steps), by, read.submission.version);
        if (row) await this.messages.submissionSent(m, row);
        return row;
      });
      if (closed) return this.submissionsChanged(toSummary(closed));
      if (attempt === CLOSE_ATTEMPTS)
        throw conflict('errors.stale-version', 'These answers kept changing while the submission was being closed: try again', {
          currentVersion: read.submission.version,
        });
    }
  }

  /** After a committed change of submissions: this replica's call list shows it once this resolves; queued e-mails go. */
  private async submissionsChanged<T>(result: T): Promise<T> {
    await this.repo.settled();
    this.messages.sendQueued();
    return result;
  }

  /** An administrator's close: no deadline or completeness check (a forced close), same scoring. */
  async closeAsAdmin(admin: AuthUser, submissionId: string): Promise<CloseResultDto> {
    const summary = await this.repo.transaction(async (m) => {
      const { submission, call } = await this.withCall(this.repo.lockSubmission(m, submissionId));
      if (submission.closed) throw conflict('errors.submission-closed', 'This submission is already closed');
      const closed = await this.closeLocked(m, submission, call, { userId: admin.id, kind: 'closed' });
      const event = {
        action: 'submission.close',
        entity: 'submission',
        entityId: submissionId,
        summary: `${submission.code} (${call.name})`,
      };
      await this.audit.record(m, { ...event, actor: admin, before: { closed: false }, after: { closed: true } });
      return closed;
    });
    return this.submissionsChanged(summary);
  }

  /** Locks the submission's row in `m` and asks the policy for submission.write on it; with `stepId`, that step of the call too. */
  async lockWritable(m: EntityManager, auth: Auth, submissionId: string, stepId?: string): Promise<WritableSubmission> {
    const { submission, call } = await this.withCall(this.repo.lockSubmission(m, submissionId));
    this.access.require(auth, Permission.SubmissionWrite, { ...submission, call });
    return { submission, call, step: stepId === undefined ? undefined : await this.stepDefs.step(call.callTypeId, stepId) };
  }

  private async closeLocked(m: EntityManager, submission: CallSubmissionEntity, call: CallEntity, by: ClosedBy): Promise<CloseResultDto> {
    const { steps } = (await this.repo.forClose(submission.id, await this.stepDefs.stepsOf(call.callTypeId), m))!;
    // An applicant's submission is checked; an administrator's close is forced.
    if (by.kind === 'submitted') {
      for (const step of steps) {
        await this.hooks.get(step.kind)?.checkClose?.({ m, submission, call, step: step.step, kind: step.kind }, step.result);
        throwIfIncomplete(step);
      }
    }
    for (const { step, kind, result } of steps) {
      await this.keepScores(m, submission.id, await this.hooks.get(kind)?.onClose?.({ m, submission, call, step, kind }, result));
    }
    const closed = (await this.repo.closeSubmission(m, submission.id, closingScores(steps), by))!;
    if (by.kind === 'submitted') await this.messages.submissionSent(m, closed);
    return toSummary(closed);
  }

  async reopen(admin: AuthUser, submissionId: string): Promise<SubmissionMessageDto> {
    await this.repo.transaction(async (m) => {
      const { submission, call } = await this.withCall(this.repo.lockSubmission(m, submissionId));
      if (!submission.closed) throw conflict('errors.submission-not-closed', 'This submission is not closed');
      const version = await this.repo.reopenSubmission(m, submissionId, admin.id);
      const event = {
        action: 'submission.reopen',
        entity: 'submission',
        entityId: submissionId,
        summary: `${submission.code} (${call.name})`,
      };
      await this.audit.record(m, { ...event, actor: admin, before: { closed: true }, after: { closed: false } });
      await this.messages.submissionReopened(m, { ...submission, version });
    });
    return this.submissionsChanged({ message: 'Submission reopened successfully', key: 'pages.admin.submission-reopened' });
  }

  async delete(submissionId: string): Promise<SubmissionMessageDto> {
    const keys = await this.repo.transaction(async (m) => {
      const { submission, call } = await this.withCall(this.repo.lockSubmission(m, submissionId));
      // Its files (the files module's rows) and then the submission, in this one transaction.
      const keys = await this.attachments.deleteOfSubmission(m, submissionId);
      await this.repo.deleteSubmission(m, submissionId);
      const { code, organizationId, callId, closed } = submission;
      const event = { action: 'submission.delete', entity: 'submission', entityId: submissionId, summary: `${code} (${call.name})` };
      await this.audit.record(m, { ...event, before: { code, organizationId, callId, closed, files: keys.length } });
      return keys;
    });
    this.repo.forgetTarget(submissionId);
    await this.submissionsChanged(undefined);
    await this.removeStored(keys);
    return { message: 'Submission deleted', key: 'pages.admin.submission-deleted' };
  }

  /** Links (or, with no file, unlinks) a call's custom file, offered to applicants as "download file". */
  async setCustomFile(dto: AddCustomFileDto): Promise<SubmissionMessageDto> {
    const stale = await this.repo.transaction(async (m) => {
      const call = await this.calls.lockForUpdate(m, dto.callId);
      if (!call) throw notFound('pages.admin.call-not-found', 'Call not found');
      let file: AttachmentEntity | null = null;
      if (dto.fileId && dto.fileId !== EMPTY_ID) {
        file = await this.attachments.find(m, { id: dto.fileId });
        if (!file || file.purpose !== 'custom-file')
          throw badRequest('errors.custom-file-invalid', 'Upload the file with Purpose=custom-file first');
      }
      const previous =
        call.customFileId && call.customFileId !== file?.downloadId
          ? await this.attachments.find(m, { downloadId: call.customFileId })
          : null;
      await this.calls.setCustomFile(m, call.id, file);
      if (previous?.purpose === 'custom-file' && !(await this.calls.isCustomFileOfAnotherCall(m, previous.downloadId, call.id))) {
        await this.attachments.delete(m, previous.id);
        return [previous.storageKey];
      }
      return [];
    });
    await this.removeStored(stale);
    return dto.fileId
      ? { message: 'Custom file successfully uploaded', key: 'pages.admin.custom-file-uploaded' }
      : { message: 'Custom file removed', key: 'pages.admin.custom-file-removed' };
  }

  /** Review released its decisions: each submission keeps its outcome (shown to the applicant), in the releasing transaction `m`. */
  async releaseDecisions(m: EntityManager, decisions: { submissionId: string; decision: string }[]): Promise<void> {
    if (decisions.length) await this.repo.releaseDecisions(m, decisions);
  }

  /** Deletes stored files after their rows are gone; a failure is logged (the bytes are unreachable anyway). */
  private async removeStored(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.delete(key).catch((e: unknown) => this.logger.warn(`Could not delete stored file ${key}: ${String(e)}`));
    }
  }
}

/** Refuses to close with the step's reason (400, naming the step) when it is not complete. */
function throwIfIncomplete({ step, kind, result, filledSlots }: ClosingStep): void {
  const reason = incompleteReason({ id: step.id, kind, content: step.content }, result?.content, filledSlots);
  if (reason) {
    throw badRequest(INCOMPLETE_KEYS[reason], `The step "${step.name}" is not complete (${reason})`, {
      stepId: step.id,
      stepName: step.name,
      reason,
    });
  }
}

/** Each quiz result's score from its step's answer key, and the submission's combined quiz score. */
function closingScores(steps: ClosingStep[]): { quizScore: number | null; scores: (QuizScore & { id: string })[] } {
  const scores: (QuizScore & { id: string })[] = [];
  for (const { step, kind, result } of steps) {
    if (kind !== 'quiz' || !result) continue;
    scores.push({ id: result.id, ...scoreQuiz(readSurveyResult(result.content).data, readSurveyJson(step.expectedAnswers) ?? {}) });
  }
  return { quizScore: combineQuizScores(scores)?.score ?? null, scores };
}

/** Reads the console list's filter (and its exports'); a malformed value answers 400 errors.list-query. From sdg on: dashboard links. */
export function parseSubmissionFilter(filter: Record<string, unknown>) {
  const f = listFilter(filter);
  return {
    callId: f.uuid('callId'),
    organizationId: f.uuid('organizationId'),
    status: f.oneOf('status', ['open', 'closed'], 'status must be open or closed'),
    q: f.q(),
    openedFrom: f.date('openedFrom'),
    openedTo: f.date('openedTo'),
    submittedFrom: f.date('submittedFrom'),
    submittedTo: f.date('submittedTo'),
    sdg: f.integer('sdg', 1, 17),
    outcomeId: f.uuid('outcomeId'),
    indicatorId: f.uuid('indicatorId'),
    sroiOver: f.number('sroiOver', 0, 1e12),
    sroiUpTo: f.number('sroiUpTo', 0, 1e12),
    quizFrom: f.number('quizFrom', 0, 1),
    quizBelow: f.number('quizBelow', 0, 1),
    country: f.str('country')?.slice(0, 100),
    city: f.str('city')?.slice(0, 200),
  };
}

/** The keys of the list's filter: every key parseSubmissionFilter reads (those absent come back undefined), in its order. */
export const SUBMISSION_FILTER_KEYS = Object.keys(parseSubmissionFilter({}));
