import { Injectable } from '@nestjs/common';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { notFound } from '../../common/http/app-error.js';
import { PresenceHub, type Present } from './presence.hub.js';

export interface PresenceStream {
  send: (others: Present[]) => void;
  ping: () => void;
  end: () => void;
}

/** Who else has an application open: for those who may read it (the policy's submission.read). */
@Injectable()
export class PresenceService {
  constructor(
    private readonly hub: PresenceHub,
    private readonly access: AccessPolicy,
  ) {}

  /** Checks the user may read the application, before the stream's first byte. */
  async requireReadable(user: AuthUser, organizationId: string, submissionId: string): Promise<void> {
    await this.access.requireAccess({ auth: { user, organizationId }, permission: Permission.SubmissionRead, ids: [submissionId] });
  }

  open(user: AuthUser, submissionId: string, step: string | null, stream: PresenceStream): string {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    return this.hub.join({ submissionId, userId: user.id, name, step, ...stream });
  }

  close(connectionId: string): void {
    this.hub.leave(connectionId);
  }

  move(user: AuthUser, submissionId: string, connectionId: string, step: string): void {
    if (!this.hub.move(user.id, submissionId, connectionId, step))
      throw notFound('errors.presence.not-connected', 'This application is not open on that connection');
  }
}
