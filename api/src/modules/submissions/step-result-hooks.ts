import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CallSubmissionEntity } from './call-submission.entity.js';
import type { CallEntity } from '../calls/call.entity.js';
import type { StepEntity } from '../steps/step.entity.js';
import type { StepResultEntity } from './step-result.entity.js';

/** The step a result belongs to, inside the transaction that locked its submission. */
export interface StepResultContext {
  m: EntityManager;
  submission: CallSubmissionEntity;
  call: CallEntity;
  step: StepEntity;
  kind: string;
}

/** What a hook hands back for the submission's own row (the submissions module writes it: it owns call_submission). */
export interface SubmissionScoreUpdate {
  sroiScore: number | null;
}

/** What another module adds to one step kind's answers (miniDyi), run by every save and close in their transaction. */
export interface StepResultHook {
  /** The document to store and its score, from what the client sent; throws a 4xx AppError to refuse it. */
  normalize(ctx: StepResultContext, content: Record<string, unknown>): Promise<{ content: Record<string, unknown>; score: number | null }>;
  /** After the row is written, in the same transaction: a score to keep on the submission, if any. */
  afterSave?(ctx: StepResultContext, saved: StepResultEntity): Promise<SubmissionScoreUpdate | void>;
  /** Closing by the applicant: throws a 400 AppError (with stepId) when the result is not complete. */
  checkClose?(ctx: StepResultContext, result: StepResultEntity | undefined): Promise<void>;
  /** Closing (applicant or administrator), after the checks: scores computed again from what is stored. */
  onClose?(ctx: StepResultContext, result: StepResultEntity | undefined): Promise<SubmissionScoreUpdate | void>;
}

/** The hooks by step kind. */
@Injectable()
export class StepResultHooks extends Map<string, StepResultHook> {
  register(kind: string, hook: StepResultHook): void {
    this.set(kind, hook);
  }
}
