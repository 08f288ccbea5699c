import { Controller, Delete, Get, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentSession, ADMIN } from '../../common/auth/access.decorator.js';
import { ApiListQuery, ListParams, type ListQuery, sendPage } from '../../common/http/pagination.js';
import { AdminUserDetailDto, AdminUserDto, EndedSessionsDto } from './dto/session.dto.js';
import { USER_SORTABLE } from './user.repository.js';
import { UsersAdminService } from './users-admin.service.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { UuidParam } from '../../common/http/uuid-query.js';

/** `/api/admin/users`: users and their sessions, for administrators (ra-data-simple-rest). */
@ApiTags('Admin')
@Controller('admin/users')
export class UsersAdminController {
  constructor(private readonly service: UsersAdminService) {}

  @Get()
  @Endpoint(
    'adminListUsers',
    'Users, one page (filter: q over e-mail and names). ' +
      'The total (Content-Range) is exact up to 1,000 rows, else estimated, said by X-Total-Estimated: true',
    { access: ADMIN, ok: [AdminUserDto] },
  )
  @ApiListQuery()
  async list(@ListParams(USER_SORTABLE) query: ListQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<AdminUserDto[]> {
    return sendPage(res, 'users', query, await this.service.page(query));
  }

  @Get(':id')
  @Endpoint('adminGetUser', 'One user with their active sessions', {
    access: ADMIN,
    ok: AdminUserDetailDto,
    errors: { 404: true },
  })
  get(@UuidParam('id') id: string, @CurrentSession() current: string): Promise<AdminUserDetailDto> {
    return this.service.get(id, current);
  }

  @Delete(':id/sessions/:sessionId')
  @Endpoint('adminEndUserSession', "Ends one of the user's sessions (its tokens stop working at once)", {
    access: ADMIN,
    status: 204,
    errors: { 404: 'Not an active session of this user (errors.session-not-found)' },
  })
  async endSession(@UuidParam('id') id: string, @UuidParam('sessionId') sessionId: string): Promise<void> {
    await this.service.endSession(id, sessionId);
  }

  @Post(':id/sessions/end-all')
  @Endpoint('adminEndUserSessions', 'Ends every session of the user (signs them out everywhere)', {
    access: ADMIN,
    ok: EndedSessionsDto,
    errors: { 404: true },
  })
  async endAll(@UuidParam('id') id: string): Promise<EndedSessionsDto> {
    return { ended: await this.service.endAll(id) };
  }
}
