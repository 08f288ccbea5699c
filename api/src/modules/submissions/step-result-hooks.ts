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

/** What a hook hands back for the submission's own row: the submissions module writes it (it owns call_submission). */
export interface SubmissionScoreUpdate {
  /** The submission's SROI (null: none). */
  sroiScore: number | null;
}

/**
 * What another module adds to the answers of one step kind (the impact module for miniDyi),
 * so every way of saving them (UpsertCallStepResult, the kind's own endpoint) and closing
 * runs the same rules in the same transaction. Registered at start-up (`onModuleInit`);
 * the submissions module never imports the modules that register.
 */
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

@Injectable()
export class StepResultHooks {
  private readonly hooks = new Map<string, StepResultHook>();

  register(kind: string, hook: StepResultHook): void {
    this.hooks.set(kind, hook);
  }

  get(kind: string): StepResultHook | undefined {
    return this.hooks.get(kind);
  }
}
