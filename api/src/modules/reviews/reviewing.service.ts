import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  currentPhase,
  isBlind,
  reviewScore,
  reviewState,
  scoreProblems,
  seesOtherReviews,
  submitProblems,
  isLanguage,
  translate,
  type Recommendation,
  type ReviewPhase,
} from '@impact-calls/domain';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { badRequest, conflict } from '../../common/http/app-error.js';
import { AttachmentsService } from '../files/attachments.service.js';
import { SubmissionsService } from '../submissions/submissions.service.js';
import type {
  CriterionDto,
  MyReviewDto,
  NextAssignmentDto,
  ReviewerAssignmentDto,
  ReviewerCallDto,
  ReviewerPhaseDto,
  ReviewPhaseDto,
  ReviewSubmissionDto,
  ReviewWorkspaceDto,
  SaveReviewDto,
} from './dto/reviews.dto.js';
import { ReviewRepository } from './review.repository.js';
import { toEventDto } from './review-decisions.service.js';
import { asCriterion, toCriterionDto, toPhaseDto } from './review-setup.service.js';
import { AuditService } from '../audit/audit.service.js';

type ReviewRow = NonNullable<Awaited<ReturnType<ReviewRepository['review']>>>;

const stale = () => conflict('errors.review.stale', 'The review was changed elsewhere: reload');

function phaseDto(p: ReviewPhaseDto | undefined): ReviewerPhaseDto | null {
  return p ? { name: p.name, endsAt: p.endsAt, mayScore: p.mayScore, blind: p.blind, seeOthers: p.seeOthers } : null;
}

/** File names withheld from a blind reviewer: "Attachment n" in their language, and the extension. */
export function blindFileName(index: number, fileName: string, language: string | null | undefined): string {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(fileName)?.[0] ?? '';
  return `${translate(isLanguage(language) ? language : 'it', 'review.attachment-name', { n: index + 1 })}${ext}`;
}

/** The reviewer's side: their calls and assignments, the application read-only, their review. */
@Injectable()
export class ReviewingService {
  constructor(
    private readonly repo: ReviewRepository,
    private readonly access: AccessPolicy,
    private readonly submissions: SubmissionsService,
    private readonly attachments: AttachmentsService,
    private readonly audit: AuditService,
  ) {}

  async calls(user: AuthUser): Promise<ReviewerCallDto[]> {
    // An address invited before its first sign-in becomes this account now.
    await this.repo.linkInvites(user.id, user.email.toLowerCase());
    const now = new Date();
    const rows = await this.repo.myCalls(user.id);
    return Promise.all(
      rows.map(async (r) => {
        const phases = (await this.repo.phases(r.callId)).map(toPhaseDto);
        const next = phases.find((p) => new Date(p.startsAt) > now);
        return {
          callId: r.callId,
          callName: r.callName,
          phase: phaseDto(currentPhase(phases, now)),
          nextPhaseStartsAt: next?.startsAt ?? null,
          toDo: r.toDo,
          inProgress: r.inProgress,
          done: r.done,
        };
      }),
    );
  }

  async assignments(user: AuthUser, callId: string): Promise<ReviewerAssignmentDto[]> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.CallReview, ids: [callId] });
    const blind = isBlind((await this.repo.phases(callId)).map(toPhaseDto), new Date());
    return (await this.repo.myAssignments(user.id, callId)).map((a) => ({
      id: a.id,
      code: a.code,
      organizationName: blind ? null : a.organizationName,
      state: reviewState(a),
      reviewsDone: a.reviewsDone,
    }));
  }

  async next(user: AuthUser, callId: string, after: string | undefined): Promise<NextAssignmentDto> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.CallReview, ids: [callId] });
    const afterId = after && /^[0-9a-f-]{36}$/i.test(after) ? after : null;
    return { id: await this.repo.next(user.id, callId, afterId) };
  }

  async workspace(user: AuthUser, id: string): Promise<ReviewWorkspaceDto> {
    const { review, phase, blind, criteria } = await this.context(user, id, Permission.ReviewRead);
    const [call, view, others, history] = await Promise.all([
      this.repo.call(review.callId),
      this.submissions.getAdmin(review.submissionId),
      this.repo.reviewsOf(review.submissionId),
      this.repo.history(review.submissionId),
    ]);
    const submission: ReviewSubmissionDto = {
      code: view.code,
      organization: blind ? null : view.organization,
      user: blind ? null : view.user,
      submittedAt: view.submittedAt,
      sroiScore: view.sroiScore,
      steps: view.steps,
      stepResults: view.stepResults,
      attachments: blind
        ? view.attachments.map((a, i) => ({ ...a, fileName: blindFileName(i, a.fileName, user.language), description: '' }))
        : view.attachments,
    };
    const shown = seesOtherReviews(phase, review.submittedAt !== null);
    const scored = new Set(others.flatMap((r) => Object.keys(r.scores ?? {})));
    return {
      id,
      callId: review.callId,
      callName: call?.name ?? '',
      phase: phaseDto(phase),
      blind,
      criteria: criteria.filter((c) => !c.retired || scored.has(c.id)),
      review: this.mine(review, phase),
      submission,
      otherReviews: shown
        ? others
            .filter((r) => r.id !== id && r.submittedAt)
            .map((r) => ({
              reviewerName: blind ? null : r.reviewerName || r.reviewerEmail,
              scores: (r.scores ?? {}) as Record<string, number | null>,
              score: r.score,
              recommendation: r.recommendation as Recommendation | null,
              commentPanel: r.commentPanel,
              abstained: r.abstained,
            }))
        : null,
      // Decisions stay the administrators' until released to the applicant.
      history: history.filter((e) => e.kind !== 'decided' && e.kind !== 'released').map((e) => toEventDto(e, blind)),
    };
  }

  async save(user: AuthUser, id: string, dto: SaveReviewDto): Promise<MyReviewDto> {
    const { review, phase, criteria } = await this.context(user, id, Permission.ReviewWrite);
    const active = criteria.filter((c) => !c.retired).map(asCriterion);
    const scores = this.checkScores(active, dto.scores);
    const complete = submitProblems(active, scores, dto.abstained).length === 0;
    const fields = {
      id,
      version: dto.version,
      scores: JSON.stringify(scores),
      score: dto.abstained ? null : reviewScore(active, scores),
      recommendation: dto.recommendation,
      commentApplicant: dto.commentApplicant,
      commentPanel: dto.commentPanel,
      abstained: dto.abstained,
      abstainReason: dto.abstainReason,
      keepSubmitted: review.submittedAt !== null && complete,
    };
    // A draft counts nowhere; a submitted review's change moves its application's figures, in the same transaction.
    const saved = review.submittedAt === null ? await this.repo.saveReview(fields) : await this.repo.saveSubmittedReview(fields);
    if (!saved) throw stale();
    return this.mine(saved as unknown as ReviewRow, phase);
  }

  async submit(user: AuthUser, id: string, version: number): Promise<MyReviewDto> {
    const { review, phase, criteria } = await this.context(user, id, Permission.ReviewWrite);
    const active = criteria.filter((c) => !c.retired).map(asCriterion);
    const problems = submitProblems(active, (review.scores ?? {}) as Record<string, number | null>, review.abstained);
    if (review.abstained && !review.abstainReason.trim())
      throw badRequest('errors.review.incomplete', 'Say why you abstain', { errors: { abstainReason: 'missing' } });
    if (problems.length)
      throw badRequest('errors.review.incomplete', 'The review is not complete', {
        errors: Object.fromEntries(problems.map((p) => [p.criterionId, p.reason])),
      });
    if (!review.abstained && !review.recommendation)
      throw badRequest('errors.review.incomplete', 'Give a recommendation', { errors: { recommendation: 'missing' } });
    await this.repo.reviewsTransaction(async (m) => {
      const done = await this.repo.submitReview(m, id, version);
      if (!done) throw stale();
      await this.repo.events(m, review.callId, 'submitted', user.id, [review]);
      await this.repo.refreshSummaries(m, [review.submissionId]);
      // The submit only: the autosaves of a draft are not recorded (docs/audit.md).
      const { scores, recommendation, abstained } = review;
      const event = { action: 'review.submit', entity: 'review', entityId: id, summary: review.submissionId };
      await this.audit.record(m, {
        ...event,
        actor: user,
        role: 'reviewer',
        after: { submissionId: review.submissionId, scores, recommendation, abstained },
      });
    });
    return this.mine((await this.repo.review(id))!, phase);
  }

  async declareConflict(user: AuthUser, id: string, reason: string): Promise<void> {
    const { review } = await this.context(user, id, Permission.ReviewRead);
    await this.repo.reviewsTransaction(async (m) => {
      await this.repo.insertConflict(m, {
        callId: review.callId,
        submissionId: review.submissionId,
        reviewerId: review.reviewerId,
        reason,
      });
      await this.repo.deleteReviews(m, [id]);
      await this.repo.events(m, review.callId, 'conflict', user.id, [review]);
      await this.repo.refreshSummaries(m, [review.submissionId]);
      const event = { action: 'review.conflict', entity: 'review', entityId: id, summary: review.submissionId };
      await this.audit.record(m, { ...event, actor: user, role: 'reviewer', after: { submissionId: review.submissionId, reason } });
    });
  }

  async file(
    user: AuthUser,
    id: string,
    attachmentId: string,
  ): Promise<{ stream: Readable; fileName: string; mimeType: string; size: number }> {
    const { review, blind } = await this.context(user, id, Permission.ReviewRead);
    const file = await this.attachments.openOfSubmission(review.submissionId, attachmentId);
    if (!blind) return file;
    const index = (await this.submissions.getAdmin(review.submissionId)).attachments.findIndex((a) => a.id === attachmentId);
    return { ...file, fileName: blindFileName(Math.max(index, 0), file.fileName, user.language) };
  }

  /** The assignment, its call's phases and rubric in one read, then the policy's check on those facts. */
  private async context(user: AuthUser, id: string, permission: Permission.ReviewRead | Permission.ReviewWrite) {
    const review = await this.repo.context(id);
    // Unknown: the policy answers its own refusal (404).
    if (!review) return this.access.requireAccess({ auth: { user }, permission, ids: [id] }) as never;
    const now = new Date();
    const phases = review.phases.map(toPhaseDto);
    this.access.require({ user }, permission, { userId: review.userId, email: review.email, phases }, now);
    const criteria: CriterionDto[] = review.criteria.map(toCriterionDto);
    return { review, phases, phase: currentPhase(phases, now), blind: isBlind(phases, now), criteria };
  }

  /** Scores as saved: only numbers or null, checked against the rubric (400 naming the criterion). */
  private checkScores(criteria: ReturnType<typeof asCriterion>[], raw: Record<string, unknown>): Record<string, number | null> {
    const scores: Record<string, number | null> = {};
    for (const [k, v] of Object.entries(raw)) {
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v)))
        throw badRequest('errors.review.scores', 'A score must be a number or null', { errors: { [k]: 'not-a-number' } });
      scores[k] = v;
    }
    const problems = scoreProblems(criteria, scores);
    if (problems.length)
      throw badRequest('errors.review.scores', 'A score does not fit the rubric', {
        errors: Object.fromEntries(problems.map((p) => [p.criterionId, p.reason])),
      });
    return scores;
  }

  private mine(r: ReviewRow, phase: ReviewPhase | undefined): MyReviewDto {
    return {
      scores: (r.scores ?? {}) as Record<string, number | null>,
      score: r.score,
      recommendation: r.recommendation as Recommendation | null,
      commentApplicant: r.commentApplicant,
      commentPanel: r.commentPanel,
      abstained: r.abstained,
      abstainReason: r.abstainReason,
      version: r.version,
      state: reviewState(r),
      submittedAt: r.submittedAt ? new Date(r.submittedAt).toISOString() : null,
      editable: !!phase?.mayScore,
    };
  }
}
