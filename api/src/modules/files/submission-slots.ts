import type { EntityManager } from 'typeorm';
import type { Auth } from '../../common/access/access.policy.js';

/** A submission locked for a write, as an upload needs it: its id, organization, and the step asked for. */
export interface LockedSlotTarget {
  submission: { id: string; organizationId: string };
  step?: { kind: string; step: { content: unknown } };
}

/** What uploads need of submissions (SubmissionsService.lockWritable), provided without importing their module: no folder cycle. */
export interface SubmissionSlots {
  lockWritable(m: EntityManager, auth: Auth, submissionId: string, stepId?: string): Promise<LockedSlotTarget>;
}

export const SUBMISSION_SLOTS = Symbol('SubmissionSlots');
