import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { conflictReason, isEmailAddress, planAssignments } from '@impact-calls/domain';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import { MessagesService } from '../messages/messages.service.js';
import type { AssignResultDto, AutoAssignResultDto, ReviewerCandidateDto, ReviewerDto } from './dto/reviews.dto.js';
import { ReviewRepository } from './review.repository.js';
import { ReviewSetupService } from './review-setup.service.js';
import { AuditService } from '../audit/audit.service.js';

const reviewerNotFound = () => notFound('errors.review.reviewer-not-found', 'Reviewer not found');

interface Pair {
  submissionId: string;
  reviewerId: string;
}

/** Who reviews what: a call's reviewers, assignment by hand and automatic, conflicts of interest. */
@Injectable()
export class ReviewAssignmentService {
  constructor(
    private readonly repo: ReviewRepository,
    private readonly setup: ReviewSetupService,
    private readonly messages: MessagesService,
    private readonly audit: AuditService,
  ) {}

  async reviewers(callId: string): Promise<ReviewerDto[]> {
    await this.setup.requireCall(callId);
    return (await this.repo.reviewers(callId)).map((r) => ({ ...r, invited: r.userId === null }));
  }

  async candidates(callId: string, q: string): Promise<ReviewerCandidateDto[]> {
    await this.setup.requireCall(callId);
    return this.repo.candidates(q.trim().slice(0, 100));
  }

  async addReviewers(user: AuthUser, callId: string, emails: string[]): Promise<ReviewerDto[]> {
    await this.setup.requireCall(callId);
    const clean = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    clean.forEach((e, i) => {
      if (!isEmailAddress(e))
        throw badRequest('errors.review.invalid-email', `"${e.slice(0, 80)}" is not an e-mail address`, {
          errors: { [`emails[${i}]`]: 'invalid' },
        });
    });
    const invited = await this.repo.transaction(async (m) => {
      const added = await this.repo.addReviewers(m, callId, clean);
      const summary = `${added.length} reviewer(s) added`;
      await this.audit.record(m, {
        action: 'reviewer.add',
        entity: 'call',
        entityId: callId,
        summary,
        after: { emails: added.map((r) => r.email) },
      });
      const toInvite = added.filter((r) => r.userId === null);
      for (const r of toInvite) await this.messages.reviewerInvited(m, callId, r.email);
      return toInvite.length;
    });
    if (invited) this.messages.sendQueued();
    return this.reviewers(callId);
  }

  async removeReviewer(_user: AuthUser, callId: string, reviewerId: string): Promise<void> {
    const submitted = await this.repo.reviewerSubmitted(callId, reviewerId);
    if (submitted === undefined) throw reviewerNotFound();
    if (submitted > 0) throw conflict('errors.review.reviewer-has-reviews', 'The reviewer has submitted reviews');
    await this.repo.transaction(async (m) => {
      const submissions = await this.repo.reviewerSubmissions(reviewerId, m);
      await this.repo.deleteReviewer(reviewerId, m);
      await this.repo.refreshSummaries(m, submissions);
      await this.audit.record(m, {
        action: 'reviewer.remove',
        entity: 'call',
        entityId: callId,
        summary: reviewerId,
        before: { reviewerId },
      });
    });
  }

  /** Each chosen reviewer on each chosen application, but for conflicted pairs and pairs already assigned. */
  async assign(user: AuthUser, callId: string, submissionIds: string[], reviewerIds: string[]): Promise<AssignResultDto> {
    await this.setup.requireCall(callId);
    const result = await this.repo.transaction(async (m) => {
      await this.repo.lockCall(m, callId);
      const facts = await this.facts(m, callId);
      const chosen = new Set(submissionIds);
      const apps = facts.applications.filter((a) => chosen.has(a.id));
      if (apps.length !== chosen.size)
        throw badRequest('errors.review.not-submitted', 'Only submitted applications of this call can be assigned', {
          errors: { submissionIds: 'not submitted' },
        });
      const reviewers = [...new Set(reviewerIds)].map((id) => facts.reviewers.get(id));
      if (reviewers.some((r) => !r)) throw reviewerNotFound();
      const pairs: Pair[] = [];
      let conflicts = 0;
      let existing = 0;
      for (const a of apps)
        for (const r of reviewers) {
          if (facts.existing.has(`${a.id}:${r!.id}`)) existing++;
          else if (facts.conflicted(a, r!)) conflicts++;
          else pairs.push({ submissionId: a.id, reviewerId: r!.id });
        }
      const added = await this.insert(m, user, callId, pairs, 'manual');
      const counts = { applications: apps.length, reviewers: reviewers.length, added, conflicts, existing };
      await this.audit.record(m, {
        action: 'review-assignment.manual',
        entity: 'call',
        entityId: callId,
        summary: `${added} assigned`,
        after: counts,
      });
      return { added, conflicts, existing };
    });
    if (result.added) this.messages.sendQueued();
    return result;
  }

  /** Every submitted application to the call's number of reviewers, balanced; re-running changes only what it must. */
  async assignAutomatically(user: AuthUser, callId: string): Promise<AutoAssignResultDto> {
    await this.setup.requireCall(callId);
    const { reviewsPerApplication } = await this.setup.settings(callId);
    const result = await this.repo.transaction(async (m) => {
      await this.repo.lockCall(m, callId);
      const facts = await this.facts(m, callId);
      const reviewers = [...facts.reviewers.values()];
      const plan = planAssignments({
        applications: facts.applications.map((a) => ({
          id: a.id,
          conflicts: new Set(reviewers.filter((r) => facts.conflicted(a, r)).map((r) => r.id)),
        })),
        reviewers: reviewers.map((r) => r.id),
        existing: facts.pairs.map((p) => ({ applicationId: p.submissionId, reviewerId: p.reviewerId })),
        perApplication: reviewsPerApplication,
      });
      const removeIds = plan.remove.map((p) => facts.existingId.get(`${p.applicationId}:${p.reviewerId}`)).filter((x): x is string => !!x);
      if (removeIds.length) {
        const removed = await this.repo.deleteReviews(m, removeIds);
        await this.repo.events(m, callId, 'unassigned', user.id, removed);
        await this.repo.refreshSummaries(
          m,
          removed.map((r) => r.submissionId),
        );
      }
      const added = await this.insert(
        m,
        user,
        callId,
        plan.add.map((p) => ({ submissionId: p.applicationId, reviewerId: p.reviewerId })),
        'auto',
      );
      const loads = reviewers.map((r) => plan.loads[r.id] ?? 0);
      const counts = {
        added,
        removed: removeIds.length,
        unfilled: plan.unfilled.length,
        minLoad: loads.length ? Math.min(...loads) : 0,
        maxLoad: loads.length ? Math.max(...loads) : 0,
      };
      // One event per run, with its counts: never one per assignment.
      const summary = `${added} assigned, ${counts.removed} unassigned`;
      await this.audit.record(m, { action: 'review-assignment.automatic', entity: 'call', entityId: callId, summary, after: counts });
      return counts;
    });
    if (result.added) this.messages.sendQueued();
    return result;
  }

  async unassign(user: AuthUser, reviewId: string): Promise<void> {
    await this.repo.transaction(async (m) => {
      const [removed] = await this.repo.deleteReviews(m, [reviewId]);
      if (!removed) throw notFound('errors.review.not-found', 'Assignment not found');
      await this.repo.events(m, removed.callId, 'unassigned', user.id, [removed]);
      await this.repo.refreshSummaries(m, [removed.submissionId]);
      await this.audit.record(m, {
        action: 'review-assignment.remove',
        entity: 'review-assignment',
        entityId: reviewId,
        actor: user,
        before: removed,
      });
    });
  }

  /** Inserts the pairs, records them and queues one digest per reviewer; answers how many were new. */
  private async insert(m: EntityManager, user: AuthUser, callId: string, pairs: Pair[], source: string): Promise<number> {
    if (!pairs.length) return 0;
    const inserted = await this.repo.insertAssignments(m, callId, pairs, source, user.id);
    await this.repo.events(m, callId, 'assigned', user.id, inserted);
    await this.repo.refreshSummaries(
      m,
      inserted.map((p) => p.submissionId),
    );
    const perReviewer = new Map<string, number>();
    for (const p of inserted) perReviewer.set(p.reviewerId, (perReviewer.get(p.reviewerId) ?? 0) + 1);
    const reviewers = await this.repo.reviewersForAssignment(callId, m);
    await this.messages.reviewAssignmentsDigest(
      m,
      callId,
      reviewers.filter((r) => perReviewer.has(r.id)).map((r) => ({ userId: r.userId, email: r.email, count: perReviewer.get(r.id)! })),
    );
    return inserted.length;
  }

  /** What the assignment rules read of a call, at once: applications, reviewers, conflicts and current pairs. */
  private async facts(m: EntityManager, callId: string) {
    // One after another: the statements share the transaction's connection.
    const applications = await this.repo.applicationsForAssignment(callId, m);
    const reviewerRows = await this.repo.reviewersForAssignment(callId, m);
    const declared = await this.repo.declaredConflicts(callId, m);
    const pairs = await this.repo.existingPairs(callId, m);
    const declaredSet = new Set(declared.map((d) => `${d.submissionId}:${d.reviewerId}`));
    const reviewers = new Map(reviewerRows.map((r) => [r.id, r]));
    const existingId = new Map(pairs.map((p) => [`${p.submissionId}:${p.reviewerId}`, p.id]));
    return {
      applications,
      reviewers,
      pairs,
      existingId,
      existing: new Set(existingId.keys()),
      conflicted: (a: (typeof applications)[number], r: (typeof reviewerRows)[number]) =>
        conflictReason({
          reviewerEmail: r.email,
          reviewerOrganizationIds: r.organizationIds,
          organizationId: a.organizationId,
          organizationEmail: a.contactEmail,
          declared: declaredSet.has(`${a.id}:${r.id}`),
        }) !== undefined,
    };
  }
}
