import { Injectable } from '@nestjs/common';
import { CacheInvalidation, SharedCache } from '../../database/shared-cache.js';
import type { CallEntity } from '../calls/call.entity.js';
import { SubmissionRepository, type StepWithKind, type SubmissionTarget } from './submission.repository.js';

const LIMITS = { max: 5_000, ttlMs: 60_000 };

/**
 * What filling a call reads on every save, close and open, kept in memory: a call (dates, e-mail
 * filter, call type) and the steps of a call type (kinds, contents, quiz keys), each evicted by
 * the database's triggers when it changes (migration FillCacheInvalidation); and which call and
 * organization a submission belongs to, which never change. Values are deeply frozen: every
 * request shares them.
 */
@Injectable()
export class FillCache {
  private readonly calls: SharedCache<CallEntity | null>;
  private readonly steps: SharedCache<readonly StepWithKind[]>;
  private readonly targets = new SharedCache<SubmissionTarget | null>({ max: 50_000, ttlMs: 10 * 60_000 }, () => true);

  constructor(
    private readonly repo: SubmissionRepository,
    invalidation: CacheInvalidation,
  ) {
    this.calls = invalidation.cache('call', LIMITS);
    this.steps = invalidation.cache('steps-of', LIMITS);
  }

  call(id: string): Promise<CallEntity | null> {
    return this.calls.get(id, async () => deepFreeze(await this.repo.findCall(id)));
  }

  /** The steps of a call type with their kinds, in ascending sort order. */
  stepsOf(callTypeId: string): Promise<readonly StepWithKind[]> {
    return this.steps.get(callTypeId, async () => deepFreeze(await this.repo.stepsOf(callTypeId)));
  }

  /** One step of the call type, or undefined when the call type has no such step. */
  async step(callTypeId: string, stepId: string): Promise<StepWithKind | undefined> {
    return (await this.stepsOf(callTypeId)).find((x) => x.step.id === stepId);
  }

  async target(submissionId: string): Promise<SubmissionTarget | null> {
    const found = await this.targets.get(submissionId, async () => deepFreeze(await this.repo.findTarget(submissionId)));
    if (!found) this.targets.evict(submissionId); // unknown ids are not worth the memory
    return found;
  }

  /** A submission is gone: its target is no longer worth the memory. */
  forget(submissionId: string): void {
    this.targets.evict(submissionId);
  }
}

/** Freezes a value read from the database and everything in it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
