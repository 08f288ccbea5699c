import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { AccessPolicy, callNotFound } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import { CallsService } from '../calls/calls.service.js';
import type { CallSubmissionRefDto } from '../calls/dto/call.dto.js';
import { SubmissionRepository } from './submission.repository.js';
import { refusedFor } from '../../database/sql.js';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A human-readable submission code: the year and 8 unambiguous characters (2026-7KQ3M9PX). */
export function newSubmissionCode(now = new Date()): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${now.getUTCFullYear()}-${s}`;
}

/** Creating the one submission of a call for an organization (the rest of its lifecycle is the submissions module's). */
@Injectable()
export class CallSubmissionsService {
  constructor(
    private readonly access: AccessPolicy,
    private readonly calls: CallsService,
    private readonly subs: SubmissionRepository,
  ) {}

  /** The organization's submission for the call, created when absent (only while the call is open): always the same row. */
  async upsertForCall(callId: string, user: AuthUser, organizationId: string): Promise<CallSubmissionRefDto> {
    const auth = { user, organizationId };
    const call = await this.calls.findById(callId);
    if (!call) throw callNotFound();
    this.access.require(auth, Permission.CallRead, call);
    const existing = await this.subs.findSubmissionForCall(callId, organizationId);
    if (existing) return { id: existing.id, closed: existing.closed, code: existing.code };
    this.access.require(auth, Permission.CallApply, call);
    for (let attempt = 0; ; attempt++) {
      try {
        // The applicant's call list shows the new submission once this replica's caches have taken it.
        if (await this.subs.insertIfAbsent({ callId, organizationId, userId: user.id, code: newSubmissionCode() }))
          await this.subs.settled();
        break;
      } catch (e) {
        // A code collision (one in billions): draw another.
        if (!refusedFor(e, 'uniqueKey') || attempt >= 5) throw e;
      }
    }
    const row = (await this.subs.findSubmissionForCall(callId, organizationId))!;
    return { id: row.id, closed: row.closed, code: row.code };
  }
}
