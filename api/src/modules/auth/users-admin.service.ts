import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { AdminUserDetailDto, AdminUserDto } from './dto/session.dto.js';
import { toSessionDto } from './sessions/session.mapper.js';
import { SessionService } from './sessions/session.service.js';
import { isAdminRoles, UserRepository, type AdminUserRow } from './user.repository.js';

const toAdminUserDto = (u: AdminUserRow): AdminUserDto => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  roles: u.roles,
  isAdmin: isAdminRoles(u.roles),
  lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  activeSessions: u.activeSessions,
});

/** Users in the console: who they are and where they are signed in; an administrator may end their sessions. */
@Injectable()
export class UsersAdminService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {}

  async page(query: ListQuery): Promise<Page<AdminUserDto>> {
    const page = await this.users.page(query);
    return { items: page.items.map(toAdminUserDto), total: page.total, estimated: page.estimated };
  }

  async get(id: string, currentSessionId?: string): Promise<AdminUserDetailDto> {
    const user = await this.users.one(id);
    if (!user) throw notFound('errors.user-not-found', 'User not found');
    return { ...toAdminUserDto(user), sessions: (await this.sessions.list(id)).map((s) => toSessionDto(s, currentSessionId)) };
  }

  async endSession(userId: string, sessionId: string): Promise<void> {
    await this.sessions.end(sessionId, 'ended-by-admin', userId);
  }

  async endAll(userId: string): Promise<number> {
    if (!(await this.users.one(userId))) throw notFound('errors.user-not-found', 'User not found');
    return this.sessions.endAll(userId, 'ended-by-admin');
  }
}
