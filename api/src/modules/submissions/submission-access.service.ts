import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isCallOpen, isEmailAllowed } from '@impact-calls/domain';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { conflict, notFound } from '../../common/http/app-error.js';
import type { CallSubmissionEntity } from '../calls/call-submission.entity.js';
import type { CallEntity } from '../calls/call.entity.js';
import { FillCache } from './fill-cache.js';
import { type StepWithKind, SubmissionRepository } from './submission.repository.js';

export const submissionNotFound = () => notFound('errors.submission-not-found', 'Submission not found');

export interface WritableSubmission {
  submission: CallSubmissionEntity;
  call: CallEntity;
}

/** A submission locked for a write, its call, and (when asked for) one step of the call with its kind. */
export interface LockedSubmission extends WritableSubmission {
  step?: StepWithKind;
}

/**
 * The one place that says who may read or write a submission. Applicants act for the
 * organization of SelectedOrganizationId: another organization's submission answers 404.
 * Writes lock the submission row, so closing and saving never interleave.
 */
@Injectable()
export class SubmissionAccessService {
  constructor(
    private readonly repo: SubmissionRepository,
    private readonly fill: FillCache,
  ) {}

  /**
   * The submission of the acting organization (admins included: the console has its own routes).
   * With `user`, a user the call's e-mail filter leaves out gets 404 too, as for the call itself.
   */
  async readable(
    organizationId: string,
    submissionId: string,
    manager?: EntityManager,
    user?: Pick<AuthUser, 'email'>,
  ): Promise<CallSubmissionEntity> {
    if (user) return (await this.readableWithCall(organizationId, submissionId, user, manager)).submission;
    const s = await this.repo.findSubmission(submissionId, manager);
    if (!s || s.organizationId !== organizationId) throw submissionNotFound();
    return s;
  }

  /** `readable` with the e-mail filter, answering the call too (one query). */
  async readableWithCall(
    organizationId: string,
    submissionId: string,
    user: Pick<AuthUser, 'email'>,
    manager?: EntityManager,
  ): Promise<WritableSubmission> {
    const found = await this.repo.findSubmissionWithCall(submissionId, manager);
    if (!found || found.submission.organizationId !== organizationId || !isEmailAllowed(found.call, user.email)) throw submissionNotFound();
    return found;
  }

  /** Why a submission is read-only for this user now, or undefined when it can be written. */
  writeRefusal(user: AuthUser, submission: CallSubmissionEntity, call: CallEntity, now = new Date()): Error | undefined {
    if (submission.closed) return conflict('errors.submission-closed', 'This submission is closed: it can no longer be changed');
    return this.callRefusal(user, call, now);
  }

  /** Why this user cannot write to any submission of the call now (filtered out, not open), or undefined. */
  callRefusal(user: Pick<AuthUser, 'email'>, call: CallEntity, now = new Date()): Error | undefined {
    // 409, not 403: the applicant app ends the session on any 403 (spec section 8).
    if (!isEmailAllowed(call, user.email)) return conflict('errors.call-not-allowed', 'This call is open to invited addresses only');
    if (!isCallOpen(call, now)) return conflict('errors.call-closed', 'This call is not open');
    return undefined;
  }

  /**
   * Locks the acting organization's submission for a write, inside `m`'s transaction, and
   * refuses when it is closed, its call is not open, or the user is filtered out of the call.
   * Given `stepId`, that step of the call comes with it (undefined when the call has none).
   * Only the submission's row is read: the call and its steps come from FillCache.
   */
  async lockWritable(
    m: EntityManager,
    user: AuthUser,
    organizationId: string,
    submissionId: string,
    stepId?: string,
  ): Promise<LockedSubmission> {
    const submission = await this.repo.lockSubmission(m, submissionId);
    const call = submission && submission.organizationId === organizationId ? await this.fill.call(submission.callId) : null;
    // Filtered out of the call: its submission does not exist for this user (issue 4).
    if (!submission || !call || !isEmailAllowed(call, user.email)) throw submissionNotFound();
    const refusal = this.writeRefusal(user, submission, call);
    if (refusal) throw refusal;
    return { submission, call, step: stepId === undefined ? undefined : await this.fill.step(call.callTypeId, stepId) };
  }

  /** Locks any submission for an administrator's action (close, reopen, delete). */
  async lockForAdmin(m: EntityManager, submissionId: string): Promise<WritableSubmission> {
    const submission = await this.repo.lockSubmission(m, submissionId);
    const call = submission && (await this.fill.call(submission.callId));
    if (!submission || !call) throw submissionNotFound();
    return { submission, call };
  }
}
