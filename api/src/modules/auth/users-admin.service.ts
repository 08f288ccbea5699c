import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { AdminUserDetailDto, AdminUserDto } from './dto/session.dto.js';
import { SessionService } from './sessions/session.service.js';
import { UserRepository } from './user.repository.js';

/** Users in the console: who they are and where they are signed in; an administrator may end their sessions. */
@Injectable()
export class UsersAdminService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {}

  page(query: ListQuery): Promise<Page<AdminUserDto>> {
    return this.users.page(query);
  }

  async get(id: string, currentSessionId?: string): Promise<AdminUserDetailDto> {
    const user = await this.users.one(id);
    if (!user) throw notFound('errors.user-not-found', 'User not found');
    return { ...user, sessions: await this.sessions.list(id, currentSessionId) };
  }

  async endSession(userId: string, sessionId: string): Promise<void> {
    await this.sessions.end(sessionId, 'ended-by-admin', userId);
  }

  async endAll(userId: string): Promise<number> {
    if (!(await this.users.one(userId))) throw notFound('errors.user-not-found', 'User not found');
    return this.sessions.endAll(userId, 'ended-by-admin');
  }
}
