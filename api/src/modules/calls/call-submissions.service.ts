import { Injectable } from '@nestjs/common';
import { isCallOpen } from '@impact-calls/domain';
import { randomInt } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { badRequest } from '../../common/http/app-error.js';
import { CallAccessService } from './call-access.service.js';
import { CallSubmissionsRepository } from './calls.repository.js';
import type { CallSubmissionRefDto } from './dto/call.dto.js';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A human-readable submission code: the year and 8 unambiguous characters (2026-7KQ3M9PX). */
export function newSubmissionCode(now = new Date()): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${now.getUTCFullYear()}-${s}`;
}

const isUniqueViolation = (e: unknown) =>
  e instanceof QueryFailedError && (e as QueryFailedError & { driverError?: { code?: string } }).driverError?.code === '23505';

/** Creating the one submission of a call for an organization (the rest of its lifecycle is the submissions module's). */
@Injectable()
export class CallSubmissionsService {
  constructor(
    private readonly access: CallAccessService,
    private readonly subs: CallSubmissionsRepository,
  ) {}

  /**
   * UpsertCallSubmission: the organization's submission for the call, created when absent.
   * Creating twice (even at the same instant) yields the same row. A new one is created only
   * while the call is open; filtered-out users get 404.
   */
  async upsertForCall(callId: string, user: AuthUser, organizationId: string): Promise<CallSubmissionRefDto> {
    const call = await this.access.requireVisibleCall(callId, user);
    const existing = await this.subs.findByCallAndOrganization(callId, organizationId);
    if (existing) return { id: existing.id, closed: existing.closed, code: existing.code };
    if (!isCallOpen(call)) throw badRequest('pages.calls.error-call-closed', 'The call is not open');
    for (let attempt = 0; ; attempt++) {
      try {
        await this.subs.insertIfAbsent({ callId, organizationId, userId: user.id, code: newSubmissionCode() });
        break;
      } catch (e) {
        // A code collision (one in billions): draw another.
        if (!isUniqueViolation(e) || attempt >= 5) throw e;
      }
    }
    const row = (await this.subs.findByCallAndOrganization(callId, organizationId))!;
    return { id: row.id, closed: row.closed, code: row.code };
  }
}
