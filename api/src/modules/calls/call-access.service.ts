import { Injectable } from '@nestjs/common';
import { isEmailAllowed } from '@impact-calls/domain';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { notFound } from '../../common/http/app-error.js';
import type { CallEntity } from './call.entity.js';
import { CallsRepository } from './calls.repository.js';

/**
 * Who may see a call on the applicant paths: everyone, unless the call's e-mail filter is
 * on and the user's address is not listed. Filtered-out users get 404, as for a call that
 * does not exist. Exported for every module whose paths take a call or submission id.
 */
@Injectable()
export class CallAccessService {
  constructor(private readonly calls: CallsRepository) {}

  isVisible(call: Pick<CallEntity, 'isUserFilterEnable' | 'userFilterEmail'>, user: Pick<AuthUser, 'email'>): boolean {
    return isEmailAllowed(call, user.email);
  }

  /** The call, or 404 pages.admin.call-not-found when missing or filtered out for this user. */
  async requireVisibleCall(callId: string, user: Pick<AuthUser, 'email'>): Promise<CallEntity> {
    const call = await this.calls.findById(callId);
    if (!call || !this.isVisible(call, user)) throw notFound('pages.admin.call-not-found', 'Call not found');
    return call;
  }
}
