import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isCallOpen, isEmailAllowed } from '@impact-calls/domain';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { conflict, notFound } from '../../common/http/app-error.js';
import type { CallSubmissionEntity } from '../calls/call-submission.entity.js';
import type { CallEntity } from '../calls/call.entity.js';
import { SubmissionRepository } from './submission.repository.js';

export const submissionNotFound = () => notFound('errors.submission-not-found', 'Submission not found');

export interface WritableSubmission {
  submission: CallSubmissionEntity;
  call: CallEntity;
}

/**
 * The one place that says who may read or write a submission. Applicants act for the
 * organization of SelectedOrganizationId: another organization's submission answers 404.
 * Writes lock the submission row, so closing and saving never interleave.
 */
@Injectable()
export class SubmissionAccessService {
  constructor(private readonly repo: SubmissionRepository) {}

  /**
   * The submission of the acting organization (admins included: the console has its own routes).
   * With `user`, a user the call's e-mail filter leaves out gets 404 too, as for the call itself.
   */
  async readable(organizationId: string, submissionId: string, manager?: EntityManager, user?: Pick<AuthUser, 'email'>): Promise<CallSubmissionEntity> {
    const s = await this.repo.findSubmission(submissionId, manager);
    if (!s || s.organizationId !== organizationId) throw submissionNotFound();
    if (user) {
      const call = await this.repo.findCall(s.callId, manager);
      if (!call || !isEmailAllowed(call, user.email)) throw submissionNotFound();
    }
    return s;
  }

  /** Why a submission is read-only for this user now, or undefined when it can be written. */
  writeRefusal(user: AuthUser, submission: CallSubmissionEntity, call: CallEntity, now = new Date()): Error | undefined {
    if (submission.closed) return conflict('errors.submission-closed', 'This submission is closed: it can no longer be changed');
    // 409, not 403: the applicant app ends the session on any 403 (spec section 8).
    if (!isEmailAllowed(call, user.email)) return conflict('errors.call-not-allowed', 'This call is open to invited addresses only');
    if (!isCallOpen(call, now)) return conflict('errors.call-closed', 'This call is not open');
    return undefined;
  }

  /**
   * Locks the acting organization's submission for a write, inside `m`'s transaction, and
   * refuses when it is closed, its call is not open, or the user is filtered out of the call.
   */
  async lockWritable(m: EntityManager, user: AuthUser, organizationId: string, submissionId: string): Promise<WritableSubmission> {
    const submission = await this.repo.lockSubmission(m, submissionId);
    if (!submission || submission.organizationId !== organizationId) throw submissionNotFound();
    const call = await this.repo.findCall(submission.callId, m);
    // Filtered out of the call: its submission does not exist for this user (issue 4).
    if (!call || !isEmailAllowed(call, user.email)) throw submissionNotFound();
    const refusal = this.writeRefusal(user, submission, call);
    if (refusal) throw refusal;
    return { submission, call };
  }

  /** Locks any submission for an administrator's action (close, reopen, delete). */
  async lockForAdmin(m: EntityManager, submissionId: string): Promise<WritableSubmission> {
    const submission = await this.repo.lockSubmission(m, submissionId);
    if (!submission) throw submissionNotFound();
    const call = await this.repo.findCall(submission.callId, m);
    if (!call) throw submissionNotFound();
    return { submission, call };
  }
}
