import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { currentPhase, isDisagreement, reviewState, DECISIONS, type Decision, type Recommendation } from '@impact-calls/domain';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { listFilter } from '../../common/http/list-filter.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { MessagesService } from '../messages/messages.service.js';
import { SubmissionsService } from '../submissions/submissions.service.js';
import type { CountDto, ReleaseResultDto, ReviewApplicationDto, ReviewApplicationRowDto, ReviewEventDto } from './dto/reviews.dto.js';
import { RANKED_SORTS, ReviewRepository, type RankedApplication } from './review.repository.js';
import { ReviewSetupService, toCriterionDto, toPhaseDto } from './review-setup.service.js';
import { AuditService } from '../audit/audit.service.js';

const round = (n: number | null) => (n === null ? null : Math.round(Number(n) * 100) / 100);

/** Whether an application's reviews are all assigned out, partly done, or all done. */
function reviewsState(r: RankedApplication): 'unassigned' | 'incomplete' | 'complete' {
  if (r.reviewsAssigned === 0) return 'unassigned';
  return r.reviewsDone < r.reviewsAssigned ? 'incomplete' : 'complete';
}

function toRow(r: RankedApplication, threshold: number): ReviewApplicationRowDto {
  const spread = round(r.spread);
  return {
    id: r.id,
    code: r.code,
    organizationName: r.organizationName,
    submittedAt: r.submittedAt ? new Date(r.submittedAt).toISOString() : null,
    reviewsDone: r.reviewsDone,
    reviewsAssigned: r.reviewsAssigned,
    score: round(r.score),
    spread,
    disagreement: isDisagreement(spread, threshold),
    rank: r.rank,
    decision: (r.decision as Decision | null) ?? null,
    decisionReleased: r.releasedAt !== null,
  };
}

/** Reviews add up: the ranked applications, each one's reviews, decisions and their release. */
@Injectable()
export class ReviewDecisionsService {
  constructor(
    private readonly repo: ReviewRepository,
    private readonly setup: ReviewSetupService,
    private readonly submissions: SubmissionsService,
    private readonly messages: MessagesService,
    private readonly audit: AuditService,
  ) {}

  async applications(callId: string, query: ListQuery): Promise<Page<ReviewApplicationRowDto>> {
    await this.setup.requireCall(callId);
    const settings = await this.setup.settings(callId);
    const f = listFilter(query.filter);
    const decision = f.oneOf('decision', [...DECISIONS, 'none'], 'decision must be one of ' + [...DECISIONS, 'none'].join(', '));
    const reviews = f.oneOf(
      'reviews',
      ['unassigned', 'incomplete', 'complete'] as const,
      'reviews must be unassigned, incomplete or complete',
    );
    const disagreement = query.filter.disagreement === true || query.filter.disagreement === 'true';
    const q = f.q()?.toLowerCase();
    const threshold = settings.disagreementThreshold;
    const keep = (r: RankedApplication) =>
      (!q || r.code.toLowerCase().includes(q) || r.organizationName.toLowerCase().includes(q)) &&
      (!decision || (decision === 'none' ? r.decision === null : r.decision === decision)) &&
      (!disagreement || isDisagreement(round(r.spread), threshold)) &&
      (!reviews || reviewsState(r) === reviews);
    const field = RANKED_SORTS.find((s) => s === query.sortField) ?? 'rank';
    const list = await this.repo.ranking(callId, settings.aggregate === 'median');
    const rows = list.sorted(field, query.sortOrder === 'DESC').filter(keep);
    return { items: rows.slice(query.skip, query.skip + query.take).map((r) => toRow(r, threshold)), total: rows.length };
  }

  async application(submissionId: string): Promise<ReviewApplicationDto> {
    const [first] = await this.repo.submissionCall(submissionId);
    if (!first) throw notFound('errors.review.application-not-found', 'Application not found');
    const callId = first.callId;
    const settings = await this.setup.settings(callId);
    const row = (await this.repo.ranking(callId, settings.aggregate === 'median')).get(submissionId);
    if (!row) throw notFound('errors.review.application-not-found', 'Application not found');
    const [reviews, criteria, conflicts, history] = await Promise.all([
      this.repo.reviewsOf(submissionId),
      this.repo.criteria(callId),
      this.repo.conflictsOf(submissionId),
      this.repo.history(submissionId),
    ]);
    const scored = new Set(reviews.flatMap((r) => Object.keys(r.scores ?? {})));
    return {
      ...toRow(row, settings.disagreementThreshold),
      callId,
      criteria: criteria.filter((c) => c.retiredAt === null || scored.has(c.id)).map(toCriterionDto),
      reviews: reviews.map((r) => ({
        id: r.id,
        reviewerId: r.reviewerId,
        reviewerName: r.reviewerName || r.reviewerEmail,
        reviewerEmail: r.reviewerEmail,
        state: reviewState(r),
        scores: (r.scores ?? {}) as Record<string, number | null>,
        score: round(r.score),
        recommendation: r.recommendation as Recommendation | null,
        commentApplicant: r.commentApplicant,
        commentPanel: r.commentPanel,
        abstained: r.abstained,
        abstainReason: r.abstainReason,
        submittedAt: r.submittedAt ? new Date(r.submittedAt).toISOString() : null,
      })),
      conflicts,
      history: history.map((e) => toEventDto(e, false)),
    };
  }

  async setDecisions(user: AuthUser, callId: string, submissionIds: string[], decision: Decision | null): Promise<CountDto> {
    await this.setup.requireCall(callId);
    const ids = [...new Set(submissionIds)];
    if (!ids.length) throw badRequest('errors.validation', 'Choose at least one application', { errors: { submissionIds: 'empty' } });
    const phases = (await this.repo.phases(callId)).map(toPhaseDto);
    // A call without phases decides any time; with phases, only in one that lets administrators decide.
    if (phases.length && !currentPhase(phases, new Date())?.mayDecide)
      throw conflict('errors.review.decide-closed', 'The phase in force does not let administrators decide');
    const count = await this.repo.transaction(async (m) => {
      const found = await this.repo.submissionsOfCall(callId, ids, m);
      if (found.length !== ids.length || found.some((s) => !s.closed))
        throw badRequest('errors.review.not-submitted', 'A decision is only for a submitted application of this call', {
          errors: { submissionIds: 'not submitted' },
        });
      if (found.some((s) => s.releasedAt)) throw conflict('errors.review.released', 'The decision has already been released');
      const changed = decision ? await this.repo.decide(m, callId, ids, decision, user.id) : await this.repo.withdraw(m, ids);
      await this.repo.events(
        m,
        callId,
        'decided',
        user.id,
        changed.map((submissionId) => ({ submissionId })),
        { decision },
      );
      // One event per bulk action: the decision and how many applications it changed.
      const summary = `${decision ?? 'withdrawn'}: ${changed.length} application(s)`;
      await this.audit.record(m, {
        action: 'decision.set',
        entity: 'call',
        entityId: callId,
        summary,
        actor: user,
        after: { decision, asked: ids.length, changed: changed.length },
      });
      return changed.length;
    });
    return { count };
  }

  async release(user: AuthUser, callId: string, includeComments: boolean): Promise<ReleaseResultDto> {
    await this.setup.requireCall(callId);
    const result = await this.repo.transaction(async (m) => {
      await this.repo.lockCall(m, callId);
      const released = await this.repo.release(m, callId);
      if (!released.length) throw badRequest('errors.review.nothing-pending', 'No decision to release');
      const ids = released.map((r) => r.submissionId);
      const comments = new Map<string, string[]>();
      if (includeComments)
        for (const c of await this.repo.applicantComments(m, ids))
          comments.set(c.submissionId, [...(comments.get(c.submissionId) ?? []), c.commentApplicant]);
      await this.submissions.releaseDecisions(m, released);
      const queued = await this.messages.decisionsReleased(
        m,
        callId,
        randomUUID(),
        released.map((r) => ({
          submissionId: r.submissionId,
          decision: r.decision as Decision,
          applicantComments: comments.get(r.submissionId) ?? [],
        })),
      );
      await this.repo.events(
        m,
        callId,
        'released',
        user.id,
        ids.map((submissionId) => ({ submissionId })),
      );
      const counts = { released: released.length, messages: queued, includeComments };
      await this.audit.record(m, {
        action: 'decision.release',
        entity: 'call',
        entityId: callId,
        summary: `${released.length} released`,
        actor: user,
        after: counts,
      });
      return { released: released.length, queued };
    });
    this.messages.sendQueued();
    return result;
  }
}

/** A review event as a reader sees it; in a blind phase, who did it stays unsaid. */
export function toEventDto(
  e: { kind: string; at: string; byName: string | null; reviewerName: string | null; details: unknown },
  blind: boolean,
): ReviewEventDto {
  const details = (e.details ?? {}) as { decision?: string | null };
  return {
    kind: e.kind,
    at: e.at,
    byName: blind ? null : e.byName,
    reviewerName: blind ? null : e.reviewerName,
    ...(e.kind === 'decided' ? { decision: details.decision ?? null } : {}),
  };
}
